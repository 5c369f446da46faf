/**
 * Whether a clause begins or ends with a bracket comparison (looking through groups,
 * prefixes and boosts). Lower-case `and`/`or`/`not` are operators only next to one,
 * so the parser asks about the clause before such a word, and the printer about the
 * clauses on either side of a plain word `and` it must keep from reading as an operator.
 */
import type { Expr } from './ast.js';

function edgeIsComparison(start: Expr, edge: 'first' | 'last'): boolean {
  // A loop down the edge, not recursion: hand-built trees may be deeper than the stack.
  for (let node = start; ; ) {
    switch (node.kind) {
      case 'Comparison':
        return true;
      case 'Not':
      case 'Required':
      case 'Boost':
        node = node.operand;
        break;
      case 'Group':
        node = node.body;
        break;
      case 'And':
      case 'Or':
        node = node.operands[edge === 'first' ? 0 : node.operands.length - 1]!;
        break;
      default:
        return false;
    }
  }
}

export function startsWithComparison(node: Expr): boolean {
  return edgeIsComparison(node, 'first');
}

export function endsWithComparison(node: Expr): boolean {
  return edgeIsComparison(node, 'last');
}
