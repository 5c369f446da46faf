/** "Did you mean": the closest candidates by edit distance. */

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions),
 * giving up early once the distance must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let before = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  let current = new Array<number>(cols).fill(0);
  for (let i = 1; i < rows; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[cols - 1]!;
}

/** How many edits still count as a probable typo for a word of this length. */
export function typoLimit(length: number): number {
  return length <= 3 ? 1 : length <= 7 ? 2 : 3;
}

/**
 * The candidates within typo distance of `word` (ignoring case), closest first, at
 * most `max` of them.
 */
export function closest(word: string, candidates: Iterable<string>, max = 3): string[] {
  const target = word.toLowerCase();
  const limit = typoLimit(word.length);
  const scored: { name: string; distance: number }[] = [];
  for (const name of candidates) {
    const distance = editDistance(target, name.toLowerCase(), limit);
    if (distance <= limit) scored.push({ name, distance });
  }
  scored.sort((x, y) => x.distance - y.distance || x.name.localeCompare(y.name));
  return scored.slice(0, max).map((s) => s.name);
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
export function quotedList(names: readonly string[], conjunction = 'or'): string {
  const q = names.map((n) => `"${n}"`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} ${conjunction} ${q[q.length - 1]}`;
}
