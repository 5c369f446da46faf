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
import {
  isList,
  METADATA_PROPERTIES,
  presentElements,
  SHORT_LIST,
  textOf,
  unboxed,
  type DataRecord,
} from './record.js';

const bounds = /* @__PURE__ */ wordBounds();

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
 * A quick first test: does `text` hold `needle` (lower-case ASCII) at all, ignoring case?
 * A Boyer-Moore-Horspool search over character codes: it reads about one character in
 * `needle.length` and allocates nothing, cheaper on short values than a native search
 * (one call per value, no lower-cased copy). Sound: the only characters that lower-case
 * into ASCII are ASCII letters, KELVIN SIGN (to `k`) and CAPITAL I WITH DOT ABOVE (to `i`
 * and a combining dot), so a token equal to, or starting with, an ASCII word needs an
 * occurrence this finds; it may find more (the exact test follows).
 */
export function containsIgnoringCase(needle: string): (text: string) => boolean {
  const n = needle.length;
  if (n === 0) return () => true;
  const lower = new Uint16Array(n);
  const upper = new Uint16Array(n);
  const other = new Uint16Array(n);
  for (let j = 0; j < n; j++) {
    const c = needle.charCodeAt(j);
    lower[j] = c;
    upper[j] = c >= 97 && c <= 122 ? c - 32 : c;
    other[j] = c === 107 ? 0x212a : c === 105 ? 0x130 : c;
  }
  // How far the window may move when its last character is c (ASCII; see below for the rest).
  const shift = new Int32Array(128).fill(n);
  for (let j = 0; j < n - 1; j++) {
    shift[lower[j]!] = n - 1 - j;
    shift[upper[j]!] = n - 1 - j;
  }
  const shiftKelvin = shift[107]!;
  const shiftDottedI = shift[105]!;
  const lastLower = lower[n - 1]!;
  const lastUpper = upper[n - 1]!;
  const lastOther = other[n - 1]!;
  return (text) => {
    const end = text.length - n;
    // Horspool can compare n characters per step on a hostile text (`aaaa` for `aaba`): past
    // a budget linear in the text, the native search of the lower-cased text answers (sound
    // too: a word holding the needle puts it in the lower-cased text).
    let budget = 2 * text.length + 64;
    let i = 0;
    while (i <= end) {
      const c = text.charCodeAt(i + n - 1);
      if (c === lastLower || c === lastUpper || c === lastOther) {
        let j = 0;
        for (; j < n - 1; j++) {
          const d = text.charCodeAt(i + j);
          if (d !== lower[j] && d !== upper[j] && d !== other[j]) break;
        }
        if (j === n - 1) return true;
        budget -= j + 1;
        if (budget < 0) return text.toLowerCase().includes(needle);
      }
      i += c < 128 ? shift[c]! : c === 0x212a ? shiftKelvin : c === 0x130 ? shiftDottedI : n;
    }
    return false;
  };
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
  const slow = (text: string): boolean =>
    phraseMatches(analyse(text).tokens, words, 0, false).length > 0;
  const candidate = ascii
    ? containsIgnoringCase(words.reduce((a, b) => (b.length > a.length ? b : a)))
    : null;
  return (text) => {
    if (candidate !== null && !candidate(text)) return false;
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
  const slow = (text: string): boolean =>
    text.toLowerCase().startsWith(prefix) ||
    analyse(text).tokens.some((token) => token.startsWith(prefix));
  const candidate = containsIgnoringCase(prefix);
  return (text) => {
    if (!candidate(text)) return false;
    if (!isAscii(text)) return slow(text);
    if (startsWithWord(text, 0, text.length, prefix)) return true;
    const count = asciiWordBounds(text, bounds);
    const { starts, ends } = bounds;
    for (let t = 0; t < count; t++)
      if (startsWithWord(text, starts[t]!, ends[t]!, prefix)) return true;
    return false;
  };
}

/**
 * A test for a sloppy phrase (`"a b"~N`) on a value: a value that lacks one of the words
 * (ignoring case) is rejected in place; the others are analysed and matched as Lucene
 * counts slop (phrase.ts).
 */
export function sloppyFinder(words: readonly string[], slop: number): (text: string) => boolean {
  const present = allAscii(words) ? [...new Set(words)].map(containsIgnoringCase) : [];
  return (text) => {
    for (const has of present) if (!has(text)) return false;
    return phraseMatches(analyse(text).tokens, words, slop, false).length > 0;
  };
}

/**
 * A test for the wildcard `*infix*` (lower-cased ASCII) on a value, in place: a word holds
 * it exactly when the lower-cased value does (lower-casing maps ASCII alike in a word
 * and in the whole value), so one search of the value answers for both.
 */
export function infixFinder(infix: string): ((text: string) => boolean) | null {
  if (!isAscii(infix)) return null;
  const candidate = containsIgnoringCase(infix);
  return (text) => candidate(text) && (isAscii(text) || text.toLowerCase().includes(infix));
}

/**
 * A test for a fuzzy term on a value, in place for ASCII text: only words (and a whole
 * value) whose length is within `edits` of the term's are sliced and measured.
 */
export function fuzzyFinder(
  term: string,
  edits: number,
  matches: (token: string) => boolean,
): (text: string) => boolean {
  const length = term.length;
  const ascii = isAscii(term);
  const slow = (text: string): boolean =>
    matches(text.toLowerCase()) || analyse(text).tokens.some(matches);
  return (text) => {
    if (!ascii || !isAscii(text)) return slow(text);
    if (Math.abs(text.length - length) <= edits && matches(text.toLowerCase())) return true;
    const count = asciiWordBounds(text, bounds);
    const { starts, ends } = bounds;
    for (let t = 0; t < count; t++) {
      const start = starts[t]!;
      const end = ends[t]!;
      if (Math.abs(end - start - length) <= edits && matches(text.slice(start, end).toLowerCase()))
        return true;
    }
    return false;
  };
}

/** The characters of a number's text (`-1.5e+21`, `NaN`, `Infinity`), lower-cased. */
const NUMBER_TEXT = /^[0-9.+\-einfinityna]*$/;

/**
 * `find` on a leaf value as full-text search sees it (`textOf`), without making the text
 * of a number or a boolean when `needle` (the words or prefix sought, lower-cased) cannot
 * occur in it: a name never turns up in a number.
 */
export function valueFinder(
  find: (text: string) => boolean,
  needle: string,
): (value: unknown) => boolean {
  const inNumbers = NUMBER_TEXT.test(needle);
  const inBooleans = find('true') || find('false');
  return (value) => {
    switch (typeof value) {
      case 'string':
        return value !== '' && find(value);
      case 'number':
      case 'bigint':
        return inNumbers && find(String(value));
      case 'boolean':
        return inBooleans && find(value ? 'true' : 'false');
      default: {
        const text = textOf(value);
        return text !== null && text !== '' && find(text);
      }
    }
  };
}

const MAX_NESTING = 32;

/**
 * True when some leaf value full-text search looks at (all fields but the metadata,
 * nested objects and arrays too) passes `test`.
 */
export function someRecordValue(record: DataRecord, test: (value: unknown) => boolean): boolean {
  // for-in lists inherited enumerable properties too. A plain object inherits them only from
  // a polluted Object.prototype: its keys are asked own-ness on a match only (cheaper than hasOwn per key).
  const plain = Object.getPrototypeOf(record) === Object.prototype;
  for (const key in record) {
    if (!plain && !hasOwn.call(record, key)) continue;
    // Every metadata name starts with '_': one character code spares most look-ups.
    if (key.charCodeAt(0) === 95 && METADATA[key] === true) continue;
    const value = record[key];
    const found =
      typeof value === 'string'
        ? value !== '' && test(value)
        : value !== null &&
          value !== undefined &&
          (Array.isArray(value) && value.length <= SHORT_LIST
            ? someInList(value, test)
            : someLeaf(value, test, 0, undefined));
    if (found && (!plain || hasOwn.call(record, key))) return true;
  }
  return false;
}

/**
 * `someLeaf` of a short array, its primitive elements tested here (a multivalue field of
 * codes or words: one call per value instead of one per element); an element that is an
 * object sends the whole list to `someLeaf`, which walks nested values once each.
 */
function someInList(list: readonly unknown[], test: (value: unknown) => boolean): boolean {
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (v === undefined || v === null) continue;
    if (typeof v === 'object') return someLeaf(list, test, 0, undefined);
    if (test(v)) return true;
  }
  return false;
}

