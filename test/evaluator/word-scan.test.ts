import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyse, tokensOf } from '../../src/evaluator/analysis.js';
import { phraseMatches } from '../../src/evaluator/phrase.js';
import { prefixFinder, someRecordText, wordsFinder } from '../../src/evaluator/word-scan.js';

const scale = Number(process.env.FC_RUNS ?? 1);
const text = fc.string({ unit: fc.constantFrom(...'aAbB1 .-_\'é'.split(''), 'K', 'İ', '日'), maxLength: 16 });

describe('finding words in place', () => {
  it('answers as the analysis does, for one word and for exact phrases', () => {
    fc.assert(
      fc.property(text, text, (haystack, needle) => {
        const words = tokensOf(needle);
        fc.pre(words.length > 0);
        expect(wordsFinder(words)(haystack), `${JSON.stringify(needle)} in ${JSON.stringify(haystack)}`).toBe(phraseMatches(analyse(haystack).tokens, words, 0, false).length > 0);
      }),
      { numRuns: 3000 * scale },
    );
  });

  it('finds words of the record it was made from', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (value, from, length) => {
        const tokens = analyse(value).tokens;
        fc.pre(tokens.length > 0);
        const start = from % tokens.length;
        const words = tokens.slice(start, start + 1 + (length % (tokens.length - start)));
        expect(wordsFinder(words)(value)).toBe(true);
      }),
      { numRuns: 2000 * scale },
    );
  });

  it('finds prefix* as the analysis would: a word or the whole value starts with it', () => {
    fc.assert(
      fc.property(text, text, (haystack, raw) => {
        const prefix = raw.toLowerCase();
        const find = prefixFinder(prefix);
        fc.pre(find !== null && prefix.length > 0);
        const expected = haystack.toLowerCase().startsWith(prefix) || analyse(haystack).tokens.some((t) => t.startsWith(prefix));
        expect(find!(haystack), `${JSON.stringify(prefix)} in ${JSON.stringify(haystack)}`).toBe(expected);
      }),
      { numRuns: 3000 * scale },
    );
  });

  it('full text skips the metadata and reads nested values', () => {
    const find = wordsFinder(['x']);
    expect(someRecordText({ _schemaName: 'x' }, find)).toBe(false);
    expect(someRecordText({ a: { b: ['y', 'X'] } }, find)).toBe(true);
    expect(someRecordText({ a: 1, b: true, c: null }, wordsFinder(['true']))).toBe(true);
  });
});
