import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phraseMatches } from '../../src/evaluator/phrase.js';

const scale = Number(process.env.FC_RUNS ?? 1);

/** The definition, by brute force: distinct token positions p_i for the phrase's words with max(p_i - i) - min(p_i - i) <= slop. */
function matchesByDefinition(tokens: readonly string[], phrase: readonly string[], slop: number): boolean {
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

describe('phrases', () => {
  it('a sloppy phrase matches when its words take distinct tokens within the slop (Lucene counts a word out of place as its distance)', () => {
    const words = fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 8 }), words, fc.nat(4), (tokens, phrase, slop) => {
        expect(phraseMatches(tokens, phrase, slop, false).length > 0, `${JSON.stringify(phrase)}~${slop} in ${JSON.stringify(tokens)}`).toBe(matchesByDefinition(tokens, phrase, slop));
      }),
      { numRuns: 3000 * scale },
    );
  });

  it('a repeated word needs a token of its own', () => {
    expect(phraseMatches(['a'], ['a', 'a'], 1, false)).toEqual([]);
    expect(phraseMatches(['a', 'b', 'a'], ['a', 'a'], 1, false)).toEqual([[0, 2]]);
    expect(phraseMatches(['b', 'a'], ['a', 'b', 'a'], 2, false)).toEqual([]);
    expect(phraseMatches(['a', 'a'], ['a', 'a'], 0, true)).toEqual([[0, 1]]);
  });
});
