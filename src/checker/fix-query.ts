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
    for (const d of diagnostics) {
      if (!isSafe(d, safeCodes)) continue;
      const fix = d.fixes![0]!;
      if (fix.edits.some((e) => edits.some((taken) => overlaps(e, taken)))) continue;
      edits.push(...fix.edits);
      applied.push(d);
    }
    if (edits.length === 0) break;
    current = applyEdits(current, edits);
    diagnostics = check(current, options);
  }
  return { text: current, applied, diagnostics };
}
