/**
 * No fix adds an error (issue 9, item 11). In a query with syntax errors the text
 * around a fix may re-lex differently once it is applied: removing a stray `]` glues
 * `a]b:` into the field name `ab`, escaping a stray `)` makes it part of a word that a
 * `~` then follows. So there each fix is tried: the fixed text is parsed, and a fix
 * that leaves an error that was not there is withheld.
 *
 * "Not there": an error after the fix is an old one when an error before it, its span
 * mapped through the fix's edits, meets it with the same code, or is another diagnostic's
 * error in the same place (a stray `~` re-read as a fuzzy suffix once the `]` before it
 * is removed is the same stray `~`). An error where the fixed diagnostic stood, with
 * another code, is new: `[Age] ge eighteen` quoted into an invalid number is no fix.
 *
 * Trying costs a parse per fix, so a guard has a budget of characters to parse, linear
 * in the query (about two parses of a long one): past it, fixes are withheld rather than
 * risked.
 */
import type { Span } from './ast.js';
import { applyEdits, type Diagnostic, type Fix, type TextEdit } from './diagnostic.js';

/**
 * A guard may parse twice the query's length, plus this many characters: a broken query
 * costs at most about three parses (measured, a 100-character query with 100 errors took
 * 15 ms instead of 0.1 with a flat 16 384), and a short one still has a few dozen fixes tried.
 */
const BUDGET_BASE = 2048;
const BUDGET_FACTOR = 2;

/** Where an offset of the text before `edits` lands in the text after them. */
export function mapOffset(offset: number, edits: readonly TextEdit[]): number {
  let at = offset;
  for (let i = 0; i < edits.length; i++) {
    const e = edits[i]!;
    if (offset >= e.span.end) at += e.text.length - (e.span.end - e.span.start);
    else if (offset > e.span.start) at -= offset - e.span.start;
  }
  return at;
}

export function mapSpan(span: Span, edits: readonly TextEdit[]): Span {
  return { start: mapOffset(span.start, edits), end: mapOffset(span.end, edits) };
}

/**
 * True when two spans share a character, or an empty one lies inside the other or at
 * its start (where removed text was: `-(` losing its `(` leaves `-` alone, an error that
 * ends there, not one that was there).
 */
export function spansMeet(a: Span, b: Span): boolean {
  if (a.start === a.end) return b.start === a.start || (b.start < a.start && a.start < b.end);
  if (b.start === b.end) return a.start === b.start || (a.start < b.start && b.start < a.end);
  return a.start < b.end && b.start < a.end;
}

/** Stands for the diagnostics past `maxDiagnostics`: not an error of its own. */
const OVERFLOW = 'too-many-errors';

/**
 * The errors in `after` (the text with `edits` applied) that were not in `before`; `own`
 * is the diagnostic fixed. When `before` was cut at `maxDiagnostics` (it ends with a
 * `too-many-errors`), only errors up to the last one kept can be judged: later ones are let be.
 * Looked up in an index of the old spans (`OldErrors`), not against each of them: `fixQuery` with
 * `maxDiagnostics: Infinity` (as `mdq fmt --fix` asks) keeps every diagnostic, and tens of thousands
 * of errors against as many made this quadratic.
 */
export function addedErrors(
  before: readonly Diagnostic[],
  own: { readonly code: string; readonly span: Span } | undefined,
  after: readonly Diagnostic[],
  edits: readonly TextEdit[],
): Diagnostic[] {
  const old = new OldErrors();
  let horizon = -1;
  let cut = false;
  // Indexed loops in this file: it runs over every diagnostic of a broken flood under `fixQuery`,
  // where `for...of`, not optimized, made an iterator result per step.
  for (let i = 0; i < before.length; i++) {
    const d = before[i]!;
    if (d.code === OVERFLOW) cut = true;
    else if (d.severity === 'error') {
      const span = mapSpan(d.span, edits);
      horizon = Math.max(horizon, span.start);
      old.add(
        d.code,
        span,
        own !== undefined &&
          d.code === own.code &&
          d.span.start === own.span.start &&
          d.span.end === own.span.end,
      );
    }
  }
  if (!cut) horizon = Infinity;
  old.index();
  const added: Diagnostic[] = [];
  for (let i = 0; i < after.length; i++) {
    const d = after[i]!;
    if (d.severity !== 'error' || d.code === OVERFLOW || d.span.start > horizon) continue;
    if (!old.meets(d.code, d.span)) added.push(d);
  }
  return added;
}

/**
 * The old errors, mapped, answering "does one meet this span, with the same code or not
 * being the fixed diagnostic" (`spansMeet`) in logarithmic time. The few that are the fixed
 * diagnostic (`own`: they count only with the same code) are tried one by one. Of the rest,
 * a non-empty span meets `s` when it starts before `s`'s end (at its start at the latest, when
 * `s` is empty) and ends after `s`'s start: sorted by start, with the running greatest end, a binary
 * search answers it. An empty one meets `s` when it lies in `[s.start, s.end)`, or at the
 * start of an empty `s`: sorted offsets, a binary search. A span that ends before it starts
 * (none that `mapSpan` gives) is tried one by one too.
 */