const hasOwn = Object.prototype.hasOwnProperty;
/** The metadata names as a prototype-less object: a keyed load costs less than a Set look-up here. */
const METADATA: { readonly [name: string]: true | undefined } = /* @__PURE__ */ (() => {
  const names: { [name: string]: true } = Object.create(null);
  for (const name of METADATA_PROPERTIES) names[name] = true;
  return names;
})();

function someLeaf(
  value: unknown,
  test: (value: unknown) => boolean,
  depth: number,
  seen: Set<object> | undefined,
): boolean {
  if (value === null || value === undefined || depth > MAX_NESTING) return false;
  if (typeof value !== 'object') return test(value);
  // Arrays first (the usual object here): a Date or a boxed primitive is none, and asking those first cost three instanceof per array.
  const array = Array.isArray(value);
  if (!array && value instanceof Date) return test(value);
  if (!array && unboxed(value) !== value) return test(unboxed(value));
  // Each nested object or array once per walk (the set is made at the first one): a cycle, or one object under two keys, would be walked once per path.
  if (array || isList(value)) {
    // A long list costs what it holds, not its length (a sparse `a[1e9]`).
    const values = value.length > SHORT_LIST ? presentElements(value).values : value;
    for (let i = 0; i < values.length; i++) {
      const v: unknown = values[i];
      if (typeof v === 'object' && v !== null && !(v instanceof Date)) {
        if ((seen ??= new Set()).has(v)) continue;
        seen.add(v);
      }
      if (someLeaf(v, test, depth + 1, seen)) return true;
    }
    return false;
  }
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'object' && v !== null && !(v instanceof Date)) {
      if ((seen ??= new Set()).has(v)) continue;
      seen.add(v);
    }
    if (someLeaf(v, test, depth + 1, seen)) return true;
  }
  return false;
}

/** True when some value full-text search looks at passes `test` (its text). */
export function someRecordText(record: DataRecord, test: (text: string) => boolean): boolean {
  return someRecordValue(record, (value) => {
    const text = textOf(value);
    return text !== null && text !== '' && test(text);
  });
}
