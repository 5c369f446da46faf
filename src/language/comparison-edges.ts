/**
 * Whether a clause begins or ends with a bracket comparison (looking through groups,
 * prefixes and boosts). Lower-case `and`/`or`/`not` are operators only next to one,
 * so the parser asks about the clause before such a word, and the printer about the
 * clauses on either side of a plain word `and` it must keep from reading as an operator.
 */
import type { Expr } from './ast.js';

function edgeIsComparison(node: Expr, edge: 'first' | 'last'): boolean {
  switch (node.kind) {
    case 'Comparison':
      return true;
    case 'Not':
    case 'Required':
    case 'Boost':
      return edgeIsComparison(node.operand, edge);
    case 'Group':
      return edgeIsComparison(node.body, edge);
    case 'And':
    case 'Or':
      return edgeIsComparison(node.operands[edge === 'first' ? 0 : node.operands.length - 1]!, edge);
    default:
      return false;
  }
}

export function startsWithComparison(node: Expr): boolean {
  return edgeIsComparison(node, 'first');
}

export function endsWithComparison(node: Expr): boolean {
  return edgeIsComparison(node, 'last');
}
