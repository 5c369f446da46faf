import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyse, tokensOf } from '../../src/evaluator/analysis.js';
import { phraseMatches } from '../../src/evaluator/phrase.js';
import { textOf } from '../../src/evaluator/record.js';
import { forEachFullText } from '../../src/evaluator/record-texts.js';
import { fuzzyMatcher } from '../../src/evaluator/fuzzy.js';
import {
  containsIgnoringCase,
  fuzzyFinder,
  infixFinder,
  prefixFinder,
  sloppyFinder,
  someRecordText,
  someRecordValue,
  valueFinder,
  wordsFinder,
} from '../../src/evaluator/word-scan.js';

const scale = Number(process.env.FC_RUNS ?? 1);
// KELVIN SIGN and CAPITAL I WITH DOT ABOVE: the two characters outside ASCII that lower-case into it.
const text = fc.string({
  unit: fc.constantFrom(..."aAbB1kKiI .-_'é".split(''), '\u212a', 'İ', '日'),
  maxLength: 16,
});

describe('finding words in place', () => {
  it('answers as the analysis does, for one word and for exact phrases', () => {
    fc.assert(
      fc.property(text, text, (haystack, needle) => {
        const words = tokensOf(needle);
        fc.pre(words.length > 0);
        expect(
          wordsFinder(words)(haystack),
          `${JSON.stringify(needle)} in ${JSON.stringify(haystack)}`,
        ).toBe(phraseMatches(analyse(haystack).tokens, words, 0, false).length > 0);
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
        const expected =
          haystack.toLowerCase().startsWith(prefix) ||
          analyse(haystack).tokens.some((t) => t.startsWith(prefix));
        expect(find!(haystack), `${JSON.stringify(prefix)} in ${JSON.stringify(haystack)}`).toBe(
          expected,
        );
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

  it('the first test never rejects a text whose lower-cased form holds the needle', () => {
    fc.assert(
      fc.property(text, text, (haystack, raw) => {
        const needle = raw.toLowerCase();
        fc.pre(/^[\x00-\x7f]*$/.test(needle));
        if (haystack.toLowerCase().includes(needle))
          expect(
            containsIgnoringCase(needle)(haystack),
            `${JSON.stringify(needle)} in ${JSON.stringify(haystack)}`,
          ).toBe(true);
      }),
      { numRuns: 3000 * scale },
    );
  });

  it('numbers and booleans are searched as their text, and skipped only when the words cannot be in it', () => {
    const values = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(
        NaN,
        Infinity,
        -Infinity,
        1e21,
        -1.5e-7,
        0.1,
        10n ** 22n,
        true,
        false,
        new Date(0),
        new Date(NaN),
      ),
      fc.string({
        unit: fc.constantFrom(...'0123456789.+-eEinfINFtyaNa '.split('')),
        maxLength: 8,
      }),
    );
    const needles = fc.string({
      unit: fc.constantFrom(...'0123456789.+-einfinityanrueflsx '.split('')),
      maxLength: 9,
    });
    fc.assert(
      fc.property(values, needles, (value, needle) => {
        const words = tokensOf(needle);
        fc.pre(words.length > 0);
        const find = wordsFinder(words);
        const text = textOf(value);
        expect(
          valueFinder(find, words.join(''))(value),
          `${JSON.stringify(needle)} in ${String(value)}`,
        ).toBe(text !== null && text !== '' && find(text));
        const prefix = needle.trim().toLowerCase();
        const byPrefix = prefixFinder(prefix);
        if (prefix !== '' && byPrefix !== null)
          expect(valueFinder(byPrefix, prefix)(value)).toBe(
            text !== null && text !== '' && byPrefix(text),
          );
      }),
      { numRuns: 3000 * scale },
    );
  });

  it('the walk in place tests the texts the walk behind the cache and the words lists, on values of every shape', () => {
    const leafValue = fc.oneof(
      fc.constantFrom('x', 'y x', 'X', '', 'true', '7'),
      fc.integer({ min: 0, max: 9 }),
      fc.boolean(),
      fc.constantFrom(
        null,
        undefined,
        new Date(0),
        new String('x'),
        new Number(7),
        new Boolean(true),
      ),
    );
    const { nested } = fc.letrec<{ nested: unknown }>((tie) => ({
      nested: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leafValue,
        // Holes, null and objects after primitives, as a multivalue field may hold them.
        fc.sparseArray(tie('nested'), { maxLength: 5 }),
        fc.array(tie('nested'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('a', 'b', '_schemaName'), tie('nested'), { maxKeys: 3 }),
      ),
    }));
    const record = fc.dictionary(
      fc.constantFrom('f', 'g', '_dataObjectId', '_schemaName'),
      nested,
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(record, fc.constantFrom('x', 'y', 'true', '7', '1970'), (r, word) => {
        const find = wordsFinder(tokensOf(word));
        const texts: string[] = [];
        forEachFullText(r, (t) => texts.push(t));
        expect(someRecordValue(r, valueFinder(find, word))).toBe(texts.some(find));
        expect(someRecordText(r, find)).toBe(texts.some(find));
      }),
      { numRuns: 1000 * scale },
    );
  });

  it('full text walks plain records, records with a prototype, arrays and nested objects', () => {
    const find = valueFinder(wordsFinder(['x']), 'x');
    const inherited = Object.create({ inherited: 'x' }) as Record<string, unknown>;
    inherited.own = 'y';
    expect(someRecordValue(inherited, find)).toBe(false);
    inherited.other = ['z', { deep: 'X' }];
    expect(someRecordValue(inherited, find)).toBe(true);
    const bare = Object.create(null) as Record<string, unknown>;
    bare._dataSetName = 'x';
    bare.n = [1, [2, 'x y']];
    expect(someRecordValue(bare, find)).toBe(true);
    delete bare.n;
    expect(someRecordValue(bare, find)).toBe(false);
  });

  it('finds *infix*, fuzzy terms and sloppy phrases as the analysis would', () => {
    fc.assert(
      fc.property(text, text, fc.nat(2), (haystack, raw, n) => {
        const needle = raw.toLowerCase();
        const tokens = analyse(haystack).tokens;
        const infix = infixFinder(needle);
        if (infix !== null && needle !== '') {
          expect(infix(haystack), `*${needle}* in ${JSON.stringify(haystack)}`).toBe(
            haystack.toLowerCase().includes(needle) || tokens.some((t) => t.includes(needle)),
          );
        }
        const term = needle.trim();
        if (term !== '') {
          const matches = fuzzyMatcher(term, n);
          expect(
            fuzzyFinder(term, n, matches)(haystack),
            `${term}~${n} in ${JSON.stringify(haystack)}`,
          ).toBe(matches(haystack.toLowerCase()) || tokens.some(matches));
        }
        const words = tokensOf(raw);
        if (words.length > 1) {
          expect(
            sloppyFinder(words, n)(haystack),
            `${JSON.stringify(words)}~${n} in ${JSON.stringify(haystack)}`,
          ).toBe(phraseMatches(tokens, words, n, false).length > 0);
        }
      }),
      { numRuns: 5000 * scale },
    );
  });

  it('a text that defeats the skip search still gets the right answer (the linear fallback)', () => {
    const needle = `${'a'.repeat(40)}ba`;
    const hostile = 'A'.repeat(5000);
    expect(containsIgnoringCase(needle)(hostile)).toBe(false);
    expect(containsIgnoringCase(needle)(`${hostile}Ba`)).toBe(true);
    expect(infixFinder(needle)!(hostile)).toBe(false);
    expect(infixFinder(needle)!(`x${hostile}BA`)).toBe(true);
    expect(wordsFinder([needle])(`${hostile} ${needle.toUpperCase()}`)).toBe(true);
    expect(wordsFinder([needle])(`${hostile}ba`)).toBe(false); // one long word, not the needle
  });
});
