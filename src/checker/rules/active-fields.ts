/**
 * ActiveFields: every field a query names is active. An inactive field is no
 * longer maintained, so searching it finds stale data at best.
 *
 *   valid:   [Status] eq "ACT"
 *   invalid: [Legacy Customer Number] eq "UK-004411"   (inactive-field)
 */
import { namedFields } from '../named-fields.js';
import type { Rule } from '../rule.js';

export const ActiveFields: Rule = {
  name: 'ActiveFields',
  invariant: 'Every field a query names is active.',
  needsSchema: true,
  codes: {
    'inactive-field': {
      severity: 'warning',
      autofix: false,
      summary: 'a field the schema marks inactive',
    },
  },
  create: (context) =>
    namedFields(context, (field, span) => {
      if (field.active) return;
      // Past `maxDiagnostics` only the code is counted.
      if (context.reportRoom() === 0) context.reportUnbuilt('inactive-field', 1);
      else
        context.report({
          code: 'inactive-field',
          message: `"${field.name}" is inactive: its values are no longer maintained`,
          span,
        });
    }),
};
