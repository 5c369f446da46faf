/** The generated data: deterministic, the requested size, unique ids, a few records that break their rules. */
import { getHeapStatistics } from 'node:v8';
import { startEmulator } from '../../src/emulator/index.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GENERATED, exampleData } from '../../src/emulator/data/generate.js';
import { recordErrors } from '../../src/emulator/store/field-rules.js';
import { exampleTenant } from '../../src/examples/index.js';

const objects = (data: ReturnType<typeof exampleData>) =>
  data.dataSets.flatMap((d) => d.dataObjects);

describe('the example data', () => {
  it('is a few thousand records in every dataset, the hand-written ones first', () => {
    const data = exampleData();
    expect(data.dataSets.map((d) => d.dataSet.dataSetName)).toEqual([
      'Retail Customers',
      'Wholesale Customers',
      'Customer Archive',
      'Business Contacts',
      'Catalogue 2024',
      'Catalogue Archive',
      'Approved Suppliers',
    ]);
    expect(objects(data).length).toBe(
      DEFAULT_GENERATED + exampleTenant.dataSets.reduce((n, d) => n + d.dataObjects.length, 0),
    );
    expect(DEFAULT_GENERATED).toBeGreaterThan(3000);
    expect(data.dataSets[0]!.dataObjects.slice(0, 6)).toEqual(
      exampleTenant.dataSets[0]!.dataObjects,
    );
  });

  it('is the same for a seed and differs between seeds', () => {
    expect(JSON.stringify(exampleData({ seed: 5, records: 300 }))).toBe(
      JSON.stringify(exampleData({ seed: 5, records: 300 })),
    );
    expect(JSON.stringify(exampleData({ seed: 6, records: 300 }))).not.toBe(
      JSON.stringify(exampleData({ seed: 5, records: 300 })),
    );
  });

  it('has unique ids, and about 3% of records break a field rule (in their _errors)', () => {
    const data = exampleData({ records: 20_000 });
    const ids = objects(data).map((o) => o._dataObjectId);
    expect(new Set(ids).size).toBe(20_000);
    const schemaOf = new Map(data.schemas.map((s) => [s.schemaId, s]));
    let errored = 0;
    for (const { dataSet, dataObjects } of data.dataSets)
      for (const o of dataObjects)
        if (recordErrors(o, schemaOf.get(dataSet.schemaId)!.fields).length > 0) errored++;
    expect(errored / 20_000).toBeGreaterThan(0.015);
    expect(errored / 20_000).toBeLessThan(0.05);
  });

  it('generates exactly the number of records asked for', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2000 }), fc.nat({ max: 1000 }), (records, seed) => {
        expect(objects(exampleData({ records, seed })).length).toBe(records);
      }),
      { numRuns: 20 },
    );
  });
});

describe('how many records can be asked for', () => {
  it('refuses, at once and with the way out, more records than the heap can hold (it ran out of memory and died minutes later)', async () => {
    const heapMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
    const tooMany = Math.ceil((getHeapStatistics().heap_size_limit / 1024) * 2);
    await expect(startEmulator({ records: tooMany })).rejects.toThrow(
      new RegExp(
        `more than this Node process's heap of ${heapMb} MiB.*NODE_OPTIONS=--max-old-space-size=`,
      ),
    );
  });

  it('refuses a count that is not a whole number of at least 0', async () => {
    for (const records of [-1, 1.5, Number.NaN])
      await expect(startEmulator({ records })).rejects.toThrow(
        /records must be an integer of at least 0/,
      );
  });
});
