/**
 * NoDuplicateClauses: no clause is written twice in the same AND or OR. The copy
 * changes nothing but is usually a sign of an unfinished edit.
 *
 *   valid:   Status:ACT AND City:Berlin
 *   invalid: Status:ACT AND City:Berlin AND Status:ACT   (duplicate-clause)
 */
import type { And, Node, Or } from '../../language/ast.js';
import { children } from '../../language/visitor.js';
import type { Rule } from '../rule.js';

const IGNORED = new Set(['span', 'raw', 'kind']);
const OPERATOR_WORDS = new Set(['and', 'or', 'not']);

/** A lower-case `and`/`or`/`not` written as a term: OperatorWordsUpperCase's business, not a clause. */
function isOperatorWord(node: Node | undefined): boolean {
  return node?.kind === 'Term' && node.raw === node.value && OPERATOR_WORDS.has(node.value);
}

/** A key equal for clauses that mean the same, whatever their spacing, escaping or parentheses; null when it holds an error. */
function clauseKey(node: Node, memo: WeakMap<Node, string | null>): string | null {
  const known = memo.get(node);
  if (known !== undefined) return known;
  let key: string | null;
  if (node.kind === 'Error') key = null;
  else if (node.kind === 'Group') key = clauseKey(node.body, memo);
  else {
    const parts: string[] = [node.kind];
    for (const [name, value] of Object.entries(node)) {
      if (!IGNORED.has(name) && (value === null || typeof value !== 'object')) parts.push(`${name}=${JSON.stringify(value)}`);
    }
    if (node.kind === 'And') parts.push(`explicit=${node.explicit.join(',')}`);
    key = parts.join(' ');
    for (const child of children(node)) {
      const k = clauseKey(child, memo);
      if (k === null) {
        key = null;
        break;
      }
      key += ` (${k})`;
    }
  }
  memo.set(node, key);
  return key;
}

export const NoDuplicateClauses: Rule = {
  name: 'NoDuplicateClauses',
  invariant: 'No clause is written twice in the same AND or OR.',
  needsSchema: false,
  codes: {
    'duplicate-clause': { severity: 'warning', autofix: true, summary: 'the same clause twice in one AND or OR' },
  },
  create(context) {
    const memo = new WeakMap<Node, string | null>();
    const check = (node: And | Or) => {
      const seen = new Map<string, Node>();
      node.operands.forEach((operand, i) => {
        // Words of `First Name:x` belong to a field name, not to the boolean expression.
        if (isOperatorWord(operand) || context.inSpacedName(operand)) return;
        const key = clauseKey(operand, memo);
        if (key === null) return;
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, operand);
          return;
        }
        // Remove the repeat with the operator before it, a lower-case operator word included.
        let previous = i - 1;
        while (previous > 0 && isOperatorWord(node.operands[previous])) previous--;
        context.report({
          code: 'duplicate-clause',
          message: `this clause repeats one already in this ${node.kind === 'And' ? 'AND' : 'OR'}`,
          span: operand.span,
          related: [{ span: first.span, message: 'first written here' }],
          fixes: [{ title: 'Remove the repeated clause', edits: [{ span: { start: node.operands[previous]!.span.end, end: operand.span.end }, text: '' }] }],
        });
      });
    };
    return { And: check, Or: check };
  },
};
