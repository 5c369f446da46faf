/**
 * Boolean structure: `and`, `or`, `not`, `required`, `boost` and field scopes.
 *
 * Parts may be nested arrays; `undefined`, `null`, `false` and empty results are
 * skipped, so optional filters compose (`and(name && equals('Name', name), ...)`).
 * A combination with nothing left is `undefined`, which means "no constraint" and
 * disappears when combined again; `query()` of nothing matches every record.
 *
 * The canonical printer puts parentheses around an AND/OR inside another operator
 * (and around prefix and boost operands of a boost or field value); the parser keeps
 * those parentheses as `Group` nodes. `nest` puts `Group` nodes in exactly those
 * places, so a built tree equals the parse of its own printed text.
 */
import type { And, Boost, Expr, Field, Group, Not, Or, Required } from '../language/ast.js';
import { printDecimal } from '../language/escape.js';
import { BuilderError } from './errors.js';
import { NO_SPAN, fieldName } from './nodes.js';
import type { BuiltQuery } from './query.js';
import { describe } from './values.js';

/** Anything `and`, `or`, `not` and `query` accept: clauses, built queries, arrays of parts, and skipped blanks. */
export type Part = Expr | BuiltQuery | readonly Part[] | undefined | null | false;

/** Where a child stands, as the printer decides parentheses. */
type Position = 'operand' | 'prefix' | 'postfix' | 'fieldValue';

const GROUPED: { readonly [P in Position]: ReadonlySet<Expr['kind']> } = {
  operand: new Set(['And', 'Or']),
  prefix: new Set(['And', 'Or']),
  postfix: new Set(['And', 'Or', 'Not', 'Required', 'Boost']),
  fieldValue: new Set(['And', 'Or', 'Not', 'Required', 'Boost']),
};

/** `expr`, wrapped in a `Group` where the printer would parenthesise it. */
export function nest(expr: Expr, position: Position): Expr {
  return GROUPED[position].has(expr.kind) ? group(expr) : expr;
}

export function group(body: Expr): Group {
  return { kind: 'Group', body, span: NO_SPAN };
}

function isBuiltQuery(part: object): part is BuiltQuery {
  return !('kind' in part) && 'ast' in part;
}

/** The clauses of `parts`, arrays flattened and blanks skipped. */
export function flattenParts(parts: readonly Part[]): Expr[] {
  const out: Expr[] = [];
  // An explicit stack of what is left, not recursion: arrays may nest deeper than the call stack.
  const pending: Part[] = [];
  const add = (part: Part): void => {
    if (part === undefined || part === null || part === false) return;
    if (Array.isArray(part)) {
      for (let i = part.length - 1; i >= 0; i--) pending.push((part as readonly Part[])[i]!);
    } else if (typeof part === 'object' && isBuiltQuery(part)) {
      if (part.ast.body !== null) out.push(part.ast.body);
    } else if (typeof part === 'object' && typeof (part as Expr).kind === 'string') {
      out.push(part as Expr);
    } else {
      throw new BuilderError(
        'invalid-value',
        `expected a clause, an array of clauses or undefined, not ${describe(part)}`,
      );
    }
  };
  for (let i = parts.length - 1; i >= 0; i--) pending.push(parts[i]!);
  while (pending.length > 0) add(pending.pop()!);
  return out;
}

function combineParts(kind: 'And' | 'Or', parts: readonly Part[]): Expr | undefined {
  const given = flattenParts(parts);
  if (given.length <= 1) return given[0];
  const operands: Expr[] = [];
  for (const clause of given) {
    if (clause.kind === kind) for (const operand of clause.operands) operands.push(operand);
    else operands.push(nest(clause, 'operand'));
  }
  if (kind === 'Or') return { kind: 'Or', operands, span: NO_SPAN } satisfies Or;
  return {
    kind: 'And',
    operands,
    explicit: operands.slice(1).map(() => true),
    span: NO_SPAN,
  } satisfies And;
}

/** `a AND b AND ...`: every part must match. Nested ANDs are flattened; nothing left is `undefined`. */
export function and(first: Expr, ...rest: Part[]): Expr;
export function and(...parts: Part[]): Expr | undefined;
export function and(...parts: Part[]): Expr | undefined {
  return combineParts('And', parts);
}

/** `and` of a list, without spreading it into arguments (a long list would overflow the stack). */
export function andOf(parts: readonly Part[]): Expr | undefined {
  return combineParts('And', parts);
}

/** `a OR b OR ...`: any part may match. Nested ORs are flattened; nothing left is `undefined`. */
export function or(first: Expr, ...rest: Part[]): Expr;
export function or(...parts: Part[]): Expr | undefined;
export function or(...parts: Part[]): Expr | undefined {
  return combineParts('Or', parts);
}

/** `NOT (a AND b ...)`: the parts must not all match. Nothing left is `undefined`. */
export function not(first: Expr, ...rest: Part[]): Not;
export function not(...parts: Part[]): Not | undefined;
export function not(...parts: Part[]): Not | undefined {
  const operand = andOf(parts);
  return operand === undefined
    ? undefined
    : { kind: 'Not', operator: 'NOT', operand: nest(operand, 'prefix'), span: NO_SPAN };
}

/** `+(a AND b ...)`: Lucene's required prefix. Nothing left is `undefined`. */
export function required(first: Expr, ...rest: Part[]): Required;
export function required(...parts: Part[]): Required | undefined;
export function required(...parts: Part[]): Required | undefined {
  const operand = andOf(parts);
  return operand === undefined
    ? undefined
    : { kind: 'Required', operand: nest(operand, 'prefix'), span: NO_SPAN };
}

/** `clause^factor`: weights a clause's relevance. The factor is a non-negative finite number. */
export function boost(clause: Expr, factor: number): Boost {
  let text: string;
  try {
    text = printDecimal(factor);
  } catch {
    throw new BuilderError(
      'invalid-boost',
      `a boost must be a non-negative finite number, not ${describe(factor)}`,
    );
  }
  if (Number(text) !== factor)
    throw new BuilderError(
      'invalid-boost',
      `the boost ${factor} cannot be written exactly as a decimal number`,
    );
  return {
    kind: 'Boost',
    operand: nest(clause, 'postfix'),
    value: factor === 0 ? 0 : factor,
    span: NO_SPAN,
  };
}

/** `field:(...)`: every term inside searches `field`. Nothing left is `undefined`. */
export function scope(field: string, first: Expr, ...rest: Part[]): Field;
export function scope(field: string, ...parts: Part[]): Field | undefined;
export function scope(field: string, ...parts: Part[]): Field | undefined {
  const name = fieldName(field, 'word');
  const body = andOf(parts);
  return body === undefined
    ? undefined
    : { kind: 'Field', field: name, value: group(body), span: NO_SPAN };
}
