/**
 * `fixQuery`: applies the fixes of a query's diagnostics, as `mdq fmt --fix` does:
 * for each diagnostic its first safe fix (`Fix.safe`: it keeps what the query means),
 * or with `{ unsafe: true }` its first fix of any kind; never two overlapping edits in
 * one round; rounds repeat until nothing is left to fix, since one fix can reveal or
 * shift another.
 */
import type { Diagnostic, Fix, TextEdit } from '../language/diagnostic.js';
import { applyEdits } from '../language/diagnostic.js';
import { check, type CheckOptions } from './check.js';
import { ruleCodes } from './registry.js';

export interface FixOptions extends CheckOptions {
  /** Apply fixes that may change what the query means too (the first fix of each diagnostic). Default false. */
  readonly unsafe?: boolean;
}

export interface AppliedFix {
  readonly diagnostic: Diagnostic;
  readonly fix: Fix;
}

export interface FixResult {
  /** The text with the fixes applied. */
  readonly text: string;
  /** The fixes applied, each with its diagnostic, in the round they were found. */
  readonly applied: readonly AppliedFix[];
  /** What is left once no more fixes apply. */
  readonly diagnostics: readonly Diagnostic[];
}

const MAX_ROUNDS = 10;

const ruleCodeSet = new Set(ruleCodes.map((c) => c.code));

function syntaxErrors(diagnostics: readonly Diagnostic[]): number {
  let n = 0;
  for (let i = 0; i < diagnostics.length; i++) {
    const d = diagnostics[i]!;
    if (d.severity === 'error' && !ruleCodeSet.has(d.code)) n++;
  }
  return n;
}

/** The fix `fixQuery` applies for a diagnostic: its first safe one, or its first of all when unsafe ones are asked for. */
function fixToApply(d: Diagnostic, unsafe: boolean): Fix | undefined {
  const fixes = d.fixes;
  if (fixes === undefined || fixes.length === 0) return undefined;
  return unsafe ? fixes[0] : fixes.find((f) => f.safe === true);
}

/**
 * The edits chosen in a round: pairwise disjoint, so sorted by start they are sorted
 * by end as well, and a binary search finds the one an edit could overlap. Fixes come
 * in the order of their diagnostics, by position: nearly always appended at the end.
 */
class DisjointEdits {
  readonly edits: TextEdit[] = [];

  /** The index of the first edit that ends after `offset` (or at it, for an insertion there). */
  private firstReaching(offset: number): number {
    let lo = 0;
    let hi = this.edits.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = this.edits[mid]!.span;
      if (e.end > offset || (e.end === offset && e.start === e.end)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** True when `edit` overlaps a chosen one; two insertions at one offset overlap (their order is unspecified). */
  overlaps(edit: TextEdit): boolean {
    const { start, end } = edit.span;
    for (let i = this.firstReaching(start); i < this.edits.length; i++) {
      const e = this.edits[i]!.span;
      if (e.start > end || (e.start === end && start !== end)) return false;
      if (start === end && e.start === e.end ? start === e.start : start < e.end && e.start < end) return true;
      if (e.start >= end) return false;
    }
    return false;
  }

  add(edit: TextEdit): void {
    const edits = this.edits;
    const last = edits[edits.length - 1];
    if (last === undefined || last.span.start < edit.span.start || (last.span.start === edit.span.start && last.span.end <= edit.span.end)) {
      edits.push(edit);
      return;
    }
    let at = this.firstReaching(edit.span.start);
    while (at < edits.length && (edits[at]!.span.start < edit.span.start || (edits[at]!.span.start === edit.span.start && edits[at]!.span.end <= edit.span.end))) at++;
    edits.splice(at, 0, edit);
  }
}

/** Applies the safe fixes (all fixes with `unsafe`) of `text`'s diagnostics until none is left (at most ten rounds). */
export function fixQuery(text: string, given: FixOptions = {}): FixResult {
  // Every diagnostic, unless a limit is given: counts of errors are compared between rounds.
  const options: FixOptions = { ...given, maxDiagnostics: given.maxDiagnostics ?? given.parse?.maxDiagnostics ?? Number.POSITIVE_INFINITY };
  const unsafe = options.unsafe === true;
  const applied: AppliedFix[] = [];
  let current = text;
  let diagnostics = check(current, options);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const taken = new DisjointEdits();
    let chosen: AppliedFix[] = [];
    // Indexed loops here and below: this function runs once per call over tens of thousands of
    // diagnostics, and its `for...of` loops, not optimized, made an iterator result per step
    // (garbage that made the collector copy the large live set of a call more often).
    for (let i = 0; i < diagnostics.length; i++) {
      const diagnostic = diagnostics[i]!;
      const fix = fixToApply(diagnostic, unsafe);
      if (fix === undefined) continue;
      if (overlapsChosen(fix.edits, taken) || overlapsItself(fix.edits)) continue;
      for (let e = 0; e < fix.edits.length; e++) taken.add(fix.edits[e]!);
      chosen.push({ diagnostic, fix });
    }
    if (chosen.length === 0) break;
    const before = syntaxErrors(diagnostics);
    // Let this round's diagnostics go before the next check: those fixed live on in `applied`, the rest are no longer needed.
    diagnostics = [];
    let next = applyEdits(current, taken.edits);
    let after = check(next, options);
    // Fixes that do not overlap can still interact (parentheses around a clause another fix rewrites):
    // then try the first half of them, a quarter, ..., the first alone, then each of the next few alone:
    // a few checks, not one per fix. What is left waits for the next round.
    if (syntaxErrors(after) > before) {
      const found = fallbacks(chosen).find((some) => {
        next = applyEdits(current, some.flatMap((a) => a.fix.edits));
        after = check(next, options);
        return syntaxErrors(after) <= before;
      });
      if (found === undefined) break;
      chosen = found;
    }
    for (let i = 0; i < chosen.length; i++) applied.push(chosen[i]!);
    current = next;
    diagnostics = after;
  }
  return { text: current, applied, diagnostics };
}

/** How many single fixes are tried alone when all of a round's fixes together add syntax errors. */
const SINGLES = 8;

/** Subsets of a round's fixes to try when all together add syntax errors: halving prefixes, then single fixes. */
function fallbacks(chosen: AppliedFix[]): AppliedFix[][] {
  const subsets: AppliedFix[][] = [];
  for (let n = chosen.length >> 1; n > 1; n >>= 1) subsets.push(chosen.slice(0, n));
  for (let i = 0; i < Math.min(chosen.length, SINGLES); i++) subsets.push([chosen[i]!]);
  return subsets;
}

/** True when one of `edits` overlaps an edit already chosen. */
function overlapsChosen(edits: readonly TextEdit[], taken: DisjointEdits): boolean {
  for (let i = 0; i < edits.length; i++) if (taken.overlaps(edits[i]!)) return true;
  return false;
}

/** A fix whose own edits overlap is left alone. */
function overlapsItself(edits: readonly TextEdit[]): boolean {
  if (edits.length < 2) return false;
  const own = new DisjointEdits();
  for (const e of edits) {
    if (own.overlaps(e)) return true;
    own.add(e);
  }
  return false;
}
