/**
 * AndOrInParentheses: AND and OR are never mixed without parentheses. The
 * service's Lucene-family engine ignores boolean precedence: `a AND b OR c` is
 * read as `+a b c`, not `(a AND b) OR c`. The fix writes the grouping the tree
 * means, which is what the person surely meant.
 *
 *   valid:   (a AND b) OR c        [A] eq 1 and ([B] eq 2 or [C] eq 3)
 *   invalid: a AND b OR c          a b OR c          (mixed-and-or)
 */
import type { And, Or } from '../../language/ast.js';
import type { Rule } from '../rule.js';

export const AndOrInParentheses: Rule = {
  name: 'AndOrInParentheses',
  invariant: 'AND and OR are never mixed without parentheses.',
  needsSchema: false,
  codes: {
    'mixed-and-or': { severity: 'warning', autofix: true, summary: 'AND and OR mixed without parentheses (the engine ignores precedence)' },
  },
  create(context) {
    /** True when an operand is the other junction: an AND in an OR, or an OR in an AND. */
    const mixes = (node: And | Or): boolean => {
      const inner = node.kind === 'Or' ? 'And' : 'Or';
      const operands = node.operands;
      for (let i = 0; i < operands.length; i++) if (operands[i]!.kind === inner) return true;
      return false;
    };
    const check = (node: And | Or) => {
      if (!mixes(node)) return;
      const inner = node.kind === 'Or' ? 'And' : 'Or';
      const mixed = node.operands.filter((o) => o.kind === inner);
      context.report({
        code: 'mixed-and-or',
        message: "AND and OR are mixed without parentheses; the service's engine ignores precedence, so add parentheses to say which goes first",
        span: node.span,
        fixes: [{
          title: 'Add the parentheses the query means',
          edits: mixed.flatMap((o) => [{ span: { start: o.span.start, end: o.span.start }, text: '(' }, { span: { start: o.span.end, end: o.span.end }, text: ')' }]),
        }],
      });
    };
    return { Or: check, And: check };
  },
};
