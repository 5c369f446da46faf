/**
 * A lower-case `and`, `or` or `not` written as a plain term, where an operator was
 * surely meant: OperatorWordsUpperCase reports it, and the rules that judge clauses
 * and values leave it alone.
 */
import type { Node } from '../language/ast.js';

const WORDS = /* @__PURE__ */ new Set(['and', 'or', 'not']);

/** The lower-case operator word that `node` is, or undefined. */
export function operatorWord(node: Node | undefined): string | undefined {
  // The length first: the set would hash every word of a long query.
  return node?.kind === 'Term' &&
    node.value.length <= 3 &&
    node.raw === node.value &&
    WORDS.has(node.value)
    ? node.value
    : undefined;
}

export function isOperatorWord(node: Node | undefined): boolean {
  return operatorWord(node) !== undefined;
}
