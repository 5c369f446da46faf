/**
 * The first characters of a value's words, as a bit set: a test of a table's row for the
 * wildcard `prefix*` (word-scan.ts `prefixFinder`) reads this number from a column of them
 * before the value, and most rows of a field hold no word that starts with the prefix's first
 * character. One pass per column, when a warm query first asks (record-table.ts).
 *
 * A prefix matches an ASCII value where the whole value or one of its words (`asciiWordBounds`)
 * starts with it, compared with A-Z lower-cased: so the character there, lower-cased the same
 * way, is the prefix's first. Its class (a letter, a digit, any other character) is a bit of
 * the value's set. Any other value (text beyond ASCII, a number, a list, nothing) gets every
 * bit: the prefix's own test decides those.
 */
import { asciiWordBounds, isAscii, wordBounds } from './ascii-words.js';

/** Every bit: the value is left to the prefix's test. */
export const EVERY_INITIAL = -1;

const DIGIT_BIT = 1 << 26;
const OTHER_BIT = 1 << 27;

/** The bit of a character code's class, with A-Z taken as a-z. */
export function initialBit(code: number): number {
  if (code >= 65 && code <= 90) return 1 << (code - 65);
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  return code >= 48 && code <= 57 ? DIGIT_BIT : OTHER_BIT;
}

const bounds = /* @__PURE__ */ wordBounds();

/** The bits of the characters that start `value` and its words (see above). */
export function wordInitials(value: unknown): number {
  if (typeof value !== 'string' || !isAscii(value)) return EVERY_INITIAL;
  if (value === '') return 0;
  let bits = initialBit(value.charCodeAt(0));
  const count = asciiWordBounds(value, bounds);
  const { starts } = bounds;
  for (let t = 0; t < count; t++) bits |= initialBit(value.charCodeAt(starts[t]!));
  return bits;
}
