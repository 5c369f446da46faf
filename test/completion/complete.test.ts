import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankText } from '../../src/completion/catalog.js';
import { complete } from '../../src/completion/complete.js';
import { customerSchema, exampleSchemas, productSchema } from '../../src/examples/index.js';
import { loadSchema } from '../../src/schema/schema.js';
import { apply, completeAt, labels, marked, replaced, schema, today } from './helpers.js';

const customerFields = customerSchema.fields.filter((f) => f.active !== false).map((f) => f.name);

describe('at the start of a clause', () => {
  it.each([
    '|',
    '(|',
    'a AND |',
    'a OR |',
    'NOT |',
    '[Age] ge 18 and |',
    'a && |',
    '!|',
    '-|',
    '+|',
    '(a OR (|',
  ])('%j offers every field, then NOT, _exists_: and (', (query) => {
    const result = completeAt(query, { schema: customerSchema });
    expect(result.context.kind).toBe('clause');
    const got = result.items.map((i) => i.label);
    expect(got.slice(0, customerFields.length)).toEqual(customerFields);
    expect(got.slice(-3)).toEqual(['NOT', '_exists_:', '( … )']);
    expect(result.from).toBe(marked(query).offset);
    expect(result.to).toBe(marked(query).offset);
  });

  it('writes names with spaces in brackets, others as name:', () => {
    expect(apply('|', 'First Name')).toBe('[First Name] ');
    expect(apply('|', 'City')).toBe('City:');
    expect(apply('a AND |', 'Status')).toBe('a AND Status:');
    expect(apply('|', '_exists_:')).toBe('_exists_:');
    expect(apply('|', 'NOT')).toBe('NOT ');
  });

  it('puts the caret inside the parentheses it inserts', () => {
    const item = completeAt('|').items.find((i) => i.label === '( … )')!;
    expect(item.insert).toBe('()');
    expect(item.cursor).toBe(1);
  });

  it('lists metadata fields after the schema fields and inactive fields last, marked', () => {
    const items = completeAt('|', { schema: customerSchema }).items.filter(
      (i) => i.kind === 'field',
    );
    const names = items.map((i) => i.label);
    expect(names.indexOf('_dataObjectId')).toBeGreaterThan(names.indexOf('Home Location'));
    expect(names[names.length - 1]).toBe('Legacy Customer Number');
    expect(items[items.length - 1]!.inactive).toBe(true);
    expect(items.find((i) => i.label === 'First Name')!.pii).toBe(true);
    expect(items.find((i) => i.label === 'City')!.pii).toBeUndefined();
  });

  it('gives each field its type as detail and its documentation', () => {
    const status = completeAt('|').items.find((i) => i.label === 'Status')!;
    expect(status.kind).toBe('field');
    expect(status.detail).toBe('picklist · Customer');
    expect(status.documentation).toContain('`ACT` Active');
    const loyalty = completeAt('|', { schema: customerSchema }).items.find(
      (i) => i.label === 'Loyalty Score',
    )!;
    expect(loyalty.detail).toBe('float');
    expect(loyalty.documentation).toContain('Between 0 and 1');
  });

  it('offers only the keywords without a schema', () => {
    expect(complete('', 0).items.map((i) => i.label)).toEqual(['NOT', '_exists_:', '( … )']);
  });

  it('gives items sort texts in the order listed', () => {
    const items = completeAt('|').items;
    const sorted = [...items].sort((a, b) => (a.sortText < b.sortText ? -1 : 1));
    expect(sorted).toEqual(items);
  });
});

