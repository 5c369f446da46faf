/**
 * Unicode word segmentation (UAX #29) for text that is all ASCII, without
 * `Intl.Segmenter`: the rules that apply to ASCII characters, in one pass over
 * character codes. It finds the same word-like segments as `Intl.Segmenter` (a property
 * test holds the two equal on random ASCII text) at a fraction of the cost, and most
 * master data is ASCII.
 */

/** Word_Break classes of the ASCII characters that take part in words. */
const OTHER = 0;
const LETTER = 1; // ALetter: A-Z a-z
const DIGIT = 2; // Numeric: 0-9
const MID_LETTER = 3; // MidLetter: ':'
const MID_NUM_LET = 4; // MidNumLet '.', Single_Quote "'" (they join letters and digits alike)
const MID_NUM = 5; // MidNum: ',' ';'
const EXTEND_NUM_LET = 6; // ExtendNumLet: '_'

// Filled in a function marked pure, so a bundle that never segments words drops the table (dist/ is one module).
const CLASS = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (let c = 65; c <= 90; c++) table[c] = LETTER;
  for (let c = 97; c <= 122; c++) table[c] = LETTER;
  for (let c = 48; c <= 57; c++) table[c] = DIGIT;
  table[58] = MID_LETTER;
  table[46] = MID_NUM_LET;
  table[39] = MID_NUM_LET;
  table[44] = MID_NUM;
  table[59] = MID_NUM;
  table[95] = EXTEND_NUM_LET;
  return table;
})();

/** True when every UTF-16 unit of `text` is ASCII. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

function classAt(text: string, i: number): number {
  return i >= 0 && i < text.length ? CLASS[text.charCodeAt(i)]! : OTHER;
}

/** True when UAX #29 keeps the characters at `i - 1` and `i` in one segment (ASCII rules only). */
function joins(text: string, i: number, before: number, after: number): boolean {
  if (before === LETTER || before === DIGIT) {
    if (after === LETTER || after === DIGIT || after === EXTEND_NUM_LET) return true; // WB5, WB8, WB9, WB10, WB13a
    if (before === LETTER && (after === MID_LETTER || after === MID_NUM_LET))
      return classAt(text, i + 1) === LETTER; // WB6
    if (before === DIGIT && (after === MID_NUM || after === MID_NUM_LET))
      return classAt(text, i + 1) === DIGIT; // WB12
    return false;
  }
  if (before === EXTEND_NUM_LET)
    return after === LETTER || after === DIGIT || after === EXTEND_NUM_LET; // WB13a, WB13b
  if (after === LETTER && (before === MID_LETTER || before === MID_NUM_LET))
    return classAt(text, i - 2) === LETTER; // WB7
  if (after === DIGIT && (before === MID_NUM || before === MID_NUM_LET))
    return classAt(text, i - 2) === DIGIT; // WB11
  return false;
}

/** Token bounds filled by `asciiWordBounds`: reused, so scanning a value allocates nothing. */
export interface WordBounds {
  starts: Int32Array;
  ends: Int32Array;
}

export function wordBounds(): WordBounds {
  return { starts: new Int32Array(64), ends: new Int32Array(64) };
}

/**
 * Finds the word-like segments of ASCII `text` (one holding a letter or a digit, or
 * joined by a rule: `__`), writes their bounds into `into` (growing it when needed) and
 * returns how many there are.
 */
export function asciiWordBounds(text: string, into: WordBounds): number {
  const n = text.length;
  let count = 0;
  let i = 0;
  while (i < n) {
    let cls = CLASS[text.charCodeAt(i)]!;
    if (cls === OTHER || cls === MID_LETTER || cls === MID_NUM_LET || cls === MID_NUM) {
      i++;
      continue;
    }
    // A segment starts at a letter, a digit or '_' (the others never start a word-like segment).
    const start = i;
    let wordLike = cls !== EXTEND_NUM_LET;
    i++;
    while (i < n) {
      const next = CLASS[text.charCodeAt(i)]!;
      if (!joins(text, i, cls, next)) break;
      if (next === LETTER || next === DIGIT) wordLike = true;
      cls = next;
      i++;
    }
    // ICU counts a run of two or more '_' as word-like too (a rule joined it), so must we.
    if (wordLike || i - start > 1) {
      if (count === into.starts.length) {
        const starts = new Int32Array(count * 2);
        const ends = new Int32Array(count * 2);
        starts.set(into.starts);
        ends.set(into.ends);
        into.starts = starts;
        into.ends = ends;
      }
      into.starts[count] = start;
      into.ends[count] = i;
      count++;
    }
  }
  return count;
}

const shared = /* @__PURE__ */ wordBounds();

/** Calls `word(start, end)` for every word-like segment of ASCII `text`, in order. */
export function forEachAsciiWord(text: string, word: (start: number, end: number) => void): void {
  const count = asciiWordBounds(text, shared);
  const { starts, ends } = shared;
  for (let t = 0; t < count; t++) word(starts[t]!, ends[t]!);
}
