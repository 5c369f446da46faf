/**
 * AndOrInParentheses: AND and OR are never mixed without parentheses. The
 * service's Lucene-family engine ignores boolean precedence: `a AND b OR c` is
 * read as `+a b c`, not `(a AND b) OR c`. The fix writes the grouping the tree
 * means, which is what the person surely meant.
 *
 *   valid:   (a AND b) OR c        [A] eq 1 and ([B] eq 2 or [C] eq 3)
 *   invalid: a AND b OR c          a b OR c          (mixed-and-or)
 */
import type { And, Node, NodeKind, Or } from '../../language/ast.js';
import type { TextEdit } from '../../language/diagnostic.js';
import type { Report } from '../context.js';
import { isLookAlikeRun } from '../look-alike-quotes.js';
import type { Rule } from '../rule.js';
import { kindAround } from '../walk.js';

export const AndOrInParentheses: Rule = {
  name: 'AndOrInParentheses',
  invariant: 'AND and OR are never mixed without parentheses.',
  needsSchema: false,
  codes: {
    'mixed-and-or': {
      severity: 'warning',
      autofix: true,
      summary: 'AND and OR mixed without parentheses (the engine ignores precedence)',
    },
  },
  create(context) {
    // For each AND or OR being walked: where the reports stood on entering it, and
    // whether an operand turned out to be the other junction (found as the walk enters
    // that operand, so no AND is scanned). It is reported there on the way out.
    const marks: number[] = [];
    const mixed: boolean[] = [];
    const enter = (node: And | Or, parent: Node | null, given?: NodeKind | null) => {
      // An AND directly in an OR (or the other way round): the parent mixes them.
      const around = kindAround(parent, given);
      if ((around === 'And' || around === 'Or') && around !== node.kind)
        mixed[mixed.length - 1] = true;
      marks.push(context.reported());
      mixed.push(false);
    };
    const leave = (node: And | Or) => {
      const at = marks.pop()!;
      if (!mixed.pop()) return;
      // Past maxDiagnostics only counted: a flood of mixed lists builds no fixes (context.ts).
      if (context.reportRoom() === 0) context.reportUnbuilt('mixed-and-or', 1);
      else {
        const report = mixing(node);
        if (report !== undefined) context.reportAt(at, report);
      }
    };
    return { And: { enter, leave }, Or: { enter, leave } };
  },
};

/**
 * The report on a junction with the other kind among its operands, with the fix that
 * parenthesises each of those. Made apart from the hooks: a closure in a hook makes the
 * engine allocate for every AND and OR walked, reported or not.
 */
function mixing(node: And | Or): Report | undefined {
  const inner = node.kind === 'Or' ? 'And' : 'Or';
  const edits: TextEdit[] = [];
  for (const o of node.operands) {
    // `“New York” OR x`: the words are one value in look-alike quotes (StraightQuotes), not an AND meant.
    if (o.kind !== inner || (o.kind === 'And' && isLookAlikeRun(o))) continue;
    edits.push(
      { span: { start: o.span.start, end: o.span.start }, text: '(' },
      { span: { start: o.span.end, end: o.span.end }, text: ')' },
    );
  }
  if (edits.length === 0) return undefined;
  return {
    code: 'mixed-and-or',
    message:
      "AND and OR are mixed without parentheses; the service's engine ignores precedence, so add parentheses to say which goes first",
    span: node.span,
    fixes: [{ kind: 'syntax', title: 'Add the parentheses the query means', edits, safe: true }],
  };
}
