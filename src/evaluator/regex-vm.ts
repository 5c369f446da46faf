/**
 * Runs a Lucene regular expression without JavaScript's backtracking engine: the tree
 * is compiled into a Thompson automaton and simulated one character at a time (a Pike
 * VM), so matching costs at most pattern size times text length, whatever the pattern
 * (`(a+)+b` included). Lucene evaluates intersection and complement on automata; here
 * they are evaluated where they stand at the top of the expression (`a.*&.*b`,
 * `~(foo.*)`, `x|~y`), and reported when nested inside a sequence or a repetition.
 */
import type { CharSet, RegexTree } from './lucene-regexp.js';

/** Instructions beyond this are refused (Lucene refuses automata that grow too large). */
export const MAX_PROGRAM = 50_000;

export class RegexUnsupported extends Error {
  override readonly name = 'RegexUnsupported';
}

const CHAR = 0;
const SPLIT = 1;
const JMP = 2;
const MATCH = 3;

interface Program {
  readonly op: Uint8Array;
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly sets: readonly (CharSet | undefined)[];
}

function inSet(set: CharSet, cp: number): boolean {
  const { ranges } = set;
  let found = false;
  if (ranges.length <= 8) {
    // Most classes hold a range or a few (`.`, a letter, `\w`): a scan costs least.
    for (let i = 0; i < ranges.length; i++) {
      const r = ranges[i]!;
      if (cp < r[0]) break;
      if (cp <= r[1]) {
        found = true;
        break;
      }
    }
  } else {
    // A binary search of the sorted ranges: a class of thousands of characters costs a dozen steps per character, not thousands.
    let lo = 0;
    let hi = ranges.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ranges[mid]![1] < cp) lo = mid + 1;
      else hi = mid;
    }
    found = lo < ranges.length && ranges[lo]![0] <= cp;
  }
  return found !== set.negated;
}

/** The number of instructions `tree` compiles to (Infinity for what the automaton cannot hold). */
function sizeOf(tree: RegexTree): number {
  switch (tree.t) {
    case 'chars':
      return 1;
    case 'none':
      return 1;
    case 'seq':
      return tree.items.reduce((n, item) => n + sizeOf(item), 0);
    case 'alt':
      return tree.items.reduce((n, item) => n + sizeOf(item) + 2, 0);
    case 'repeat': {
      const body = sizeOf(tree.item);
      const optional = tree.max === Infinity ? body + 2 : (tree.max - tree.min) * (body + 1);
      return tree.min * body + optional;
    }
    case 'and':
    case 'not':
      throw new RegexUnsupported(
        `${tree.t === 'and' ? 'an intersection (&)' : 'a complement (~)'} inside a sequence or repetition cannot be evaluated; only at the top of the expression`,
      );
    case 'named':
      throw new RegexUnsupported(`the named automaton <${tree.name}> is unknown here`);
  }
}

class Emitter {
  readonly op: number[] = [];
  readonly x: number[] = [];
  readonly y: number[] = [];
  readonly sets: (CharSet | undefined)[] = [];

  emit(op: number, x = 0, y = 0, set?: CharSet): number {
    this.op.push(op);
    this.x.push(x);
    this.y.push(y);
    this.sets.push(set);
    return this.op.length - 1;
  }

  tree(tree: RegexTree): void {
    switch (tree.t) {
      case 'chars':
        this.emit(CHAR, 0, 0, tree.set);
        return;
      case 'none':
        // A character test nothing passes: the empty language.
        this.emit(CHAR, 0, 0, { ranges: [], negated: false });
        return;
      case 'seq':
        for (const item of tree.items) this.tree(item);
        return;
      case 'alt': {
        const jumps: number[] = [];
        tree.items.forEach((item, i) => {
          if (i === tree.items.length - 1) {
            this.tree(item);
            return;
          }
          const split = this.emit(SPLIT);
          this.x[split] = split + 1;
          this.tree(item);
          jumps.push(this.emit(JMP));
          this.y[split] = this.op.length;
        });
        for (const j of jumps) this.x[j] = this.op.length;
        return;
      }
      case 'repeat': {
        for (let i = 0; i < tree.min; i++) this.tree(tree.item);
        if (tree.max === Infinity) {
          const split = this.emit(SPLIT);
          this.x[split] = split + 1;
          this.tree(tree.item);
          this.emit(JMP, split);
          this.y[split] = this.op.length;
          return;
        }
        const splits: number[] = [];
        for (let i = tree.min; i < tree.max; i++) {
          const split = this.emit(SPLIT);
          this.x[split] = split + 1;
          splits.push(split);
          this.tree(tree.item);
        }
        for (const s of splits) this.y[s] = this.op.length;
        return;
      }
      case 'and':
      case 'not':
      case 'named':
        throw new RegexUnsupported('unreachable: sizeOf refuses these first');
    }
  }
}

/**
 * Character tests that may be live at once beyond this are refused: each live one costs
 * a step per character of text, so `(.{0,1000}){20}` (20 000 live after 20 000
 * characters: 9 s on one 10 000-character value) would cost its size per character,
 * where a usual expression costs a few.
 */
export const MAX_LIVE = 256;