class OldErrors {
  private readonly others: { code: string; span: Span; own: boolean }[] = [];
  private readonly filled: Span[] = [];
  private readonly points: number[] = [];
  private starts: number[] = [];
  private reach: number[] = [];

  add(code: string, span: Span, own: boolean): void {
    if (own || span.end < span.start) this.others.push({ code, span, own });
    else if (span.start === span.end) this.points.push(span.start);
    else this.filled.push(span);
  }

  index(): void {
    this.filled.sort((a, b) => a.start - b.start);
    this.points.sort((a, b) => a - b);
    this.starts = this.filled.map((s) => s.start);
    let reach = -Infinity;
    this.reach = this.filled.map((s) => (reach = Math.max(reach, s.end)));
  }

  meets(code: string, span: Span): boolean {
    for (const o of this.others)
      if (spansMeet(o.span, span) && (o.code === code || !o.own)) return true;
    if (span.end < span.start) {
      // Not a span `mapSpan` or a parse gives: the definition, one by one.
      return (
        this.filled.some((o) => spansMeet(o, span)) ||
        this.points.some((p) => spansMeet({ start: p, end: p }, span))
      );
    }
    const empty = span.start === span.end;
    const before = countBelow(this.starts, empty ? span.start : span.end, empty);
    if (before > 0 && this.reach[before - 1]! > span.start) return true;
    const from = countBelow(this.points, span.start, false);
    if (from === this.points.length) return false;
    const p = this.points[from]!;
    return empty ? p === span.start : p < span.end;
  }
}

/**
 * True when the diagnostic a fix is for is still reported where it stood: that fix fixes
 * nothing (`([# a"18"TO`: a `)` that re-lexes the open range leaves the group open).
 */
function stillReported(
  own: { readonly code: string; readonly span: Span },
  after: readonly { readonly code: string; readonly span: Span }[],
  edits: readonly TextEdit[],
): boolean {
  const { start, end } = mapSpan(own.span, edits);
  for (let i = 0; i < after.length; i++) {
    const d = after[i]!;
    if (d.code === own.code && d.span.start === start && d.span.end === end) return true;
  }
  return false;
}

/** How many of the ascending `values` are below `limit` (or equal to it, when `inclusive`). */
function countBelow(values: readonly number[], limit: number, inclusive: boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < limit || (inclusive && values[mid] === limit)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Tries fixes on one text within a budget; see the file's comment. */
export class FixGuard {
  private budget: number;
  private errors: readonly Diagnostic[] | undefined;

  /**
   * `errorsOf` parses a text (without a guard of its own) and returns its syntax
   * diagnostics, a `too-many-errors` last when they were cut; `before` are the text's
   * own, when known (else they are parsed once).
   */
  constructor(
    private readonly text: string,
    private readonly errorsOf: (text: string) => readonly Diagnostic[],
    before?: readonly Diagnostic[],
  ) {
    this.budget = BUDGET_BASE + BUDGET_FACTOR * text.length;
    this.errors = before;
  }

  /** True when applying `fix` adds no syntax error; false when it does, or the budget is spent. */
  keeps(own: { readonly code: string; readonly span: Span } | undefined, fix: Fix): boolean {
    if (this.errors === undefined) {
      if (this.budget < this.text.length) return false;
      this.budget -= this.text.length;
      this.errors = this.errorsOf(this.text);
    }
    // The length first: once the budget is spent, a fix costs nothing to withhold (applying it copies the whole text).
    let length = this.text.length;
    for (let i = 0; i < fix.edits.length; i++) {
      const e = fix.edits[i]!;
      length += e.text.length - (e.span.end - e.span.start);
    }
    if (this.budget < length) return false;
    const fixed = applyEdits(this.text, fix.edits);
    this.budget -= fixed.length;
    const after = this.errorsOf(fixed);
    if (own !== undefined && stillReported(own, after, fix.edits)) return false;
    return addedErrors(this.errors, own, after, fix.edits).length === 0;
  }

  /** `diagnostics` with every fix that adds an error (or could not be tried) left out. */
  filter(diagnostics: Diagnostic[]): void {
    for (let i = 0; i < diagnostics.length; i++) {
      const d = diagnostics[i]!;
      if (d.fixes === undefined || d.fixes.length === 0) continue;
      const kept = d.fixes.filter((f) => this.keeps(d, f));
      if (kept.length === d.fixes.length) continue;
      const { fixes: _all, ...rest } = d;
      diagnostics[i] = kept.length > 0 ? { ...rest, fixes: kept } : rest;
    }
  }
}
