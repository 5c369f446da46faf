import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phraseMatches } from '../../src/evaluator/phrase.js';

const scale = Number(process.env.FC_RUNS ?? 1);

/** The definition, by brute force: distinct token positions p_i for the phrase's words with max(p_i - i) - min(p_i - i) <= slop. */
function matchesByDefinition(
  tokens: readonly string[],
  phrase: readonly string[],
  slop: number,
): boolean {
  const used = new Set<number>();
  const shifts: number[] = [];
  const place = (i: number): boolean => {
    if (i === phrase.length) return Math.max(...shifts) - Math.min(...shifts) <= slop;
    for (let p = 0; p < tokens.length; p++) {
      if (used.has(p) || tokens[p] !== phrase[i]) continue;
      used.add(p);
      shifts.push(p - i);
      const ok = place(i + 1);
      used.delete(p);
      shifts.pop();
      if (ok) return true;
    }
    return false;
  };
  return place(0);
}

/** The sweep over shifted positions with each window's first and last position found by rescanning it (quadratic; the definition of what `all` lists for distinct words). */
function windowsByRescan(
  tokens: readonly string[],
  phrase: readonly string[],
  slop: number,
): [number, number][] {
  const entries: [number, number, number][] = [];
  tokens.forEach((token, p) =>
    phrase.forEach((word, i) => word === token && entries.push([p - i, i, p])),
  );
  entries.sort((x, y) => x[0] - y[0] || x[2] - y[2]);
  const counts = new Array<number>(phrase.length).fill(0);
  const found: [number, number][] = [];
  let covered = 0;
  let left = 0;
  for (let right = 0; right < entries.length; right++) {
    if (counts[entries[right]![1]]!++ === 0) covered++;
    while (covered === phrase.length) {
      if (entries[right]![0] - entries[left]![0] <= slop) {
        const window = entries.slice(left, right + 1).map((e) => e[2]);
        found.push([Math.min(...window), Math.max(...window)]);
      }
      if (--counts[entries[left]![1]]! === 0) covered--;
      left++;
    }
  }
  return found;
}

describe('phrases', () => {
  it('a sloppy phrase matches when its words take distinct tokens within the slop (Lucene counts a word out of place as its distance)', () => {
    const words = fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 8 }),
        words,
        fc.nat(4),
        (tokens, phrase, slop) => {
          expect(
            phraseMatches(tokens, phrase, slop, false).length > 0,
            `${JSON.stringify(phrase)}~${slop} in ${JSON.stringify(tokens)}`,
          ).toBe(matchesByDefinition(tokens, phrase, slop));
        },
      ),
      { numRuns: 3000 * scale },
    );
  });

  it('lists every window of a sloppy phrase of distinct words (the spans highlights mark)', () => {
    const words = fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { minLength: 2, maxLength: 3 });
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 12 }),
        words,
        fc.nat(6),
        (tokens, phrase, slop) => {
          expect(phraseMatches(tokens, phrase, slop, true)).toEqual(
            windowsByRescan(tokens, phrase, slop),
          );
        },
      ),
      { numRuns: 3000 * scale },
    );
  });

  it('lists the windows of a huge slop over many tokens without rescanning each window', () => {
    const tokens = [...Array.from({ length: 100_000 }, () => 'a'), 'b'];
    const found = phraseMatches(tokens, ['a', 'b'], 10_000_000, true);
    expect(found.length).toBe(100_000);
    expect(found[0]).toEqual([0, 100_000]);
    expect(found[found.length - 1]).toEqual([99_999, 100_000]);
  });

  it('a repeated word needs a token of its own', () => {
    expect(phraseMatches(['a'], ['a', 'a'], 1, false)).toEqual([]);
    expect(phraseMatches(['a', 'b', 'a'], ['a', 'a'], 1, false)).toEqual([[0, 2]]);
    expect(phraseMatches(['b', 'a'], ['a', 'b', 'a'], 2, false)).toEqual([]);
    expect(phraseMatches(['a', 'a'], ['a', 'a'], 0, true)).toEqual([[0, 1]]);
  });
});
