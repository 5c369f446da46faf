/**
 * Schema-typed builders. The type-level assertions (`expectTypeOf`, `@ts-expect-error`)
 * are checked by `tsc --noEmit`, which `npm test` runs before vitest: a wrong field
 * or value type that compiled would fail the build. The run-time assertions check
 * that the same rules hold for untyped callers.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Comparison, Exists, Field, Not } from '../../src/language/ast.js';
import type { SchemaResponse } from '../../src/schema/response.js';
import { format } from '../../src/index.js';
import {
  BuilderError,
  defineSchema,
  query,
  schemaFromResponse,
  type DateInput,
  type FieldNameOf,
  type Scalar,
} from '../../src/builder/index.js';

const customer = defineSchema({
  'First Name': { dataType: 'string', description: 'Given name' },
  Age: { dataType: 'integer' },
  Balance: { dataType: 'currency' },
  Birthday: { dataType: 'date' },
  Opening: { dataType: 'time' },
  Active: { dataType: 'boolean', allowedBooleanValues: 'Y/N' },
  Verified: { dataType: 'boolean' },
  Status: {
    dataType: 'picklist',
    staticPicklist: [{ code: 'A', description: 'Active' }, { code: 'I' }],
  },
  Photo: { dataType: 'image' },
  Location: { dataType: 'geo coordinates' },
  Notes: {},
} as const);

/** Runs `build` and returns the BuilderError code it throws (or 'no error'). */
function codeOf(build: () => unknown): string {
  try {
    build();
  } catch (e) {
    if (e instanceof BuilderError) return e.code;
    throw e;
  }
  return 'no error';
}

describe('field names', () => {
  it('only the schema’s fields (and hit metadata fields) compile', () => {
    expectTypeOf<FieldNameOf<(typeof customer)['definition']>>().toEqualTypeOf<
      | 'First Name'
      | 'Age'
      | 'Balance'
      | 'Birthday'
      | 'Opening'
      | 'Active'
      | 'Verified'
      | 'Status'
      | 'Photo'
      | 'Location'
      | 'Notes'
    >();
    // @ts-expect-error: not a field of the schema
    expect(codeOf(() => customer.field('Last Name'))).toBe('unknown-field');
    // @ts-expect-error: field names are case-sensitive
    expect(codeOf(() => customer.field('age'))).toBe('unknown-field');
    expect(format(customer.field('_schemaName').equals('Customer'))).toBe('_schemaName:Customer');
    expect(customer.fieldNames).toEqual([
      'First Name',
      'Age',
      'Balance',
      'Birthday',
      'Opening',
      'Active',
      'Verified',
      'Status',
      'Photo',
      'Location',
      'Notes',
    ]);
  });
});

describe('text fields', () => {
  const name = customer.field('First Name');

  it('take strings, wildcards and the text comparison operators', () => {
    expectTypeOf(name.equals).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(name.startsWith('Ti')).toEqualTypeOf<Field>();
    expectTypeOf(name.eq('Tim')).toEqualTypeOf<Comparison>();
    expectTypeOf(name.compare)
      .parameter(0)
      .toEqualTypeOf<'eq' | 'ne' | 'contains' | 'startswith' | 'endswith'>();
    expect(format(name.equals('Tim'))).toBe('First\\ Name:Tim');
    expect(format(name.eq('Tim'))).toBe('[First Name] eq "Tim"');
    expect(format(name.compare('startswith', 'T'))).toBe('[First Name] startswith "T"');
    expect(format(name.startsWith('Ti*'))).toBe('First\\ Name:Ti\\**');
    expect(format(name.exists())).toBe('_exists_:First\\ Name');
  });

  it('refuse ranges, ordering operators and non-strings', () => {
    // @ts-expect-error: no ranges on text
    expect(name.between).toBeUndefined();
    // @ts-expect-error: no ordering comparison on text
    expect(name.gt).toBeUndefined();
    // @ts-expect-error: 'gt' is not a text operator
    expect(codeOf(() => name.compare('gt', 'a'))).toBe('invalid-operator');
    // @ts-expect-error: a number is not a string
    expect(codeOf(() => name.equals(5))).toBe('invalid-value');
  });
});

