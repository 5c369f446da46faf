import { describe, expect, it } from 'vitest';
import {
  format,
  FormatError,
  parse,
  QuerySyntaxError,
  type Expr,
  type Query,
} from '../../src/index.js';
import { strip } from '../support/strip.js';

const CANONICAL: ReadonlyArray<readonly [string, string]> = [
  ['a && b || !c', '(a AND b) OR NOT c'],
  ['a AND b OR c', '(a AND b) OR c'],
  ['a OR b AND c', 'a OR (b AND c)'],
  ['a b OR c', '(a b) OR c'],
  ['(a b) OR c', '(a b) OR c'],
  ['[A] eq 1 and [B] eq "x" or not [C] ne 2', '([A] eq 1 AND [B] eq "x") OR NOT [C] ne 2'],
  ['[A] EQ "x"', '[A] eq "x"'],
  ['*', '*:*'],
  ['f:  Berlin', 'f:Berlin'],
  ['\\a\\b\\-c', 'ab-c'],
  ['a\\ b', 'a\\ b'],
  ['\\-a', '\\-a'],
  ['\\u0041', 'A'],
  ['"say \\"hi\\"" "a\\b"', '"say \\"hi\\"" "ab"'],
  ['[a\\]b] eq "x"', '[a\\]b] eq "x"'],
  ['n:[ "a"  TO  * }', 'n:[a TO *}'],
  ['n:["a b" TO "*"]', 'n:["a b" TO "*"]'],
  ['r:/a\\/b/', 'r:/a\\/b/'],
  ['t~  "p q"~2 t^2.50', 't~ "p q"~2 t^2.5'],
  ['a^2~1', 'a~1^2'],
  ['x and [A] eq 1', 'x AND [A] eq 1'],
  ['[A] eq 1 \\and x', '[A] eq 1 \\and x'],
  ['cats and dogs', 'cats and dogs'],
  ['[Balance] ge -10.50', '[Balance] ge -10.50'],
  ['\\_exists_:x _exists_:First\\ Name', '\\_exists_:x _exists_:First\\ Name'],
];

