import { describe, expect, it } from 'vitest';
import { parse, QuerySyntaxError, SchemaError, loadSchema } from '../../src/index.js';
import { field, query, defineSchema, term, and, not } from '../../src/builder/index.js';
import { compile, filter } from '../../src/evaluator/index.js';
import type { Expr } from '../../src/language/ast.js';
import { exampleSchemas, nameOf, names, records } from './records.js';

const noSchema = {};

describe('full text', () => {
  it.each([
    ['tim', ['Tim']],
    ['TIM', ['Tim']],
    ['smith', ['Tim']],
    ['doe', ['Jane', 'John']],
    ['john', ['John']], // a whole token: "joanna" is not "john"
    ['headphones', ['Noise Cancelling Headphones']],
    ['berlin tim', ['Tim']],
    ['berlin paris', []],
    ['example.com', ['Tim', 'John']], // one token: the standard analyser keeps example.com together
    ['tim.smith@example.com', ['Tim']], // several tokens: matched as a phrase
    ['online', ['Tim', 'Aiko']], // any element of a multivalue field
    ['40', ['Tim']], // numbers are searched as their text
  ])('%s', (q, expected) => {
    expect(names(q)).toEqual(expected);
    expect(names(q, noSchema)).toEqual(expected);
  });

  it('does not search the hit metadata', () => {
    expect(names('Customer')).toEqual([]);
    expect(names('_schemaName:Customer').length).toBe(8); // metadata is text: "Customer Contact" too
    expect(names('_schemaName:"Customer Contact"')).toEqual(['Pieter', 'Sanne']);
  });

  it('phrases match consecutive tokens of one value', () => {
    expect(names('"new york"')).toEqual(['John']);
    expect(names('"york new"')).toEqual([]);
    expect(names('"wireless headphones"')).toEqual(['Noise Cancelling Headphones']);
    expect(names('"over ear"')).toEqual(['Noise Cancelling Headphones']);
  });

  it('a text of only punctuation matches a value that is exactly that text', () => {
    const rs = [
      { id: 1, note: '&&' },
      { id: 2, note: 'a && b' },
    ];
    expect(filter(rs, 'note:\\&\\&').map((r) => r.id)).toEqual([1]);
    expect(filter(rs, '"&&"').map((r) => r.id)).toEqual([1]);
  });

  it('*:* and * match every record, *:value searches every field', () => {
    expect(names('*:*').length).toBe(records.length);
    expect(names('*').length).toBe(records.length);
    expect(names('*:berlin')).toEqual(['Tim']);
  });
});

