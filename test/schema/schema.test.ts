import { describe, expect, it } from 'vitest';
import { SchemaError, loadSchema, parseSchemaJson } from '../../src/schema/schema.js';
import { HIT_METADATA_FIELDS, type SchemaResponse } from '../../src/schema/response.js';
import { customerSchema, customerContactSchema, exampleSchemas } from '../../src/examples/index.js';

const minimal = (fields: unknown[], name = 'S'): SchemaResponse =>
  ({
    schemaId: 'id',
    name,
    businessAreaId: 'ba',
    businessAreaName: 'customer',
    createdDate: '2024-01-01',
    fields,
  }) as SchemaResponse;

describe('loadSchema', () => {
  it('indexes fields by exact name, with hit metadata fields known too', () => {
    const schema = loadSchema(customerSchema);
    expect(schema.names).toEqual(['Customer']);
    expect(schema.field('First Name')).toMatchObject({
      kind: 'text',
      pii: true,
      minLength: 1,
      maxLength: 50,
      active: true,
    });
    expect(schema.field('first name')).toBeUndefined();
    for (const name of HIT_METADATA_FIELDS)
      expect(schema.field(name)).toMatchObject({ metadata: true, kind: 'text' });
  });

  it('finds names that differ only in case or whitespace', () => {
    const schema = loadSchema(customerSchema);
    expect(schema.looseMatches('firstname').map((f) => f.name)).toEqual(['First Name']);
    expect(schema.looseMatches('DATE OF  BIRTH').map((f) => f.name)).toEqual(['Date of Birth']);
    expect(schema.looseMatches('Frist Name')).toEqual([]);
  });

  it('reads date bounds in the field format, boolean pairs and picklists', () => {
    const schema = loadSchema(exampleSchemas);
    expect(schema.field('Date of Birth')).toMatchObject({
      kind: 'date',
      minDate: '1900-01-01',
      maxDate: '2010-12-31',
      dateFormat: 'MM/DD/YYYY',
    });
    expect(schema.field('Onboarded On')).toMatchObject({ minDate: '2000-01-01' });
    expect(schema.field('VIP')?.booleanValues).toEqual(['Y', 'N']);
    expect(schema.field('Status')?.picklist?.map((e) => e.code)).toEqual([
      'ACT',
      'INA',
      'PRO',
      'BLK',
    ]);
    expect(schema.field('Legacy Customer Number')?.active).toBe(false);
    expect(schema.field('Home Location')?.kind).toBe('opaque');
    expect(schema.field('Signed Contract')?.kind).toBe('opaque');
    expect(schema.field('Last Contacted')?.kind).toBe('date');
  });

  it('merges a name defined by several schemas loosely, so a rule fires only when it holds for all', () => {
    const schema = loadSchema([customerSchema, customerContactSchema]);
    expect(schema.field('Customer ID')?.schemas).toEqual(['Customer', 'Customer Contact']);
    // Email: min 3 in Customer, none in Customer Contact.
    expect(schema.field('Email')?.minLength).toBeUndefined();
    const a = minimal(
      [
        { name: 'X', dataType: 'integer', active: false },
        { name: 'P', dataType: 'picklist', staticPicklist: [{ code: 'A' }] },
      ],
      'A',
    );
    const b = minimal(
      [
        { name: 'X', dataType: 'string' },
        { name: 'P', dataType: 'picklist', staticPicklist: [{ code: 'B' }] },
      ],
      'B',
    );
    const merged = loadSchema([a, b]);
    expect(merged.field('X')).toMatchObject({
      kind: 'opaque',
      active: true,
      dataTypes: ['integer', 'string'],
    });
    expect(merged.field('P')?.picklist?.map((e) => e.code)).toEqual(['A', 'B']);
  });

  it('tolerates unknown types, missing and extra properties, and skips nameless fields', () => {
    const schema = loadSchema(
      minimal([
        { name: 'Shape', dataType: 'polygon', extra: { nested: true } },
        { name: 'Bare' },
        { name: 'Flag', dataType: 'boolean', allowedBooleanValues: 'nonsense' },
        { name: 'Day', dataType: 'date', min: 'sometime', max: 42 },
        { name: 'Pick', dataType: 'picklist', staticPicklist: 'no' },
        { dataType: 'string' },
        null,
        'text',
      ]),
    );
    expect(schema.field('Shape')?.kind).toBe('opaque');
    expect(schema.field('Bare')).toMatchObject({ kind: 'opaque', active: true, pii: false });
    expect(schema.field('Flag')?.booleanValues).toBeUndefined();
    expect(schema.field('Day')).toMatchObject({ kind: 'date' });
    expect(schema.field('Day')?.minDate).toBeUndefined();
    expect(schema.field('Pick')?.picklist).toBeUndefined();
    expect(schema.problems).toEqual([
      'S: field 6 has no name and was skipped',
      'S: field 7 has no name and was skipped',
      'S: field 8 has no name and was skipped',
    ]);
  });

  it.each([
    [null, 'the schema is null, not a Get Schema response object'],
    [[], 'expected at least one Get Schema response, got an empty array'],
    [{ name: 'x' }, 'the schema has no "fields" array; is this a Get Schema response?'],
    [
      { fields: {} },
      'the schema has no "fields" array ("fields" is object); is this a Get Schema response?',
    ],
    [[{ fields: [] }, 3], 'schema 2 is number, not a Get Schema response object'],
  ])('rejects %j with a clear SchemaError', (input, message) => {
    expect(() => loadSchema(input)).toThrow(new SchemaError(message));
  });
});

describe('parseSchemaJson', () => {
  it('reads one response or an array of them', () => {
    expect(parseSchemaJson(JSON.stringify(customerSchema)).names).toEqual(['Customer']);
    expect(parseSchemaJson(JSON.stringify(exampleSchemas)).names).toEqual([
      'Customer',
      'Customer Contact',
      'Product',
      'Supplier',
    ]);
  });

  it('says so when the text is not JSON', () => {
    expect(() => parseSchemaJson('{ nope')).toThrow(SchemaError);
    expect(() => parseSchemaJson('{ nope')).toThrow(/^not valid JSON: /);
  });
});
