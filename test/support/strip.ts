/** Structural comparison helpers: trees equal up to source positions and raw spellings. */
import type { Expr, Node } from '../../src/language/ast.js';

/** A deep copy of `node` without `span` and `raw`, the parts that depend on how the text was written. */
export function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'span' || key === 'raw') continue;
    out[key] = strip(value);
  }
  return out;
}

/** Like `strip`, and also unwraps every Group: equality of meaning when the printer added parentheses. */
export function stripGroups(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripGroups);
  if (node === null || typeof node !== 'object') return node;
  const n = node as Node;
  if (n.kind === 'Group') return stripGroups((n as Extract<Expr, { kind: 'Group' }>).body);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'span' || key === 'raw') continue;
    out[key] = stripGroups(value);
  }
  return out;
}

/** A compact s-expression of a tree, for readable table tests: `(AND a (NOT b))`. */
export function sexpr(node: Node | null): string {
  if (node === null) return '()';
  switch (node.kind) {
    case 'Query':
      return sexpr(node.body);
    case 'Or':
      return `(OR ${node.operands.map(sexpr).join(' ')})`;
    case 'And':
      return `(${node.explicit.every((e) => e) ? 'AND' : node.explicit.some((e) => e) ? `AND[${node.explicit.map((e) => (e ? 'x' : 'i')).join('')}]` : 'and'} ${node.operands.map(sexpr).join(' ')})`;
    case 'Not':
      return `(${node.operator === '-' ? '-' : 'NOT'} ${sexpr(node.operand)})`;
    case 'Required':
      return `(+ ${sexpr(node.operand)})`;
    case 'Group':
      return `(GROUP ${sexpr(node.body)})`;
    case 'Field':
      return `(FIELD ${JSON.stringify(node.field.value)} ${sexpr(node.value)})`;
    case 'Exists':
      return `(EXISTS ${JSON.stringify(node.field.value)})`;
    case 'Comparison':
      return `(CMP ${JSON.stringify(node.field.value)} ${node.operator} ${sexpr(node.value)})`;
    case 'Term':
      return JSON.stringify(node.value);
    case 'Wildcard':
      return `(WILD ${JSON.stringify(node.pattern)})`;
    case 'Phrase':
      return `(PHRASE ${JSON.stringify(node.value)})`;
    case 'Regex':
      return `(REGEX ${JSON.stringify(node.pattern)})`;
    case 'Range':
      return `(RANGE ${node.lowerInclusive ? '[' : '{'} ${sexpr(node.lower)} ${sexpr(node.upper)} ${node.upperInclusive ? ']' : '}'})`;
    case 'RangeBound':
      return node.value === null ? '*' : JSON.stringify(node.value);
    case 'Relation':
      return `(${node.operator} ${sexpr(node.value)})`;
    case 'Fuzzy':
      return `(FUZZY ${sexpr(node.operand)} ${node.distance ?? '_'})`;
    case 'Proximity':
      return `(NEAR ${sexpr(node.operand)} ${node.distance ?? '_'})`;
    case 'Boost':
      return `(BOOST ${sexpr(node.operand)} ${node.value})`;
    case 'MatchAll':
      return '(ALL)';
    case 'FieldName':
      return JSON.stringify(node.value);
    case 'StringValue':
      return `(STR ${JSON.stringify(node.value)})`;
    case 'NumberValue':
      return `(NUM ${node.value})`;
    case 'Error':
      return '(ERROR)';
  }
}
