/**
 * Finding words, or a run of consecutive words (an exact phrase), in a value's text
 * without analysing it into strings: ASCII text is segmented into reusable bounds and
 * compared in place, ignoring case, so a search for one word allocates nothing. Finding
 * a word this way costs less than looking up the cached analysis of a record, cold or
 * warm; other text goes through the full analysis. The answers are the analysis's (the
 * same segmentation, the same lower-casing).
 */
import { analyse } from './analysis.js';
import { asciiWordBounds, isAscii, wordBounds } from './ascii-words.js';
import { phraseMatches } from './phrase.js';
import { METADATA_PROPERTIES, textOf, type DataRecord } from './record.js';

const bounds = wordBounds();

/** True when `text[start, end)` equals the lower-case ASCII `word`, ignoring case. */
function sameWord(text: string, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) {
    let c = text.charCodeAt(start + i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== word.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * A quick first test, done by the engine's native string search: does the text hold
 * `word` at all, ignoring case? Sound for ASCII words: Unicode case folding (`iu`) also
 * folds the one non-ASCII character that lower-cases into ASCII (KELVIN SIGN to `k`), so a
 * text it rejects cannot hold the word as a token. The pattern is the word, escaped: a
 * literal, so the search is linear.
 */
function containsIgnoringCase(word: string): RegExp {
  return new RegExp(word.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'iu');
}

/** Words that can occur in ASCII text: all ASCII (lower-cased ASCII text stays ASCII). */
function allAscii(words: readonly string[]): boolean {
  return words.every(isAscii);
}

/**
 * A test for `words` (lower-cased, as the analyser gives them) in consecutive positions
 * of a text: one word, or an exact phrase.
 */
export function wordsFinder(words: readonly string[]): (text: string) => boolean {
  const k = words.length;
  const ascii = allAscii(words);
  const first = words[0]!;
  const slow = (text: string): boolean => phraseMatches(analyse(text).tokens, words, 0, false).length > 0;
  const candidate = ascii ? containsIgnoringCase(words.reduce((a, b) => (b.length > a.length ? b : a))) : null;
  return (text) => {
    if (candidate !== null && !candidate.test(text)) return false;
    if (!isAscii(text)) return slow(text);
    if (!ascii) return false;
    const count = asciiWordBounds(text, bounds);
    const { starts, ends } = bounds;
    for (let t = 0; t + k <= count; t++) {
      if (!sameWord(text, starts[t]!, ends[t]!, first)) continue;
      let i = 1;
      while (i < k && sameWord(text, starts[t + i]!, ends[t + i]!, words[i]!)) i++;
      if (i === k) return true;
    }
    return false;
  };
}

/** True when `text` at `start` begins with the lower-case ASCII `prefix`, ignoring case. */
function startsWithWord(text: string, start: number, end: number, prefix: string): boolean {
  if (end - start < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    let c = text.charCodeAt(start + i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * A test for the wildcard `prefix*` on an ASCII value, in place: some word, or the whole
 * value, starts with `prefix` (lower-cased ASCII). Null when the prefix is not ASCII.
 */
export function prefixFinder(prefix: string): ((text: string) => boolean) | null {
  if (!isAscii(prefix)) return null;
  const slow = (text: string): boolean => text.toLowerCase().startsWith(prefix) || analyse(text).tokens.some((token) => token.startsWith(prefix));
  const candidate = containsIgnoringCase(prefix);
  return (text) => {
    if (!candidate.test(text)) return false;
    if (!isAscii(text)) return slow(text);
    if (startsWithWord(text, 0, text.length, prefix)) return true;
    const count = asciiWordBounds(text, bounds);
    const { starts, ends } = bounds;
    for (let t = 0; t < count; t++) if (startsWithWord(text, starts[t]!, ends[t]!, prefix)) return true;
    return false;
  };
}

const MAX_NESTING = 32;

/** True when some value full-text search looks at (all fields but the metadata, nested too) passes `test`. */
export function someRecordText(record: DataRecord, test: (text: string) => boolean): boolean {
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key) || METADATA_PROPERTIES.has(key)) continue;
    if (someText(record[key], test, 0)) return true;
  }
  return false;
}

function someText(value: unknown, test: (text: string) => boolean, depth: number): boolean {
  if (value === null || value === undefined || depth > MAX_NESTING) return false;
  if (typeof value === 'string') return value !== '' && test(value);
  if (Array.isArray(value)) {
    for (const v of value) if (someText(v, test, depth + 1)) return true;
    return false;
  }
  const text = textOf(value);
  if (text !== null) return text !== '' && test(text);
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key) && someText((value as Record<string, unknown>)[key], test, depth + 1)) return true;
  }
  return false;
}
