/**
 * Text analysis as Lucene's standard analyzer does it: Unicode word segmentation
 * (UAX #29) into tokens, each lower-cased, with consecutive positions. ASCII text takes
 * a hand-written fast path; other text goes through `Intl.Segmenter` (in windows:
 * word-segments.ts), and runs of Han or Hiragana characters are split into one token per
 * character, as Lucene's StandardTokenizer emits them (ICU's dictionary would group them
 * into words).
 */
import { forEachAsciiWord, isAscii } from './ascii-words.js';
import { forEachWordSegment } from './word-segments.js';

/** A value's tokens in order (the index is the position) with their spans in the value's text. */
export interface Analysed {
  readonly text: string;
  readonly tokens: readonly string[];
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

const EMPTY: readonly string[] = [];

let segmenter: Intl.Segmenter | null | undefined;

function wordSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined)
    segmenter =
      typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function'
        ? new Intl.Segmenter('en', { granularity: 'word' })
        : null;
  return segmenter;
}

// These two are made on first use, from strings: V8 checks the Unicode property classes of a
// regex literal as it parses the module, which took about 1 ms of `import 'mdq'`.
let singleCharacterWords: RegExp | undefined;
let fallbackWords: RegExp | undefined;

/** Characters Lucene's StandardTokenizer emits one at a time. */
function singleCharacterWord(): RegExp {
  return (singleCharacterWords ??= /[\p{Script=Han}\p{Script=Hiragana}]/u);
}

/** Without Intl.Segmenter (rare): runs of letters, marks, digits and connectors. */
function fallbackWord(): RegExp {
  return (fallbackWords ??= /[\p{L}\p{M}\p{N}\p{Pc}]+(?:['.:][\p{L}\p{M}\p{N}\p{Pc}]+)*/gu);
}

/** Analyses `text` into lower-cased tokens with their spans. */
export function analyse(text: string): Analysed {
  if (text.length === 0) return { text, tokens: EMPTY, starts: [], ends: [] };
  const tokens: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const push = (start: number, end: number): void => {
    tokens.push(text.slice(start, end).toLowerCase());
    starts.push(start);
    ends.push(end);
  };
  if (isAscii(text)) {
    forEachAsciiWord(text, push);
  } else {
    const words = wordSegmenter();
    if (words === null) {
      for (const m of text.matchAll(fallbackWord())) push(m.index, m.index + m[0].length);
    } else {
      forEachWordSegment(words, text, (segment, index, isWordLike) => {
        if (!isWordLike) return;
        if (singleCharacterWord().test(segment)) splitIdeographs(segment, index, push);
        else push(index, index + segment.length);
      });
    }
  }
  return { text, tokens, starts, ends };
}

/** One token per Han or Hiragana character; other runs inside the segment stay whole. */
function splitIdeographs(
  segment: string,
  offset: number,
  push: (start: number, end: number) => void,
): void {
  const single = singleCharacterWord();
  let runStart = -1;
  let i = 0;
  for (const ch of segment) {
    if (single.test(ch)) {
      if (runStart >= 0) push(offset + runStart, offset + i);
      runStart = -1;
      push(offset + i, offset + i + ch.length);
    } else if (runStart < 0) {
      runStart = i;
    }
    i += ch.length;
  }
  if (runStart >= 0) push(offset + runStart, offset + i);
}

/** The tokens of `text` alone (query terms and phrases). */
export function tokensOf(text: string): readonly string[] {
  return analyse(text).tokens;
}
