/** Word segments in windows: the same segments as the whole text gives, at a cost linear in its length. */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { analyse } from '../../src/evaluator/analysis.js';
import { forEachWordSegment } from '../../src/evaluator/word-segments.js';

const scale = Number(process.env.FC_RUNS ?? 1);
const segmenter = new Intl.Segmenter('en', { granularity: 'word' });

function windowed(text: string): string[] {
  const out: string[] = [];
  forEachWordSegment(segmenter, text, (segment, index, isWordLike) =>
    out.push(`${index}:${isWordLike ? 'w' : '-'}:${segment}`),
  );
  return out;
}

function whole(text: string): string[] {
  return [...segmenter.segment(text)].map(
    (s) => `${s.index}:${s.isWordLike === true ? 'w' : '-'}:${s.segment}`,
  );
}

// Pieces of several scripts and of the rules with context: marks and joiners after spaces,
// regional indicators, emoji sequences, numbers with separators, apostrophes, newlines.
const pieces = [
  'a',
  'Zoë',
  'é',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\t',
  '.',
  ',',
  "'",
  ':',
  '3.14',
  '1,000',
  'x_y',
  '-',
  '漢字',
  'カタカナ',
  'ひらがな',
  'слово',
  'ไทย',
  '\u0301',
  '\u200d',
  '\u200b',
  '👩\u200d💻',
  '🇩🇪',
  '🇫🇷🇩',
  '😀',
  'ß',
  'İ',
];

describe('forEachWordSegment', () => {
  it('gives the segments of the whole text, across windows', () => {
    const text = fc
      .array(fc.constantFrom(...pieces), { minLength: 1500, maxLength: 3500 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(windowed(t)).toEqual(whole(t));
      }),
      { numRuns: 25 * scale },
    );
  });

  it('gives short texts exactly as one segmentation', () => {
    const text = fc
      .array(fc.constantFrom(...pieces), { maxLength: 40 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(windowed(t)).toEqual(whole(t));
      }),
      { numRuns: 500 * scale },
    );
  });

  it('takes a word longer than a window whole, and what follows it', () => {
    const long = 'é'.repeat(10_000);
    const text = `${long} a${long}b é`;
    expect(windowed(text)).toEqual(whole(text));
  });

  // A search held the emulator for minutes: segmenting 80 000 characters of `漢 ` in one piece
  // took 21 s, as every segment costs the length of the segmenter's whole input.
  it('never gives the segmenter more than a window and its lookahead of a long text', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    try {
      analyse('漢 '.repeat(40_000));
      analyse('ไทย '.repeat(20_000));
      const lengths = segment.mock.calls.map(([input]) => input.length);
      expect(lengths.length).toBeGreaterThan(60);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(2048 + 256);
    } finally {
      segment.mockRestore();
    }
  });

  it('analyses 80 000 characters of ideographs and spaces, each a token with its span', () => {
    const text = '漢 '.repeat(40_000);
    const { tokens, starts, ends } = analyse(text);
    expect(tokens.length).toBe(40_000);
    expect(tokens.every((t) => t === '漢')).toBe(true);
    expect([starts[39_999], ends[39_999]]).toEqual([79_998, 79_999]);
  });

  it('analyses 100 000 characters of accented words', () => {
    const { tokens, starts } = analyse('É '.repeat(50_000));
    expect(tokens.length).toBe(50_000);
    expect(new Set(tokens)).toEqual(new Set(['é']));
    expect(starts[49_999]).toBe(99_998);
  });
});