describe('number fields', () => {
  const age = customer.field('Age');

  it('take numbers, ranges, relations and the ordering operators', () => {
    expectTypeOf(age.equals).parameter(0).toEqualTypeOf<number>();
    expectTypeOf(age.compare).parameter(0).toEqualTypeOf<'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le'>();
    expectTypeOf(age.between(18, 65)).toEqualTypeOf<Field>();
    expectTypeOf(age.between(undefined, undefined)).toEqualTypeOf<Field | undefined>();
    expect(format(age.between(18, 65))).toBe('Age:[18 TO 65]');
    expect(format(age.range({ gte: 18 })!)).toBe('Age:[18 TO *]');
    expect(format(age.ge(18))).toBe('[Age] ge 18');
    expect(format(age.lessThan(-1.5))).toBe('Age:<-1.5');
    expect(format(customer.field('Balance').gt(100.25))).toBe('[Balance] gt 100.25');
  });

  it('refuse wildcards, text operators and non-numbers', () => {
    // @ts-expect-error: no wildcards on numbers
    expect(age.contains).toBeUndefined();
    // @ts-expect-error: 'contains' is not a number operator
    expect(codeOf(() => age.compare('contains', 1))).toBe('invalid-operator');
    // @ts-expect-error: a string is not a number
    expect(codeOf(() => age.eq('18'))).toBe('invalid-value');
    expect(codeOf(() => age.eq(Number.NaN))).toBe('invalid-number');
    expect(codeOf(() => age.between(0, Number.POSITIVE_INFINITY))).toBe('invalid-number');
  });
});

describe('date fields', () => {
  const birthday = customer.field('Birthday');

  it('take Date objects (as their UTC day) or YYYY-MM-DD strings', () => {
    expectTypeOf(birthday.equals).parameter(0).toEqualTypeOf<DateInput>();
    expect(format(birthday.between(new Date(1990, 0, 1, 23, 59), '1999-12-31'))).toBe(
      'Birthday:[1990-01-01 TO 1999-12-31]',
    );
    expect(format(birthday.ge('2000-02-29'))).toBe('[Birthday] ge "2000-02-29"');
    expect(format(birthday.range({ gt: new Date(2024, 0, 15) })!)).toBe(
      'Birthday:{2024-01-15 TO *]',
    );
  });

  it('refuse contains, text values and impossible dates', () => {
    // @ts-expect-error: no substring search on a date
    expect(birthday.contains).toBeUndefined();
    // @ts-expect-error: 'contains' is not a date operator
    expect(codeOf(() => birthday.compare('contains', '2020'))).toBe('invalid-operator');
    // @ts-expect-error: not a YYYY-MM-DD date
    expect(codeOf(() => birthday.equals('yesterday'))).toBe('invalid-date');
    expect(codeOf(() => birthday.equals('2023-02-29'))).toBe('invalid-date');
    expect(codeOf(() => birthday.equals(new Date('not a date')))).toBe('invalid-date');
    // @ts-expect-error: a number is not a date
    expect(codeOf(() => birthday.equals(20200101))).toBe('invalid-value');
  });

  it('time fields are ordered strings', () => {
    const opening = customer.field('Opening');
    expectTypeOf(opening.between).parameter(0).toEqualTypeOf<string | null | undefined>();
    expect(format(opening.between('08:00', '12:00'))).toBe('Opening:[08:00 TO 12:00]');
  });
});

describe('boolean fields', () => {
  it("take the field's allowed pair or a JS boolean", () => {
    const active = customer.field('Active');
    expectTypeOf(active.equals).parameter(0).toEqualTypeOf<boolean | 'Y' | 'N'>();
    expect(format(active.equals(true))).toBe('Active:Y');
    expect(format(active.eq(false))).toBe('[Active] eq "N"');
    expect(format(active.equals('N'))).toBe('Active:N');
    // @ts-expect-error: 'yes' is not one of Y/N
    expect(codeOf(() => active.equals('yes'))).toBe('invalid-value');
    // @ts-expect-error: booleans have no ordering
    expect(active.between).toBeUndefined();
    // @ts-expect-error: only eq and ne
    expect(codeOf(() => active.compare('gt', 'Y'))).toBe('invalid-operator');
  });

  it('default to true/false without allowedBooleanValues', () => {
    const verified = customer.field('Verified');
    expectTypeOf(verified.equals).parameter(0).toEqualTypeOf<boolean | 'true' | 'false'>();
    expect(format(verified.equals(true))).toBe('Verified:true');
  });
});