describe('fields', () => {
  it.each([
    ['City:berlin', ['Tim']],
    ['City:"new york"', ['John']],
    ['City:york', ['John']],
    ['City:(Berlin OR Paris)', ['Tim', 'Jane']],
    ['Last\\ Name:doe', ['Jane', 'John']],
    ['[First Name] eq "tim"', ['Tim']],
    ['First\\ Name:smith', []],
    ['Tags:newsletter', ['Tim', 'Joanna']],
    ['Description:hose', ['Garden Hose 25 m']],
  ])('%s', (q, expected) => {
    expect(names(q)).toEqual(expected);
  });

  it('reads nested objects for dotted names, and exact names first', () => {
    const rs = [
      { id: 1, address: { city: 'Berlin', geo: { lat: 52 } } },
      { id: 2, 'address.city': 'Paris' },
      { id: 3, address: [{ city: 'Rome' }, { city: 'Berlin' }] },
      { id: 4, 'Home Location': { lat: 52.5 } },
    ];
    expect(filter(rs, 'address.city:berlin').map((r) => r.id)).toEqual([1, 3]);
    expect(filter(rs, 'address.city:paris').map((r) => r.id)).toEqual([2]);
    expect(filter(rs, 'address.geo.lat:52').map((r) => r.id)).toEqual([1]);
    expect(filter(rs, 'Home\\ Location.lat:>50').map((r) => r.id)).toEqual([4]);
    expect(filter(rs, 'berlin').map((r) => r.id)).toEqual([1, 3]);
  });

  it('never reads the prototype', () => {
    const rs: { id: number; [k: string]: unknown }[] = [{ id: 1 }, { id: 2, constructor: 'x' }];
    expect(filter(rs, '_exists_:constructor').map((r) => r.id)).toEqual([2]);
    expect(filter(rs, '_exists_:__proto__').map((r) => r.id)).toEqual([]);
    expect(filter(rs, 'toString:*').map((r) => r.id)).toEqual([]);
  });

  it('never reads a polluted Object.prototype, first call and later', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.Polluted = 'berlin';
    try {
      const rs: { id: number; [k: string]: unknown }[] = [
        { id: 1 },
        { id: 2, Polluted: 'berlin' },
        { id: 3, City: 'berlin' },
      ];
      for (let round = 0; round < 3; round++) {
        expect(filter(rs, 'Polluted:berlin').map((r) => r.id)).toEqual([2]);
        expect(filter(rs, 'Polluted:berlin OR Polluted:lyon').map((r) => r.id)).toEqual([2]);
        expect(filter(rs, 'NOT Polluted:berlin').map((r) => r.id)).toEqual([1, 3]);
        expect(filter(rs, '_exists_:Polluted').map((r) => r.id)).toEqual([2]);
        // Full text walks the records in place on the first call (for-in lists the polluted property too).
        for (const query of [
          'berlin',
          'ber*',
          '*erli*',
          'berlni~1',
          '"berlin"~2',
          'berlin AND NOT lyon',
          '/berl.n/',
        ])
          expect(
            filter(rs, query).map((r) => r.id),
            query,
          ).toEqual([2, 3]);
      }
    } finally {
      delete proto.Polluted;
    }
  });

  it('with a schema, a field it does not know matches nothing and is reported', () => {
    const m = compile('Nickname:tim OR tim', { schema: exampleSchemas });
    expect(m.diagnostics.map((d) => [d.code, d.span])).toEqual([
      ['unknown-field', { start: 0, end: 8 }],
    ]);
    expect(filter(records, m).map(nameOf)).toEqual(['Tim']);
    expect(compile('[Nickname] ne "x"', { schema: exampleSchemas })(records[0]!)).toBe(true);
    expect(compile('Nickname:tim', noSchema).diagnostics).toEqual([]);
  });
});

describe('wildcards', () => {
  it.each([
    ['Jo*', ['John', 'Joanna']],
    ['jo?n', ['John']],
    ['*son', []],
    ['*ond*', ['Oliver']], // London
    ['First\\ Name:J*', ['Jane', 'John', 'Joanna']],
    ['Email:*@example.com', ['Tim', 'John']], // '@' is never inside a token: the whole value is tried too
    ['Status:A*', ['Tim', 'Jane', 'Joanna']],
    ['Tags:b2?', ['Joanna']],
  ])('%s', (q, expected) => {
    expect(names(q)).toEqual(expected);
  });

  it('field:* is the field holding a value', () => {
    expect(names('Phone:*')).toEqual(names('_exists_:Phone'));
  });

  it('an escaped * is a literal', () => {
    const rs = [
      { id: 1, code: 'a*b' },
      { id: 2, code: 'axb' },
    ];
    expect(filter(rs, 'code:a\\*b').map((r) => r.id)).toEqual([1]);
    expect(filter(rs, 'code:a*b').map((r) => r.id)).toEqual([1, 2]);
  });
});

