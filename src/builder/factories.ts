/**
 * Pure factories for every clause of the language. Each returns the AST node the
 * parser returns for the clause's canonical text (with zero spans, see nodes.ts),
 * so the checker, the printer and the visitor treat built and parsed trees alike.
 *
 * Values are data, never syntax: a value's quotes, brackets, operators, `*` and `?`
 * are escaped so they stay part of the value.
 */
import type {
  ComparisonOperator,
  Comparison,
  Exists,
  Expr,
  Field,
  MatchAll,
  Not,
  Phrase,
  Range,
  RelationOperator,
  Term,
} from '../language/ast.js';
import { isQueryWhitespace } from '../language/escape.js';
import { and, group, or } from './combine.js';
import { relation } from './clauses.js';
import { BuilderError } from './errors.js';
import {
  NO_SPAN,
  comparisonNode,
  fieldName,
  phraseNode,
  rangeBoundNode,
  termNode,
  valueNode,
  wildcardNode,
} from './nodes.js';
import type { Scalar } from './values.js';

/** A full-text word: `term('Jo*')` searches for the literal text `Jo*` in any field. */
export function term(value: string | number): Term {
  return typeof value === 'number' ? (valueNode(value) as Term) : termNode(value);
}

/** A full-text phrase in double quotes: `"New York"`. */
export function phrase(value: string): Phrase {
  return phraseNode(value);
}

/**
 * Every whitespace-separated word of free text (a search box), each a literal
 * term, all required: `words('Tim  O"Neil')` is `Tim AND O\"Neil`. Blank text is `undefined`.
 */
export function words(text: string): Expr | undefined {
  if (typeof text !== 'string') return termNode(text);
  const parts: string[] = [];
  let word = '';
  for (const ch of text) {
    if (isQueryWhitespace(ch)) {
      if (word) parts.push(word);
      word = '';
    } else {
      word += ch;
    }
  }
  if (word) parts.push(word);
  return and(parts.map(termNode));
}

/** `*:*`: every record. */
export function matchAll(): MatchAll {
  return { kind: 'MatchAll', span: NO_SPAN };
}

function fieldNode(field: string, value: Field['value']): Field {
  return { kind: 'Field', field: fieldName(field, 'word'), value, span: NO_SPAN };
}

/** `field:value`: the field holds the value (a phrase when the value is empty or holds whitespace). */
export function equals(field: string, value: Scalar): Field {
  return fieldNode(field, valueNode(value));
}

/** `field:(a OR b ...)`: the field holds any of the values. One value is `field:a`; none is `undefined`. */
export function anyOf(field: string, values: readonly [Scalar, ...Scalar[]]): Field;
export function anyOf(field: string, values: readonly Scalar[]): Field | undefined;
export function anyOf(field: string, values: readonly Scalar[]): Field | undefined {
  const name = fieldName(field, 'word');
  if (!Array.isArray(values))
    throw new BuilderError('invalid-value', 'anyOf takes an array of values');
  const body = or(values.map(valueNode));
  if (body === undefined) return undefined;
  return {
    kind: 'Field',
    field: name,
    value: body.kind === 'Or' ? group(body) : (body as Term | Phrase),
    span: NO_SPAN,
  };
}

/** `field:text*`: the field's value starts with `text` (its own `*` and `?` match literally). */
export function startsWith(field: string, text: string): Field {
  return fieldNode(field, wildcardNode(text, false, true));
}

/** `field:*text`: the field's value ends with `text`. */
export function endsWith(field: string, text: string): Field {
  return fieldNode(field, wildcardNode(text, true, false));
}

/** `field:*text*`: the field's value contains `text`. */
export function contains(field: string, text: string): Field {
  return fieldNode(field, wildcardNode(text, true, true));
}

export interface BetweenOptions {
  /** Include the lower bound (`[`) or not (`{`). Default true. */
  readonly lowerInclusive?: boolean;
  /** Include the upper bound (`]`) or not (`}`). Default true. */
  readonly upperInclusive?: boolean;
}

