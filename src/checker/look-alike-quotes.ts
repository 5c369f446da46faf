/**
 * Quote marks that look like `"` but are not: typographic quotes a word processor or a
 * phone keyboard writes (“ ” ‘ ’ „ ‚), guillemets (« » ‹ ›), primes (′ ″) and full-width
 * quotes (＂ ＇). The language quotes with `"` only, so a word in them is searched with
 * the marks as part of it. Shared by the checker (the fix) and the highlighter (the mark).
 */
import type { And } from '../language/ast.js';

const LOOK_ALIKES = new Set([
  0x201c, // left double quotation mark
  0x201d, // right double quotation mark
  0x201e, // double low-9 quotation mark
  0x201f, // double high-reversed-9 quotation mark
  0x2018, // left single quotation mark
  0x2019, // right single quotation mark
  0x201a, // single low-9 quotation mark
  0x201b, // single high-reversed-9 quotation mark
  0x00ab, // left-pointing double angle quotation mark
  0x00bb, // right-pointing double angle quotation mark
  0x2039, // single left-pointing angle quotation mark
  0x203a, // single right-pointing angle quotation mark
  0x2032, // prime
  0x2033, // double prime
  0x301d, // reversed double prime quotation mark
  0x301e, // double prime quotation mark
  0xff02, // fullwidth quotation mark
  0xff07, // fullwidth apostrophe
]);

/** The marks as a character class, made on first use. */
let anyLookAlike: RegExp | undefined;

/** A character past Latin-1: V8 answers this at once for a text stored one byte a character. */
const WIDE = /[\u0100-\uffff]/;

/**
 * False when no word or phrase of `text` can hold a look-alike quote: the text has none
 * and no `\uXXXX` escape that would write one. Native scans of the text: `includes`; in a
 * text of Latin-1 characters only (nearly every query) the marks can only be `\u00ab` and
 * `\u00bb`, two more `includes`; else the class of the marks.
 */
export function mayHoldLookAlike(text: string): boolean {
  if (text.includes('\\u')) return true;
  if (!WIDE.test(text)) return text.includes('\u00ab') || text.includes('\u00bb');
  anyLookAlike ??= new RegExp(
    `[${[...LOOK_ALIKES].map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}]`,
  );
  return anyLookAlike.test(text);
}

/** True when the character at `i` of `text` is a look-alike quote. */
export function isLookAlikeQuoteAt(text: string, i: number): boolean {
  return LOOK_ALIKES.has(text.charCodeAt(i));
}

/** True when `text` opens with a look-alike quote. */
export const opensLookAlike = (text: string): boolean =>
  text.length > 0 && isLookAlikeQuoteAt(text, 0);

/** True when `text` closes with a look-alike quote (a lone mark opens rather than closes). */
export const closesLookAlike = (text: string, from = 0): boolean =>
  text.length - 1 >= from && isLookAlikeQuoteAt(text, text.length - 1);

/** An AND that is only words joined by spaces, from one opening a look-alike quote to one closing it: `“New York”`. */
export function isLookAlikeRun(and: And): boolean {
  const ops = and.operands;
  const first = ops[0];
  const last = ops[ops.length - 1];
  if (first?.kind !== 'Term' || last?.kind !== 'Term') return false;
  if (!opensLookAlike(first.value) || !closesLookAlike(last.value)) return false;
  for (let i = 0; i < and.explicit.length; i++) if (and.explicit[i] !== false) return false;
  return ops.every((o) => o.kind === 'Term');
}