describe('typed by the schema', () => {
  it('numbers compare numerically', () => {
    expect(names('Age:40')).toEqual(['Tim']);
    expect(names('Age:40.0')).toEqual(['Tim']);
    expect(names('Age:>=67')).toEqual(['John', 'Oliver']);
    expect(names('[Age] lt 30')).toEqual(['Aiko']);
    expect(names('Age:[33 TO 46]')).toEqual(['Tim', 'Jane', 'Joanna']);
    expect(names('Age:{33 TO 46}')).toEqual(['Tim']);
    expect(names('Age:[33 TO 46}')).toEqual(['Tim', 'Jane']);
    expect(names('Age:{33 TO 46]')).toEqual(['Tim', 'Joanna']);
    expect(names('Age:[70 TO *]')).toEqual(['Oliver']);
    expect(names('Unit\\ Price:<50')).toEqual(['Garden Hose 25 m', 'Wooden Train Set', 'Yoga Mat']);
    expect(names('[Loyalty Score] gt 0.9')).toEqual(['Joanna']);
    expect(names('[Credit Limit] eq 0')).toEqual(['John', 'Oliver']);
    expect(names('Annual\\ Spend:>=1e6')).toEqual([]); // not a number as the language writes them
    expect(names('Annual\\ Spend:>=1000000')).toEqual(['Acme Components GmbH']);
  });

  it('dates are read in the field format and compared with year-month-day query dates', () => {
    expect(names('[Date of Birth] lt "1960-01-01"')).toEqual(['John', 'Oliver']); // MM/DD/YYYY
    expect(names('Date\\ of\\ Birth:1985-04-12')).toEqual(['Tim']);
    expect(names('Date\\ of\\ Birth:[1980-01-01 TO 1990-12-31]')).toEqual(['Tim']);
    expect(names('Date\\ of\\ Birth:1985')).toEqual(['Tim']); // a year covers the whole year
    expect(names('[Onboarded On] ge "2020-01-01"')).toEqual([
      'Nordwood Timber',
      'Pacific Plastics Inc.',
    ]); // DD.MM.YYYY
    expect(names('[Last Contacted] gt "2024-03-01"')).toEqual(['Pieter']); // DD/MM/YYYY
    expect(names('Launch\\ Date:{* TO 2020-01-20]')).toEqual(['Smart Speaker', 'Yoga Mat']);
  });

  it('datetimes compare to the second, and a date covers its whole day', () => {
    expect(names('Customer\\ Since:>=2019')).toEqual(['Tim', 'Jane']);
    expect(names('Customer\\ Since:2019-03-01')).toEqual(['Tim']);
    expect(names('[Customer Since] gt "2019-03-01T08:59"')).toEqual(['Tim', 'Jane']);
    expect(names('[Customer Since] gt "2019-03-01T09:00"')).toEqual(['Jane']);
    expect(names('Last\\ Audit:[2024-01-01 TO *]')).toEqual(['Acme Components GmbH']);
  });

  it('date math counts from the compile time, or from options.now', () => {
    const now = new Date(Date.UTC(2024, 4, 15));
    const recent = (q: string) => filter(records, q, { schema: exampleSchemas, now }).map(nameOf);
    expect(recent('[Last Contacted] ge "now-7d"')).toEqual(['Pieter']); // 14/05/2024
    expect(recent('Last\\ Contacted:[now-1y TO now-3M]')).toEqual(['Sanne']); // 02/02/2024
    expect(recent('Launch\\ Date:>now-2y\\/y')).toEqual([
      'Noise Cancelling Headphones',
      'Wooden Train Set',
    ]);
    expect(names('[Last Contacted] ge "now-100y"')).toEqual(['Pieter', 'Sanne']);
  });

  it('times of day', () => {
    expect(names('[Preferred Contact Time] ge "09:30"')).toEqual(['Tim']);
    expect(names('[Preferred Contact Time] ge "10:30"')).toEqual([]);
  });

  it('booleans by the field pair', () => {
    expect(names('VIP:Y')).toEqual(['Tim', 'Joanna']);
    // A spelling other than the pair's, exactly as written, can never match (value-rules.ts).
    expect(names('VIP:y')).toEqual([]);
    expect(names('VIP:true')).toEqual([]);
    expect(names('[VIP] ne "Y"')).toEqual([
      'Jane',
      'John',
      'Aiko',
      'Oliver',
      'Pieter',
      'Sanne',
      'Noise Cancelling Headphones',
      'Smart Speaker',
      'Garden Hose 25 m',
      'Wooden Train Set',
      'Yoga Mat',
      'Acme Components GmbH',
      'Globex Trading Ltd',
      'Nordwood Timber',
      'Pacific Plastics Inc.',
    ]);
    expect(names('Preferred:1')).toEqual(['Acme Components GmbH', 'Nordwood Timber']);
    expect(names('Preferred:true')).toEqual([]);
    expect(names('[Primary Contact] eq "true"')).toEqual(['Pieter']);
    expect(names('Discontinued:true')).toEqual(['Smart Speaker']);
    expect(names('VIP:yes')).toEqual([]);
  });

  it('picklists by code, case and all', () => {
    expect(names('Status:ACT AND Country:DE')).toEqual(['Tim']);
    expect(names('Status:act')).toEqual([]);
    expect(names('Status:Active')).toEqual([]);
    expect(names('Colour:BLU')).toEqual(['Garden Hose 25 m', 'Wooden Train Set', 'Yoga Mat']);
    expect(names('Certifications:ISO9001')).toEqual(['Acme Components GmbH', 'Globex Trading Ltd']);
    expect(names('Country:(NL OR JP)')).toEqual(['Aiko', 'Joanna', 'Nordwood Timber']);
  });

  it('without a schema, types follow the JavaScript values', () => {
    const rs = [
      { id: 1, n: 5, b: true, s: '10', d: '2021-03-04', when: new Date(Date.UTC(2020, 1, 2)) },
      {
        id: 2,
        n: 50,
        b: false,
        s: '9',
        d: '2020-12-31T23:00:00',
        when: new Date(Date.UTC(2022, 1, 2)),
      },
    ];
    const ids = (q: string) => filter(rs, q).map((r) => r.id);
    expect(ids('n:>10')).toEqual([2]);
    expect(ids('n:5')).toEqual([1]);
    expect(ids('b:true')).toEqual([1]);
    expect(ids('s:[8 TO 9]')).toEqual([2]); // numeric strings compare as numbers
    expect(ids('d:[2021-01-01 TO *]')).toEqual([1]);
    expect(ids('d:2020-12-31')).toEqual([2]);
    expect(ids('when:<2021-01-01')).toEqual([1]);
  });

  it('takes a SchemaIndex and a defineSchema result', () => {
    const index = loadSchema(exampleSchemas);
    expect(names('[Date of Birth] lt "1960-01-01"', { schema: index })).toEqual(['John', 'Oliver']);
    const typed = defineSchema({
      Born: { dataType: 'date', dateFormat: 'DD.MM.YYYY' },
      Rank: { dataType: 'integer' },
    } as const);
    const rs = [
      { Born: '01.02.1990', Rank: '7' },
      { Born: '31.12.1989', Rank: 12 },
    ];
    expect(filter(rs, 'Born:>=1990-01-01 OR Rank:>10', { schema: typed })).toEqual(rs);
    expect(filter(rs, 'Born:1990-02-01', { schema: typed })).toEqual([rs[0]]);
    expect(() => compile('a', { schema: { nope: true } as never })).toThrow(SchemaError);
  });
});

