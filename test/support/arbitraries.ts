/**
 * fast-check generators of mdq syntax trees and of query-like strings.
 *
 * Trees are generated in the shape the parser produces: AND/OR operands that are
 * themselves AND/OR sit inside a Group (the printer parenthesises them, and the
 * parser keeps the parentheses as Group nodes), so `parse(format(tree))` must give
 * the tree back exactly (ignoring spans and raw spellings).
 */
import fc from 'fast-check';
import type {
  ComparisonOperator,
  Expr,
  FieldName,
  FieldValue,
  Phrase,
  Query,
  RangeBound,
  RelationOperator,
  Term,
} from '../../src/language/ast.js';
import { COMPARISON_OPERATORS } from '../../src/language/ast.js';
import { escapeWildcardLiteral } from '../../src/language/escape.js';

const at = { start: 0, end: 0 };

/** Characters that exercise escaping: every special character, whitespace, keywords' letters, unicode. */
const tricky = fc.constantFrom(
  ...'+-=&|><!(){}[]^"~*?:\\/ \t\n\r\u3000'.split(''),
  'AND',
  'OR',
  'NOT',
  'TO',
  'and',
  'or',
  'not',
  'eq',
  'gt',
  '_exists_',
  'é',
  '日本',
  '\u00a0',
  '\ud83d\ude00',
  '\ud800',
);
const plain = fc.constantFrom('a', 'b', 'x', 'Berlin', '2020-01-01', '42', '0.5', 'foo-bar');

/** Strings mixing ordinary text with every character that needs care. */
export const trickyString = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.array(fc.oneof(plain, tricky), { maxLength: 6 }).map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
);
export const nonEmptyTrickyString = trickyString.filter((s) => s.length > 0);

const term = nonEmptyTrickyString.map(
  (value): Term => ({ kind: 'Term', raw: value, value, span: at }),
);
const phrase = trickyString.map(
  (value): Phrase => ({ kind: 'Phrase', raw: value, value, span: at }),
);

/** Wildcard patterns with at least one wildcard, never the lone `*` (which reads as match-all). */
const wildcard = fc
  .array(
    fc.oneof(
      nonEmptyTrickyString.map((s) => escapeWildcardLiteral(s)),
      fc.constantFrom('*', '?'),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join(''))
  .filter((pattern) => /(^|[^\\])(\\\\)*[*?]/.test(pattern) && pattern !== '*')
  .map((pattern) => ({ kind: 'Wildcard' as const, raw: pattern, pattern, span: at }));

/**
 * Well-formed regex bodies: no bare `/`, backslashes only in pairs, and none at the end
 * (Lucene's lexer would read the closing `/` as escaped when another `/` follows: `regexEnd`).
 */
const regex = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 3 }).map((s) => s.replace(/[/\\]/g, '')),
      fc.string({ minLength: 1, maxLength: 1 }).map((c) => `\\${c}`),
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join(''))
  .filter((pattern) => !pattern.endsWith('\\'))
  .map((pattern) => ({ kind: 'Regex' as const, raw: pattern, pattern, span: at }));

// `TO` itself is a bound, as in Lucene's `[TO TO TO]` (issue 9, item 7).
const bound = fc
  .option(
    fc.oneof({ weight: 6, arbitrary: trickyString }, { weight: 1, arbitrary: fc.constant('TO') }),
    { nil: null },
  )
  .map((value): RangeBound => ({ kind: 'RangeBound', raw: '', value, span: at }));
const range = fc
  .record({
    lower: bound,
    upper: bound,
    lowerInclusive: fc.boolean(),
    upperInclusive: fc.boolean(),
  })
  .map((r) => ({ kind: 'Range' as const, ...r, span: at }));

const relation = fc
  .record({
    operator: fc.constantFrom<RelationOperator>('>', '>=', '<', '<='),
    value: fc.oneof(term, phrase),
  })
  .map((r) => ({ kind: 'Relation' as const, ...r, span: at }));

const distance = fc.option(fc.constantFrom(0, 1, 2, 0.5, 10), { nil: null });
const fuzzy = fc
  .record({ operand: term, distance })
  .map((r) => ({ kind: 'Fuzzy' as const, ...r, span: at }));
const proximity = fc
  .record({ operand: phrase, distance })
  .map((r) => ({ kind: 'Proximity' as const, ...r, span: at }));

// A field named `*` (`\*:*` is not match-all; issue 9, item 9) comes up often enough to be tried.
const fieldName = fc
  .oneof({ weight: 8, arbitrary: nonEmptyTrickyString }, { weight: 1, arbitrary: fc.constant('*') })
  .map((value): FieldName => ({ kind: 'FieldName', raw: value, value, span: at }));
const bracketName = nonEmptyTrickyString
  .filter((s) => s.trim() !== '')
  .map((value): FieldName => ({ kind: 'FieldName', raw: value, value, span: at }));

