/**
 * NoDuplicateClauses: no clause is written twice in the same AND or OR. The copy
 * changes nothing but is usually a sign of an unfinished edit.
 *
 *   valid:   Status:ACT AND City:Berlin
 *   invalid: Status:ACT AND City:Berlin AND Status:ACT   (duplicate-clause)
 */
import type { And, Node, NodeKind, NodeOfKind, Or } from '../../language/ast.js';
import { childKeys } from '../../language/visitor.js';
import type { Rule } from '../rule.js';

const OPERATOR_WORDS = new Set(['and', 'or', 'not']);

/** A lower-case `and`/`or`/`not` written as a term: OperatorWordsUpperCase's business, not a clause. */
function isOperatorWord(node: Node | undefined): boolean {
  return node?.kind === 'Term' && node.raw === node.value && OPERATOR_WORDS.has(node.value);
}

type Key = (node: Node) => string | null;

/** A string written unambiguously inside a key: its length, then itself. */
const s = (text: string): string => `${text.length}:${text}`;

function all(nodes: readonly Node[], key: Key): string | null {
  let out = '';
  for (const node of nodes) {
    const k = key(node);
    if (k === null) return null;
    out += `(${k})`;
  }
  return out;
}

function join(...parts: (string | null)[]): string | null {
  return parts.includes(null) ? null : parts.join('');
}

/**
 * How each kind contributes to a clause key: equal for clauses that mean the same,
 * whatever their spacing, escaping or parentheses; null when the clause holds an error.
 */
const KEYS: { readonly [K in NodeKind]: (node: NodeOfKind<K>, key: Key) => string | null } = {
  Query: (n, key) => (n.body ? key(n.body) : ''),
  Or: (n, key) => join('O', all(n.operands, key)),
  And: (n, key) => join('A', n.explicit.map((e) => (e ? '1' : '0')).join(''), all(n.operands, key)),
  Not: (n, key) => join('N', n.operator, key(n.operand)),
  Required: (n, key) => join('+', key(n.operand)),
  Group: (n, key) => key(n.body),
  Field: (n, key) => join('F', s(n.field.value), key(n.value)),
  Exists: (n) => `E${s(n.field.value)}`,
  Comparison: (n, key) => join('C', s(n.field.value), n.operator, key(n.value)),
  Term: (n) => `T${s(n.value)}`,
  Wildcard: (n) => `W${s(n.pattern)}`,
  Phrase: (n) => `P${s(n.value)}`,
  Regex: (n) => `R${s(n.pattern)}`,
  Range: (n, key) => join(n.lowerInclusive ? '[' : '{', key(n.lower), key(n.upper), n.upperInclusive ? ']' : '}'),
  RangeBound: (n) => (n.value === null ? '*' : `b${s(n.value)}`),
  Relation: (n, key) => join('L', n.operator, key(n.value)),
  Fuzzy: (n, key) => join('Z', String(n.distance), key(n.operand)),
  Proximity: (n, key) => join('X', String(n.distance), key(n.operand)),
  Boost: (n, key) => join('B', String(n.value), key(n.operand)),
  MatchAll: () => 'M',
  FieldName: (n) => s(n.value),
  StringValue: (n) => `S${s(n.value)}`,
  NumberValue: (n) => `#${n.value}`,
  Error: () => null,
};

/** The clause key of `node`. Built only for clauses whose hashes collide, so it is rarely needed. */
function clauseKey(node: Node): string | null {
  return (KEYS[node.kind] as (n: Node, key: Key) => string | null)(node, clauseKey);
}

/** Mixes `value` into the 32-bit FNV-1a hash `h`. */
function mix(h: number, value: string): number {
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 16777619);
  return Math.imul(h ^ 0xff, 16777619);
}

const KIND_CODES = new Map<string, number>(Object.keys(childKeys).map((kind, i) => [kind, i + 1]));
/** How many nodes of a clause the hash looks at: enough to tell clauses apart, bounded so that hashing stays linear. */
const HASH_NODES = 12;

/**
 * A cheap hash of what the clause key would be, allocation-free: kinds and strings
 * of the first nodes of the subtree, Groups looked through. Equal keys have equal
 * hashes; equal hashes are confirmed by comparing keys.
 */
function clauseHash(root: Node): number {
  let h = 2166136261;
  let budget = HASH_NODES;
  const visit = (node: Node): void => {
    if (budget-- <= 0) return;
    if (node.kind === 'Group') {
      visit(node.body);
      return;
    }
    h = Math.imul(h ^ KIND_CODES.get(node.kind)!, 16777619);
    switch (node.kind) {
      case 'Term':
      case 'Phrase':
      case 'FieldName':
      case 'StringValue':
        h = mix(h, node.value);
        return;
      case 'Wildcard':
      case 'Regex':
        h = mix(h, node.pattern);
        return;
      case 'RangeBound':
        h = mix(h, node.value ?? '*');
        return;
      case 'Comparison':
        h = mix(h, node.operator);
        break;
      default:
        break;
    }
    for (const key of childKeys[node.kind] as readonly string[]) {
      const child = (node as unknown as Record<string, Node | readonly Node[] | null>)[key];
      if (child === null || child === undefined) continue;
      if (Array.isArray(child)) for (const c of child) visit(c);
      else visit(child as Node);
    }
  };
  visit(root);
  return h >>> 0;
}

export const NoDuplicateClauses: Rule = {
  name: 'NoDuplicateClauses',
  invariant: 'No clause is written twice in the same AND or OR.',
  needsSchema: false,
  codes: {
    'duplicate-clause': { severity: 'warning', autofix: true, summary: 'the same clause twice in one AND or OR' },
  },
  create(context) {
    const check = (node: And | Or) => {
      const seen = new Map<number, Node[]>();
      const keys = new Map<Node, string | null>();
      const keyOf = (n: Node) => {
        if (!keys.has(n)) keys.set(n, clauseKey(n));
        return keys.get(n)!;
      };
      node.operands.forEach((operand, i) => {
        // Words of `First Name:x` belong to a field name, not to the boolean expression.
        if (isOperatorWord(operand) || context.inSpacedName(operand)) return;
        const hash = clauseHash(operand);
        const candidates = seen.get(hash);
        if (candidates === undefined) {
          seen.set(hash, [operand]);
          return;
        }
        // Equal hashes: compare the keys (an error inside a clause makes it unique).
        const key = keyOf(operand);
        const first = key === null ? undefined : candidates.find((c) => keyOf(c) === key);
        if (first === undefined) {
          candidates.push(operand);
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
