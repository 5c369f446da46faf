/**
 * Leaf nodes exactly as the parser would build them from the canonical text:
 * `raw` is the canonical escaped spelling, `value` the unescaped text. Nodes
 * built here carry the zero span `{start: 0, end: 0}`: they have no source text
 * until printed (a `BuiltQuery` re-parses its text, so its `ast` has real spans).
 */
import type {
  Comparison,
  ComparisonOperator,
  FieldName,
  NumberValue,
  Phrase,
  RangeBound,
  Span,
  StringValue,
  Term,
  Wildcard,
} from '../language/ast.js';
import { COMPARISON_OPERATORS } from '../language/ast.js';
import {
  bracketFieldName,
  escapeFieldName,
  escapeTerm,
  escapeWildcardLiteral,
  isQueryWhitespace,
  printRangeBound,
  printWildcardPattern,
  quote,
} from '../language/escape.js';
import { BuilderError } from './errors.js';
import { describe, finiteNumber, numberToText, scalarText, type Scalar } from './values.js';

/** The span of every node a factory builds. */
export const NO_SPAN: Span = /* @__PURE__ */ Object.freeze({ start: 0, end: 0 });

/** Checks that `name` can name one field; returns it unchanged. */
export function checkFieldName(name: string): string {
  if (typeof name !== 'string')
    throw new BuilderError(
      'invalid-field-name',
      `a field name must be a string, not ${describe(name)}`,
    );
  if (name.trim() === '')
    throw new BuilderError('empty-field-name', 'a field name cannot be empty or only whitespace');
  if (name === '*')
    throw new BuilderError(
      'invalid-field-name',
      "'*' is not a field name (it means every field); use a full-text clause instead",
    );
  return name;
}

/**
 * A field name as written in `name:value` (a backslash-escaped word: `First\ Name`),
 * after `_exists_:` (a plain word), or in a bracket comparison (`[First Name]`, raw
 * `First Name`): the spelling the printer uses in each place.
 */
export function fieldName(name: string, form: 'word' | 'exists' | 'bracket'): FieldName {
  checkFieldName(name);
  if (form === 'bracket')
    return {
      kind: 'FieldName',
      raw: bracketFieldName(name).slice(1, -1),
      value: name,
      span: NO_SPAN,
    };
  if (form === 'exists')
    return { kind: 'FieldName', raw: escapeTerm(name), value: name, span: NO_SPAN };
  // `_exists_` as a plain name would turn `name:value` into an existence test.
  const raw = name === '_exists_' ? '\\_exists_' : escapeFieldName(name);
  return { kind: 'FieldName', raw, value: name, span: NO_SPAN };
}

export function termNode(value: string): Term {
  if (typeof value !== 'string')
    throw new BuilderError('invalid-value', `a term must be a string, not ${describe(value)}`);
  if (value.length === 0)
    throw new BuilderError(
      'empty-value',
      'a term cannot be empty; use a phrase for the empty string',
    );
  return { kind: 'Term', raw: escapeTerm(value), value, span: NO_SPAN };
}

export function phraseNode(value: string): Phrase {
  if (typeof value !== 'string')
    throw new BuilderError('invalid-value', `a phrase must be a string, not ${describe(value)}`);
  return { kind: 'Phrase', raw: quote(value), value, span: NO_SPAN };
}

/** A value after `field:`: one bare word when it can be, a phrase when it is empty or holds whitespace. */
export function valueNode(value: Scalar): Term | Phrase {
  const text = scalarText(value);
  return text.length === 0 || [...text].some(isQueryWhitespace) ? phraseNode(text) : termNode(text);
}

/** A wildcard whose literal parts are `text` exactly, with `*` before and/or after. */
export function wildcardNode(text: string, leading: boolean, trailing: boolean): Wildcard {
  if (typeof text !== 'string')
    throw new BuilderError(
      'invalid-value',
      `a wildcard value must be a string, not ${describe(text)}`,
    );
  // `**` matches what `*` matches; the empty text leaves just one wildcard.
  const pattern =
    text.length === 0
      ? '*'
      : `${leading ? '*' : ''}${escapeWildcardLiteral(text)}${trailing ? '*' : ''}`;
  return { kind: 'Wildcard', raw: printWildcardPattern(pattern), pattern, span: NO_SPAN };
}

/** One end of a range; `null` and `undefined` are the open end `*`. */
export function rangeBoundNode(value: Scalar | null | undefined): RangeBound {
  const text = value === null || value === undefined ? null : scalarText(value);
  return { kind: 'RangeBound', raw: printRangeBound(text), value: text, span: NO_SPAN };
}

/** A comparison value: numbers bare, everything else quoted. */
export function comparisonValueNode(value: Scalar): StringValue | NumberValue {
  if (typeof value === 'number')
    return {
      kind: 'NumberValue',
      raw: numberToText(value),
      value: finiteNumber(value),
      span: NO_SPAN,
    };
  const text = scalarText(value);
  return { kind: 'StringValue', raw: quote(text), value: text, span: NO_SPAN };
}

export function checkOperator(operator: string): ComparisonOperator {
  if (!(COMPARISON_OPERATORS as readonly string[]).includes(operator)) {
    throw new BuilderError(
      'invalid-operator',
      `unknown comparison operator ${describe(operator)} (operators: ${COMPARISON_OPERATORS.join(', ')})`,
    );
  }
  return operator as ComparisonOperator;
}

export function comparisonNode(
  field: string,
  operator: ComparisonOperator,
  value: Scalar,
): Comparison {
  return {
    kind: 'Comparison',
    field: fieldName(field, 'bracket'),
    operator: checkOperator(operator),
    value: comparisonValueNode(value),
    span: NO_SPAN,
  };
}