describe('format', () => {
  it.each(CANONICAL)('%s => %s', (input, expected) => {
    expect(format(input)).toBe(expected);
    expect(format(expected)).toBe(expected);
  });

  it('keeps the meaning of the kitchen sink through parse -> format -> parse', () => {
    const sink =
      'John Smith "New York" Jo* J?hn /jo.n/ roam~ roam~1 "a b"~3 x^2 (a OR b)^0.5 *:* -x +y !z NOT w ' +
      'city:Berlin email:*@example.com name:*mit* city:"New York" city:(Berlin OR Paris) address.city:Berlin ' +
      'First\\ Name:John _exists_:email NOT _exists_:phone created:[2020-01-01 TO 2020-12-31] p:{1 TO 5] q:[* TO 9} ' +
      'age:>18 age:>=18 age:<65 age:<=64 [First Name] eq "Tim" and [Age] ge 18 or [Status] ne "Inactive" ' +
      'a && b || c \\(1\\+1\\)\\:2 foo-bar 2020-01-01 \\u00e9t\\u00e9';
    const first = parse(sink);
    expect(first.diagnostics).toEqual([]);
    const text = format(first.ast);
    const second = parse(text);
    expect(second.diagnostics).toEqual([]);
    expect(format(second.ast)).toBe(text);
    const kinds = new Set<string>();
    JSON.stringify(second.ast, (key, value) => {
      if (key === 'kind') kinds.add(value as string);
      return value;
    });
    for (const kind of [
      'And',
      'Or',
      'Not',
      'Required',
      'Group',
      'Field',
      'Exists',
      'Comparison',
      'Term',
      'Wildcard',
      'Phrase',
      'Regex',
      'Range',
      'Relation',
      'Fuzzy',
      'Proximity',
      'Boost',
      'MatchAll',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it('prints a hand-built tree without source text', () => {
    const at = { start: 0, end: 0 };
    const tree: Query = {
      kind: 'Query',
      span: at,
      body: {
        kind: 'And',
        explicit: [true],
        span: at,
        operands: [
          {
            kind: 'Or',
            span: at,
            operands: [
              { kind: 'Term', raw: 'ignored', value: 'New York', span: at },
              { kind: 'Term', raw: '', value: 'AND', span: at },
            ],
          },
          {
            kind: 'Comparison',
            span: at,
            field: { kind: 'FieldName', raw: '', value: 'First]Name', span: at },
            operator: 'eq',
            value: { kind: 'StringValue', raw: '', value: 'x") OR (y', span: at },
          },
        ],
      },
    };
    const text = format(tree);
    expect(text).toBe('(New\\ York OR \\AND) AND [First\\]Name] eq "x\\") OR (y"');
    expect(parse(text).diagnostics).toEqual([]);
    const body = parse(text).ast.body as Expr & { kind: 'And' };
    expect(strip(body.operands[1])).toEqual(
      strip(tree.body && tree.body.kind === 'And' ? tree.body.operands[1] : null),
    );
  });

  it('breaks long queries over lines, indenting groups', () => {
    const text =
      '[First Name] eq "Tim" AND [Age] ge 18 AND (city:Berlin OR city:Paris OR city:"New York") AND NOT status:inactive';
    expect(format(text, { layout: 'multiline', width: 40 })).toBe(
      [
        '[First Name] eq "Tim"',
        'AND [Age] ge 18',
        'AND (',
        '  city:Berlin',
        '  OR city:Paris',
        '  OR city:"New York"',
        ')',
        'AND NOT status:inactive',
      ].join('\n'),
    );
    expect(format('a b', { layout: 'multiline' })).toBe('a b');
    expect(format(text, { layout: 'multiline', width: 40, indent: '\t' })).toContain(
      '\n\tcity:Berlin',
    );
  });

  it('refuses text with syntax errors and trees that cannot be printed', () => {
    expect(() => format('(a')).toThrow(QuerySyntaxError);
    expect(() => format(null as unknown as string)).toThrow(
      /expected query text or a syntax tree, got null/,
    );
    expect(() => format({ kind: 'Nope' } as unknown as Query)).toThrow(FormatError);
    const at = { start: 0, end: 0 };
    expect(() => format(parse('a AND').ast)).toThrow(FormatError);
    expect(() => format({ kind: 'Term', raw: '', value: '', span: at })).toThrow(FormatError);
    expect(() =>
      format({
        kind: 'Boost',
        operand: { kind: 'Term', raw: 'a', value: 'a', span: at },
        value: Number.NaN,
        span: at,
      }),
    ).toThrow(/boost/);
    expect(() =>
      format({
        kind: 'Comparison',
        field: { kind: 'FieldName', raw: '', value: '', span: at },
        operator: 'eq',
        value: { kind: 'NumberValue', raw: '', value: 1, span: at },
        span: at,
      }),
    ).toThrow(/field name/);
  });

  it('prints numbers in plain decimal form that reads back exactly', () => {
    const at = { start: 0, end: 0 };
    for (const value of [1e21, 1.5e-7, 123456789012345680000, 0.1, 2]) {
      const text = format({
        kind: 'Boost',
        operand: { kind: 'Term', raw: 'a', value: 'a', span: at },
        value,
        span: at,
      });
      expect(text).not.toMatch(/e/);
      expect(parse(text).ast.body).toMatchObject({ kind: 'Boost', value });
    }
  });
});

describe('format of valid input that used to fail (issue 9, item 9)', () => {
  it('format(\'_exists_:""\') prints it back instead of throwing', () => {
    expect(format('_exists_:""')).toBe('_exists_:""');
    expect(parse(format('_exists_:""')).ast.body).toMatchObject({
      kind: 'Exists',
      field: { value: '' },
    });
  });

  it("format('\\\\*:*') keeps the escaped field: a clause on a field named * is not match-all", () => {
    expect(format('\\*:*')).toBe('\\*:*');
    expect(parse(format('\\*:*')).ast.body).toMatchObject({
      kind: 'Field',
      field: { value: '*' },
      value: { kind: 'Wildcard', pattern: '*' },
    });
    expect(format('\\*:x')).toBe('\\*:x');
    // `*:x` reads as the same tree as `\*:x` (a field named `*`), so it prints the same.
    expect(format('*:x')).toBe('\\*:x');
    expect(format('*:*')).toBe('*:*');
    expect(format('_exists_:\\*')).toBe('_exists_:\\*');
  });
});
