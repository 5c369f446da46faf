/**
 * A bare `*` inside a field's group is that field's wildcard, as Lucene reads it: `f:(*)` is
 * `f:*` (the field has a value) and `-f:(*)` its absence, where mdq once read match-all.
 * `*:*` inside the group stays match-all (its span is longer than the one character of a
 * bare `*`). One definition for the chevrotain parser and the fast path.
 */
import type { Expr, Group } from './ast.js';

/** `group` with each bare `*` in its field scope made the wildcard `*`; the same object when it holds none. */
export function scopeBareStars(group: Group): Group {
  const body = withGroupField(group.body);
  return body === group.body ? group : { ...group, body };
}

/** Walks the operators that keep the field scope; a nested `g:(...)` was scoped when it was built. */
function withGroupField(node: Expr): Expr {
  switch (node.kind) {
    case 'MatchAll':
      return node.span.end - node.span.start === 1
        ? { kind: 'Wildcard', raw: '*', pattern: '*', span: node.span }
        : node;
    case 'Group':
      return scopeBareStars(node);
    case 'Not':
    case 'Required':
    case 'Boost': {
      const operand = withGroupField(node.operand);
      return operand === node.operand ? node : { ...node, operand };
    }
    case 'And':
    case 'Or': {
      let operands: Expr[] | undefined;
      node.operands.forEach((operand, i) => {
        const next = withGroupField(operand);
        if (next !== operand) (operands ??= [...node.operands])[i] = next;
      });
      return operands === undefined ? node : { ...node, operands };
    }
    default:
      return node;
  }
}