describe('picklist fields', () => {
  const status = customer.field('Status');

  it('take the union of their codes', () => {
    expectTypeOf(status.equals).parameter(0).toEqualTypeOf<'A' | 'I'>();
    expect(format(status.anyOf(['A', 'I']))).toBe('Status:(A OR I)');
    expect(format(status.ne('I'))).toBe('[Status] ne "I"');
    // @ts-expect-error: 'X' is not a code of the picklist
    expect(codeOf(() => status.equals('X'))).toBe('invalid-value');
    // @ts-expect-error: no wildcards on a picklist
    expect(status.startsWith).toBeUndefined();
  });
});

describe('other fields', () => {
  it('image fields can only be tested for presence', () => {
    const photo = customer.field('Photo');
    expectTypeOf(photo.exists()).toEqualTypeOf<Exists>();
    expectTypeOf(photo.missing()).toEqualTypeOf<Not>();
    // @ts-expect-error: an image has no searchable value
    expect(photo.equals).toBeUndefined();
    expect(format(photo.missing())).toBe('NOT _exists_:Photo');
  });

  it('a dataType unknown to mdq allows every clause, and no dataType means text', () => {
    const location = customer.field('Location');
    expect(format(location.between('1', '2'))).toBe('Location:[1 TO 2]');
    expect(format(location.contains('x'))).toBe('Location:*x*');
    expectTypeOf(customer.field('Notes').equals).parameter(0).toEqualTypeOf<string>();
  });
});

describe('schemaFromResponse', () => {
  const response = {
    schemaId: 's1',
    name: 'Customer',
    businessAreaId: 'b1',
    businessAreaName: 'Sales',
    createdDate: '2024-01-01T00:00:00Z',
    fields: [
      { name: 'Email', dataType: 'email' },
      {
        name: 'Tier',
        dataType: 'picklist',
        staticPicklist: [{ code: 'gold' }, { code: 'silver' }],
      },
    ],
  } as const;

  it('types fields from a response typed as const', () => {
    const schema = schemaFromResponse(response);
    expectTypeOf<FieldNameOf<(typeof schema)['definition']>>().toEqualTypeOf<'Email' | 'Tier'>();
    expectTypeOf(schema.field('Tier').equals).parameter(0).toEqualTypeOf<'gold' | 'silver'>();
    expect(
      query(schema.field('Email').endsWith('@example.com'), schema.field('Tier').equals('gold'))
        .text,
    ).toBe('Email:*@example.com AND Tier:gold');
  });

  it('takes a value typed as SchemaResponse: names are then any string and values are checked at run time', () => {
    const typed: SchemaResponse = response;
    const schema = schemaFromResponse(typed);
    expectTypeOf<FieldNameOf<(typeof schema)['definition']>>().toEqualTypeOf<string>();
    expectTypeOf(schema.field('Tier').equals).parameter(0).toEqualTypeOf<Scalar>();
    expect(format(schema.field('Tier').equals('gold'))).toBe('Tier:gold');
    expect(codeOf(() => schema.field('Tier').equals('bronze'))).toBe('invalid-value');
    expect(codeOf(() => schema.field('Nope'))).toBe('unknown-field');
  });

  it('refuses duplicate and missing names', () => {
    expect(codeOf(() => schemaFromResponse({ fields: [{ name: 'a' }, { name: 'a' }] }))).toBe(
      'invalid-field-name',
    );
    expect(codeOf(() => schemaFromResponse({ fields: [{ dataType: 'string' }] } as never))).toBe(
      'invalid-field-name',
    );
    expect(codeOf(() => defineSchema({ ' ': { dataType: 'string' } }))).toBe('empty-field-name');
  });
});
