/**
 * NoDuplicateClauses: no clause is written twice in the same AND or OR. The copy
 * changes nothing but is usually a sign of an unfinished edit.
 *
 *   valid:   Status:ACT AND City:Berlin
 *   invalid: Status:ACT AND City:Berlin AND Status:ACT   (duplicate-clause)
 */
import type { And, Node, NodeKind, NodeOfKind, Or } from '../../language/ast.js';
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

/** Mixes a sketch of `value` (length, first, middle and last characters) into the 32-bit FNV-1a hash `h`. */
function mix(h: number, value: string): number {
  const n = value.length;
  h = Math.imul((h * 31) ^ n, 16777619);
  if (n === 0) return h;
  h = Math.imul(h ^ value.charCodeAt(0), 16777619);
  h = Math.imul(h ^ value.charCodeAt(n >> 1), 16777619);
  return Math.imul(h ^ value.charCodeAt(n - 1), 16777619);
}

/**
 * A cheap hash of what the clause key would be: the clause's kind, its field name
 * and a sketch of its first value, Groups looked through; no allocation, a few
 * property reads. Equal keys have equal hashes; equal hashes are confirmed by
 * comparing keys, so collisions cost time, never correctness.
 */
function clauseHash(node: Node, depth: number): number {
  while (node.kind === 'Group') node = node.body;
  const deeper = depth < 2;
  switch (node.kind) {
    case 'Term':
      return mix(1, node.value);
    case 'Phrase':
      return mix(2, node.value);
    case 'StringValue':
      return mix(3, node.value);
    case 'NumberValue':
      return Math.imul(4 ^ node.value, 16777619);
    case 'Wildcard':
      return mix(5, node.pattern);
    case 'Regex':
      return mix(6, node.pattern);
    case 'Field':
      return deeper ? Math.imul(mix(7, node.field.value) ^ clauseHash(node.value, depth + 1), 16777619) : 7;
    case 'Exists':
      return mix(8, node.field.value);
    case 'Comparison':
      return Math.imul(mix(mix(9, node.field.value), node.operator) ^ clauseHash(node.value, depth + 1), 16777619);
    case 'Range':
      return mix(mix(10, node.lower.value ?? '*'), node.upper.value ?? '*');
    case 'Relation':
      return mix(mix(11, node.operator), node.value.value);
    case 'Not':
      return deeper ? Math.imul(12 ^ clauseHash(node.operand, depth + 1), 16777619) : 12;
    case 'Required':
    case 'Boost':
    case 'Fuzzy':
    case 'Proximity':
      return deeper ? Math.imul(13 ^ clauseHash(node.operand, depth + 1), 16777619) : 13;
    case 'And':
    case 'Or':
      return deeper ? Math.imul((node.kind === 'And' ? 14 : 15) ^ node.operands.length ^ clauseHash(node.operands[0]!, depth + 1), 16777619) : 14;
    default:
      return 16;
  }
}

const NONE: ReadonlySet<number> = new Set();

/** The values that occur more than once: pairwise for a few, by sorting for many. */
function repeated(values: number[]): ReadonlySet<number> {
  let out: Set<number> | undefined;
  if (values.length <= 16) {
    for (let i = 1; i < values.length; i++) for (let j = 0; j < i; j++) if (values[i] === values[j]) (out ??= new Set()).add(values[i]!);
    return out ?? NONE;
  }
  const sorted = Float64Array.from(values).sort();
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) (out ??= new Set()).add(sorted[i]!);
  return out ?? NONE;
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
      const operands = node.operands;
      // Fast paths: most ANDs and ORs are pairs, and no two hashes alike means no duplicates.
      if (operands.length === 2 && clauseHash(operands[0]!, 0) !== clauseHash(operands[1]!, 0)) return;
      const hashes = new Array<number>(operands.length);
      for (let i = 0; i < operands.length; i++) hashes[i] = clauseHash(operands[i]!, 0) >>> 0;
      const alike = repeated(hashes);
      if (alike.size === 0) return;
      const seen = new Map<number, Node[]>();
      const keys = new Map<Node, string | null>();
      const keyOf = (n: Node) => {
        if (!keys.has(n)) keys.set(n, clauseKey(n));
        return keys.get(n)!;
      };
      node.operands.forEach((operand, i) => {
        // Words of `First Name:x` belong to a field name, not to the boolean expression.
        if (!alike.has(hashes[i]!) || isOperatorWord(operand) || context.inSpacedName(operand)) return;
        const candidates = seen.get(hashes[i]!);
        if (candidates === undefined) {
          seen.set(hashes[i]!, [operand]);
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