describe('inside a partial field name', () => {
  it.each([
    ['Fir|', 'First Name', 'Fir'],
    ['[Fir|', 'First Name', '[Fir'],
    ['Cit|:Berlin', 'City', 'Cit'],
    ['[Loy|] gt 5', 'Loyalty Score', '[Loy]'],
    ['Customer\\ S|', 'Customer Since', 'Customer\\ S'],
    ['_exists_:Em|', 'Email', 'Em'],
    ['a AND Sta|tus:ACT', 'Status', 'Status'],
    ['(Cou|', 'Country', 'Cou'],
  ])('%j offers %j first, replacing %j', (query, first, span) => {
    expect(labels(query)[0]).toBe(first);
    expect(replaced(query)).toBe(span);
  });

  it('writes the name the way the place needs it', () => {
    expect(apply('[Fir|', 'First Name')).toBe('[First Name] ');
    expect(apply('[Loy|] gt 5', 'Loyalty Score')).toBe('[Loyalty Score] gt 5');
    expect(apply('Cit|:Berlin', 'City')).toBe('City:Berlin');
    expect(apply('Date|:2020', 'Date of Birth')).toBe('Date\\ of\\ Birth:2020');
    expect(apply('Customer\\ S|', 'Customer Since')).toBe('Customer\\ Since:');
    expect(apply('_exists_:Fir|', 'First Name')).toBe('_exists_:First\\ Name');
    expect(apply('Fir|', 'First Name')).toBe('[First Name] ');
  });

  it('offers every field after _exists_:, escaped', () => {
    const result = completeAt('_exists_:|');
    expect(result.context.kind).toBe('field-name');
    expect(result.items.find((i) => i.label === 'Date of Birth')!.insert).toBe('Date\\ of\\ Birth');
  });

  it('keeps an exactly typed field listed, first', () => {
    expect(labels('City|')[0]).toBe('City');
    expect(labels('[Age|]')[0]).toBe('Age');
  });
});

describe('fuzzy ranking', () => {
  it('ranks exact, then prefix, then word starts, then substrings, then typos', () => {
    const schemaWith = loadSchema({
      name: 'T',
      fields: [
        { name: 'Conan', dataType: 'string' },
        { name: 'Last Name', dataType: 'string' },
        { name: 'Nickname', dataType: 'string' },
        { name: 'Name', dataType: 'string' },
        { name: 'Names Given', dataType: 'string' },
        { name: 'Nome Code', dataType: 'string' },
      ],
    });
    const got = labels('name|', { schema: schemaWith }).filter((l) => !l.startsWith('_'));
    expect(got).toEqual(['Name', 'Names Given', 'Last Name', 'Nickname', 'Nome Code']);
  });

  it('finds a name by its word starts', () => {
    expect(labels('ln|')).toContain('Last Name');
    expect(labels('ln|')[0]).toBe('Last Name');
    expect(labels('cusin|')[0]).toBe('Customer Since');
    expect(labels('cusi|').slice(0, 2)).toEqual(['Customer ID', 'Customer Since']);
    expect(labels('lana|')[0]).toBe('Last Name');
  });

  it('finds substrings and typos, case-insensitively', () => {
    expect(labels('SCORE|')).toContain('Loyalty Score');
    expect(labels('Frist|')[0]).toBe('First Name');
    expect(labels('[Emial|')[0]).toBe('Email');
  });

  it('finds nothing for nonsense', () => {
    expect(labels('zzqx|')).toEqual([]);
  });

  it('lists inactive fields after every active match, and metadata after schema fields', () => {
    const got = labels('Customer|', { schema: customerSchema });
    expect(got[got.length - 1]).toBe('Legacy Customer Number');
    expect(labels('schema|').slice(0, 2)).toEqual(['_schemaId', '_schemaName']);
  });

  it('returns at most maxItems for a typed prefix', () => {
    expect(labels('e|', { maxItems: 3 })).toHaveLength(3);
  });
});

