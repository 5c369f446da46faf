/** "Did you mean": the closest candidates by edit distance. */

/** Rows reused between calls: suggestions compare one name against hundreds. */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions),
 * giving up early once the distance must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const cols = b.length + 1;
  if (rows[0]!.length < cols)
    rows = [new Int32Array(cols * 2), new Int32Array(cols * 2), new Int32Array(cols * 2)];
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j < cols; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j < cols; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (ca === cb ? 0 : 1),
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        d = Math.min(d, before[j - 2]! + 1);
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

/**
 * The candidates with `word` as one of their words, ignoring case (`Name` is a word of
 * "First Name" and "Product Name"), in their order, at most `max`: a short name is
 * more often a part of the one meant than a typo of another.
 */
export function containingWord(word: string, candidates: Iterable<string>, max = 6): string[] {
  const target = word.toLowerCase().trim();
  if (target === '' || /\s/.test(target)) return [];
  const found: string[] = [];
  for (const name of candidates) {
    if (found.length >= max) break;
    const lower = name.toLowerCase();
    if (lower !== target && lower.split(/[\s_.-]+/).includes(target)) found.push(name);
  }
  return found;
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
export function quotedList(names: readonly string[], conjunction = 'or'): string {
  const q = names.map((n) => `"${n}"`);
  return q.length <= 1
    ? (q[0] ?? '')
    : `${q.slice(0, -1).join(', ')} ${conjunction} ${q[q.length - 1]}`;
}
