/**
 * NonEmptyQuery: the query is not empty. The service requires a query.
 *
 *   valid:   John
 *   invalid: (an empty or all-blank query)   (empty-query)
 */
import type { Rule } from '../rule.js';

export const NonEmptyQuery: Rule = {
  name: 'NonEmptyQuery',
  invariant: 'The query is not empty.',
  needsSchema: false,
  codes: {
    'empty-query': {
      // An error: the service refuses an empty query (400), and a query the checker passes is never refused.
      severity: 'error',
      autofix: false,
      summary: 'an empty query (the service refuses it)',
    },
  },
  create(context) {
    return {
      Query(node) {
        if (node.body !== null) return;
        if (context.text !== undefined && context.text.trim() !== '') return;
        context.report({
          code: 'empty-query',
          message:
            'the query is empty; the service requires one (search for *:* to match every record)',
          span: node.span,
          fixes: [
            {
              kind: 'rewrite',
              title: 'Match every record: *:*',
              edits: [{ span: node.span, text: '*:*' }],
            },
          ],
        });
      },
    };
  },
};
