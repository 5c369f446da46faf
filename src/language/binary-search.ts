/**
 * The binary search that maps an offset to the line (or escape) holding it: `starts` is
 * ascending, and the answer is the index of the last start at or before `offset` (0 when
 * none is). Stateless, so a Node entry may take its own copy (tsup.config.ts STATELESS):
 * src/language/position.ts maps offsets to lines, src/lsp/blocks.ts to a JSON string's code units.
 */
export function lastAtOrBefore(starts: ArrayLike<number>, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
