/** What each factory prints, how optional parts compose, and which inputs are refused. */
import { describe, expect, it } from 'vitest';
import type { Expr } from '../../src/language/ast.js';
import { format, parse } from '../../src/index.js';
import {
  BuilderError,
  and,
  anyOf,
  between,
  boost,
  compare,
  contains,
  endsWith,
  equals,
  exists,
  field,
  greaterOrEqual,
  greaterThan,
  lessOrEqual,
  lessThan,
  matchAll,
  missing,
  not,
  or,
  phrase,
  query,
  range,
  required,
  scope,
  startsWith,
  term,
  words,
} from '../../src/builder/index.js';

const cases: [string, Expr | undefined, string][] = [
  ['term', term('Jo*'), 'Jo\\*'],
  ['term keyword', term('AND'), '\\AND'],
  ['term number', term(-5), '\\-5'],
  ['phrase', phrase('New "York"'), '"New \\"York\\""'],
  ['words', words('  Tim\tO"Neil  '), 'Tim AND O\\"Neil'],
  ['matchAll', matchAll(), '*:*'],
  ['equals word', equals('City', 'Berlin'), 'City:Berlin'],
  ['equals with spaces', equals('First Name', 'Tim Tom'), 'First\\ Name:"Tim Tom"'],
  ['equals empty', equals('City', ''), 'City:""'],
  ['equals number', equals('Age', 42), 'Age:42'],
  ['equals date', equals('Day', new Date(2024, 0, 15)), 'Day:2024-01-15'],
  ['equals boolean', equals('Flag', true), 'Flag:true'],
  ['equals field named _exists_', equals('_exists_', 'x'), '\\_exists_:x'],
  ['anyOf', anyOf('Status', ['A', 'B C']), 'Status:(A OR "B C")'],
  ['anyOf one', anyOf('Status', ['A']), 'Status:A'],
  ['startsWith', startsWith('Name', 'Jo?'), 'Name:Jo\\?*'],
  ['endsWith', endsWith('email', '@example.com'), 'email:*@example.com'],
  ['contains', contains('Name', 'a b'), 'Name:*a\\ b*'],
  ['contains nothing', contains('Name', ''), 'Name:*'],
  ['between inclusive', between('Age', 18, 65), 'Age:[18 TO 65]'],
  [
    'between exclusive',
    between('Age', 18, 65, { lowerInclusive: false, upperInclusive: false }),
    'Age:{18 TO 65}',
  ],
  ['between open lower', between('Age', undefined, 65), 'Age:[* TO 65]'],
  [
    'between dates',
    between('Day', new Date(2020, 0, 1), '2020-12-31'),
    'Day:[2020-01-01 TO 2020-12-31]',
  ],
  ['between text bounds', between('Name', 'a b', 'TO'), 'Name:["a b" TO "TO"]'],
  ['range gt/lte', range('Age', { gt: 18, lte: 65 }), 'Age:{18 TO 65]'],
  ['range lt only', range('Age', { lt: 65 }), 'Age:[* TO 65}'],
  ['greaterThan', greaterThan('Age', 21), 'Age:>21'],
  ['greaterOrEqual', greaterOrEqual('Day', '2020-01-01'), 'Day:>=2020-01-01'],
  ['lessThan', lessThan('Age', 65), 'Age:<65'],
  ['lessOrEqual with =', lessOrEqual('x', '=5'), 'x:<=\\=5'],
  ['exists', exists('First Name'), '_exists_:First\\ Name'],
  ['missing', missing('Email'), 'NOT _exists_:Email'],
  ['compare string', compare('First Name', 'eq', 'Tim'), '[First Name] eq "Tim"'],
  ['compare number', compare('Age', 'gt', 21), '[Age] gt 21'],
  ['compare negative', compare('Temp', 'lt', -0.5), '[Temp] lt -0.5'],
  ['compare bracket in name', compare('a]b\\c', 'ne', 'x'), '[a\\]b\\\\c] ne "x"'],
  ['compare date', compare('Day', 'ge', new Date(2020, 5, 1)), '[Day] ge "2020-06-01"'],
  ['fluent eq', field('First Name').eq('Tim'), '[First Name] eq "Tim"'],
  [
    'fluent ne/le',
    and(field('Status').ne('Inactive'), field('Age').le(65)),
    '[Status] ne "Inactive" AND [Age] le 65',
  ],
  ['fluent compare', field('Name').compare('endswith', 'son'), '[Name] endswith "son"'],
  ['scope', scope('City', or(term('Berlin'), phrase('New York'))), 'City:(Berlin OR "New York")'],
  ['fluent scope', field('City').scope(term('Berlin')), 'City:(Berlin)'],
  ['and/or grouping', and(term('a'), or(term('b'), term('c'))), 'a AND (b OR c)'],
  ['or of ands', or(and(term('a'), term('b')), term('c')), '(a AND b) OR c'],
  ['flattening', and(term('a'), and(term('b'), [term('c'), [term('d')]])), 'a AND b AND c AND d'],
  ['not varargs', not(term('a'), term('b')), 'NOT (a AND b)'],
  ['not of or', not(or(term('a'), term('b'))), 'NOT (a OR b)'],
  ['required', required(term('a')), '+a'],
  ['boost', boost(term('a'), 2), 'a^2'],
  ['boost of or', boost(or(term('a'), term('b')), 0.5), '(a OR b)^0.5'],
  ['boost of not', boost(missing('x'), 3), '(NOT _exists_:x)^3'],
  ['nested boost', boost(boost(term('a'), 2), 3), '(a^2)^3'],
];

