/**
 * A store built from records (a tenant generated in memory, or data file lines not in the
 * writer's shape, parsed at start-up) makes every object at load; an object's errors are
 * worked out on first read (issue 30, item 9), and are then exactly what they were when made
 * at load. Its search hit is made at load. (Lines in the writer's shape are parsed on first
 * access instead: lazy-lines.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { SchemaResponse } from '../../../src/schema/response.js';
import { TenantStore } from '../../../src/emulator/store/tenant-store.js';

/** A store of `count` objects whose schema field and business area count the reads that making errors and hits does. */
function countingStore(count: number) {
  const reads = { rules: 0, hits: 0 };
  const field = { name: 'Age', dataType: 'Integer' } as Record<string, unknown>;
  Object.defineProperty(field, 'active', {
    get: () => {
      reads.rules++;
      return true;
    },
  });
  const area = { businessAreaId: 'a1' } as Record<string, unknown>;
  Object.defineProperty(area, 'name', {
    get: () => {
      reads.hits++;
      return 'area';
    },
  });
  const schema = {
    schemaId: 's1',
    name: 'People',
    businessAreaId: 'a1',
    businessAreaName: 'area',
    fields: [{ name: 'Name', dataType: 'Text' }, field],
  } as unknown as SchemaResponse;
  const store = new TenantStore({
    businessAreas: [area as never],
    schemas: [schema],
    dataSets: [
      {
        dataSet: {
          dataSetId: 'd1',
          dataSetName: 'set',
          schemaId: 's1',
          businessAreaId: 'a1',
        } as never,
        dataObjects: Array.from({ length: count }, (_, i) => ({
          _dataObjectId: `id${i}`,
          _version: 1,
          Name: `n${i}`,
          Age: i % 2 === 0 ? i : 'not a number',
        })),
      },
    ],
  });
  return { store, dataSet: store.dataSet('d1')!, reads };
}

describe('objects loaded at start-up', () => {
  it('make no errors until they are read (they were made for every object at load), and their search hit at load', () => {
    const { dataSet, reads } = countingStore(1000);
    expect(dataSet.objects).toHaveLength(1000);
    expect(reads).toEqual({ rules: 0, hits: 1000 });
    const odd = dataSet.objects[1]!;
    expect(odd.errors).toEqual([{ name: 'Age', errors: [expect.any(String)] }]);
    expect(reads).toEqual({ rules: 1, hits: 1000 });
    expect(odd.hit).toMatchObject({ _dataObjectId: 'id1', _businessAreaName: 'area', Name: 'n1' });
    // Made once: a second read is the same (the word index tells a change by the hit's identity).
    expect(odd.hit).toBe(odd.hit);
    expect(odd.errors).toBe(odd.errors);
    expect(reads).toEqual({ rules: 1, hits: 1000 });
    expect(dataSet.objects[0]!.errors).toEqual([]);
  });

  it('are what they were when made at load, after an update, and after an undone update', () => {
    const { store, dataSet } = countingStore(4);
    const object = dataSet.objects[1]!;
    const before = store.stateOf(object);
    const hitBefore = object.hit;
    store.update(object, { _version: 1, Age: 41 });
    expect(object.errors).toEqual([]);
    expect(object.hit).not.toBe(hitBefore);
    expect(object.hit).toMatchObject({ _dataObjectId: 'id1', Name: 'n1', Age: 41 });
    expect(store.listItem(object)).toMatchObject({ _version: 2, _errors: [], Age: 41 });
    store.restore(object, before);
    expect(object.version).toBe(1);
    expect(object.hit).toBe(hitBefore);
    expect(object.errors).toEqual([{ name: 'Age', errors: [expect.any(String)] }]);
    expect(store.fileRecord(object)).toEqual({
      _dataObjectId: 'id1',
      _version: 1,
      Name: 'n1',
      Age: 'not a number',
    });
    expect(store.dataSetItem(dataSet)).toMatchObject({ recordCount: 4, erroredRecordsCount: 2 });
  });
});
