/**
 * Paging as async iterators (Octokit's `paginate.iterator`): nothing is fetched until
 * the caller iterates, the caller may stop at any time, and each page is fetched only
 * when the one before is used up.
 */
import { IncompleteWalkError, type IncompleteWalkReason } from './errors.js';
import type { Page, SearchHit, SearchPage } from './types.js';

/**
 * Pages in a row with nothing new that end a walk: records inserted in front can push a
 * search page of old hits once or twice, but a service that answers the same page and an
 * ever larger total, or empty pages with ever new keys, would otherwise be asked forever.
 */
export const MAX_STALE_PAGES = 3;

/**
 * A page as text, to compare with the next one (linear in the page, as reading it was).
 * A page nested deeper than JSON.stringify can go (the service's JSON may be) is a fresh
 * symbol instead, equal to nothing: the walk's other bounds still end it.
 */
function pageText(items: readonly unknown[]): string | symbol {
  try {
    return JSON.stringify(items);
  } catch {
    return Symbol('a page too deep to compare');
  }
}

/** The items of a `pageKey` list, one page at a time. */
export interface Paged<T> extends AsyncIterable<T> {
  /** The pages themselves, from `startAt` (a `nextPageKey`) or the first. */
  pages(options?: { readonly startAt?: string }): AsyncIterableIterator<Page<T>>;
  /** Every item of every page. */
  toArray(): Promise<T[]>;
}

/**
 * Follows `nextPageKey` until a page comes without one. A key seen before ends the walk, and
 * so do a page equal to the one before it and `MAX_STALE_PAGES` empty pages in a row: a
 * service that loops over its keys, or ignores the key it is given while it makes up new
 * ones, would never end it.
 */
export function paged<T>(fetchPage: (pageKey: string | undefined) => Promise<Page<T>>): Paged<T> {
  async function* pages(
    options: { readonly startAt?: string } = {},
  ): AsyncIterableIterator<Page<T>> {
    const seen = new Set<string>();
    let key = options.startAt;
    let previous: string | symbol | undefined;
    let empty = 0;
    for (;;) {
      const page = await fetchPage(key);
      const items = pageText(page.items);
      if (page.items.length > 0 && items === previous) return;
      previous = items;
      empty = page.items.length === 0 ? empty + 1 : 0;
      yield page;
      const next = page.nextPageKey;
      if (next === undefined || next === '' || seen.has(next) || empty >= MAX_STALE_PAGES) return;
      seen.add(next);
      key = next;
    }
  }
  async function* items(): AsyncIterableIterator<T> {
    for await (const page of pages()) yield* page.items;
  }
  return {
    pages,
    [Symbol.asyncIterator]: items,
    async toArray() {
      const all: T[] = [];
      for await (const item of items()) all.push(item);
      return all;
    },
  };
}

/**
 * Search pages by `from`/`size`, until `from` reaches the total. The total may change
 * on the way (records written meanwhile): each page's total is the one believed, and a hit
 * already given is never given again (a hit without a `_dataObjectId` is always given, as
 * nothing tells it apart).
 *
 * Records that leave the result move the later hits back, past the offset: a total that
 * shrank by `d` since the page before steps the walk back by `d` (no unseen hit can have
 * moved further), so deleting each hit as it comes, or records removed by others, skip
 * nothing. A walk that ends where it cannot vouch for having seen every hit throws an
 * `IncompleteWalkError` after its last hit: a page repeating the one before with the total
 * unchanged, `MAX_STALE_PAGES` pages in a row with nothing new, an empty page before the
 * total, or a shrinking result whose hits carry no ids. What no walk by offset can see:
 * records removed and as many added between two pages, the total unchanged (see
 * docs/client-guarantees.md).
 */
export async function* searchPages(
  fetchPage: (from: number, size: number) => Promise<SearchPage>,
  size: number,
  startFrom = 0,
): AsyncGenerator<SearchPage> {
  const seen = new Set<string>();
  let from = startFrom;
  let lastTotal: number | undefined;
  let previous: string | symbol | undefined;
  let stale = 0;
  let delivered = 0;
  let anonymous = false;
  /** Pages starting before this offset re-read hits given already (after a step back): no sign of a stuck service. */
  let rereadUntil = -1;
  // Steps back are bounded: a service whose total swings up and down would otherwise walk the same pages forever.
  let steppedBack = 0;
  let largestTotal = 0;
  const incomplete = (reason: IncompleteWalkReason, why: string) =>
    new IncompleteWalkError(
      `the search walk stopped at offset ${from} of ${lastTotal ?? 0} after ${delivered} hits: ${why}; some hits may not have been given`,
      { reason, delivered },
    );
  for (;;) {
    const page = await fetchPage(from, size);
    // Hits without an id cannot be told apart from others: each is kept, unless the whole page repeats the one before.
    const text = pageText(page.hits);
    const repeated = text === previous;
    previous = text;
    const fresh: SearchHit[] = [];
    for (const hit of page.hits) {
      const id: unknown = hit?._dataObjectId;
      if (typeof id !== 'string') {
        anonymous = true;
        if (!repeated) fresh.push(hit);
        continue;
      }
      if (seen.has(id)) continue;
      seen.add(id);
      fresh.push(hit);
    }
    const rereading = from < rereadUntil;
    stale = fresh.length === 0 && !rereading ? stale + 1 : 0;
    const shrunk = lastTotal !== undefined && page.total < lastTotal ? lastTotal - page.total : 0;
    const totalStood = page.total === lastTotal;
    if (fresh.length > 0) {
      delivered += fresh.length;
      yield { ...page, hits: fresh };
    }
    lastTotal = page.total;
    largestTotal = Math.max(largestTotal, page.total);
    if (shrunk > 0 && from > 0) {
      if (anonymous)
        throw incomplete(
          'shrank',
          `the result shrank by ${shrunk} and its hits carry no _dataObjectId to re-read them by`,
        );
      steppedBack += shrunk;
      if (steppedBack > 2 * largestTotal + size)
        throw incomplete('stalled', 'the total kept shrinking and growing again');
      rereadUntil = Math.max(rereadUntil, from + page.hits.length);
      from = Math.max(0, from - shrunk);
      continue;
    }
    if (page.hits.length === 0) {
      if (from >= page.total) return;
      throw incomplete('short-page', `an empty page before the total of ${page.total}`);
    }
    if (stale > 0 && totalStood)
      throw incomplete('repeated-page', 'the page brought nothing new while the total stood still');
    if (stale >= MAX_STALE_PAGES)
      throw incomplete('stalled', `${MAX_STALE_PAGES} pages in a row brought nothing new`);
    from += page.hits.length;
    if (from >= page.total) return;
  }
}
