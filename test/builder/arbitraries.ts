/** fast-check arbitraries for hostile builder input: values and field names meant to break out of their clause. */
import fc from 'fast-check';
import type { ComparisonOperator } from '../../src/language/ast.js';
import { COMPARISON_OPERATORS } from '../../src/language/ast.js';

/** Pieces of query syntax an attacker (or an unlucky user) might type. */
const SYNTAX = [
  'TO',
  'AND',
  'and',
  'OR',
  'or',
  'NOT',
  'not',
  'And',
  'eq',
  'ne',
  'gt',
  'contains',
  'startswith',
  'EQ',
  '*',
  '?',
  '"',
  '\\',
  '\\\\',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  ':',
  '^',
  '~',
  '/',
  '!',
  '+',
  '-',
  '=',
  '<',
  '>',
  '>=',
  '<=',
  '&&',
  '||',
  '&',
  '|',
  '',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\u3000',
  '\u00a0',
  '\u2028',
  '\f',
  '\v',
  '_exists_',
  '*:*',
  'a:b',
  '[a TO b]',
  '{a TO b}',
  '") OR (x',
  '] eq "x',
  '\\u0041',
  '\\u',
  '2020-01-01',
  '-5',
  '1e3',
  '0.5',
  '^2',
  '~2',
  'é',
  '日本',
  '🙂',
  '\ud800',
  'x',
];

const syntaxPiece = fc.constantFrom(...SYNTAX);

/** Any string: random text, unicode, lone surrogates, and runs of query syntax. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  syntaxPiece,
  fc
    .array(fc.oneof(syntaxPiece, fc.string({ maxLength: 3 })), { maxLength: 8 })
    .map((parts) => parts.join('')),
  fc.array(syntaxPiece, { maxLength: 6 }).map((parts) => parts.join(' ')),
);

/** True for a name the builder accepts: not blank, not the all-fields `*`. */
export function isUsableFieldName(name: string): boolean {
  return name !== '*' && name.trim() !== '';
}

export const fieldNameArb: fc.Arbitrary<string> = hostileString.filter(isUsableFieldName);

export const operatorArb: fc.Arbitrary<ComparisonOperator> = fc.constantFrom(
  ...COMPARISON_OPERATORS,
);

/** Numbers the query language writes exactly (finite; the tiniest subnormals excluded, see numbers test). */
export const numberArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -1e9, max: 1e9 }),
  fc
    .double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 })
    .filter((n) => n === 0 || Math.abs(n) >= 1e-6),
  fc.constantFrom(0, -0, 0.5, -0.5, 1e21, 123456789012345680000),
);

// A day inside the years 0000–9999 in every time zone (a Date stands for its local calendar date).
export const dateArb: fc.Arbitrary<Date> = fc.date({
  min: new Date('0000-01-02T00:00:00Z'),
  max: new Date('9999-12-30T23:59:59Z'),
  noInvalidDate: true,
});

/** A value for `equals`, range bounds, relations and comparisons. */
export const scalarArb: fc.Arbitrary<string | number | boolean | Date> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 2, arbitrary: numberArb },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: dateArb },
);
