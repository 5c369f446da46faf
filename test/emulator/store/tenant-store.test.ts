/** Field names that are also names of Object.prototype's properties, or start with `_` as metadata does, are fields like any other. */
import { describe, expect, it } from 'vitest';
import type { SchemaResponse } from '../../../src/schema/response.js';
import { TenantStore } from '../../../src/emulator/store/tenant-store.js';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '_underscored'];

function storeWith(required: boolean): TenantStore {
  const schema = {
    schemaId: 's1',
    name: 'Odd',
    businessAreaId: 'a1',
    businessAreaName: 'area',
    fields: [
      { name: 'Name', dataType: 'Text' },
      ...NAMES.map((name) => ({ name, dataType: 'Text', isRequired: required })),
    ],
  } as unknown as SchemaResponse;
  return new TenantStore({
    businessAreas: [{ businessAreaId: 'a1', name: 'area' } as never],
    schemas: [schema],
    dataSets: [
      {
        dataSet: {
          dataSetId: 'd1',
          dataSetName: 'set',
          schemaId: 's1',
          businessAreaId: 'a1',
        } as never,
        dataObjects: [],
      },
    ],
  });
}

describe('field names of Object.prototype, and names starting with _', () => {
  it('are stored, listed, searched and read back like any field (a "__proto__" value was lost, an absent "constructor" read as a function, a "_" field was dropped on a restart)', () => {
    const store = storeWith(false);
    const dataSet = store.dataSet('d1')!;
    const absent = store.create(dataSet, { Name: 'a' });
    // Absent and optional: nothing to report (each was "function ... is not text").
    expect(absent.errors).toEqual([]);
    expect(Object.keys(store.listItem(absent))).toEqual([
      '_dataObjectId',
      '_version',
      '_errors',
      'Name',
    ]);

    const values = Object.fromEntries(NAMES.map((name) => [name, `value of ${name}`]));
    // As a request body arrives: JSON.parse makes "__proto__" an own property.
    const body = JSON.parse(JSON.stringify({ Name: 'b', ...values }));
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    const created = store.create(dataSet, body);
    for (const name of NAMES) {
      expect(Object.hasOwn(created.hit, name) && created.hit[name]).toBe(`value of ${name}`);
      expect(JSON.parse(JSON.stringify(store.listItem(created)))[name]).toBe(`value of ${name}`);
    }
    expect(created.errors).toEqual([]);
    store.update(created, JSON.parse('{"_version":1,"__proto__":"changed","constructor":null}'));
    const record = JSON.parse(JSON.stringify(store.fileRecord(created)));
    expect(record.__proto__ === 'changed' && Object.hasOwn(record, '__proto__')).toBe(true);
    expect(Object.hasOwn(record, 'constructor')).toBe(false);

    // Read back from the data file's line, as a restart does.
    const reloaded = storeWith(false);
    reloaded.load(reloaded.dataSet('d1')!, record);
    const again = reloaded.dataSet('d1')!.objects[0]!;
    expect(JSON.stringify(reloaded.fileRecord(again))).toBe(JSON.stringify(record));
  });

  it('are reported as required when absent, as any required field', () => {
    const store = storeWith(true);
    const object = store.create(store.dataSet('d1')!, { Name: 'a' });
    expect(object.errors).toEqual(NAMES.map((name) => ({ name, errors: ['is required'] })));
  });
});