const finiteNumber = fc
  .oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  )
  .map((n) => (Object.is(n, -0) ? 0 : n));
const comparison = fc
  .record({
    field: bracketName,
    operator: fc.constantFrom<ComparisonOperator>(...COMPARISON_OPERATORS),
    value: fc.oneof(
      trickyString.map((value) => ({ kind: 'StringValue' as const, raw: value, value, span: at })),
      finiteNumber.map((value) => ({ kind: 'NumberValue' as const, raw: '', value, span: at })),
    ),
  })
  .map((r) => ({ kind: 'Comparison' as const, ...r, span: at }));

// `_exists_:""` parses, so its empty name must print (issue 9, item 9); so must blank ones and `*`.
const existsName = fc
  .oneof(
    { weight: 6, arbitrary: nonEmptyTrickyString },
    { weight: 1, arbitrary: fc.constantFrom('', '*', ' ') },
  )
  .map((value): FieldName => ({ kind: 'FieldName', raw: value, value, span: at }));
const exists = existsName.map((field) => ({ kind: 'Exists' as const, field, span: at }));
const matchAll = fc.constant({ kind: 'MatchAll' as const, span: at });

/** Trees up to a small depth, in the shape the parser produces. */
export const { expr } = fc.letrec<{
  expr: Expr;
  unary: Expr;
  atom: Expr;
  group: Expr;
  fieldValue: FieldValue;
}>((tie) => ({
  atom: fc.oneof(
    term,
    wildcard,
    phrase,
    regex,
    range,
    fuzzy,
    proximity,
    matchAll,
    comparison,
    exists,
    tie('group'),
    fc
      .record({ field: fieldName, value: tie('fieldValue') })
      .map((f) => ({ kind: 'Field' as const, ...f, span: at })),
  ),
  fieldValue: fc.oneof(
    term,
    wildcard,
    phrase,
    regex,
    range,
    relation,
    fuzzy,
    proximity,
    tie('group') as fc.Arbitrary<FieldValue>,
  ),
  group: fc
    .oneof({ depthSize: 'small', withCrossShrink: true }, tie('unary'), tie('expr'))
    .map((body) => ({ kind: 'Group' as const, body, span: at })),
  unary: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('atom'),
    fc
      .record({ operator: fc.constantFrom<'NOT' | '-'>('NOT', '-'), operand: tie('unary') })
      .map((r) => ({ kind: 'Not' as const, ...r, span: at })),
    tie('unary').map((operand) => ({ kind: 'Required' as const, operand, span: at })),
    fc
      .record({ operand: tie('atom'), value: fc.constantFrom(0.5, 1, 2, 10, 1.25) })
      .map((r) => ({ kind: 'Boost' as const, ...r, span: at })),
  ),
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('unary'),
    fc
      .array(tie('unary'), { minLength: 2, maxLength: 4 })
      .chain((operands) =>
        fc
          .array(fc.boolean(), { minLength: operands.length - 1, maxLength: operands.length - 1 })
          .map((explicit) => ({ kind: 'And' as const, operands, explicit, span: at })),
      ),
    fc
      .array(fc.oneof(tie('unary'), tie('group')), { minLength: 2, maxLength: 4 })
      .map((operands) => ({ kind: 'Or' as const, operands, span: at })),
  ),
}));

export const query = fc
  .option(expr, { nil: null, freq: 20 })
  .map((body): Query => ({ kind: 'Query', body, span: at }));

/** Strings assembled from query fragments: mostly near-valid, often broken in interesting ways. */
export const queryLikeString = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'a',
        'Jo*',
        'AND',
        'OR',
        'NOT',
        'and',
        'or',
        'not',
        '&&',
        '||',
        '!',
        '+',
        '-',
        '(',
        ')',
        '[',
        ']',
        '{',
        '}',
        ':',
        'f:',
        '"',
        '"x y"',
        '\\',
        '*',
        '?',
        '~',
        '~2',
        '^',
        '^2',
        'TO',
        '[a TO b]',
        '{* TO 5]',
        '>',
        '>=',
        '<',
        '/',
        '/re/',
        '[A]',
        '[First Name]',
        'eq',
        'ge',
        'contains',
        '"v"',
        '5',
        '-3',
        '_exists_:',
        '\\u00e9',
        '\\u12',
        ' ',
        ' ',
        ' ',
        '\t',
        '\n',
        '\u3000',
        'é',
        '\ud800',
        // Issue 9: an escaped `*` field, an empty `_exists_` name, a bare `TO` bound, a quote glued to `TO`, `\u` in a bracket name.
        '\\*',
        '_exists_:""',
        '""',
        'TO TO',
        '"18"TO',
        '[TO TO TO]',
        '[First\\u0020Name]',
        '\\u0020',
      ),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(''));
