/**
 * Diagnostics in order of where they start, then end; ties keep their report order.
 *
 * A natural merge sort over positions read once into typed arrays: the walk reports in
 * runs already in order (each rule's reports, the repeats of an AND moved before what
 * was reported inside it), so it finds those runs and merges them pairwise, n·log(runs)
 * steps, one pass when nothing is out of order. (An insertion sort did as well on a few
 * runs, but a list of 50 000 empty phrases, each repeated and each reported, made two runs
 * it could not merge in linear time; `Array.prototype.sort` with a comparator reading the
 * spans of diagnostics of several shapes costs several times more per step.)
 */
import type { Diagnostic } from '../language/diagnostic.js';

/** Sorts `diagnostics` in place, and returns it. */
export function sortBySpan(diagnostics: Diagnostic[]): Diagnostic[] {
  const n = diagnostics.length;
  if (n < 2) return diagnostics;
  if (n <= 8) {
    // A few: sorted in place, with no arrays to make.
    for (let i = 1; i < n; i++) {
      const d = diagnostics[i]!;
      let j = i - 1;
      while (
        j >= 0 &&
        (diagnostics[j]!.span.start > d.span.start ||
          (diagnostics[j]!.span.start === d.span.start && diagnostics[j]!.span.end > d.span.end))
      ) {
        diagnostics[j + 1] = diagnostics[j]!;
        j--;
      }
      diagnostics[j + 1] = d;
    }
    return diagnostics;
  }
  // Most checks report in order already: one pass over the spans tells, with nothing made.
  if (diagnosticsInOrder(diagnostics)) return diagnostics;
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const span = diagnostics[i]!.span;
    starts[i] = span.start;
    ends[i] = span.end;
  }
  // Where each run in order begins, and n.
  let bounds: number[] = [0];
  for (let i = 1; i < n; i++)
    if (starts[i]! < starts[i - 1]! || (starts[i] === starts[i - 1] && ends[i]! < ends[i - 1]!))
      bounds.push(i);
  bounds.push(n);
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let spare = new Uint32Array(n);
  while (bounds.length > 2) {
    const merged: number[] = [0];
    for (let r = 0; r + 1 < bounds.length; r += 2) {
      const hi = r + 2 < bounds.length ? bounds[r + 2]! : bounds[r + 1]!;
      mergeRuns(order, spare, bounds[r]!, bounds[r + 1]!, hi, starts, ends);
      merged.push(hi);
    }
    [order, spare] = [spare, order];
    bounds = merged;
  }
  const copy = diagnostics.slice();
  for (let i = 0; i < n; i++) diagnostics[i] = copy[order[i]!]!;
  return diagnostics;
}

/** True when every diagnostic starts (then ends) no earlier than the one before. */
function diagnosticsInOrder(diagnostics: readonly Diagnostic[]): boolean {
  // Read as numbers, as the typed arrays below store them (a hand-built span may hold anything).
  let start = +diagnostics[0]!.span.start;
  let end = +diagnostics[0]!.span.end;
  for (let i = 1; i < diagnostics.length; i++) {
    const span = diagnostics[i]!.span;
    const s = +span.start;
    const e = +span.end;
    if (s < start || (s === start && e < end)) return false;
    start = s;
    end = e;
  }
  return true;
}

/** Merges from[lo, mid) and from[mid, hi), each in order, into to[lo, hi); on a tie the left one first (stable). */
function mergeRuns(
  from: Uint32Array,
  to: Uint32Array,
  lo: number,
  mid: number,
  hi: number,
  starts: Float64Array,
  ends: Float64Array,
): void {
  let i = lo;
  let j = mid;
  let k = lo;
  while (i < mid && j < hi) {
    const a = from[i]!;
    const b = from[j]!;
    if (starts[a]! < starts[b]! || (starts[a] === starts[b] && ends[a]! <= ends[b]!)) {
      to[k++] = a;
      i++;
    } else {
      to[k++] = b;
      j++;
    }
  }
  while (i < mid) to[k++] = from[i++]!;
  while (j < hi) to[k++] = from[j++]!;
}