describe('after a bracket field: operators that fit its type', () => {
  it.each([
    ['[First Name] |', ['eq', 'ne', 'contains', 'startswith', 'endswith']],
    ['[Age] |', ['eq', 'ne', 'gt', 'lt', 'ge', 'le']],
    ['[Launch Date] |', ['eq', 'ne', 'gt', 'lt', 'ge', 'le']],
    ['[VIP] |', ['eq', 'ne']],
    ['[Status] |', ['eq', 'ne']],
    ['[Profile Photo] |', []],
    [
      '[Unknown Field] |',
      ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'contains', 'startswith', 'endswith'],
    ],
    ['[Age] g|', ['gt', 'ge']],
    ['[First Name] con|', ['contains']],
    ['[Age] eq|', ['eq']],
  ])('%j offers %j', (query, expected) => {
    expect(labels(query)).toEqual(expected);
    expect(completeAt(query).items.every((i) => i.kind === 'operator')).toBe(true);
  });

  it('inserts the operator and a space, and a space before it when the bracket touches the cursor', () => {
    expect(apply('[Age] |', 'ge')).toBe('[Age] ge ');
    expect(apply('[Age]|', 'ge')).toBe('[Age] ge ');
    expect(apply('[Age] g|', 'ge')).toBe('[Age] ge ');
  });

  it('has no operator that does not fit: no contains on a number, no gt on a boolean', () => {
    expect(labels('[Age] |')).not.toContain('contains');
    expect(labels('[VIP] |')).not.toContain('gt');
  });
});

describe('values', () => {
  it('offers picklist codes with their descriptions after field:', () => {
    const result = completeAt('Status:|');
    expect(result.context).toEqual({
      kind: 'value',
      prefix: '',
      field: 'Status',
      valueStyle: 'term',
    });
    expect(result.items.map((i) => `${i.label} ${i.detail}`)).toEqual([
      'ACT Active',
      'INA Inactive',
      'PRO Prospect',
      'BLK Blocked',
    ]);
  });

  it('matches codes and descriptions', () => {
    expect(labels('Status:A|')[0]).toBe('ACT');
    expect(labels('Status:Bloc|')).toEqual(['BLK']);
    expect(labels('Country:germ|')).toEqual(['DE']);
  });

  it('quotes values inside quotes and in comparisons', () => {
    expect(apply('[Status] eq "A|"', 'ACT')).toBe('[Status] eq "ACT"');
    expect(apply('[Status] eq "A|', 'ACT')).toBe('[Status] eq "ACT"');
    expect(apply('[Status] eq |', 'PRO')).toBe('[Status] eq "PRO"');
    expect(apply('[Status] eq P|', 'PRO')).toBe('[Status] eq "PRO"');
    expect(apply('Status:"|"', 'BLK')).toBe('Status:"BLK"');
  });

  it('offers values inside a field group', () => {
    const result = completeAt('Country:(DE OR |');
    expect(result.context.field).toBe('Country');
    expect(result.items.map((i) => i.label)).toEqual(['DE', 'FR', 'GB', 'NL', 'US', 'JP', 'NOT']);
    expect(labels('Country:(DE OR F|')).toEqual(['FR']);
    expect(labels('Country:((DE OR FR) OR N|')[0]).toBe('NL');
  });

  it("offers the field's own boolean values", () => {
    expect(labels('VIP:|')).toEqual(['Y', 'N']);
    expect(labels('Preferred:|')).toEqual(['1', '0']);
    expect(labels('[Discontinued] eq |')).toEqual(['true', 'false']);
    expect(apply('[VIP] eq |', 'Y')).toBe('[VIP] eq "Y"');
  });

  it('offers a date template and a range snippet for dates', () => {
    const result = completeAt('Launch\\ Date:|');
    expect(result.items.map((i) => i.label)).toEqual([
      '2026-11-22',
      '[2026-01-01 TO 2026-12-31]',
      '>',
      '>=',
      '<',
      '<=',
    ]);
    const range = result.items[1]!;
    expect(range.kind).toBe('snippet');
    expect(range.snippet).toBe('[${1:2026-01-01} TO ${2:2026-12-31}]');
    expect(apply('[Launch Date] eq |', '2026-11-22')).toBe('[Launch Date] eq "2026-11-22"');
  });

  it("keeps date templates within the field's bounds", () => {
    expect(labels('Date\\ of\\ Birth:|').slice(0, 2)).toEqual([
      '2010-12-31',
      '[2010-01-01 TO 2010-12-31]',
    ]);
  });

  it('offers a range snippet for numbers, and relations for ordered fields', () => {
    expect(labels('Age:|')).toEqual(['[0 TO 100]', '>', '>=', '<', '<=']);
    expect(labels('[Age] eq |')).toEqual([]);
  });

  it('offers nothing for text fields, unknown fields and images', () => {
    expect(labels('City:|')).toEqual([]);
    expect(labels('Nope:|')).toEqual([]);
    expect(labels('Logo:|')).toEqual([]);
  });

  it('completes range bounds, TO and the range end', () => {
    expect(labels('Launch\\ Date:[|')).toEqual(['2026-11-22', '*']);
    expect(labels('Launch\\ Date:[2020-01-01 |')).toEqual(['TO']);
    expect(labels('Launch\\ Date:[2020-01-01 T|')).toEqual(['TO']);
    expect(labels('Launch\\ Date:[2020-01-01 TO |')).toEqual(['2026-11-22', '*']);
    expect(labels('Launch\\ Date:[2020-01-01 TO 2021-01-01 |')).toEqual([']', '}']);
    expect(labels('Age:{1 TO |')).toEqual(['*']);
  });

  it('offers dates after a relation', () => {
    expect(labels('Launch\\ Date:>|')).toEqual(['2026-11-22']);
    expect(labels('Launch\\ Date:>=|')).toEqual(['2026-11-22']);
  });
});

