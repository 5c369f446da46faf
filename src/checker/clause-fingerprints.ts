/**
 * A clause's fingerprint: a 32-bit hash over everything NoDuplicateClauses compares
 * (see its SAME table), every character included. Two clauses that mean the same
 * always have the same fingerprint; clauses that differ almost never do.
 *
 * Why besides the walk's clause hashes (clause-hashes.ts): those sketch each string
 * by its length and last two characters, which is cheap and enough to rule out nearly
 * every pair, but a list of ten thousand ids `id:(C000001 OR C000002 OR ...)` sketches
 * into a hundred classes, and comparing within them is quadratic. Fingerprints are
 * taken only when the sketches fail so (NoDuplicateClauses).
 */
import type { Node, NodeKind, NodeOfKind } from '../language/ast.js';
import { mixNumber as mixInt } from './clause-hashes.js';

/** Every character of `text`, and its length (so that `ab`+`c` and `a`+`bc` differ). */
function mixString(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = mixInt(h, text.charCodeAt(i));
  return mixInt(h, text.length);
}

const bits = /* @__PURE__ */ new Float64Array(1);
const halves = /* @__PURE__ */ new Int32Array(bits.buffer);

/** Numbers equal as values mix alike, fractions included: 0 and -0, and every NaN; null apart from them all. */
function mixValue(h: number, value: number | null): number {
  if (value === null) return mixInt(h, 0x6e756c6c);
  if (value !== value) return mixInt(h, 0x4e614e);
  bits[0] = value === 0 ? 0 : value;
  return mixInt(mixInt(h, halves[0]!), halves[1]!);
}

type Mix = (h: number, node: Node) => number;

/** Counts Error nodes fingerprinted, to give each a fingerprint of its own. */
let errorSerial = 0;

/** Per kind, what SAME compares, mixed in the same order; a seed per kind keeps kinds apart. */
const FINGERPRINT: {
  readonly [K in NodeKind]: (h: number, node: NodeOfKind<K>, mix: Mix) => number;
} = {
  Query: (h, n, mix) => (n.body === null ? mixInt(h, 1) : mix(h, n.body)),
  Or: (h, n, mix) => {
    h = mixInt(h, 2 + n.operands.length);
    for (const o of n.operands) h = mix(h, o);
    return h;
  },
  And: (h, n, mix) => {
    h = mixInt(h, 3 + n.operands.length);
    for (const e of n.explicit) h = mixInt(h, e ? 1 : 0);
    for (const o of n.operands) h = mix(h, o);
    return h;
  },
  Not: (h, n, mix) => mix(mixString(mixInt(h, 4), n.operator), n.operand),
  Required: (h, n, mix) => mix(mixInt(h, 5), n.operand),
  Group: (h, n, mix) => mix(h, n.body),
  Field: (h, n, mix) => mix(mixString(mixInt(h, 6), n.field.value), n.value),
  Exists: (h, n) => mixString(mixInt(h, 7), n.field.value),
  Comparison: (h, n, mix) =>
    mix(mixString(mixString(mixInt(h, 8), n.field.value), n.operator), n.value),
  Term: (h, n) => mixString(mixInt(h, 9), n.value),
  Wildcard: (h, n) => mixString(mixInt(h, 10), n.pattern),
  Phrase: (h, n) => mixString(mixInt(h, 11), n.value),
  Regex: (h, n) => mixString(mixInt(h, 12), n.pattern),
  Range: (h, n, mix) =>
    mix(
      mix(
        mixInt(mixInt(mixInt(h, 13), n.lowerInclusive ? 1 : 0), n.upperInclusive ? 1 : 0),
        n.lower,
      ),
      n.upper,
    ),
  RangeBound: (h, n) => (n.value === null ? mixInt(h, 14) : mixString(mixInt(h, 15), n.value)),
  Relation: (h, n, mix) => mix(mixString(mixInt(h, 16), n.operator), n.value),
  Fuzzy: (h, n, mix) => mix(mixValue(mixInt(h, 17), n.distance), n.operand),
  Proximity: (h, n, mix) => mix(mixValue(mixInt(h, 18), n.distance), n.operand),
  Boost: (h, n, mix) => mix(mixValue(mixInt(h, 19), n.value), n.operand),
  MatchAll: (h) => mixInt(h, 20),
  FieldName: (h, n) => mixString(mixInt(h, 21), n.value),
  StringValue: (h, n) => mixString(mixInt(h, 22), n.value),
  NumberValue: (h, n) => mixValue(mixInt(h, 23), n.value),
  // Never the same as anything (SAME says so): a fingerprint of its own, so that many errors
  // in one list (`)()()(...`) do not chain up in one slot and make the comparisons quadratic.
  Error: (h) => mixInt(mixInt(h, 24), ++errorSerial),
};

function mix(h: number, node: Node): number {
  return (FINGERPRINT[node.kind] as (h: number, node: Node, mix: Mix) => number)(h, node, mix);
}

/** The fingerprint of a clause (parentheses around it, or anywhere inside, change nothing). */
export function fingerprint(node: Node): number {
  return mix(0x811c9dc5, node);
}
