/**
 * Diagnostics collected up to a limit (`maxDiagnostics`), so a query with a million
 * mistakes costs a bounded amount of memory and output: past the limit they are only
 * counted, and one `too-many-errors` diagnostic stands for them. The parser and the
 * checker collect into the same one.
 */
import type { Span } from './ast.js';
import type { Diagnostic, Severity } from './diagnostic.js';

/** The severity a diagnostic of `code` gets (the checker's levels), or undefined when its code is off. */
export type LevelOf = (code: string, severity: Severity) => Severity | undefined;

/** Keeps up to `max` diagnostics; of the rest, the count (in all and by code), the first and the most severe severity. */
export class DiagnosticCollector {
  readonly kept: Diagnostic[] = [];
  dropped = 0;
  firstDropped: Diagnostic | undefined;
  worstDropped: Severity | undefined;
  /**
   * How many of those left out had each code, made at the first one: `fixQuery` compares
   * exact counts of syntax errors between its rounds, and the levels of `check` apply by code.
   */
  droppedByCode: Map<string, number> | undefined;

  /**
   * `bare`: keep of each diagnostic only its code, severity and span (an empty message, no
   * fixes), for parses whose errors are only counted and compared (the fix guard's trials).
   * A broken flood's messages and fixes are most of what its diagnostics hold; kept whole,
   * a trial held them alive beside the text's own while it parsed.
   *
   * `levelOf`: the checker's levels, applied to the parser's diagnostics as they arrive, so
   * that a code turned off takes no place under the limit and is not counted past it, and
   * one turned into a warning is counted as one (applied afterwards, a flood of a code turned
   * off filled the limit and was then reported as thousands of errors not shown). `check`
   * clears it once the parse is done: its rules' reports arrive with their levels applied.
   */
  constructor(
    readonly max: number,
    readonly bare = false,
    public levelOf?: LevelOf,
  ) {}

  get full(): boolean {
    return this.kept.length >= this.max;
  }

  add(d: Diagnostic): void {
    if (this.levelOf !== undefined) {
      const severity = this.levelOf(d.code, d.severity);
      if (severity === undefined) return;
      if (severity !== d.severity) d = { ...d, severity };
    }
    if (this.kept.length < this.max) {
      this.kept.push(
        this.bare ? { code: d.code, severity: d.severity, message: '', span: d.span } : d,
      );
      return;
    }
    this.dropped++;
    this.firstDropped ??= d;
    this.countCode(d.code, 1);
    if (
      this.worstDropped === undefined ||
      SEVERITY_RANK[d.severity] < SEVERITY_RANK[this.worstDropped]
    )
      this.worstDropped = d.severity;
  }

  /**
   * How many more diagnostics to build in full: those that would be kept, and the first
   * one left out (its span is the overflow's). Past them `addUnbuilt` counts the rest.
   */
  get room(): number {
    return Math.max(0, this.max - this.kept.length) + (this.firstDropped === undefined ? 1 : 0);
  }

  /** `n` more diagnostics of `code` and `severity` left out, never built (only once `room` is 0). */
  addUnbuilt(n: number, given: Severity, code: string): void {
    const severity = this.levelOf === undefined ? given : this.levelOf(code, given);
    if (n <= 0 || severity === undefined) return;
    if (this.firstDropped === undefined)
      throw new Error('addUnbuilt before the first diagnostic left out was added');
    this.dropped += n;
    this.countCode(code, n);
    if (SEVERITY_RANK[severity] < SEVERITY_RANK[this.worstDropped!]) this.worstDropped = severity;
  }

  private countCode(code: string, n: number): void {
    const counts = (this.droppedByCode ??= new Map());
    counts.set(code, (counts.get(code) ?? 0) + n);
  }

  /** The one diagnostic that stands for those left out, or undefined when none were. */
  overflow(): Diagnostic | undefined {
    if (this.dropped === 0) return undefined;
    return tooManyDiagnostics(this.dropped, this.max, this.firstDropped!.span, this.worstDropped!);
  }
}

const SEVERITY_RANK: Readonly<Record<Severity, number>> = {
  error: 0,
  warning: 1,
  info: 2,
  hint: 3,
};

/** `too-many-errors`: where the first diagnostic left out was, how many were, and the limit. */
export function tooManyDiagnostics(
  dropped: number,
  max: number,
  at: Span,
  severity: Severity,
): Diagnostic {
  const more = `${dropped} more diagnostic${dropped === 1 ? '' : 's'}`;
  return {
    code: 'too-many-errors',
    severity,
    message: `${more} not shown: the limit maxDiagnostics is ${max}`,
    span: at,
  };
}