describe('factories print canonical text', () => {
  it.each(cases)('%s', (_, expr, expected) => {
    expect(expr).toBeDefined();
    expect(format(expr!)).toBe(expected);
    expect(query(expr).text).toBe(expected);
  });
});

describe('optional parts compose', () => {
  const none: string | undefined = undefined;
  it('skips undefined, null, false and empty arrays', () => {
    expect(
      format(and(undefined, term('a'), null, false, [], [undefined], none && equals('x', none))!),
    ).toBe('a');
    expect(and()).toBeUndefined();
    expect(or(undefined, [])).toBeUndefined();
    expect(not(undefined)).toBeUndefined();
    expect(required()).toBeUndefined();
    expect(scope('x', [])).toBeUndefined();
    expect(anyOf('x', [])).toBeUndefined();
    expect(between('x', undefined, null)).toBeUndefined();
    expect(range('x', {})).toBeUndefined();
    expect(words(' \t ')).toBeUndefined();
  });

  it('an empty combination disappears inside another', () => {
    expect(format(and(or(), term('a'), and(not()))!)).toBe('a');
  });

  it('a lone part is returned as it is', () => {
    const a = term('a');
    expect(and(a)).toBe(a);
    expect(or([a])).toBe(a);
  });

  it('query() of nothing matches everything, and takes built queries as parts', () => {
    expect(query().text).toBe('*:*');
    expect(query(undefined, [false]).text).toBe('*:*');
    const base = query(equals('Country', 'DE'));
    expect(query(base, or(term('a'), term('b'))).text).toBe('Country:DE AND (a OR b)');
  });
});

describe('query()', () => {
  it('has the canonical text, a parsed ast with real spans, and other layouts', () => {
    const q = query(
      field('First Name').eq('Tim'),
      or(equals('City', 'Berlin'), equals('City', 'Paris')),
    );
    expect(String(q)).toBe('[First Name] eq "Tim" AND (City:Berlin OR City:Paris)');
    expect(`${q}`).toBe(q.text);
    expect(q.ast).toEqual(parse(q.text).ast);
    expect(q.ast.body?.span).toEqual({ start: 0, end: q.text.length });
    expect(q.format({ layout: 'multiline', width: 30 })).toBe(
      '[First Name] eq "Tim"\nAND (City:Berlin OR City:Paris)',
    );
  });

  it('refuses a hand-made tree that does not read back as itself', () => {
    const ungrouped: Expr = {
      kind: 'And',
      operands: [term('a'), or(term('b'), term('c'))],
      explicit: [true],
      span: { start: 0, end: 0 },
    };
    expect(() => query(ungrouped)).toThrow(
      expect.objectContaining({ name: 'BuilderError', code: 'unrepresentable' }),
    );
  });
});

describe('unrepresentable input is a typed error at build time', () => {
  const refused: [string, () => unknown, string][] = [
    ['empty field name', () => equals('', 'x'), 'empty-field-name'],
    ['blank field name', () => compare(' \t', 'eq', 'x'), 'empty-field-name'],
    ['blank field name (nbsp)', () => exists('\u00a0'), 'empty-field-name'],
    ['all-fields name', () => exists('*'), 'invalid-field-name'],
    ['fluent blank name', () => field(''), 'empty-field-name'],
    ['non-string name', () => equals(42 as unknown as string, 'x'), 'invalid-field-name'],
    ['empty term', () => term(''), 'empty-value'],
    ['NaN', () => compare('x', 'eq', Number.NaN), 'invalid-number'],
    ['Infinity', () => equals('x', Number.POSITIVE_INFINITY), 'invalid-number'],
    ['-Infinity bound', () => between('x', Number.NEGATIVE_INFINITY, 1), 'invalid-number'],
    ['invalid Date', () => equals('x', new Date(Number.NaN)), 'invalid-date'],
    ['year 10000', () => equals('x', new Date(10000, 0, 1)), 'invalid-date'],
    ['negative boost', () => boost(term('a'), -1), 'invalid-boost'],
    ['NaN boost', () => boost(term('a'), Number.NaN), 'invalid-boost'],
    ['gt and gte', () => range('x', { gt: 1, gte: 2 }), 'invalid-range'],
    ['lt and lte', () => range('x', { lt: 1, lte: 2 }), 'invalid-range'],
    ['unknown operator', () => compare('x', 'like' as 'eq', 'a'), 'invalid-operator'],
    ['object value', () => equals('x', {} as string), 'invalid-value'],
    ['non-clause part', () => and('a' as unknown as Expr), 'invalid-value'],
  ];
  it.each(refused)('%s', (_, build, code) => {
    let error: unknown;
    try {
      build();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BuilderError);
    expect((error as BuilderError).code).toBe(code);
  });
});
