/**
 * NoDuplicateClauses: no clause is written twice in the same AND or OR. The copy
 * changes nothing but is usually a sign of an unfinished edit.
 *
 *   valid:   Status:ACT AND City:Berlin
 *   invalid: Status:ACT AND City:Berlin AND Status:ACT   (duplicate-clause)
 */
import type { And, Node, NodeKind, NodeOfKind, Or } from '../../language/ast.js';
import type { TextEdit } from '../../language/diagnostic.js';
import { fingerprint } from '../clause-fingerprints.js';
import { isOperatorWord } from '../operator-words.js';
import type { CheckContext, Report } from '../context.js';
import type { Rule } from '../rule.js';

/** Equal numbers, NaN included, as their text would be (`String(-0) === String(0)`). */
const sameNumber = (a: number | null, b: number | null): boolean => a === b || (a !== a && b !== b);

type Same = (a: Node, b: Node) => boolean;

function allSame(a: readonly Node[], b: readonly Node[], same: Same): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i]!, b[i]!)) return false;
  return true;
}

/** Equal `explicit` flags (a loop: `every` with a closure made one per comparison, on every repeat of a long list). */
function sameFlags(a: readonly boolean[], b: readonly boolean[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * When two clauses of one kind mean the same, whatever their spacing, escaping or
 * parentheses; never when either holds an error. Compared in place, with no key
 * strings built: only clauses whose hashes collide get here.
 */
const SAME: {
  readonly [K in NodeKind]: (a: NodeOfKind<K>, b: NodeOfKind<K>, same: Same) => boolean;
} = {
  Query: (a, b, same) =>
    a.body === null || b.body === null ? a.body === b.body : same(a.body, b.body),
  Or: (a, b, same) => allSame(a.operands, b.operands, same),
  And: (a, b, same) => sameFlags(a.explicit, b.explicit) && allSame(a.operands, b.operands, same),
  Not: (a, b, same) => a.operator === b.operator && same(a.operand, b.operand),
  Required: (a, b, same) => same(a.operand, b.operand),
  Group: (a, b, same) => same(a.body, b.body),
  Field: (a, b, same) => a.field.value === b.field.value && same(a.value, b.value),
  Exists: (a, b) => a.field.value === b.field.value,
  Comparison: (a, b, same) =>
    a.field.value === b.field.value && a.operator === b.operator && same(a.value, b.value),
  Term: (a, b) => a.value === b.value,
  Wildcard: (a, b) => a.pattern === b.pattern,
  Phrase: (a, b) => a.value === b.value,
  Regex: (a, b) => a.pattern === b.pattern,
  Range: (a, b, same) =>
    a.lowerInclusive === b.lowerInclusive &&
    a.upperInclusive === b.upperInclusive &&
    same(a.lower, b.lower) &&
    same(a.upper, b.upper),
  RangeBound: (a, b) => a.value === b.value,
  Relation: (a, b, same) => a.operator === b.operator && same(a.value, b.value),
  Fuzzy: (a, b, same) => sameNumber(a.distance, b.distance) && same(a.operand, b.operand),
  Proximity: (a, b, same) => sameNumber(a.distance, b.distance) && same(a.operand, b.operand),
  Boost: (a, b, same) => sameNumber(a.value, b.value) && same(a.operand, b.operand),
  MatchAll: () => true,
  FieldName: (a, b) => a.value === b.value,
  StringValue: (a, b) => a.value === b.value,
  NumberValue: (a, b) => sameNumber(a.value, b.value),
  Error: () => false,
};

/** Parentheses (and a query around its body) change nothing about a clause. */
function inner(node: Node): Node {
  while (node.kind === 'Group' || (node.kind === 'Query' && node.body !== null))
    node = node.kind === 'Group' ? node.body : node.body!;
  return node;
}

/** True when two clauses mean the same (see SAME). */
function sameClause(a: Node, b: Node): boolean {
  a = inner(a);
  b = inner(b);
  return (
    a.kind === b.kind &&
    (SAME[a.kind] as (x: Node, y: Node, same: Same) => boolean)(a, b, sameClause)
  );
}

// Scratch space reused from AND to AND: whether each operand's hash repeats, and an
// open-addressing table of hashes whose slots count only when stamped with the current
// round (nothing to clear between ANDs). For each hash, `firsts` holds the first operand
// with it; `nexts` chains the operands that hold distinct clauses of one hash.
let repeats = /* @__PURE__ */ new Uint8Array(64);
let nexts = /* @__PURE__ */ new Int32Array(64);
let slots = /* @__PURE__ */ new Int32Array(128);
let firsts = /* @__PURE__ */ new Int32Array(128);
let lasts = /* @__PURE__ */ new Int32Array(128);
let stamps = /* @__PURE__ */ new Uint32Array(128);
let round = 0;

/** Makes room for `n` operands, and starts a round of the hash table (every slot empty). */
function startRound(n: number): number {
  if (repeats.length < n) {
    repeats = new Uint8Array(Math.max(n, repeats.length * 2));
    nexts = new Int32Array(repeats.length);
  }
  let size = slots.length;
  while (size < 2 * n) size *= 2;
  if (size !== slots.length) {
    slots = new Int32Array(size);
    firsts = new Int32Array(size);
    lasts = new Int32Array(size);
    stamps = new Uint32Array(size);
    round = 0;
  }
  round = (round + 1) >>> 0;
  if (round === 0) {
    stamps.fill(0);
    round = 1;
  }
  return size - 1;
}

/** The slot of hash `h` in this round: its own, or the empty one where it goes. */
function slotOf(h: number, mask: number): number {
  let slot = (Math.imul(h, 0x9e3779b1) >>> 0) & mask;
  while (stamps[slot] === round && slots[slot] !== h) slot = (slot + 1) & mask;
  return slot;
}

/**
 * Marks in `repeats` which of the `n` hashes from `hashes[base]` on occur more than
 * once; true when any does. Pairwise for a few, by hashing for many.
 */
function markRepeats(hashes: Int32Array, base: number, n: number): boolean {
  // Pairwise for a few (the scratch space always holds 16); by the hash table for more, which also makes room.
  const mask = n <= 16 ? 0 : startRound(n);
  // A loop, not `fill`: most ANDs and ORs have a few operands, and the call costs more than the work.
  for (let i = 0; i < n; i++) repeats[i] = 0;
  let any = false;
  if (n <= 16) {
    for (let i = 1; i < n; i++) {
      for (let j = 0; j < i; j++) {
        if (hashes[base + i] === hashes[base + j]) {
          repeats[i] = repeats[j] = 1;
          any = true;
        }
      }
    }
    return any;
  }
  for (let i = 0; i < n; i++) {
    const h = hashes[base + i]!;
    const slot = slotOf(h, mask);
    if (stamps[slot] === round) {
      repeats[i] = repeats[firsts[slot]!] = 1;
      any = true;
    } else {
      stamps[slot] = round;
      slots[slot] = h;
      firsts[slot] = i;
    }
  }
  return any;
}

const REPEATS_IN_AND = 'this clause repeats one already in this AND';
const REPEATS_IN_OR = 'this clause repeats one already in this OR';

/** Distinct clauses under one key past which the keys are taken not to tell clauses apart. */
const LONGEST_CHAIN = 8;

/**
 * The reports on the operands of `node` that repeat an earlier one, among those marked
 * in `repeats`. Each key (the walk's sketch from `sketches`, or without it the clause's
 * fingerprint) keeps a chain of the distinct clauses seen with it, first written first.
 * Undefined when `chainLimit` is given and a chain grows longer.
 */
/** Removes `start..end`, leaving a space where the neighbours would otherwise touch (`b"p"c` becomes `b c`, not `bc`). */
function removal(start: number, end: number, text: string | undefined): TextEdit {
  const glue =
    text !== undefined &&
    start > 0 &&
    end < text.length &&
    !SEPARATED.test(text[start - 1]!) &&
    !SEPARATED.test(text[end]!);
  return { span: { start, end }, text: glue ? ' ' : '' };
}

/**
 * True when `operands[i]` and a neighbour it touches, one of them a regex, are pieces of one
 * written word: `'12/31/1960'` is read as `'12`, `/31/`, `1960'`. (Touching words alone,
 * `"p" b"p"c`, are clauses: removing one leaves a space.)
 */
function glued(operands: readonly Node[], i: number): boolean {
  const at = operands[i]!;
  const touches = (other: Node | undefined) =>
    other !== undefined &&
    (other.span.end === at.span.start || other.span.start === at.span.end) &&
    (other.kind === 'Regex' || at.kind === 'Regex');
  return touches(operands[i - 1]) || touches(operands[i + 1]);
}

/** Characters that end a clause on their own: whitespace and parentheses. */
const SEPARATED = /[\s()]/;

/** Repeats found but not built by the last `repeatsOf`: past `room` they are only counted. */
let unbuilt = 0;

function repeatsOf(
  node: And | Or,
  sketches: Int32Array | undefined,
  base: number,
  chainLimit: number,
  context: CheckContext,
  room: number,
): Report[] | undefined {
  const operands = node.operands;
  const n = operands.length;
  const mask = startRound(n);
  const found: Report[] = [];
  // One `related` per first clause, shared by all its repeats: `a a a …` has tens of thousands of repeats of one clause.
  let relatedTo = -1;
  let related: Report['related'];
  unbuilt = 0;
  for (let i = 0; i < n; i++) {
    const operand = operands[i]!;
    // Words of `First Name:x` belong to a field name, not to the boolean expression.
    if (repeats[i] === 0 || isOperatorWord(operand) || context.inSpacedName(operand)) continue;
    const hash = sketches !== undefined ? sketches[base + i]! : fingerprint(operand);
    const slot = slotOf(hash, mask);
    nexts[i] = -1;
    if (stamps[slot] !== round) {
      stamps[slot] = round;
      slots[slot] = hash;
      firsts[slot] = lasts[slot] = i;
      continue;
    }
    // Equal keys: compare the clauses (an error inside a clause makes it unique).
    let first = firsts[slot]!;
    let length = 0;
    while (first !== -1 && !sameClause(operands[first]!, operand)) {
      first = nexts[first]!;
      if (++length > chainLimit) return undefined;
    }
    if (first === -1) {
      nexts[lasts[slot]!] = i;
      lasts[slot] = i;
      continue;
    }
    // A piece of one written word (`1960'` in `'12/31/1960'`, where `/31/` is read as a
    // regex) is no clause of its own: removing it would cut the word.
    if (node.kind === 'And' && glued(operands, i)) continue;
    if (found.length >= room) {
      unbuilt++;
      continue;
    }
    // Remove the repeat with the operator before it, a lower-case operator word included.
    let previous = i - 1;
    while (previous > 0 && isOperatorWord(operands[previous])) previous--;
    if (relatedTo !== first) {
      relatedTo = first;
      related = [{ span: operands[first]!.span, message: 'first written here' }];
    }
    found.push({
      code: 'duplicate-clause',
      message: node.kind === 'And' ? REPEATS_IN_AND : REPEATS_IN_OR,
      span: operand.span,
      related,
      fixes: [
        {
          kind: 'syntax',
          title: 'Remove the repeated clause',
          edits: [removal(operands[previous]!.span.end, operand.span.end, context.text)],
          safe: true,
        },
      ],
    });
  }
  return found;
}

export const NoDuplicateClauses: Rule = {
  name: 'NoDuplicateClauses',
  invariant: 'No clause is written twice in the same AND or OR.',
  needsSchema: false,
  codes: {
    'duplicate-clause': {
      severity: 'warning',
      autofix: true,
      summary: 'the same clause twice in one AND or OR',
    },
  },
  create(context) {
    const hashes = context.clauseHashes();
    // Where the reports stood on entering each AND or OR being walked: its repeats are
    // reported there, as if found on the way in (the hashes are known on the way out).
    const marks: number[] = [];
    const enter = () => {
      marks.push(context.reported());
    };
    const leave = (node: And | Or) => {
      const at = marks.pop()!;
      const operands = node.operands;
      const n = operands.length;
      const buffer = hashes.buffer;
      const base = hashes.operands;
      // Fast paths: most ANDs and ORs are pairs, and no two hashes alike means no duplicates.
      if (n === 2 && buffer[base] !== buffer[base + 1]) return;
      if (!markRepeats(buffer, base, n)) return;
      // Rare from here on: some sketches are alike, so compare those clauses. A long list
      // of look-alike values (`id:(C000001 OR C000002 ...)`) shares few sketches, and
      // chains of them would make the comparisons quadratic: then by fingerprints.
      const room = context.reportRoom();
      const found =
        repeatsOf(node, buffer, base, LONGEST_CHAIN, context, room) ??
        repeatsOf(node, undefined, base, Infinity, context, room)!;
      if (found.length > 0) context.reportAllAt(at, found);
      context.reportUnbuilt('duplicate-clause', unbuilt);
    };
    return { And: { enter, leave }, Or: { enter, leave } };
  },
};
