/**
 * `fixQuery`: applies the safe fixes of a query's diagnostics, as `mdq fmt --fix`
 * does. One fix per diagnostic (its first), only for codes whose first fix is safe
 * (syntax fixes and rule codes marked `autofix`), never two overlapping edits in
 * one round; rounds repeat until nothing is left to fix, since one fix can reveal
 * or shift another.
 */
import type { Diagnostic, TextEdit } from '../language/diagnostic.js';
import { applyEdits } from '../language/diagnostic.js';
import { check, type CheckOptions } from './check.js';
import { ruleCodes } from './registry.js';

export interface FixResult {
  /** The text with the fixes applied. */
  readonly text: string;
  /** The diagnostics whose fix was applied, in the round they were found. */
  readonly applied: readonly Diagnostic[];
  /** What is left once no more safe fixes apply. */
  readonly diagnostics: readonly Diagnostic[];
}

const MAX_ROUNDS = 10;

function syntaxErrors(diagnostics: readonly Diagnostic[]): number {
  let n = 0;
  for (const d of diagnostics) if (d.severity === 'error' && !ruleCodeSet.has(d.code)) n++;
  return n;
}

const ruleCodeSet = new Set(ruleCodes.map((c) => c.code));
const SAFE_SYNTAX_CODES = new Set(['unclosed-paren', 'unterminated-phrase', 'unterminated-regex', 'unclosed-range', 'unclosed-bracket', 'missing-range-to', 'unknown-operator', 'unquoted-value']);

function isSafe(d: Diagnostic, safeCodes: ReadonlySet<string>): boolean {
  return (d.fixes?.length ?? 0) > 0 && (safeCodes.has(d.code) || SAFE_SYNTAX_CODES.has(d.code));
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  // Two insertions at one offset would be applied in an unspecified order: treat them as overlapping too.
  if (a.span.start === a.span.end && b.span.start === b.span.end) return a.span.start === b.span.start;
  return a.span.start < b.span.end && b.span.start < a.span.end;
}

/** Applies the safe fixes of `text`'s diagnostics until none is left (at most ten rounds). */
export function fixQuery(text: string, options: CheckOptions = {}): FixResult {
  const safeCodes = new Set(ruleCodes.filter((c) => c.autofix).map((c) => c.code));
  const applied: Diagnostic[] = [];
  let current = text;
  let diagnostics = check(current, options);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const edits: TextEdit[] = [];
    const chosen: Diagnostic[] = [];
    for (const d of diagnostics) {
      if (!isSafe(d, safeCodes)) continue;
      const fix = d.fixes![0]!;
      if (fix.edits.some((e) => edits.some((taken) => overlaps(e, taken)))) continue;
      for (const edit of fix.edits) edits.push(edit);
      chosen.push(d);
    }
    if (chosen.length === 0) break;
    const before = syntaxErrors(diagnostics);
    let next = applyEdits(current, edits);
    let after = check(next, options);
    // Fixes that do not overlap can still interact (parentheses around a clause another fix rewrites):
    // then apply them one at a time, the first that does not add syntax errors.
    if (syntaxErrors(after) > before) {
      const single = chosen.find((d) => {
        next = applyEdits(current, d.fixes![0]!.edits);
        after = check(next, options);
        return syntaxErrors(after) <= before;
      });
      if (single === undefined) break;
      chosen.splice(0, chosen.length, single);
    }
    for (const d of chosen) applied.push(d);
    current = next;
    diagnostics = after;
  }
  return { text: current, applied, diagnostics };
}