/**
 * An upper bound on the character tests live at once: each test can only be reached
 * after a number of characters within an interval (a fixed offset in `abc`, any from
 * its start on after `.*`), and tests whose intervals do not overlap are never live
 * together, so the most intervals over one offset bound the threads.
 */
function liveBound(tree: RegexTree): number {
  const events: [number, number][] = [];
  const walk = (t: RegexTree, lo: number, hi: number): [number, number] => {
    switch (t.t) {
      case 'chars':
      case 'none':
        events.push([lo, 1], [hi + 1, -1]);
        return [lo + 1, hi + 1];
      case 'seq':
        for (const item of t.items) [lo, hi] = walk(item, lo, hi);
        return [lo, hi];
      case 'alt': {
        let outLo = Infinity;
        let outHi = -Infinity;
        for (const item of t.items) {
          const [a, b] = walk(item, lo, hi);
          outLo = Math.min(outLo, a);
          outHi = Math.max(outHi, b);
        }
        return [outLo, outHi];
      }
      case 'repeat': {
        for (let i = 0; i < t.min; i++) [lo, hi] = walk(t.item, lo, hi);
        if (t.max === Infinity) {
          walk(t.item, lo, Infinity);
          return [lo, Infinity];
        }
        // Each optional copy is reached only through the ones before it; any of them may be the last.
        let [copyLo, copyHi] = [lo, hi];
        for (let i = t.min; i < t.max; i++) [copyLo, copyHi] = walk(t.item, copyLo, copyHi);
        return [lo, copyHi];
      }
      default:
        throw new RegexUnsupported('unreachable: sizeOf refuses these first');
    }
  };
  walk(tree, 0, 0);
  // Ends before starts at one offset: an interval [a, b] is live from a to b inclusive.
  events.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let live = 0;
  let most = 0;
  for (const [, delta] of events) if ((live += delta) > most) most = live;
  return most;
}

function compileProgram(tree: RegexTree): Program {
  const size = sizeOf(tree);
  if (size > MAX_PROGRAM)
    throw new RegexUnsupported(
      `the expression expands to ${size} automaton states, more than ${MAX_PROGRAM}`,
    );
  const live = liveBound(tree);
  if (live > MAX_LIVE)
    throw new RegexUnsupported(
      `the expression can be at ${live} places of itself at once, more than ${MAX_LIVE} (each costs a step per character)`,
    );
  const e = new Emitter();
  e.tree(tree);
  e.emit(MATCH);
  return {
    op: Uint8Array.from(e.op),
    x: Int32Array.from(e.x),
    y: Int32Array.from(e.y),
    sets: e.sets,
  };
}

/** A whole-string matcher for one automaton. */
function programMatcher(program: Program): (text: string) => boolean {
  const { op, x, y, sets } = program;
  const n = op.length;
  let current = new Int32Array(n);
  let next = new Int32Array(n);
  const seen = new Uint32Array(n);
  const stack = new Int32Array(n * 2 + 2);
  let generation = 0;

  /** Adds `start` and everything reachable from it without reading a character. */
  const add = (list: Int32Array, count: number, start: number): number => {
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const pc = stack[--top]!;
      if (seen[pc] === generation) continue;
      seen[pc] = generation;
      const o = op[pc]!;
      if (o === JMP) stack[top++] = x[pc]!;
      else if (o === SPLIT) {
        stack[top++] = y[pc]!;
        stack[top++] = x[pc]!;
      } else list[count++] = pc;
    }
    return count;
  };

  return (text) => {
    if (++generation === 0xffffffff) {
      seen.fill(0);
      generation = 1;
    }
    let count = add(current, 0, 0);
    for (let i = 0; i < text.length && count > 0; ) {
      const cp = text.codePointAt(i)!;
      i += cp > 0xffff ? 2 : 1;
      generation++;
      let nextCount = 0;
      for (let k = 0; k < count; k++) {
        const pc = current[k]!;
        if (op[pc] === CHAR && inSet(sets[pc]!, cp)) nextCount = add(next, nextCount, pc + 1);
      }
      [current, next] = [next, current];
      count = nextCount;
    }
    for (let k = 0; k < count; k++) if (op[current[k]!] === MATCH) return true;
    return false;
  };
}

/**
 * A whole-string matcher for a parsed expression. Throws `RegexUnsupported` for what
 * cannot be evaluated (intersection or complement nested in a sequence, a named
 * automaton, an expansion past MAX_PROGRAM states).
 */
export function regexTreeMatcher(tree: RegexTree): (text: string) => boolean {
  switch (tree.t) {
    case 'and': {
      const parts = tree.items.map(regexTreeMatcher);
      return (text) => parts.every((p) => p(text));
    }
    case 'not': {
      const inner = regexTreeMatcher(tree.item);
      return (text) => !inner(text);
    }
    case 'alt':
      if (tree.items.some((item) => item.t === 'and' || item.t === 'not')) {
        const parts = tree.items.map(regexTreeMatcher);
        return (text) => parts.some((p) => p(text));
      }
      return programMatcher(compileProgram(tree));
    default:
      return programMatcher(compileProgram(tree));
  }
}
