import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STALE_PAGES, paged, searchPages } from '../../src/client/paging.js';
import { IncompleteWalkError, type SearchHit, type SearchPage } from '../../src/client/index.js';

const hit = (id: string) => ({ _dataObjectId: id }) as SearchHit;

describe('pageKey lists', () => {
  it('follows nextPageKey to the end, lazily', async () => {
    const asked: (string | undefined)[] = [];
    const list = paged(async (key) => {
      asked.push(key);
      const n = key === undefined ? 0 : Number(key);
      return { items: [n, n + 1], ...(n < 4 ? { nextPageKey: String(n + 2) } : {}) };
    });
    expect(asked).toEqual([]);
    expect(await list.toArray()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, '2', '4']);
    const pages = [];
    for await (const page of list.pages({ startAt: '2' })) pages.push(page.items);
    expect(pages).toEqual([
      [2, 3],
      [4, 5],
    ]);
  });

  it('stops when the caller stops, fetching no more pages', async () => {
    let fetched = 0;
    const list = paged(async () => (fetched++, { items: [1, 2, 3], nextPageKey: `k${fetched}` }));
    for await (const item of list) if (item === 2) break;
    expect(fetched).toBe(1);
  });

  it('ends on a page key it has seen before, or an empty one', async () => {
    let fetched = 0;
    const looping = paged(
      async () => (fetched++, { items: [fetched], nextPageKey: fetched % 2 === 0 ? 'a' : 'b' }),
    );
    expect(await looping.toArray()).toEqual([1, 2, 3]);
    expect(await paged(async () => ({ items: [1], nextPageKey: '' })).toArray()).toEqual([1]);
  });

  it('ends on a service that ignores the page key and makes up a new one every time (it was asked forever)', async () => {
    let fetched = 0;
    const ignoring = paged(
      async () => (
        fetched++, { items: [{ schemaId: 'a' }, { schemaId: 'b' }], nextPageKey: `key-${fetched}` }
      ),
    );
    expect(await ignoring.toArray()).toEqual([{ schemaId: 'a' }, { schemaId: 'b' }]);
    expect(fetched).toBe(2);
    let empty = 0;
    expect(
      await paged(async () => (empty++, { items: [], nextPageKey: `e${empty}` })).toArray(),
    ).toEqual([]);
    expect(empty).toBe(MAX_STALE_PAGES);
  });

  it(`follows a run of fewer than MAX_STALE_PAGES empty pages to the items after it`, async () => {
    const pages = [[], [], [1], [], [2]];
    const list = paged(async (key) => {
      const at = key === undefined ? 0 : Number(key);
      return {
        items: pages[at]!,
        ...(at + 1 < pages.length ? { nextPageKey: String(at + 1) } : {}),
      };
    });
    expect(await list.toArray()).toEqual([1, 2]);
  });

  it('law: a walk over distinct pages that are not empty yields every item of every page once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.integer(), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (pages) => {
          // Distinct by construction: each item carries its page number.
          const tagged = pages.map((items, p) => items.map((value) => ({ p, value })));
          const list = paged(async (key) => {
            const at = key === undefined ? 0 : Number(key);
            return {
              items: tagged[at]!,
              ...(at + 1 < tagged.length ? { nextPageKey: String(at + 1) } : {}),
            };
          });
          expect(await list.toArray()).toEqual(tagged.flat());
        },
      ),
    );
  });
});

/** A search over a list that may change between requests. */
function searching(ids: string[], between: (ids: string[], request: number) => void = () => {}) {
  let requests = 0;
  const fetchPage = async (from: number, size: number): Promise<SearchPage> => {
    if (requests > 0) between(ids, requests);
    requests++;
    return { hits: ids.slice(from, from + size).map(hit), total: ids.length, from };
  };
  return { fetchPage, requests: () => requests };
}

async function collect(pages: AsyncIterable<SearchPage>) {
  const seen: string[] = [];
  for await (const page of pages) seen.push(...page.hits.map((h) => h._dataObjectId));
  return seen;
}

/** The hits a walk gave, and the error it ended with (undefined when it ended complete). */
async function walk(pages: AsyncIterable<SearchPage>) {
  const seen: string[] = [];
  try {
    for await (const page of pages) seen.push(...page.hits.map((h) => h._dataObjectId));
    return { seen, error: undefined };
  } catch (error) {
    return { seen, error: error as IncompleteWalkError };
  }
}

