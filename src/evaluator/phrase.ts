/**
 * Phrases over a value's tokens. `"a b"` matches consecutive tokens; `"a b"~N` allows N
 * positions of slop counted as Lucene's sloppy phrase matcher counts them: each word i
 * of the phrase taken at position p_i, the match costs max(p_i - i) - min(p_i - i), so
 * one word out of place costs its distance and two words swapped cost 2. A phrase never
 * spans two values of a multivalue field.
 */

/** The token positions [first, last] of every match of `phrase` in `tokens` (at most one per start when `all`). */
export function phraseMatches(tokens: readonly string[], phrase: readonly string[], slop: number, all: boolean): [number, number][] {
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
function sloppyMatches(tokens: readonly string[], phrase: readonly string[], slop: number, all: boolean): [number, number][] {
  const k = phrase.length;
  const byWord = new Map<string, number[]>();
  phrase.forEach((word, i) => {
    const list = byWord.get(word);
    if (list) list.push(i);
    else byWord.set(word, [i]);
  });
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
  for (let right = 0; right < entries.length; right++) {
    if (counts[entries[right]![1]]!++ === 0) covered++;
    while (covered === k) {
      const width = entries[right]![0] - entries[left]![0];
      if (width <= slop) {
        let first = Infinity;
        let last = -Infinity;
        for (let e = left; e <= right; e++) {
          first = Math.min(first, entries[e]![2]);
          last = Math.max(last, entries[e]![2]);
        }
        found.push([first, last]);
        if (!all) return found;
      }
      if (--counts[entries[left]![1]]! === 0) covered--;
      left++;
    }
  }
  return found;
}
