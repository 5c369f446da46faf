/**
 * Fuzzy terms: `roam~1` matches a token within that many edits, where an edit inserts,
 * deletes or substitutes one character or swaps two adjacent ones (Damerau-Levenshtein,
 * the optimal-string-alignment form that Lucene's automata accept). Distances count code
 * points; Lucene's maximum is 2. A fractional distance below 1 is Lucene's legacy
 * similarity, turned into edits from the term's length as Lucene does.
 */

import type { Fuzzy } from '../language/ast.js';
import type { Diagnostic } from '../language/diagnostic.js';

/** Lucene's limit on edits (LevenshteinAutomata.MAXIMUM_SUPPORTED_DISTANCE). */
export const MAX_EDITS = 2;

/**
 * A fuzzy term as every target reads it (the evaluator, mdq/sql, mdq/opensearch): its text
 * lower-cased and the edits it allows; a written distance past Lucene's limit counts as the
 * limit, with a note in `diagnostics`.
 */
export function fuzzyTerm(node: Fuzzy, diagnostics: Diagnostic[]): { term: string; edits: number } {
  const term = node.operand.value.toLowerCase();
  if (node.distance !== null && node.distance > MAX_EDITS)
    diagnostics.push({
      code: 'fuzzy-distance',
      severity: 'info',
      message: `Lucene allows at most ${MAX_EDITS} edits; ~${node.distance} is evaluated as ~${MAX_EDITS}`,
      span: node.span,
    });
  return { term, edits: editsFor(node.distance, Array.from(term).length) };
}

/** The edits a written distance allows (`null`: not written, Lucene's default 2). */
export function editsFor(distance: number | null, termLength: number): number {
  if (distance === null) return MAX_EDITS;
  if (distance >= 1) return Math.min(Math.floor(distance), MAX_EDITS);
  if (distance <= 0) return 0;
  return Math.min(Math.floor((1 - distance) * termLength), MAX_EDITS);
}

let rows: Int32Array[] = [
  /* @__PURE__ */ new Int32Array(64),
  /* @__PURE__ */ new Int32Array(64),
  /* @__PURE__ */ new Int32Array(64),
];

/**
 * True when `a` and `b` (arrays of code points) are at most `max` edits apart. Only the
 * band of cells within `max` of the diagonal is computed (a cell off it already costs
 * more than `max`), so two long words cost their length times 2 max + 1, not the
 * product of their lengths; stops early when a whole row is over `max`.
 */
export function withinEdits(a: ArrayLike<string>, b: ArrayLike<string>, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (max === 0) {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return a.length === b.length;
  }
  const n = b.length;
  // Any value above max stands for "too far": the cells just outside the band hold it.
  const far = max + 1;
  // Three rows of the optimal-string-alignment table, reused from call to call (a fuzzy term measures many words).
  if (rows[0]!.length <= n + 1)
    rows = [new Int32Array(2 * n + 2), new Int32Array(2 * n + 2), new Int32Array(2 * n + 2)];
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= Math.min(n, max); j++) previous[j] = j;
  if (max + 1 <= n) previous[max + 1] = far;
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(n, i + max);
    current[lo - 1] = lo === 1 ? i : far;
    let rowMin = current[lo - 1]!;
    for (let j = lo; j <= hi; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (hi + 1 <= n) current[hi + 1] = far;
    if (rowMin > max) return false;
    [before, previous, current] = [previous, current, before];
  }
  return previous[n]! <= max;
}

/** A token matcher for `term~distance` (the term lower-cased already). */
export function fuzzyMatcher(term: string, edits: number): (token: string) => boolean {
  const a = codePoints(term);
  return (token) => token === term || withinEdits(a, codePoints(token), edits);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** A string's characters as code points; the string itself when it has no surrogate pairs (the usual case). */
function codePoints(text: string): ArrayLike<string> {
  return SURROGATE.test(text) ? Array.from(text) : text;
}
