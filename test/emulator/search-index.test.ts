/**
 * The word index narrows a search, the evaluator decides (src/emulator/search/word-index.ts):
 * whatever the query and whatever changed since the last search, the hits are exactly
 * what the evaluator finds in a full scan, in the same order.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from '../../src/index.js';
import { filter } from '../../src/evaluator/index.js';
import { exampleTenant } from '../../src/examples/index.js';
import { candidates, indexSome } from '../../src/emulator/search/word-index.js';
import type { DataSetState, StoredObject } from '../../src/emulator/store/tenant-store.js';
import { allPages, startApi, tenantPaths, type TestApi } from './helpers.js';

describe('the word index', () => {
  let api: TestApi;
  beforeAll(async () => (api = await startApi({ records: 600 })));
  afterAll(() => api.emulator.close());

  async function hitIds(query: string, dataSet: string): Promise<{ ids: string[]; total: number }> {
    const response = await api.get(
      `/dataobjects/search?query=${encodeURIComponent(query)}&dataSet=${encodeURIComponent(dataSet)}&size=10000`,
    );
    expect(response.status).toBe(200);
    return {
      ids: response.body.hits.map((h: { _dataObjectId: string }) => h._dataObjectId),
      total: response.body.total,
    };
  }

  it('finds exactly what a full scan finds, before and after writes', async () => {
    const { objectsPath, retail } = await tenantPaths(api);
    const schema = (await api.get(objectsPath.split('/datasets/')[0]!)).body;
    const objects = await allPages(api, objectsPath);
    const words = [
      ...new Set(
        objects.flatMap((o) =>
          [o['First Name'], o['Last Name'], o.City].filter((v) => typeof v === 'string'),
        ),
      ),
    ].slice(0, 40) as string[];
    const ids = objects.slice(0, 20).map((o) => o._dataObjectId as string);
    const word = fc.constantFrom(...words, 'nothingatall', 'Quentinella');
    const leaf = fc.oneof(
      word,
      word.map((w) => `"${w}"`),
      word.map((w) => `City:"${w}"`),
      word.map((w) => `Unknown:"${w}"`),
      word.map((w) => `First\\ Name:${JSON.stringify(w)}`),
      fc.constantFrom(...ids).map((id) => `_dataObjectId:${id}`),
      fc.constantFrom(...ids).map((id) => `_dataObjectId:${id.toUpperCase()}`),
      word.map((w) => `${w.slice(0, 2)}*`),
      fc.constantFrom('Age:>=60', 'VIP:Y', '*:*', '_exists_:Phone'),
    );
    const query = fc.oneof(
      leaf,
      fc.tuple(leaf, leaf).map(([a, b]) => `${a} AND ${b}`),
      fc.tuple(leaf, leaf).map(([a, b]) => `${a} OR ${b}`),
      fc.tuple(leaf, leaf).map(([a, b]) => `${a} -${b}`),
      fc.tuple(leaf, leaf).map(([a, b]) => `+${a} ${b}`),
      fc.tuple(leaf, leaf).map(([a, b]) => `(${a} OR ${b})^2 AND NOT City:Berlin`),
    );
    const write = fc.record({
      index: fc.nat({ max: 19 }),
      city: word,
      create: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(query, write), { minLength: 1, maxLength: 6 }),
        async (steps) => {
          for (const [text, change] of steps) {
            const records = (await allPages(api, objectsPath)).map(
              ({ _version, _errors, ...values }) => ({ ...values }),
            );
            const expected = filter(records, text, { schema }).map((r) => r._dataObjectId);
            const found = await hitIds(text, retail.dataSetName);
            expect(found.ids, text).toEqual(expected);
            expect(found.total).toBe(expected.length);
            // A write between searches: the next search must see it.
            if (change.create) {
              await api.request('POST', objectsPath, {
                body: { 'First Name': change.city, City: change.city, Status: 'ACT' },
              });
            } else {
              const path = `${objectsPath}/${ids[change.index]}`;
              const current = (await api.get(path)).body;
              await api.request('PUT', path, {
                body: { _version: current._version, City: change.city },
              });
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});

describe('a match-all page', () => {
  let api: TestApi;
  beforeAll(async () => (api = await startApi({ records: 120 })));
  afterAll(() => api.emulator.close());

  it('pages and counts exactly the objects not deleted, over every dataset, before and after deletes and creates', async () => {
    const { objectsPath, retail } = await tenantPaths(api);
    const page = async (from: number, size: number, dataSet?: string) =>
      (
        await api.get(
          `/dataobjects/search?query=*:*&from=${from}&size=${size}${dataSet ? `&dataSet=${encodeURIComponent(dataSet)}` : ''}`,
        )
      ).body as { hits: { _dataObjectId: string }[]; total: number };
    const everything = async (dataSet?: string) => {
      const all = (await page(0, 10_000, dataSet)).hits.map((h) => h._dataObjectId);
      expect((await page(0, 1, dataSet)).total).toBe(all.length);
      for (const [from, size] of [
        [0, 7],
        [5, 13],
        [all.length - 3, 10],
        [all.length, 5],
        [all.length + 4, 5],
      ] as const) {
        const got = await page(from, size, dataSet);
        expect(got.total).toBe(all.length);
        expect(got.hits.map((h) => h._dataObjectId)).toEqual(all.slice(from, from + size));
      }
      return all;
    };
    const before = await everything();
    const inRetail = await everything(retail.dataSetName);
    for (const id of inRetail.slice(2, 6))
      expect((await api.request('DELETE', `${objectsPath}/${id}`)).status).toBe(204);
    await api.request('POST', objectsPath, { body: { 'First Name': 'Zed', Status: 'ACT' } });
    const after = await everything();
    expect(after.length).toBe(before.length - 4 + 1);
    expect(after).not.toContain(inRetail[3]);
    expect((await everything(retail.dataSetName)).length).toBe(inRetail.length - 3);
  });
});

describe('the word index, counted work', () => {
  it('regression: a search on a dataset that did not change reads no object (it read all of them, each search)', () => {
    const data = exampleTenant.dataSets[0]!;
    const schema = exampleTenant.schemas.find((s) => s.schemaId === data.dataSet.schemaId)!;
    let reads = 0;
    const stored: StoredObject[] = [];
    const objects = new Proxy(stored, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const dataSet = { objects, changes: 0, schema } as unknown as DataSetState;
    for (const [i, record] of data.dataObjects.entries())
      stored.push({ id: `id${i}`, hit: record } as unknown as StoredObject);
    const query = parse('_dataObjectId:id1').ast;
    // The background build (here, by hand) reads each object once.
    while (!indexSome(dataSet, Number.NEGATIVE_INFINITY));
    expect(reads).toBe(stored.length);
    reads = 0;
    expect(candidates(dataSet, query)).toEqual([1]);
    expect(reads).toBe(0);
    // A change is read again.
    stored.push({ id: 'new', hit: {} } as unknown as StoredObject);
    dataSet.changes++;
    expect(candidates(dataSet, parse('_dataObjectId:new').ast)).toEqual([stored.length - 1]);
  });
});