const ids = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('search paging', () => {
  it('walks from/size pages to the total, each page once', async () => {
    const s = searching(ids(25));
    expect(await collect(searchPages(s.fetchPage, 10))).toEqual(ids(25));
    expect(s.requests()).toBe(3);
    const exact = searching(ids(20));
    expect(await collect(searchPages(exact.fetchPage, 10))).toEqual(ids(20));
    expect(exact.requests()).toBe(2);
    const none = searching([]);
    expect(await collect(searchPages(none.fetchPage, 10))).toEqual([]);
    expect(none.requests()).toBe(1);
  });

  it('gives no hit twice when records are inserted in front', async () => {
    const grows = searching(
      ids(20),
      (list, request) => request === 1 && list.unshift('new1', 'new2'),
    );
    const seen = await collect(searchPages(grows.fetchPage, 10));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(ids(20)));
  });

  it('regression: a shrinking result steps the walk back, so the hits that matched throughout are all given (they were skipped)', async () => {
    const shrinks = searching(ids(30), (list, request) => request === 1 && list.splice(0, 25));
    expect(await collect(searchPages(shrinks.fetchPage, 10))).toEqual([
      ...ids(10),
      ...ids(30).slice(25),
    ]);
    // Five early hits deleted during a walk of 304: none of the others is skipped.
    const early = searching(ids(304), (list, request) => request === 3 && list.splice(2, 5));
    const seen = await collect(searchPages(early.fetchPage, 100));
    expect(seen).toEqual(expect.arrayContaining(ids(304).filter((_, i) => i < 2 || i >= 7)));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('regression: a cleanup loop that deletes each hit as it comes deletes them all (104 matches, pages of 10: 50 were left)', async () => {
    const list = ids(104);
    const s = searching(list);
    let deleted = 0;
    for await (const page of searchPages(s.fetchPage, 10))
      for (const h of page.hits) {
        list.splice(list.indexOf(h._dataObjectId), 1);
        deleted++;
      }
    expect(deleted).toBe(104);
    expect(list).toEqual([]);
  });

  it('says so when a result of hits without ids shrinks: re-reading would give some twice', async () => {
    let requests = 0;
    const anonymous = async (from: number, size: number): Promise<SearchPage> => {
      const total = requests++ === 0 ? 30 : 20;
      return {
        hits: Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => ({
          Name: `x${from + i}`,
        })) as unknown as SearchHit[],
        total,
        from,
      };
    };
    const { error } = await walk(searchPages(anonymous, 10));
    expect(error).toBeInstanceOf(IncompleteWalkError);
    expect(error).toMatchObject({ reason: 'shrank', delivered: 20 });
  });

  it('law: with records only deleted between pages, every record that matched throughout is given once, and the walk says it is complete', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 15 }),
        fc.array(fc.record({ at: fc.nat(), count: fc.integer({ min: 0, max: 8 }) }), {
          maxLength: 20,
        }),
        async (n, size, deletes) => {
          const deleted = new Set<string>();
          const s = searching(ids(n), (list, request) => {
            const change = deletes[request - 1];
            if (change === undefined) return;
            for (const id of list.splice(change.at % (list.length + 1), change.count))
              deleted.add(id);
          });
          const { seen, error } = await walk(searchPages(s.fetchPage, size));
          expect(error).toBeUndefined();
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen).toEqual(expect.arrayContaining(ids(n).filter((id) => !deleted.has(id))));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('regression: a service that answers the same page whatever the offset ends the walk with an IncompleteWalkError, after its hits', async () => {
    let requests = 0;
    const stuck = async (from: number): Promise<SearchPage> => (
      requests++, { hits: ids(10).map(hit), total: 1000, from }
    );
    const { seen, error } = await walk(searchPages(stuck, 10));
    expect(seen).toEqual(ids(10));
    expect(error).toBeInstanceOf(IncompleteWalkError);
    expect(error).toMatchObject({ reason: 'repeated-page', delivered: 10 });
    expect(requests).toBe(2);
  });

  it('regression: the same page with a growing total ends, after MAX_STALE_PAGES pages with nothing new, with an IncompleteWalkError', async () => {
    let requests = 0;
    const growing = async (from: number): Promise<SearchPage> => (
      requests++, { hits: ids(10).map(hit), total: 1000 + requests, from }
    );
    const { seen, error } = await walk(searchPages(growing, 10));
    expect(seen).toEqual(ids(10));
    expect(error).toMatchObject({ name: 'IncompleteWalkError', reason: 'stalled' });
    expect(requests).toBe(1 + MAX_STALE_PAGES);
  });

  it('an empty page before the total says the walk is incomplete', async () => {
    const short = async (from: number): Promise<SearchPage> => ({
      hits: from === 0 ? ids(10).map(hit) : [],
      total: 50,
      from,
    });
    const { seen, error } = await walk(searchPages(short, 10));
    expect(seen).toEqual(ids(10));
    expect(error).toMatchObject({ reason: 'short-page', delivered: 10 });
  });

  it('a total that swings down and up again ends (no walk forever)', async () => {
    let requests = 0;
    const swinging = async (from: number, size: number): Promise<SearchPage> => {
      requests++;
      const total = requests % 2 === 0 ? 90 : 100;
      return {
        hits: ids(total)
          .slice(from, from + size)
          .map(hit),
        total,
        from,
      };
    };
    const { error } = await walk(searchPages(swinging, 10));
    expect(error === undefined || error instanceof IncompleteWalkError).toBe(true);
    expect(requests).toBeLessThan(100);
  });

  it('keeps walking past a page or two of old hits pushed by records inserted in front', async () => {
    // Twenty records inserted in front before each of the next two requests: two pages of old hits, then new ones again.
    const s = searching(
      ids(40),
      (list, request) => request <= 2 && list.unshift(...ids(20, `front${request}-`)),
    );
    const seen = await collect(searchPages(s.fetchPage, 20));
    expect(seen.slice(0, 20)).toEqual(ids(20));
    expect(seen).toEqual(expect.arrayContaining(ids(40)));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps every hit without a _dataObjectId (it deduped them all into one), deduping only hits that have one', async () => {
    const anonymous = (n: number) => ({ Name: `anon${n}` }) as unknown as SearchHit;
    const list: SearchHit[] = [
      hit('a'),
      anonymous(1),
      anonymous(2),
      hit('b'),
      anonymous(3),
      hit('a'),
      anonymous(4),
    ];
    const fetchPage = async (from: number, size: number): Promise<SearchPage> => ({
      hits: list.slice(from, from + size),
      total: list.length,
      from,
    });
    const seen: unknown[] = [];
    for await (const page of searchPages(fetchPage, 2)) seen.push(...page.hits);
    expect(seen).toEqual([
      hit('a'),
      anonymous(1),
      anonymous(2),
      hit('b'),
      anonymous(3),
      anonymous(4),
    ]);
  });

  it('walks pages whose items nest deeper than JSON.stringify can go (its comparison of pages threw a RangeError)', async () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    const hits = [
      { _dataObjectId: 'deep', value: deep },
      { Name: 'no id', value: deep },
    ] as unknown as SearchHit[];
    const seen: unknown[] = [];
    for await (const page of searchPages(
      async (from) => ({ hits: hits.slice(from, from + 1), total: 2, from }),
      1,
    ))
      seen.push(...page.hits);
    expect(seen).toEqual(hits);
    const list = paged(async (key) =>
      key === undefined ? { items: [deep], nextPageKey: 'k' } : { items: [deep] },
    );
    expect(await list.toArray()).toHaveLength(2);
  });

  it('law: over a list that does not change, hits with and without ids alike come exactly once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { maxLength: 60 }),
        fc.integer({ min: 1, max: 15 }),
        async (hasId, size) => {
          const list = hasId.map((withId, i) =>
            withId ? hit(`r${i}`) : ({ Name: `anonymous ${i}` } as unknown as SearchHit),
          );
          const fetchPage = async (from: number, n: number): Promise<SearchPage> => ({
            hits: list.slice(from, from + n),
            total: list.length,
            from,
          });
          const seen: SearchHit[] = [];
          for await (const page of searchPages(fetchPage, size)) seen.push(...page.hits);
          expect(seen).toEqual(list);
        },
      ),
    );
  });

  it('ends on a service that answers the same page of hits without ids whatever the offset, its total growing, saying so', async () => {
    let requests = 0;
    const page = [{ Name: 'x' }, { Name: 'y' }] as unknown as SearchHit[];
    const stuck = async (from: number): Promise<SearchPage> => (
      requests++, { hits: page, total: 1000 + requests, from }
    );
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const p of searchPages(stuck, 2)) seen.push(...p.hits);
      })(),
    ).rejects.toBeInstanceOf(IncompleteWalkError);
    expect(seen).toEqual(page);
    expect(requests).toBe(1 + MAX_STALE_PAGES);
  });

  it('law: whatever changes between pages, no hit comes twice and the walk ends; with records only appended, every first record is seen', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 15 }),
        fc.array(
          fc.record({
            kind: fc.constantFrom('insert', 'delete', 'append'),
            at: fc.nat(),
            count: fc.integer({ min: 1, max: 5 }),
          }),
          { maxLength: 20 },
        ),
        async (n, size, changes) => {
          let fresh = 0;
          const s = searching(ids(n), (list, request) => {
            const change = changes[request - 1];
            if (change === undefined) return;
            const at = change.at % (list.length + 1);
            if (change.kind === 'delete') list.splice(at, change.count);
            else
              list.splice(
                change.kind === 'append' ? list.length : at,
                0,
                ...ids(change.count, `n${fresh++}-`),
              );
          });
          const { seen, error } = await walk(searchPages(s.fetchPage, size));
          expect(error === undefined || error instanceof IncompleteWalkError).toBe(true);
          expect(new Set(seen).size).toBe(seen.length);
          // Each request moves the offset forward by a page, or back by what left the result (re-read once), so the walk is bounded by what was ever there.
          expect(s.requests()).toBeLessThanOrEqual(
            2 * Math.ceil((n + 5 * changes.length) / size) + changes.length + 2,
          );
          if (changes.every((c) => c.kind === 'append')) {
            expect(error).toBeUndefined();
            expect(seen.slice(0, n)).toEqual(ids(n));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
