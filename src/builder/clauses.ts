/**
 * The rest of the language, for code that needs every clause a search box can
 * write: wildcard patterns, regular expressions, fuzzy and proximity searches,
 * ranges and relations over any field, and `inField` to put any of them after
 * `field:`. `toBuilderCode` uses them for trees the everyday factories
 * (`equals`, `startsWith`, `between`, ...) do not cover.
 *
 * As everywhere in the builder, values are data: a pattern's own syntax is the
 * only syntax it carries, and every node is the one the parser returns for its
 * canonical text.
 */
import type {
  Field,
  Fuzzy,
  Phrase,
  Proximity,
  Range,
  Regex,
  Relation,
  RelationOperator,
  Term,
  Wildcard,
} from '../language/ast.js';
import { hasUnescapedWildcard, printDecimal, printWildcardPattern } from '../language/escape.js';
import type { BetweenOptions } from './factories.js';
import { BuilderError } from './errors.js';
import { NO_SPAN, fieldName, phraseNode, rangeBoundNode, termNode, valueNode } from './nodes.js';
import { describe, type Scalar } from './values.js';

function checkString(value: unknown, what: string): string {
  if (typeof value !== 'string')
    throw new BuilderError('invalid-value', `${what} must be a string, not ${describe(value)}`);
  return value;
}

/**
 * A Lucene wildcard pattern: `*` and `?` are wildcards, `\*`, `\?` and `\\` literal.
 * `wildcard('J?hn*')`. For text typed by a user, `startsWith`/`endsWith`/`contains`
 * escape it for you.
 */
export function wildcard(pattern: string): Wildcard {
  checkString(pattern, 'a wildcard pattern');
  if (!hasUnescapedWildcard(pattern))
    throw new BuilderError(
      'invalid-value',
      `the pattern ${describe(pattern)} has no unescaped * or ?; use term() for a plain word`,
    );
  if (pattern === '*')
    throw new BuilderError('invalid-value', "the lone '*' means every record; use matchAll()");
  let backslashes = 0;
  for (let i = pattern.length - 1; i >= 0 && pattern[i] === '\\'; i--) backslashes++;
  if (backslashes % 2 === 1)
    throw new BuilderError(
      'invalid-value',
      `the pattern ${describe(pattern)} ends with a lone backslash`,
    );
  return { kind: 'Wildcard', raw: printWildcardPattern(pattern), pattern, span: NO_SPAN };
}

/** `/pattern/`: a regular expression, written as it goes between the slashes (a `/` is escaped for you). */
export function regex(pattern: string): Regex {
  checkString(pattern, 'a regular expression');
  let written = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') written += i + 1 < pattern.length ? c + pattern[++i] : '\\\\';
    else if (c === '/') written += '\\/';
    else written += c;
  }
  return { kind: 'Regex', raw: `/${written}/`, pattern: written, span: NO_SPAN };
}

function distanceOf(distance: number | null | undefined, what: string): number | null {
  if (distance === undefined || distance === null) return null;
  let text: string;
  try {
    text = printDecimal(distance);
  } catch {
    throw new BuilderError(
      'invalid-number',
      `${what} must be a non-negative finite number, not ${describe(distance)}`,
    );
  }
  if (Number(text) !== distance)
    throw new BuilderError(
      'invalid-number',
      `${what} ${distance} cannot be written exactly as a decimal number`,
    );
  return distance === 0 ? 0 : distance;
}

/** `word~distance`: words within `distance` edits of `word` (Lucene's default when the distance is left out). */
export function fuzzy(word: string, distance?: number | null): Fuzzy {
  return {
    kind: 'Fuzzy',
    operand: termNode(word),
    distance: distanceOf(distance, 'a fuzzy distance'),
    span: NO_SPAN,
  };
}

/** `"words"~distance`: the phrase's words within `distance` positions of each other. */
export function proximity(text: string, distance?: number | null): Proximity {
  return {
    kind: 'Proximity',
    operand: phraseNode(text),
    distance: distanceOf(distance, 'a proximity'),
    span: NO_SPAN,
  };
}

/**
 * `[lower TO upper]` on its own (any field) or, through `inField`, on one field.
 * `null`/`undefined` is the open end `*`; unlike `between`, both ends may be open.
 */
export function valueRange(
  lower: Scalar | null | undefined,
  upper: Scalar | null | undefined,
  options: BetweenOptions = {},
): Range {
  return {
    kind: 'Range',
    lower: rangeBoundNode(lower),
    upper: rangeBoundNode(upper),
    lowerInclusive: options.lowerInclusive ?? true,
    upperInclusive: options.upperInclusive ?? true,
    span: NO_SPAN,
  };
}

const RELATIONS: ReadonlySet<string> = /* @__PURE__ */ new Set<RelationOperator>([
  '>',
  '>=',
  '<',
  '<=',
]);

/**
 * `>value`, `>=value`, `<value`, `<=value`, for `inField`. A scalar is written as
 * `greaterThan` and friends write it; a `term()` or `phrase()` is kept as given.
 */
export function relation(operator: RelationOperator, value: Scalar | Term | Phrase): Relation {
  if (!RELATIONS.has(operator))
    throw new BuilderError(
      'invalid-operator',
      `unknown relation ${describe(operator)} (relations: >, >=, <, <=)`,
    );
  const leaf =
    typeof value === 'object' && value !== null && !(value instanceof Date)
      ? checkLeaf(value)
      : valueNode(value);
  // As the printer writes it: a leading `=` escaped so that `>` followed by `=x` cannot read as
  // `>=`, and a sign before a digit unescaped, the value's own (`<-10`).
  const raw =
    leaf.kind !== 'Term'
      ? leaf.raw
      : leaf.raw.startsWith('=')
        ? `\\${leaf.raw}`
        : leaf.raw.replace(/^\\([-+])(?=\d)/, '$1');
  return { kind: 'Relation', operator, value: { ...leaf, raw }, span: NO_SPAN };
}

function checkLeaf(value: Term | Phrase): Term | Phrase {
  if (value.kind === 'Term') return termNode(value.value);
  if (value.kind === 'Phrase') return phraseNode(value.value);
  throw new BuilderError(
    'invalid-value',
    `a relation compares with a term or a phrase, not ${describe((value as { kind?: unknown }).kind)}`,
  );
}

/** What `inField` puts after `field:`. */
export type FieldValueClause =
  | Term
  | Phrase
  | Wildcard
  | Regex
  | Fuzzy
  | Proximity
  | Range
  | Relation;

const FIELD_VALUES: ReadonlySet<string> = /* @__PURE__ */ new Set<FieldValueClause['kind']>([
  'Term',
  'Phrase',
  'Wildcard',
  'Regex',
  'Fuzzy',
  'Proximity',
  'Range',
  'Relation',
]);

/**
 * `field:value` for any value clause: `inField('City', wildcard('B?rlin'))`,
 * `inField('Name', fuzzy('Smith', 1))`. (`scope` puts a group there.)
 */
export function inField(field: string, value: FieldValueClause): Field {
  const name = fieldName(field, 'word');
  if (
    typeof value !== 'object' ||
    value === null ||
    !FIELD_VALUES.has((value as { kind?: string }).kind ?? '')
  ) {
    throw new BuilderError(
      'invalid-value',
      `inField takes a term, phrase, wildcard, regex, fuzzy, proximity, range or relation, not ${describe(value)}`,
    );
  }
  return { kind: 'Field', field: name, value, span: NO_SPAN };
}
