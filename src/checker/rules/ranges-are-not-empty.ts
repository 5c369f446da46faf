/**
 * RangesAreNotEmpty: a range holds at least one value: its lower bound is not
 * above its upper bound, and equal bounds are both inclusive. Checked in the
 * field's type when the field is known, else when both bounds are numbers or
 * year-month-day dates.
 *
 *   valid:   Age:[18 TO 65]       [2020-01-01 TO 2020-12-31]
 *   invalid: Age:[65 TO 18]       (inverted-range)     Age:{18 TO 18}   (empty-range)
 */
import type { Range, RangeBound } from '../../language/ast.js';
import { isKnown, isOrdered } from '../../schema/field-kind.js';
import type { Rule } from '../rule.js';
import { compareValues, guessComparable, type Comparable } from '../values.js';

export const RangesAreNotEmpty: Rule = {
  name: 'RangesAreNotEmpty',
  invariant: 'Every range holds at least one value.',
  needsSchema: false,
  codes: {
    'inverted-range': {
      severity: 'error',
      autofix: true,
      summary: 'a range whose lower bound is above its upper bound',
    },
    'empty-range': {
      severity: 'warning',
      autofix: false,
      summary: 'a range with equal bounds that excludes them',
    },
  },
  create(context) {
    const comparable = (bound: RangeBound & { value: string }): Comparable | undefined => {
      const field = context.scopedField();
      if (field === undefined || !isKnown(field.kind)) return guessComparable(bound.value);
      if (!isOrdered(field.kind)) return undefined;
      const reading = context.reading(bound, field);
      return reading.ok ? reading.comparable : undefined;
    };
    return {
      Range(node: Range) {
        const { lower, upper } = node;
        if (lower.value === null || upper.value === null || lower.raw === '' || upper.raw === '')
          return;
        const a = comparable(lower as RangeBound & { value: string });
        const b = comparable(upper as RangeBound & { value: string });
        const order = a && b ? compareValues(a, b) : undefined;
        if (order === undefined) return;
        if (order > 0) {
          context.report({
            code: 'inverted-range',
            message: `the range runs from ${lower.value} down to ${upper.value}: it holds nothing; write the lower bound first`,
            span: node.span,
            // The bounds and the TO between them rewritten as one: a quoted bound may touch the TO (`{"20"TO 18}`), a bare one may not.
            fixes: [
              {
                kind: 'rewrite',
                title: 'Swap the bounds',
                edits: [
                  {
                    span: { start: lower.span.start, end: upper.span.end },
                    text: `${upper.raw} TO ${lower.raw}`,
                  },
                ],
                safe: true,
              },
            ],
          });
        } else if (
          order === 0 &&
          lower.value === upper.value &&
          !(node.lowerInclusive && node.upperInclusive)
        ) {
          context.report({
            code: 'empty-range',
            message: `the range excludes its only value ${lower.value}: it holds nothing`,
            span: node.span,
            fixes: [
              {
                kind: 'rewrite',
                title: `Include ${lower.value}`,
                edits: [
                  { span: { start: node.span.start, end: node.span.start + 1 }, text: '[' },
                  { span: { start: node.span.end - 1, end: node.span.end }, text: ']' },
                ],
              },
            ],
          });
        }
      },
    };
  },
};
