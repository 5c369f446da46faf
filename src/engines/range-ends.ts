/**
 * The ends of the range a clause means, read alike by the engine targets: a Range node's two
 * ends, or the one end of a relation (`field:>x`) or a bracket comparison (`[field] gt x`),
 * the other end open. Each engine then types the ends by the field.
 */
import type { Comparison, Range, Relation } from '../language/ast.js';

/** One end of a range: the value as written, and whether it belongs to the range. */
export interface RangeEnd {
  readonly text: string;
  readonly inclusive: boolean;
}

/** The two ends; null is an open end (`*`, or the side a relation does not bound). */
export interface RangeEnds {
  readonly lower: RangeEnd | null;
  readonly upper: RangeEnd | null;
}

/** The operators that bound one side: a relation's, and a bracket comparison's names for them. */
export type OneSidedOperator =
  | Relation['operator']
  | Extract<Comparison['operator'], 'gt' | 'ge' | 'lt' | 'le'>;

const SIDES: { readonly [K in OneSidedOperator]: { above: boolean; inclusive: boolean } } = {
  '>': { above: true, inclusive: false },
  '>=': { above: true, inclusive: true },
  '<': { above: false, inclusive: false },
  '<=': { above: false, inclusive: true },
  gt: { above: true, inclusive: false },
  ge: { above: true, inclusive: true },
  lt: { above: false, inclusive: false },
  le: { above: false, inclusive: true },
};

/** `> x` is (x, *), `<= x` is (*, x]: the range open on the side the operator does not bound. */
export function openRange(operator: OneSidedOperator, text: string): RangeEnds {
  const { above, inclusive } = SIDES[operator];
  const end = { text, inclusive };
  return above ? { lower: end, upper: null } : { lower: null, upper: end };
}

/** A Range node's ends (`*` is an open end). */
export function rangeEnds(node: Range): RangeEnds {
  return {
    lower:
      node.lower.value === null ? null : { text: node.lower.value, inclusive: node.lowerInclusive },
    upper:
      node.upper.value === null ? null : { text: node.upper.value, inclusive: node.upperInclusive },
  };
}
