/**
 * Issue 28, item 3: what `mdq codegen` writes (`defineSchema({...} as const)`) is a schema
 * input like a Get Schema response: `check`, `complete`, `compile` and `loadSchema` take it,
 * in the types and at run time, and see the same fields as the response it came from.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { check, loadSchema, type SchemaInput } from '../../src/index.js';
import { defineSchema, schemaFromResponse } from '../../src/builder/index.js';
import { complete } from '../../src/completion/index.js';
import { compile } from '../../src/evaluator/index.js';

const people = defineSchema({
  'First Name': { dataType: 'string' },
  Age: { dataType: 'integer' },
  Status: { dataType: 'picklist', picklist: [{ code: 'A' }, { code: 'I' }] },
} as const);

const response = {
  schemaId: 'people',
  businessAreaId: 'hr',
  businessAreaName: 'HR',
  name: 'People',
  fields: [
    { name: 'First Name', dataType: 'string' },
    { name: 'Age', dataType: 'integer' },
    { name: 'Status', dataType: 'picklist', picklist: [{ code: 'A' }, { code: 'I' }] },
  ],
} as const;

const codes = (text: string, schema: SchemaInput) =>
  check(text, { schema }).map((d) => `${d.code} ${text.slice(d.span.start, d.span.end)}`);

describe('a builder schema is a schema input', () => {
  it('type-checks where a schema is taken (TS2322 before)', () => {
    expectTypeOf(people).toMatchTypeOf<SchemaInput>();
    expectTypeOf(schemaFromResponse(response)).toMatchTypeOf<SchemaInput>();
  });

  it('check finds what it finds with the response', () => {
    for (const text of ['[Fist Name] eq "Tim"', 'Age:abc', 'Status:X', '[First Name] eq "Tim"'])
      expect(codes(text, people), text).toEqual(codes(text, response));
    expect(codes('[Fist Name] eq "Tim"', people)).toEqual(['unknown-field [Fist Name]']);
  });

  it('complete offers its fields', () => {
    expect(complete('[Fir', 4, { schema: people }).items.map((i) => i.label)).toContain(
      'First Name',
    );
    expect(complete('Status:', 7, { schema: people }).items.map((i) => i.label)).toEqual(
      complete('Status:', 7, { schema: response }).items.map((i) => i.label),
    );
  });

  it('loadSchema and compile read the same fields from both', () => {
    const fields = (schema: SchemaInput) =>
      [...loadSchema(schema).fields.values()].map((f) => [f.name, f.kind]);
    expect(fields(people)).toEqual(fields(response));
    const matcher = compile('Age:[18 TO *]', { schema: people });
    expect([{ Age: 20 }, { Age: 3 }].map((r) => matcher(r))).toEqual([true, false]);
  });
});
