/**
 * ValuesWithinFieldBounds: a value can occur in the field given its `min` and
 * `max`: a text no longer than the field's maximum length (nor shorter than its
 * minimum, for `eq`), a date inside the field's date range.
 *
 *   valid:   [Customer ID] eq "C-10000001"        Launch Date:>2020-01-01
 *   invalid: [Customer ID] eq "C-1000000100000"   Launch Date:>2031-01-01
 */
import type { RelationOperator } from '../../language/ast.js';
import type { Rule } from '../rule.js';
import { valueSites, type ValueRole } from '../value-sites.js';
import { compareValues, valueText, type Comparable } from '../values.js';

/** What a value in this role says about the field's value: it is at, above or below it. */
type Bound =
  | { readonly at: 'point' }
  | { readonly at: 'above' | 'below'; readonly inclusive: boolean };

const POINT: Bound = { at: 'point' };
const RELATIONS: Readonly<Record<RelationOperator, Bound>> = {
  '>': { at: 'above', inclusive: false },
  '>=': { at: 'above', inclusive: true },
  '<': { at: 'below', inclusive: false },
  '<=': { at: 'below', inclusive: true },
};

function roleBound(role: ValueRole, inclusive: boolean | undefined): Bound | undefined {
  switch (role) {
    case 'match':
    case 'eq':
      return POINT;
    case 'gt':
      return RELATIONS['>'];
    case 'ge':
      return RELATIONS['>='];
    case 'lt':
      return RELATIONS['<'];
    case 'le':
      return RELATIONS['<='];
    case '>':
    case '>=':
    case '<':
    case '<=':
      return RELATIONS[role];
    case 'lower':
      return inclusive === false ? RELATIONS['>'] : RELATIONS['>='];
    case 'upper':
      return inclusive === false ? RELATIONS['<'] : RELATIONS['<='];
    default:
      return undefined;
  }
}

/** True when no date in `[min, max]` satisfies the bound at `value`. */
function outside(
  value: Comparable,
  bound: Bound,
  min: string | undefined,
  max: string | undefined,
): boolean {
  const vsMin = min !== undefined ? compareValues(value, min) : undefined;
  const vsMax = max !== undefined ? compareValues(value, max) : undefined;
  switch (bound.at) {
    case 'point':
      return (vsMin !== undefined && vsMin < 0) || (vsMax !== undefined && vsMax > 0);
    case 'above':
      return vsMax !== undefined && (bound.inclusive ? vsMax > 0 : vsMax >= 0);
    case 'below':
      return vsMin !== undefined && (bound.inclusive ? vsMin < 0 : vsMin <= 0);
  }
}

export const ValuesWithinFieldBounds: Rule = {
  name: 'ValuesWithinFieldBounds',
  invariant: "Every value fits the field's min and max: text length, date range.",
  needsSchema: true,
  codes: {
    'value-too-long': {
      severity: 'warning',
      autofix: false,
      summary: "a text longer than the field's max length: it can never match",
    },
    'value-too-short': {
      severity: 'warning',
      autofix: false,
      summary: "an eq value shorter than the field's min length: it can never match",
    },
    'date-out-of-bounds': {
      severity: 'warning',
      autofix: false,
      summary: "a date condition outside the field's min/max dates: nothing can match",
    },
  },
  create(context) {
    return valueSites(context, (node, field, role, inclusive) => {
      if (field.kind === 'text') {
        if (field.maxLength === undefined && field.minLength === undefined) return;
        const text = valueText(node);
        const substring = role === 'contains' || role === 'startswith' || role === 'endswith';
        if (
          field.maxLength !== undefined &&
          text.length > field.maxLength &&
          (role === 'match' || role === 'eq' || substring)
        ) {
          context.report({
            code: 'value-too-long',
            message: `"${field.name}" holds at most ${field.maxLength} characters; this value has ${text.length}, so it can never match`,
            span: node.span,
          });
        } else if (
          field.minLength !== undefined &&
          text.length < field.minLength &&
          role === 'eq'
        ) {
          context.report({
            code: 'value-too-short',
            message: `"${field.name}" holds at least ${field.minLength} characters; this value has ${text.length}, so eq can never match`,
            span: node.span,
          });
        }
        return;
      }
      if (field.kind !== 'date' && field.kind !== 'datetime') return;
      if (field.minDate === undefined && field.maxDate === undefined) return;
      const reading = context.reading(node, field);
      const bound = roleBound(role, inclusive);
      if (!reading.ok || reading.comparable === undefined || bound === undefined) return;
      if (
        outside(reading.comparable, bound, field.minDate || undefined, field.maxDate || undefined)
      ) {
        context.report({
          code: 'date-out-of-bounds',
          message: `"${field.name}" holds dates from ${field.minDate ?? 'any date'} to ${field.maxDate ?? 'any date'}; nothing can match this`,
          span: node.span,
        });
      }
    });
  },
};
