/**
 * Lucene regular expressions (parsed by evaluator/lucene-regexp.ts) as PostgreSQL's
 * advanced regular expressions, anchored at both ends (Lucene matches the whole term).
 * Every character is written as a code-point escape inside a bracket expression, so no
 * character means anything to PostgreSQL. An intersection or complement at the top
 * becomes several conditions (`~`, `!~`); what PostgreSQL cannot say (repeats above its
 * limit of 255, named automata) throws `RegexUnsupported`, which the compiler reports.
 */
import type { CharSet, RegexTree } from '../evaluator/lucene-regexp.js';
import { RegexUnsupported } from '../evaluator/regex-vm.js';

/** One condition on the term: it matches `pattern`, or (negated) it does not. */
export interface RegexCondition {
  readonly pattern: string;
  readonly negated: boolean;
}

/** PostgreSQL's RE_DUP_MAX. */
const MAX_REPEAT = 255;

function hex(code: number): string {
  return `\\U${code.toString(16).padStart(8, '0')}`;
}

/** Ranges without U+0000 (PostgreSQL text cannot hold it) nor surrogate code points (no UTF-8 text holds them). */
function validRanges(set: CharSet): [number, number][] {
  const out: [number, number][] = [];
  for (const [lo, hi] of set.ranges) {
    const pieces: [number, number][] = [
      [Math.max(lo, 1), Math.min(hi, 0xd7ff)],
      [Math.max(lo, 0xe000), Math.min(hi, 0x10ffff)],
    ];
    for (const [a, b] of pieces) if (a <= b) out.push([a, b]);
  }
  return out;
}

const NOTHING = '(?=a)b';

function chars(set: CharSet): string {
  const ranges = validRanges(set);
  if (ranges.length === 0) return set.negated ? '.' : NOTHING;
  const body = ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
  return `[${set.negated ? '^' : ''}${body}]`;
}

function translate(tree: RegexTree): string {
  switch (tree.t) {
    case 'chars':
      return chars(tree.set);
    case 'none':
      return NOTHING;
    case 'seq':
      return `(?:${tree.items.map(translate).join('')})`;
    case 'alt':
      return `(?:${tree.items.map(translate).join('|')})`;
    case 'repeat': {
      if (tree.min > MAX_REPEAT || (tree.max !== Infinity && tree.max > MAX_REPEAT))
        throw new RegexUnsupported(
          `PostgreSQL repeats at most ${MAX_REPEAT} times; {${tree.min},${tree.max === Infinity ? '' : tree.max}} is more`,
        );
      const max = tree.max === Infinity ? '' : String(tree.max);
      return `(?:${translate(tree.item)}){${tree.min},${max}}`;
    }
    case 'and':
    case 'not':
      throw new RegexUnsupported(
        'an intersection (&) or complement (~) inside the expression has no PostgreSQL form',
      );
    case 'named':
      throw new RegexUnsupported(`the named automaton <${tree.name}> is unknown here`);
  }
}

/** The conditions (all must hold) that say what `tree` says of a whole term. */
export function regexToPostgres(tree: RegexTree): RegexCondition[] {
  const top = tree.t === 'and' ? tree.items : [tree];
  return top.map((item) =>
    item.t === 'not'
      ? { pattern: `^${translate(item.item)}$`, negated: true }
      : { pattern: `^${translate(item)}$`, negated: false },
  );
}
