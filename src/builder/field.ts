/**
 * The fluent layer: `field('First Name').eq('Tim')`. Each method is one factory
 * with the field name filled in; the factories stay the foundation. The six
 * two-letter methods (`eq ne gt lt ge le`) are the service's bracket comparisons,
 * as in its documentation (`[First Name] eq "Tim"`); Lucene-style clauses have
 * spelled-out names (`equals`, `greaterThan`, `startsWith`, ...).
 */
import type { Comparison, ComparisonOperator, Exists, Expr, Field, Not } from '../language/ast.js';
import { scope, type Part } from './combine.js';
import * as f from './factories.js';
import { checkFieldName } from './nodes.js';
import type { Scalar } from './values.js';

export class FieldBuilder {
  /** Throws a `BuilderError` at once for a name that cannot name a field. */
  constructor(readonly name: string) {
    checkFieldName(name);
  }

  equals(value: Scalar): Field {
    return f.equals(this.name, value);
  }
  anyOf(values: readonly [Scalar, ...Scalar[]]): Field;
  anyOf(values: readonly Scalar[]): Field | undefined;
  anyOf(values: readonly Scalar[]): Field | undefined {
    return f.anyOf(this.name, values);
  }
  startsWith(text: string): Field {
    return f.startsWith(this.name, text);
  }
  endsWith(text: string): Field {
    return f.endsWith(this.name, text);
  }
  contains(text: string): Field {
    return f.contains(this.name, text);
  }
  between(
    lower: Scalar | null | undefined,
    upper: Scalar | null | undefined,
    options?: f.BetweenOptions,
  ): Field | undefined {
    return f.between(this.name, lower, upper, options);
  }
  range(bounds: f.RangeBounds): Field | undefined {
    return f.range(this.name, bounds);
  }
  greaterThan(value: Scalar): Field {
    return f.greaterThan(this.name, value);
  }
  greaterOrEqual(value: Scalar): Field {
    return f.greaterOrEqual(this.name, value);
  }
  lessThan(value: Scalar): Field {
    return f.lessThan(this.name, value);
  }
  lessOrEqual(value: Scalar): Field {
    return f.lessOrEqual(this.name, value);
  }
  exists(): Exists {
    return f.exists(this.name);
  }
  missing(): Not {
    return f.missing(this.name);
  }
  /** `field:(...)`: the parts' terms search this field. */
  scope(first: Expr, ...rest: Part[]): Field;
  scope(...parts: Part[]): Field | undefined;
  scope(...parts: Part[]): Field | undefined {
    return scope(this.name, ...parts);
  }
  compare(operator: ComparisonOperator, value: Scalar): Comparison {
    return f.compare(this.name, operator, value);
  }
  eq(value: Scalar): Comparison {
    return f.compare(this.name, 'eq', value);
  }
  ne(value: Scalar): Comparison {
    return f.compare(this.name, 'ne', value);
  }
  gt(value: Scalar): Comparison {
    return f.compare(this.name, 'gt', value);
  }
  lt(value: Scalar): Comparison {
    return f.compare(this.name, 'lt', value);
  }
  ge(value: Scalar): Comparison {
    return f.compare(this.name, 'ge', value);
  }
  le(value: Scalar): Comparison {
    return f.compare(this.name, 'le', value);
  }
}

/** The fluent entry point: `field('First Name').eq('Tim')`. */
export function field(name: string): FieldBuilder {
  return new FieldBuilder(name);
}
