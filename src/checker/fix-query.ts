/**
 * `fixQuery`: applies the fixes of a query's diagnostics, as `mdq fmt --fix` does:
 * for each diagnostic its first safe fix (`Fix.safe`: it keeps what the query means),
 * or with `{ unsafe: true }` its first fix of any kind; never two overlapping edits in
 * one round; rounds repeat until nothing is left to fix, since one fix can reveal or
 * shift another.
 *
 * What a call keeps alive is bounded, as `check`'s is: a round fixes the diagnostics its
 * check collected (`maxDiagnostics`), and once a round leaves more than that, it is the last.
 */
import type { Diagnostic, Fix, TextEdit } from '../language/diagnostic.js';
import { applyEdits } from '../language/diagnostic.js';
import { checkCounting, type CheckOptions, type CountedCheck } from './check.js';

export interface FixOptions extends CheckOptions {
  /** Apply fixes that may change what the query means too (the first fix of each diagnostic). Default false. */
  readonly unsafe?: boolean;
  /**
   * Most diagnostics each round collects, fixes, and `FixResult.diagnostics` returns (default:
   * `parse.maxDiagnostics`, else 100, as `check`'s). A text with more diagnostics gets one round:
   * the fixes of the first `maxDiagnostics`; call `fixQuery` again on the result for the next
   * ones, or raise the limit (`Infinity` fixes everything in one call, keeping every diagnostic
   * and every fix applied alive until it returns).
   */
  readonly maxDiagnostics?: number;
}

export interface AppliedFix {
  readonly diagnostic: Diagnostic;
  readonly fix: Fix;
}

export interface FixResult {
  /** The text with the fixes applied. */
  readonly text: string;
  /**
   * The fixes applied, each with its diagnostic, in the round they were found: at most
   * `maxDiagnostics` per round, and at most ten rounds.
   */
  readonly applied: readonly AppliedFix[];
  /**
   * What is left once no more fixes apply, as `check` gives it: at most `maxDiagnostics`, then
   * one `too-many-errors` that counts the rest. When it is there, not everything could be
   * fixed in this call: fix the result again (or raise `maxDiagnostics`).
   */
  readonly diagnostics: readonly Diagnostic[];
}

const MAX_ROUNDS = 10;

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
      if (start === end && e.start === e.end ? start === e.start : start < e.end && e.start < end)
        return true;
      if (e.start >= end) return false;
    }
    return false;
  }

  add(edit: TextEdit): void {
    const edits = this.edits;
    const last = edits[edits.length - 1];
    if (
      last === undefined ||
      last.span.start < edit.span.start ||
      (last.span.start === edit.span.start && last.span.end <= edit.span.end)
    ) {
      edits.push(edit);
      return;
    }
    let at = this.firstReaching(edit.span.start);
    while (
      at < edits.length &&
      (edits[at]!.span.start < edit.span.start ||
        (edits[at]!.span.start === edit.span.start && edits[at]!.span.end <= edit.span.end))
    )
      at++;
    edits.splice(at, 0, edit);
  }
}

/**
 * Applies the safe fixes (all fixes with `unsafe`) of `text`'s diagnostics until none is left
 * (at most ten rounds), or until a round leaves more diagnostics than `maxDiagnostics`.
 */
export function fixQuery(text: string, options: FixOptions = {}): FixResult {
  const unsafe = options.unsafe === true;
  const applied: AppliedFix[] = [];
  let current = text;
  let checked: CountedCheck | undefined = checkCounting(current, options);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const taken = new DisjointEdits();
    let chosen = choose(checked.diagnostics, unsafe, taken);
    if (chosen.length === 0) break;
    // Exact counts, those past `maxDiagnostics` included: a round never adds a syntax error.
    const before = checked.syntaxErrors;
    // Let this round's diagnostics go before the next check (with `maxDiagnostics: Infinity` they are
    // many): those fixed live on in `chosen`, the rest are no longer needed unless the round fails.
    checked = undefined;
    let next = applyEdits(current, taken.edits);
    let after = checkCounting(next, options);
    // Fixes that do not overlap can still interact (parentheses around a clause another fix rewrites):
    // then try the first half of them, a quarter, ..., the first alone, then each of the next few alone:
    // a few checks, not one per fix. What is left waits for the next round.
    if (after.syntaxErrors > before) {
      const found = fallbacks(chosen).find((some) => {
        next = applyEdits(
          current,
          some.flatMap((a) => a.fix.edits),
        );
        after = checkCounting(next, options);
        return after.syntaxErrors <= before;
      });
      if (found === undefined) {
        checked = checkCounting(current, options);
        break;
      }
      chosen = found;
    }
    for (let i = 0; i < chosen.length; i++) applied.push(chosen[i]!);
    current = next;
    checked = after;
    // More diagnostics than the limit: the next round would check the whole text again to fix at
    // most `maxDiagnostics` more. The caller fixes the result again, or raises the limit.
    if (after.overflowed) break;
  }
  return { text: current, applied, diagnostics: checked.diagnostics };
}

/** The fixes of a round, in the order of their diagnostics, their edits added to `taken`: none overlapping another. */
function choose(
  diagnostics: readonly Diagnostic[],
  unsafe: boolean,
  taken: DisjointEdits,
): AppliedFix[] {
  const chosen: AppliedFix[] = [];
  // Indexed loops here and below: with `maxDiagnostics: Infinity` this runs over tens of thousands
  // of diagnostics, and its `for...of` loops, not optimized, made an iterator result per step.
  for (let i = 0; i < diagnostics.length; i++) {
    const diagnostic = diagnostics[i]!;
    const fix = fixToApply(diagnostic, unsafe);
    if (fix === undefined) continue;
    if (overlapsChosen(fix.edits, taken) || overlapsItself(fix.edits)) continue;
    for (let e = 0; e < fix.edits.length; e++) taken.add(fix.edits[e]!);
    chosen.push({ diagnostic, fix });
  }
  return chosen;
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