describe('comparisons', () => {
  it('eq and ne take the whole value, ignoring case for text', () => {
    expect(names('[City] eq "new york"')).toEqual(['John']);
    expect(names('[City] eq "york"')).toEqual([]);
    expect(names('[Last Name] ne "Doe"')).toEqual(names('NOT [Last Name] eq "Doe"'));
  });

  it('contains, startswith, endswith on the whole value, ignoring case', () => {
    expect(names('[Email] endswith "@EXAMPLE.com"')).toEqual(['Tim', 'John']);
    expect(names('[Product Name] contains "speak"')).toEqual(['Smart Speaker']);
    expect(names('[Product Name] startswith "garden h"')).toEqual(['Garden Hose 25 m']);
    expect(names('[Tags] startswith "news"')).toEqual(['Tim', 'Joanna']);
    expect(names('[Age] startswith 4')).toEqual(['Tim', 'Joanna']); // on the value's text
  });

  it('numbers as bare values, signed', () => {
    const rs = [{ v: -10.5 }, { v: 3 }];
    expect(filter(rs, '[v] lt -10')).toEqual([rs[0]]);
    expect(filter(rs, '[v] eq +3')).toEqual([rs[1]]);
  });
});

describe('presence and negation', () => {
  const rs = [
    { id: 1, f: 'x' },
    { id: 2, f: '' },
    { id: 3, f: null },
    { id: 4 },
    { id: 5, f: [] },
    { id: 6, f: [null, ''] },
    { id: 7, f: ['', 'x'] },
    { id: 8, f: 0 },
    { id: 9, f: false },
  ];
  const ids = (q: string) => filter(rs, q).map((r) => r.id);

  it('_exists_ is present, not null, not empty text, not an empty array', () => {
    expect(ids('_exists_:f')).toEqual([1, 7, 8, 9]);
    expect(ids('NOT _exists_:f')).toEqual([2, 3, 4, 5, 6]);
    expect(ids('f:*')).toEqual(ids('_exists_:f'));
  });

  it('NOT f:x, -f:x and [f] ne "x" all match records without f', () => {
    const expected = [2, 3, 4, 5, 6, 8, 9];
    expect(ids('NOT f:x')).toEqual(expected);
    expect(ids('-f:x')).toEqual(expected);
    expect(ids('!f:x')).toEqual(expected);
    expect(ids('[f] ne "x"')).toEqual(expected);
    expect(ids('f:(NOT x)')).toEqual(expected);
    expect(ids('*:* AND NOT x')).toEqual(expected);
  });
});

