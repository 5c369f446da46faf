/**
 * NoLeadingWildcard: no wildcard pattern starts with `*` or `?`. A leading
 * wildcard makes the service's engine scan every term of the index: slow. The
 * common `field:*` ("has a value") has a fast equivalent, `_exists_:field`.
 *
 *   valid:   Jo*         _exists_:Email
 *   invalid: *son        Email:*       Email:(*)       (leading-wildcard)
 */
import type { Field, Wildcard } from '../../language/ast.js';
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
      summary:
        'a pattern that starts with * or ? (slow); field:* and field:(*) become _exists_:field',
    },
  },
  create(context) {
    // `f:(*)`'s `*`, said with its field by the Field hook (a field group's `*` is `f:*`, as in Lucene).
    const saidWithField = new WeakSet<Wildcard>();
    const reportHasValue = (field: Field, written: string) => {
      const exists = `_exists_:${escapeFieldName(field.field.value)}`;
      context.report({
        code: 'leading-wildcard',
        message: `'${written}' scans every value of the field; ${exists} finds records with a value fast`,
        span: field.span,
        fixes: [
          {
            kind: 'syntax',
            title: `Write ${exists}`,
            edits: [{ span: field.span, text: exists }],
            safe: true,
          },
        ],
      });
    };
    const named = (field: Field) => field.field.value !== '' && field.field.value !== '*';
    return {
      Field(node) {
        const group = node.value;
        if (group.kind !== 'Group' || group.body?.kind !== 'Wildcard' || group.body.pattern !== '*')
          return;
        if (!named(node) || context.reportRoom() === 0) return;
        saidWithField.add(group.body);
        reportHasValue(node, `${node.field.value}:(*)`);
      },
      Wildcard(node, parent) {
        const first = node.pattern[0];
        if (first !== '*' && first !== '?') return;
        if (saidWithField.has(node)) return;
        // Past maxDiagnostics only counted: a flood of patterns builds no message and no fix (context.ts).
        if (context.reportRoom() === 0) return context.reportUnbuilt('leading-wildcard', 1);
        if (node.pattern === '*' && parent?.kind === 'Field' && named(parent)) {
          reportHasValue(parent, `${parent.field.value}:*`);
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
