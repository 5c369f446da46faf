/**
 * NoLeadingWildcard: no wildcard pattern starts with `*` or `?`. A leading
 * wildcard makes the service's engine scan every term of the index: slow. The
 * common `field:*` ("has a value") has a fast equivalent, `_exists_:field`.
 *
 *   valid:   Jo*         _exists_:Email
 *   invalid: *son        Email:*       (leading-wildcard)
 */
import { escapeFieldName } from '../../language/escape.js';
import type { Rule } from '../rule.js';

export const NoLeadingWildcard: Rule = {
  name: 'NoLeadingWildcard',
  invariant: 'No wildcard pattern starts with a wildcard.',
  needsSchema: false,
  codes: {
    'leading-wildcard': {
      severity: 'info',
      autofix: true,
      summary: 'a pattern that starts with * or ? (slow); field:* becomes _exists_:field',
    },
  },
  create(context) {
    return {
      Wildcard(node, parent) {
        const first = node.pattern[0];
        if (first !== '*' && first !== '?') return;
        // Past maxDiagnostics only counted: a flood of patterns builds no message and no fix (context.ts).
        if (context.reportRoom() === 0) return context.reportUnbuilt('leading-wildcard', 1);
        if (
          node.pattern === '*' &&
          parent?.kind === 'Field' &&
          parent.field.value !== '' &&
          parent.field.value !== '*'
        ) {
          const exists = `_exists_:${escapeFieldName(parent.field.value)}`;
          context.report({
            code: 'leading-wildcard',
            message: `'${parent.field.value}:*' scans every value of the field; ${exists} finds records with a value fast`,
            span: parent.span,
            fixes: [
              {
                kind: 'syntax',
                title: `Write ${exists}`,
                edits: [{ span: parent.span, text: exists }],
                safe: true,
              },
            ],
          });
          return;
        }
        context.report({
          code: 'leading-wildcard',
          message:
            'a pattern that starts with a wildcard makes the service scan every term: slow on large tenants',
          span: node.span,
        });
      },
    };
  },
};
