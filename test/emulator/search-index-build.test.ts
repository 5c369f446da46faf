/**
 * The word index is built in the background from start-up (src/emulator/search/word-index.ts):
 * a search that comes while it is being built uses the part built and scans the rest, so
 * its hits are exactly a full scan's, whatever part is built and whatever changed
 * meanwhile; writes made during the build are indexed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/index.js';
import { compile } from '../../src/evaluator/index.js';
import { exampleData } from '../../src/emulator/data/generate.js';
import {
  buildInBackground,
  candidates,
  indexSome,
  searchSlice,
} from '../../src/emulator/search/word-index.js';
import { TenantStore, type DataSetState } from '../../src/emulator/store/tenant-store.js';

/** The positions of the hits: through the index (`candidates`, then the matcher), or by testing every object. */
function hits(dataSet: DataSetState, text: string, scan: boolean): number[] {
  const tree = parse(text).ast;
  const matches = compile(tree, { schema: dataSet.schema });
  const positions = scan ? null : candidates(dataSet, tree);
  const all = positions ?? dataSet.objects.map((_, i) => i);
  return all.filter((i) => !dataSet.objects[i]!.deleted && matches(dataSet.objects[i]!.hit));
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Queries that the index narrows (words, phrases, text fields, ids), from the dataset's own values. */
function queries(dataSet: DataSetState) {
  const sample = dataSet.objects.slice(0, 400);
  const words = [
    ...new Set(sample.flatMap((o) => [text(o.hit.City), text(o.hit['Last Name'])])),
  ].filter((w) => /^[a-z]+( [a-z]+)?$/i.test(w));
  const word = fc.constantFrom(...words.slice(0, 30), 'Quentinella');
  const id = fc.constantFrom(...sample.map((o) => o.id));
  const leaf = fc.oneof(
    word.map((w) => `"${w}"`),
    word.map((w) => `City:"${w}"`),
    word.map((w) => `Last\\ Name:${JSON.stringify(w)}`),
    id.map((i) => `_dataObjectId:${i}`),
  );
  return fc.oneof(
    leaf,
    fc.tuple(leaf, leaf).map(([a, b]) => `${a} OR ${b}`),
    fc.tuple(leaf, leaf).map(([a, b]) => `${a} AND ${b}`),
  );
}

describe('the word index while it is built', () => {
  it('gives exactly the hits of a full scan, whatever part is built and whatever was written before and during the build', () => {
    const store = new TenantStore(exampleData({ records: 1500, seed: 7 }));
    const retail = store.dataSets.find((d) => d.schema.fields.some((f) => f.name === 'City'))!;
    const cities = [...new Set(retail.objects.map((o) => text(o.hit.City)))].filter(Boolean);
    const write = fc.record({
      at: fc.nat(),
      city: fc.constantFrom(...cities.slice(0, 10), 'Quentinella'),
      kind: fc.constantFrom('update', 'create', 'delete'),
    });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            // Slices of the build (at least 64 objects each) before this step's search.
            slices: fc.nat({ max: 6 }),
            query: queries(retail),
            writes: fc.array(write, { maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (steps) => {
          // A fresh dataset per run: the index of the last run is another dataset's.
          const own = new TenantStore(exampleData({ records: 1500, seed: 7 }));
          const dataSet = own.dataSets[store.dataSets.indexOf(retail)]!;
          for (const step of steps) {
            for (let s = 0; s < step.slices; s++) indexSome(dataSet, Number.NEGATIVE_INFINITY);
            expect(hits(dataSet, step.query, false), step.query).toEqual(
              hits(dataSet, step.query, true),
            );
            for (const w of step.writes) {
              const object = dataSet.objects[w.at % dataSet.objects.length]!;
              if (w.kind === 'create') own.create(dataSet, { City: w.city, Status: 'ACT' });
              else if (w.kind === 'delete') own.delete(object);
              else own.update(object, { _version: object.version, City: w.city });
            }
          }
          // Built to the end: still the scan's hits, writes made during the build included.
          while (!indexSome(dataSet, Number.NEGATIVE_INFINITY));
          for (const step of steps)
            expect(hits(dataSet, step.query, false), step.query).toEqual(
              hits(dataSet, step.query, true),
            );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reads only part of the objects for a narrow search once built, and all of the part not built before', () => {
    const store = new TenantStore(exampleData({ records: 12_000, seed: 3 }));
    const dataSet = store.dataSets.reduce((a, b) => (a.objects.length >= b.objects.length ? a : b));
    const { id } = dataSet.objects[5]!;
    const query = parse(`_dataObjectId:${id}`).ast;
    indexSome(dataSet, Number.NEGATIVE_INFINITY);
    // 64 built, then the search's own share: the object is found in the index, and every object past the part built is a candidate.
    const during = candidates(dataSet, query)!;
    const built = 64 + searchSlice(dataSet.objects.length - 64);
    expect(built).toBeLessThan(dataSet.objects.length);
    expect(during[0]).toBe(5);
    expect(during.length).toBe(1 + dataSet.objects.length - built);
    while (!indexSome(dataSet, Number.NEGATIVE_INFINITY));
    expect(candidates(dataSet, query)).toEqual([5]);
  });

  it('leaves out a position an undone create left behind (it named no object: a search threw)', () => {
    const store = new TenantStore(exampleData({ records: 300, seed: 5 }));
    const dataSet = store.dataSets[0]!;
    while (!indexSome(dataSet, Number.NEGATIVE_INFINITY));
    const created = store.create(dataSet, { City: 'Quentinella', Status: 'ACT' });
    const query = parse('"Quentinella"').ast;
    expect(candidates(dataSet, query)).toEqual([dataSet.objects.length - 1]);
    // The journal refused it: the create is undone, and its position names no object now.
    store.restore(created, undefined);
    expect(candidates(dataSet, query)).toEqual([]);
  });

  it('builds every dataset in slices between turns of the event loop, writes during the build included, and stops when asked', async () => {
    const store = new TenantStore(exampleData({ records: 20_000, seed: 11 }));
    const dataSet = store.dataSets.reduce((a, b) => (a.objects.length >= b.objects.length ? a : b));
    const build = buildInBackground(store.dataSets);
    await new Promise((r) => setImmediate(r));
    const query = '"Quentinella"';
    // Some slices ran, not all: the object made now, past the part built, is found by the scan, then by the index.
    const created = store.create(dataSet, { 'Last Name': 'Quentinella', Status: 'ACT' });
    const position = dataSet.objects.indexOf(created);
    expect(candidates(dataSet, parse(query).ast)!.length).toBeGreaterThan(1);
    expect(hits(dataSet, query, false)).toEqual([position]);
    await build.done;
    expect(candidates(dataSet, parse(query).ast)).toEqual([position]);
    for (const other of store.dataSets)
      expect(candidates(other, parse('"Quentinella"').ast)).toEqual(
        other === dataSet ? [position] : [],
      );

    // Stopped: no slice runs after stop(), and `done` settles.
    const second = new TenantStore(exampleData({ records: 20_000, seed: 12 }));
    const stopped = buildInBackground(second.dataSets);
    stopped.stop();
    await stopped.done;
    await new Promise((r) => setTimeout(r, 20));
    const big = second.dataSets.reduce((a, b) => (a.objects.length >= b.objects.length ? a : b));
    // Only the search's own share of the build was indexed (none of it holds the word).
    expect(candidates(big, parse('"Quentinella"').ast)!.length).toBe(
      big.objects.length - searchSlice(big.objects.length),
    );
  });

  it('is finished by the searches themselves when no background slice runs, writes arriving meanwhile', () => {
    const store = new TenantStore(exampleData({ records: 40_000, seed: 13 }));
    const dataSet = store.dataSets.reduce((a, b) => (a.objects.length >= b.objects.length ? a : b));
    const narrow = parse(`_dataObjectId:${dataSet.objects[7]!.id}`).ast;
    const scan = parse('City:[A TO Z]').ast;
    // Each search indexes a seventeenth of the rest (at least 1024 objects): the rest shrinks geometrically.
    let bound = 2; // the creates add an object per search: one more search at most
    for (let rest = dataSet.objects.length; rest > 0; rest -= searchSlice(rest)) bound++;
    // The count in word-index.ts's comment: about 17 * (ln(rest / 17 408) + 1) searches.
    expect(bound).toBeLessThanOrEqual(
      Math.ceil(17 * (Math.log(dataSet.objects.length / 17_408) + 1)) + 2,
    );
    let searches = 0;
    let last = candidates(dataSet, narrow)!;
    for (; last.length > 1; searches++) {
      // Searches the index narrows and scans it cannot alternate, and one object is created after each.
      expect(candidates(dataSet, searches % 2 === 0 ? scan : narrow)).toBeDefined();
      store.create(dataSet, { City: 'Quentinella', Status: 'ACT' });
      last = candidates(dataSet, narrow)!;
      expect(searches).toBeLessThan(bound);
    }
    expect(last).toEqual([7]);
    // Finished: a background slice has nothing left to do.
    expect(indexSome(dataSet, Number.NEGATIVE_INFINITY)).toBe(true);
    expect(searches).toBeGreaterThan(1);
  });

  it("bounds a search's share of the build by its own scan, and leaves less after each search", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000_000 }), (rest) => {
        const slice = searchSlice(rest);
        expect(slice).toBeGreaterThanOrEqual(Math.min(rest, 1024));
        expect(slice).toBeLessThanOrEqual(rest);
        // One object indexed for every 16 the search then scans (past the 1024 every search indexes).
        if (slice > 1024) expect(slice - 1).toBeLessThanOrEqual((rest - slice) / 16);
      }),
    );
    // At a million objects the first search indexes 58 824 (a quarter would be 250 000), and 84 searches finish the build.
    expect(searchSlice(1_000_000)).toBe(58_824);
    let searches = 0;
    for (let rest = 1_000_000; rest > 0; rest -= searchSlice(rest)) searches++;
    expect(searches).toBe(84);
  });
});
