/**
 * QueryHasPositiveClause: the query has at least one clause that is not a
 * negation. The service's engine matches nothing for a query made only of
 * negations (`NOT a` alone excludes from an empty set).
 *
 *   valid:   *:* NOT Status:INA       John -Doe
 *   invalid: NOT Status:INA           -a -b        (only-negations)
 */
import type { Expr } from '../../language/ast.js';
import type { Rule } from '../rule.js';

/** True when every clause of `node` only excludes. */
function onlyNegations(node: Expr): boolean {
  switch (node.kind) {
    case 'Not':
      return true;
    case 'Group':
      return onlyNegations(node.body);
    case 'Boost':
      return onlyNegations(node.operand);
    case 'And':
    case 'Or':
      return node.operands.every(onlyNegations);
    default:
      return false;
  }
}

export const QueryHasPositiveClause: Rule = {
  name: 'QueryHasPositiveClause',
  invariant: 'The query has at least one clause that is not a negation.',
  needsSchema: false,
  codes: {
    'only-negations': {
      severity: 'warning',
      autofix: false,
      summary: 'a query made only of negations, which matches nothing',
    },
  },
  create(context) {
    return {
      Query(node) {
        const body = node.body;
        if (body === null || !onlyNegations(body)) return;
        const edits =
          body.kind === 'Or'
            ? [
                { span: { start: body.span.start, end: body.span.start }, text: '*:* AND (' },
                { span: { start: body.span.end, end: body.span.end }, text: ')' },
              ]
            : [{ span: { start: body.span.start, end: body.span.start }, text: '*:* ' }];
        context.report({
          code: 'only-negations',
          message:
            'the query only excludes records: on its own a negation matches nothing; start from every record with *:*',
          span: body.span,
          fixes: [{ kind: 'rewrite', title: 'Start from every record: *:*', edits }],
        });
      },
    };
  },
};