type Bound = Scalar | null | undefined;

function rangeNode(lower: Bound, upper: Bound, options: BetweenOptions): Range {
  return {
    kind: 'Range',
    lower: rangeBoundNode(lower),
    upper: rangeBoundNode(upper),
    lowerInclusive: options.lowerInclusive ?? true,
    upperInclusive: options.upperInclusive ?? true,
    span: NO_SPAN,
  };
}

/**
 * `field:[lower TO upper]` (inclusive unless told otherwise). A missing bound
 * (`undefined` or `null`) is the open end `*`; with both missing there is no
 * constraint and the result is `undefined`.
 */
export function between(
  field: string,
  lower: Scalar,
  upper: Bound,
  options?: BetweenOptions,
): Field;
export function between(
  field: string,
  lower: Bound,
  upper: Scalar,
  options?: BetweenOptions,
): Field;
export function between(
  field: string,
  lower: Bound,
  upper: Bound,
  options?: BetweenOptions,
): Field | undefined;
export function between(
  field: string,
  lower: Bound,
  upper: Bound,
  options: BetweenOptions = {},
): Field | undefined {
  const name = fieldName(field, 'word');
  if ((lower === undefined || lower === null) && (upper === undefined || upper === null))
    return undefined;
  return { kind: 'Field', field: name, value: rangeNode(lower, upper, options), span: NO_SPAN };
}

/** Range bounds by name, as in a filter form: at most one of `gt`/`gte` and one of `lt`/`lte`. */
export interface RangeBounds {
  readonly gt?: Scalar | null;
  readonly gte?: Scalar | null;
  readonly lt?: Scalar | null;
  readonly lte?: Scalar | null;
}

const present = (value: Bound): value is Scalar => value !== undefined && value !== null;

/** `field:{gt TO lte]` and friends, from named bounds. No bound at all is `undefined`. */
export function range(field: string, bounds: RangeBounds): Field | undefined {
  if (present(bounds.gt) && present(bounds.gte))
    throw new BuilderError('invalid-range', 'give either gt or gte, not both');
  if (present(bounds.lt) && present(bounds.lte))
    throw new BuilderError('invalid-range', 'give either lt or lte, not both');
  const lower = present(bounds.gt) ? bounds.gt : bounds.gte;
  const upper = present(bounds.lt) ? bounds.lt : bounds.lte;
  return between(field, lower, upper, {
    lowerInclusive: !present(bounds.gt),
    upperInclusive: !present(bounds.lt),
  });
}

function relationField(field: string, operator: RelationOperator, value: Scalar): Field {
  // The value written as the printer writes it after a relation (`relation` says how).
  return fieldNode(field, relation(operator, value));
}

/** `field:>value`. */
export function greaterThan(field: string, value: Scalar): Field {
  return relationField(field, '>', value);
}

/** `field:>=value`. */
export function greaterOrEqual(field: string, value: Scalar): Field {
  return relationField(field, '>=', value);
}

/** `field:<value`. */
export function lessThan(field: string, value: Scalar): Field {
  return relationField(field, '<', value);
}

/** `field:<=value`. */
export function lessOrEqual(field: string, value: Scalar): Field {
  return relationField(field, '<=', value);
}

/** `_exists_:field`: the field has a value. */
export function exists(field: string): Exists {
  return { kind: 'Exists', field: fieldName(field, 'exists'), span: NO_SPAN };
}

/** `NOT _exists_:field`: the field is empty or missing. */
export function missing(field: string): Not {
  return { kind: 'Not', operator: 'NOT', operand: exists(field), span: NO_SPAN };
}

/**
 * `[Field Name] operator value`, the service's bracket comparison: a number is
 * written bare (numeric comparison), anything else quoted; a `Date` as `"YYYY-MM-DD"`, its
 * local calendar date.
 */
export function compare(field: string, operator: ComparisonOperator, value: Scalar): Comparison {
  return comparisonNode(field, operator, value);
}