describe('boolean structure', () => {
  it('precedence is the tree: NOT > AND > OR', () => {
    expect(names('tim AND smith OR jane')).toEqual(['Tim', 'Jane']);
    expect(names('tim AND (smith OR jane)')).toEqual(['Tim']);
    expect(names('doe NOT john')).toEqual(['Jane']);
    expect(names('NOT NOT tim')).toEqual(['Tim']);
    expect(names('+tim smith')).toEqual(['Tim']);
    expect(names('tim OR +jane')).toEqual(['Tim', 'Jane']);
    expect(names('[Age] ge 40 and [Age] lt 50 or [Status] eq "PRO"')).toEqual([
      'Tim',
      'Aiko',
      'Joanna',
    ]);
  });

  it('boosts do not change matching', () => {
    expect(names('tim^4 OR (jane OR john)^0.5')).toEqual(names('tim OR jane OR john'));
  });
});

describe('inputs', () => {
  it('text with syntax errors throws QuerySyntaxError', () => {
    expect(() => compile('a AND')).toThrow(QuerySyntaxError);
    expect(() => compile('[Status] eq Active')).toThrow(QuerySyntaxError);
  });

  it('takes a parsed tree, a builder result and a builder clause', () => {
    const built = query(field('City').eq('Berlin'), not(term('x')));
    expect(filter(records, built).map(nameOf)).toEqual(['Tim']);
    expect(filter(records, parse('City:berlin').ast).map(nameOf)).toEqual(['Tim']);
    expect(filter(records, and(term('doe'), not(term('john')))!).map(nameOf)).toEqual(['Jane']);
  });

  it('an empty query matches nothing, and says so', () => {
    const m = compile('   ');
    expect(m(records[0]!)).toBe(false);
    expect(m.diagnostics.map((d) => d.code)).toEqual(['empty-query']);
  });

  it('a hand-built tree with an Error hole evaluates the rest and reports the hole', () => {
    const span = { start: 0, end: 0 };
    const m = compile({
      kind: 'Query',
      span,
      body: {
        kind: 'Or',
        span,
        operands: [
          { kind: 'Error', span },
          { kind: 'Term', raw: 'tim', value: 'tim', span },
        ],
      },
    });
    expect(filter(records, m).map(nameOf)).toEqual(['Tim']);
    expect(m.diagnostics.map((d) => d.code)).toEqual(['unevaluable']);
  });

  it('a hand-built tree deeper than any parsed one matches nothing and says so, instead of overflowing the stack', () => {
    const span = { start: 0, end: 1 };
    const wrap = (operand: Expr): Expr => ({ kind: 'Not', operand, span }) as Expr;
    let deep: Expr = { kind: 'Term', value: 'a', span } as Expr;
    for (let i = 0; i < 100_000; i++) deep = wrap(deep);
    const matcher = compile(deep);
    expect(matcher.diagnostics.map((d) => [d.code, d.severity])).toEqual([['too-deep', 'error']]);
    expect([matcher({ a: 'a' }), matcher({ a: 'b' }), matcher.highlight({ a: 'b' })]).toEqual([
      false,
      false,
      [],
    ]);
    expect(filter([{ a: 'b' }], deep)).toEqual([]);
    let fine: Expr = { kind: 'Term', value: 'a', span } as Expr;
    for (let i = 0; i < 100; i++) fine = wrap(fine);
    expect(compile(fine)({ a: 'a' })).toBe(true); // an even number of NOTs
  });

  it('options.now must be a valid Date (date math would otherwise match nothing, silently)', () => {
    for (const now of ['2020-01-01', 5, new Date(Number.NaN)])
      expect(() => compile('x:>now-1d', { now: now as Date }), String(now)).toThrow(TypeError);
    expect(compile('x:>now-1d', { now: new Date(Date.UTC(2020, 0, 2)) })({ x: '2020-01-02' })).toBe(
      true,
    );
  });

  it('the matcher is a plain function with frozen diagnostics', () => {
    const m = compile('tim');
    expect(typeof m).toBe('function');
    expect(Object.isFrozen(m.diagnostics)).toBe(true);
  });
});

