import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyse, tokensOf } from '../../src/evaluator/analysis.js';
import { forEachAsciiWord } from '../../src/evaluator/ascii-words.js';

const scale = Number(process.env.FC_RUNS ?? 1);
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

function intlWords(text: string): string[] {
  return [...segmenter.segment(text)]
    .filter((s) => s.isWordLike)
    .map((s) => `${s.index}:${s.segment}`);
}

function asciiWords(text: string): string[] {
  const out: string[] = [];
  forEachAsciiWord(text, (start, end) => out.push(`${start}:${text.slice(start, end)}`));
  return out;
}

describe('analysis', () => {
  it.each([
    ['Tim Smith', ['tim', 'smith']],
    ['tim.smith@example.com', ['tim.smith', 'example.com']],
    ['C-10000001', ['c', '10000001']],
    ['3.14 1,000 a_b _ __x', ['3.14', '1,000', 'a_b', '__x']],
    ["O'Neil U.S.A. e.g.", ["o'neil", 'u.s.a', 'e.g']],
    ['04/12/1985', ['04', '12', '1985']],
    ['Straße ÉCOLE', ['straße', 'école']],
    ['東京都 カタカナ', ['東', '京', '都', 'カタカナ']], // Han one character at a time, Katakana whole, as Lucene
    ['', []],
    ['  --  ', []],
  ])('%j', (text, tokens) => {
    expect(tokensOf(text)).toEqual(tokens);
  });

  it('keeps the spans of tokens in the original text', () => {
    const a = analyse('New  YORK');
    expect(a.tokens).toEqual(['new', 'york']);
    expect([a.starts, a.ends]).toEqual([
      [0, 5],
      [3, 9],
    ]);
  });

  it('the ASCII fast path segments exactly as Intl.Segmenter (UAX #29)', () => {
    const ascii = fc.string({
      unit: fc.constantFrom(..."aZ09 .,;:'_-@/x1".split('')),
      maxLength: 30,
    });
    fc.assert(
      fc.property(ascii, (text) => {
        expect(asciiWords(text), JSON.stringify(text)).toEqual(intlWords(text));
      }),
      { numRuns: 3000 * scale },
    );
  });

  it('the fast path agrees with Intl.Segmenter on every printable ASCII character', () => {
    const printable = fc.string({
      unit: fc.integer({ min: 32, max: 126 }).map((c) => String.fromCharCode(c)),
      maxLength: 20,
    });
    fc.assert(
      fc.property(printable, (text) => {
        expect(asciiWords(text), JSON.stringify(text)).toEqual(intlWords(text));
      }),
      { numRuns: 2000 * scale },
    );
  });
});