describe('after a complete clause', () => {
  it.each([
    ['city:Berlin |', ['AND', 'OR', 'NOT']],
    ['"New York" |', ['AND', 'OR', 'NOT']],
    ['Age:[1 TO 5] |', ['AND', 'OR', 'NOT']],
    ['[Age] ge 18 |', ['AND', 'OR', 'NOT', 'and', 'or']],
    ['([Age] ge 18) |', ['AND', 'OR', 'NOT', 'and', 'or']],
    ['(a |', ['AND', 'OR', 'NOT', ')']],
    ['Country:(DE |', ['AND', 'OR', 'NOT', ')']],
    ['/re/ |', ['AND', 'OR', 'NOT']],
  ])('%j offers %j', (query, expected) => {
    expect(labels(query)).toEqual(expected);
  });

  it('offers the operator being typed, and fields for an implicit AND', () => {
    const got = labels('Berlin AN|');
    expect(got[0]).toBe('AND');
    expect(got).toContain('Annual Spend');
    expect(labels('[Age] ge 18 an|')[0]).toBe('and');
  });
});

describe('nothing absurd', () => {
  it.each([
    ['"New Yo| City"', 'none'],
    ['/jo|n/', 'none'],
    ['/jo|', 'none'],
    ['roam~|', 'none'],
    ['roam^|', 'none'],
    ['a~1|', 'none'],
  ])('%j: no items (%s)', (query, kind) => {
    const result = completeAt(query);
    expect(result.items).toEqual([]);
    expect(result.context.kind).toBe(kind);
  });

  it('offers only the closing quote inside an unterminated phrase', () => {
    const result = completeAt('"New Yo|');
    expect(result.context.kind).toBe('phrase');
    expect(result.items.map((i) => i.insert)).toEqual(['"']);
  });

  it('offers no operators after an operator, no values after a complete range', () => {
    expect(completeAt('a AND |').items.some((i) => i.label === 'AND' || i.label === 'OR')).toBe(
      false,
    );
    expect(completeAt('[Age] eq |').items.some((i) => i.kind === 'operator')).toBe(false);
    expect(completeAt('Age:[1 TO 5] |').items.every((i) => i.kind === 'keyword')).toBe(true);
  });
});

describe('several schemas', () => {
  it('says which schemas have each field', () => {
    const items = completeAt('|').items;
    const firstName = items.find((i) => i.label === 'First Name')!;
    expect(firstName.schemas).toEqual(['Customer', 'Customer Contact']);
    expect(firstName.detail).toBe('string · PII · Customer, Customer Contact');
    expect(firstName.documentation).toContain('In schemas Customer, Customer Contact.');
    expect(items.find((i) => i.label === 'SKU')!.schemas).toEqual(['Product']);
  });

  it('lists a field once however many schemas have it', () => {
    const got = labels('|').filter((l) => l === 'Country');
    expect(got).toEqual(['Country']);
  });

  it('takes one response, several, or a loaded index', () => {
    expect(labels('SK|', { schema: productSchema })).toEqual(['SKU']);
    expect(labels('SK|', { schema: [productSchema] })).toEqual(['SKU']);
    expect(labels('SK|', { schema: loadSchema(exampleSchemas) })).toEqual(['SKU']);
    expect(labels('SK|', { schema: customerSchema })).toEqual([]);
  });
});

