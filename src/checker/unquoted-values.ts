/**
 * `[Age] ge eighteen` has two errors on one word: `unquoted-value` from the parser,
 * whose fix quotes it, and `invalid-number` from the checker. Quoting would only
 * trade the one for the other, so where a rule refuses the value itself, the
 * parser's fixes give way to the rule's (`[Loyalty Score] gt 0,5` becomes `gt 0.5`,
 * `[Status] eq Active` becomes `eq "ACT"`), or to none.
 */
import type { Diagnostic } from '../language/diagnostic.js';

/** The codes of ValueFitsFieldType: a value its field cannot hold. */
const REFUSED_VALUE = /* @__PURE__ */ new Set([
  'invalid-date',
  'invalid-time',
  'invalid-number',
  'invalid-boolean',
  'picklist-description',
  'unknown-picklist-code',
  // Not a refusal, but the same value to write: `[City] eq \u201cBerlin\u201d` is `"Berlin"`, not `"\u201cBerlin\u201d"`.
  'smart-quotes',
]);

/** In diagnostics sorted by span: each `unquoted-value` takes the fixes of a refusal on the same span. */
export function preferValueFixes(diagnostics: Diagnostic[]): void {
  for (let i = 0; i < diagnostics.length; i++) {
    const d = diagnostics[i]!;
    if (d.code !== 'unquoted-value') continue;
    const refusal = sameSpan(diagnostics, i).find((o) => REFUSED_VALUE.has(o.code));
    if (refusal === undefined) continue;
    const { fixes: _quote, ...rest } = d;
    diagnostics[i] = refusal.fixes !== undefined ? { ...rest, fixes: refusal.fixes } : rest;
  }
}

/** The other diagnostics on exactly the span of `diagnostics[i]` (they sit next to it). */
function sameSpan(diagnostics: readonly Diagnostic[], i: number): Diagnostic[] {
  const { start, end } = diagnostics[i]!.span;
  const found: Diagnostic[] = [];
  for (let j = i - 1; j >= 0 && diagnostics[j]!.span.start === start; j--)
    if (diagnostics[j]!.span.end === end) found.push(diagnostics[j]!);
  for (let j = i + 1; j < diagnostics.length && diagnostics[j]!.span.start === start; j++)
    if (diagnostics[j]!.span.end === end) found.push(diagnostics[j]!);
  return found;
}
