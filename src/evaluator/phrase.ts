/**
 * Phrases over a value's tokens. `"a b"` matches consecutive tokens; `"a b"~N` allows N
 * positions of slop counted as Lucene's sloppy phrase matcher counts them: each word i
 * of the phrase taken at position p_i, the match costs max(p_i - i) - min(p_i - i), so
 * one word out of place costs its distance and two words swapped cost 2. A phrase never
 * spans two values of a multivalue field.
 */

/** The token positions [first, last] of every match of `phrase` in `tokens` (at most one per start when `all`). */
export function phraseMatches(
  tokens: readonly string[],
  phrase: readonly string[],
  slop: number,
  all: boolean,
): [number, number][] {
  const found: [number, number][] = [];
  const k = phrase.length;
  if (k === 0 || tokens.length === 0) return found;
  if (slop <= 0) {
    const first = phrase[0];
    for (let start = 0; start + k <= tokens.length; start++) {
      if (tokens[start] !== first) continue;
      let i = 1;
      while (i < k && tokens[start + i] === phrase[i]) i++;
      if (i === k) {
        found.push([start, start + k - 1]);
        if (!all) break;
      }
    }
    return found;
  }
  return sloppyMatches(tokens, phrase, slop, all);
}

/**
 * The smallest window of shifted positions (p - i) holding one entry per phrase word,
 * found with one sorted sweep: O(m log m) for m occurrences of the phrase's words.
 */
function sloppyMatches(
  tokens: readonly string[],
  phrase: readonly string[],
  slop: number,
  all: boolean,
): [number, number][] {
  const k = phrase.length;
  const byWord = new Map<string, number[]>();
  phrase.forEach((word, i) => {
    const list = byWord.get(word);
    if (list) list.push(i);
    else byWord.set(word, [i]);
  });
  if (byWord.size < k) return repeatedWordMatches(tokens, byWord, slop, all);
  // Entries: shifted position, phrase index, real position.
  const entries: [number, number, number][] = [];
  tokens.forEach((token, p) => {
    const indexes = byWord.get(token);
    if (indexes) for (const i of indexes) entries.push([p - i, i, p]);
  });
  entries.sort((x, y) => x[0] - y[0] || x[2] - y[2]);
  const counts = new Array<number>(k).fill(0);
  let covered = 0;
  let left = 0;
  const found: [number, number][] = [];
  // The first and last real position in the window, as monotonic queues of entry indexes: a rescan of the window per match made highlights quadratic.
  const lows: number[] = [];
  const highs: number[] = [];
  let lowHead = 0;
  let highHead = 0;
  for (let right = 0; right < entries.length; right++) {
    const p = entries[right]![2];
    while (lows.length > lowHead && entries[lows[lows.length - 1]!]![2] >= p) lows.pop();
    lows.push(right);
    while (highs.length > highHead && entries[highs[highs.length - 1]!]![2] <= p) highs.pop();
    highs.push(right);
    if (counts[entries[right]![1]]!++ === 0) covered++;
    while (covered === k) {
      const width = entries[right]![0] - entries[left]![0];
      if (width <= slop) {
        found.push([entries[lows[lowHead]!]![2], entries[highs[highHead]!]![2]]);
        if (!all) return found;
      }
      if (--counts[entries[left]![1]]! === 0) covered--;
      if (lows[lowHead] === left) lowHead++;
      if (highs[highHead] === left) highHead++;
      left++;
    }
  }
  return found;
}

/**
 * A sloppy phrase that repeats a word (`"a b a"~2`): each word of the phrase takes a
 * token of its own, as in Lucene, so `"a a"~1` needs two tokens `a`. For every window
 * [low, low + slop] of shifted positions (p - i) that some occurrence starts, the
 * occurrences of each word are handed out greedily: index i may take a position in
 * [low + i, low + slop + i], and these ranges move right with i, so taking the first free
 * position for each index in turn finds an assignment whenever one exists.
 */
function repeatedWordMatches(
  tokens: readonly string[],
  byWord: ReadonlyMap<string, readonly number[]>,
  slop: number,
  all: boolean,
): [number, number][] {
  const positions = new Map<string, number[]>();
  tokens.forEach((token, p) => {
    if (byWord.has(token)) {
      const list = positions.get(token);
      if (list) list.push(p);
      else positions.set(token, [p]);
    }
  });
  if (positions.size < byWord.size) return [];
  const lows = new Set<number>();
  for (const [word, indexes] of byWord)
    for (const p of positions.get(word)!) for (const i of indexes) lows.add(p - i);
  const found: [number, number][] = [];
  for (const low of [...lows].sort((a, b) => a - b)) {
    let first = Infinity;
    let last = -Infinity;
    let feasible = true;
    for (const [word, indexes] of byWord) {
      const list = positions.get(word)!;
      let next = firstAtLeast(list, low + indexes[0]!);
      for (const i of indexes) {
        while (next < list.length && list[next]! < low + i) next++;
        if (next === list.length || list[next]! > low + slop + i) {
          feasible = false;
          break;
        }
        first = Math.min(first, list[next]!);
        last = Math.max(last, list[next]!);
        next++;
      }
      if (!feasible) break;
    }
    if (!feasible) continue;
    const previous = found[found.length - 1];
    if (previous === undefined || previous[0] !== first || previous[1] !== last)
      found.push([first, last]);
    if (!all) break;
  }
  return found;
}

/** The index of the first entry of sorted `list` at or above `value` (its length when none is). */
function firstAtLeast(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