describe('several schemas that type a field differently', () => {
  const a = {
    name: 'A',
    fields: [
      { name: 'Code', dataType: 'integer' },
      { name: 'Born', dataType: 'date', dateFormat: 'MM/DD/YYYY' },
      { name: 'Flag', dataType: 'boolean', allowedBooleanValues: 'Y/N' },
      { name: 'Label', dataType: 'string' },
    ],
  };
  const b = {
    name: 'B',
    fields: [
      { name: 'Code', dataType: 'string' },
      { name: 'Born', dataType: 'date', dateFormat: 'DD.MM.YYYY' },
      { name: 'Flag', dataType: 'boolean', allowedBooleanValues: '1/0' },
      { name: 'Label', dataType: 'string' },
    ],
  };
  const rs = [
    { id: 'a1', _schemaName: 'A', Code: '7.0', Born: '03/04/2020', Flag: 'Y', Label: 'x' },
    { id: 'a2', _schemaName: 'A', Code: 'x 7 y', Born: '03.04.2020', Flag: '1', Label: 'x' },
    { id: 'b1', _schemaName: 'B', Code: 'x 7 y', Born: '03.04.2020', Flag: '1', Label: 'x' },
    { id: 'b2', _schemaName: 'B', Code: '7.0', Born: '03/04/2020', Flag: 'Y', Label: 'x' },
    { id: 'none', Code: 7, Born: '2020-04-03', Flag: true, Label: 'x' },
    { id: 'other', _schemaName: 'C', Code: 'x 7 y', Born: '03/04/2020', Flag: 'Y', Label: 'x' },
  ];
  const schema = loadSchema([a, b]);
  const ids = (q: string) => filter(rs, q, { schema }).map((r) => r.id);

  it('types each record by the schema its _schemaName names', () => {
    expect(ids('Code:7')).toEqual(['a1', 'b1', 'none', 'other']); // a number in A, a word in B, the merged (untyped) field for the others
    expect(ids('[Code] ge 5')).toEqual(['a1', 'b1', 'b2', 'none', 'other']); // A: numbers ("x 7 y" is none); B: text, ordered as text
    expect(ids('Born:[2020-03-01 TO 2020-03-31]')).toEqual(['a1']); // A reads 03/04/2020 as March 4th
    expect(ids('Born:[2020-04-01 TO 2020-04-30]')).toEqual(['b1', 'none']); // B reads 03.04.2020 as April 3rd
    expect(ids('[Born] eq "2020-04-03"')).toEqual(['b1', 'none']);
    expect(ids('Flag:Y')).toEqual(['a1', 'none', 'other']); // A's pair; the merged field takes both pairs
    expect(ids('Flag:1')).toEqual(['b1', 'none', 'other']); // B's pair; merged, 1 and Y both say true
    expect(ids('Flag:true')).toEqual([]); // neither pair spells it
    expect(ids('NOT Flag:Y')).toEqual(['a2', 'b1', 'b2']);
    expect(ids('Label:x AND Code:7')).toEqual(['a1', 'b1', 'none', 'other']);
  });

  it("a record naming no known schema is typed by the merged field, and highlights follow the record's typing", () => {
    const m = compile('Code:7 OR Born:2020-03-04', { schema });
    expect(m.highlight(rs[0]!)).toEqual([
      { field: 'Code', spans: [{ start: 0, end: 3 }] },
      { field: 'Born', spans: [{ start: 0, end: 10 }] },
    ]);
    expect(m.highlight(rs[2]!)).toEqual([{ field: 'Code', spans: [{ start: 2, end: 3 }] }]);
    expect(m(rs[5]!)).toBe(true); // merged: Code is opaque, and "x 7 y" holds the word 7
    expect(m.diagnostics).toEqual([]);
  });

  it('fields typed alike need no choice per record', () => {
    expect(ids('Label:x')).toEqual(['a1', 'a2', 'b1', 'b2', 'none', 'other']);
  });
});
