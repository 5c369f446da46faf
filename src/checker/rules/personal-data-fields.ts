/**
 * PersonalDataFields: a query that searches personal data says so. A note on
 * every PII field a query names; off by default, for tenants that audit it.
 *
 *   valid:   [Status] eq "ACT"
 *   invalid: [Email] contains "@example.com"   (pii-field, when turned on)
 */
import { namedFields } from '../named-fields.js';
import type { Rule } from '../rule.js';

export const PersonalDataFields: Rule = {
  name: 'PersonalDataFields',
  invariant: 'A query that searches personal data (PII fields) says so.',
  needsSchema: true,
  codes: {
    'pii-field': {
      severity: 'info',
      enabled: false,
      autofix: false,
      summary: 'a field the schema marks as personal data (off by default)',
    },
  },
  create: (context) =>
    namedFields(context, (field, span) => {
      if (field.pii)
        context.report({
          code: 'pii-field',
          message: `"${field.name}" holds personal data (PII)`,
          span,
        });
    }),
};