describe('robustness', () => {
  it('clamps offsets and survives odd input', () => {
    expect(complete('abc', 99, { schema }).from).toBeLessThanOrEqual(3);
    expect(complete('abc', -5, { schema }).from).toBe(0);
    expect(complete('abc', Number.NaN, { schema }).to).toBe(3);
    expect(complete(undefined as unknown as string, 0, { schema }).items.length).toBeGreaterThan(0);
    expect(complete('a\\', 2, { schema }).from).toBeLessThanOrEqual(2);
  });

  it('a today that is no usable date gives a fixed day instead of throwing or a broken date', () => {
    const withoutBounds = { ...customerSchema, fields: [{ name: 'Born', dataType: 'date' }] };
    const dates = (today: unknown) =>
      complete('[Born] eq ', 10, { schema: withoutBounds, today: today as Date }).items.map(
        (i) => i.insert,
      );
    expect(dates('2020-05-05')).toEqual(['"2024-01-01"']); // a string from JavaScript threw: date.getTime is not a function
    expect(dates(new Date(8.64e15))).toEqual(['"2024-01-01"']); // year 275760: toISOString starts with +275760
    expect(dates(new Date(Number.NaN))).toEqual(['"2024-01-01"']);
    expect(dates(new Date(Date.UTC(2021, 2, 4)))).toEqual(['"2021-03-04"']);
  });

  it('takes any maxItems: a fraction counts whole (1.5 threw "Invalid array length"), less than 1 or no number gives the default, Infinity all', () => {
    const count = (maxItems: unknown) =>
      complete('[a', 2, { schema, maxItems: maxItems as number }).items.length;
    const all = count(Number.POSITIVE_INFINITY);
    expect(all).toBeGreaterThan(3);
    expect(count(1.5)).toBe(1);
    expect(count(3.99)).toBe(3);
    for (const odd of [0.5, 0, -1, Number.NaN, '3', null])
      expect(count(odd)).toBe(Math.min(all, 100));
  });

  it("law: rank texts sort as their ranks, by code unit and by locale, past 99 999 too ('100000' sorted before '99999')", () => {
    const rank = fc.oneof(
      fc.nat(2_000),
      fc.integer({ min: 90_000, max: 110_000 }),
      fc.nat(10 ** 12),
    );
    fc.assert(
      fc.property(rank, rank, (a, b) => {
        fc.pre(a !== b);
        const [low, high] = a < b ? [rankText(a), rankText(b)] : [rankText(b), rankText(a)];
        expect(low < high).toBe(true);
        expect(low.localeCompare(high)).toBeLessThan(0);
      }),
    );
    expect(rankText(99_999) < rankText(100_000)).toBe(true);
  });

  it('returns the same list for the same schema without copying it', () => {
    expect(complete('', 0, { schema }).items).toBe(complete('a AND ', 6, { schema }).items);
  });

  it('uses the today option for date templates', () => {
    expect(labels('Launch\\ Date:|', { today: new Date('2024-03-05') })[0]).toBe('2024-03-05');
    expect(labels('Launch\\ Date:|')[0]).toBe(today.toISOString().slice(0, 10));
  });
});

describe('names typed with unescaped spaces', () => {
  it('completes a field name from the words before the cursor', () => {
    expect(labels('First Na|')[0]).toBe('First Name');
    expect(replaced('First Na|')).toBe('First Na');
    expect(apply('First Na|', 'First Name')).toBe('[First Name] ');
    expect(apply('a AND Date of Bi|', 'Date of Birth')).toBe('a AND [Date of Birth] ');
    expect(labels('(Customer S|')[0]).toBe('Customer Since');
  });

  it('leaves words alone that begin no field name', () => {
    const result = completeAt('John Sm|');
    expect(result.context.kind).toBe('after-clause');
    expect(replaced('John Sm|')).toBe('Sm');
  });
});
