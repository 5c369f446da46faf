/**
 * Escaping and unescaping of query text: the one place that knows which characters
 * are special where. The parser unescapes with these, the printer and the builder
 * escape with these, and property tests prove the two are inverse.
 */
import type { Diagnostic } from './diagnostic.js';

/** Characters a backslash may escape anywhere (Lucene's list), plus whitespace. */
export const SPECIAL_CHARACTERS = '+-=&|><!(){}[]^"~*?:\\/';

const WHITESPACE = /* @__PURE__ */ new Set([' ', '\t', '\n', '\r', '\u3000']);
/** Characters that end a word wherever they stand (besides whitespace). */
const WORD_BREAKERS = /* @__PURE__ */ new Set([
  '!',
  '(',
  ')',
  ':',
  '^',
  '[',
  ']',
  '"',
  '{',
  '}',
  '~',
  '\\',
  '/',
]);
const KEYWORDS = /* @__PURE__ */ new Set(['AND', 'OR', 'NOT']);
const HEX4 = /^[0-9a-fA-F]{4}$/;

export function isQueryWhitespace(ch: string): boolean {
  return WHITESPACE.has(ch);
}

/** A problem found while unescaping: an offset relative to the start of the raw text. */
export interface EscapeProblem {
  readonly offset: number;
  readonly length: number;
  readonly message: string;
}

/** The `invalid-escape` diagnostic of `problem`, in a text that starts at `offset` (the parser's and the fast path's). */
export function invalidEscapeDiagnostic(problem: EscapeProblem, offset: number): Diagnostic {
  const start = offset + problem.offset;
  return {
    code: 'invalid-escape',
    severity: 'error',
    message: problem.message,
    span: { start, end: start + problem.length },
  };
}

export interface Unescaped {
  readonly value: string;
  readonly problems: readonly EscapeProblem[];
}

/**
 * Removes backslash escapes: `\c` is `c`, `\uXXXX` is that UTF-16 code unit.
 * When `keepWildcardEscapes` is set, an escaped `*`, `?` or `\` keeps its backslash
 * (the result is then a wildcard pattern in which unescaped `*` and `?` are wildcards).
 */
export function unescape(raw: string, keepWildcardEscapes = false): Unescaped {
  if (!raw.includes('\\')) return { value: raw, problems: NO_PROBLEMS };
  // Slices joined, not `+=`: that makes a rope of one 32-byte cons string per escape, which a
  // long escaped word's value kept alive (a 1 MB word of `\\`: 16 bytes a character). An
  // escape's character and the run after it are one slice; every PIECES of them are joined
  // into a chunk, so the list of pieces never grows past PIECES either.
  const pieces: string[] = [raw.slice(0, raw.indexOf('\\'))];
  let count = 1;
  let chunks: string[] | undefined;
  let problems: EscapeProblem[] | undefined;
  for (let i = raw.indexOf('\\'); i !== -1; ) {
    if (i + 1 >= raw.length) {
      (problems ??= []).push({
        offset: i,
        length: 1,
        message: 'a backslash at the end escapes nothing',
      });
      break;
    }
    let from = i + 1;
    const next = raw.charCodeAt(from);
    if (next === 117 /* u */) {
      const hex = raw.slice(i + 2, i + 6);
      if (HEX4.test(hex)) {
        const decoded = String.fromCharCode(parseInt(hex, 16));
        pieces[count++] =
          keepWildcardEscapes && (decoded === '*' || decoded === '?' || decoded === '\\')
            ? `\\${decoded}`
            : decoded;
        from = i + 6;
      } else {
        (problems ??= []).push({
          offset: i,
          length: Math.min(raw.length - i, 2 + hex.length),
          message: "'\\u' must be followed by four hexadecimal digits",
        });
      }
    } else if (
      keepWildcardEscapes &&
      (next === 42 /* * */ || next === 63 /* ? */ || next === 92) /* \ */
    ) {
      from = i;
    }
    // The run from the escaped character (or the backslash kept, or past `\uXXXX`) up to the next backslash.
    const end = raw.indexOf('\\', Math.max(from, i + 2));
    pieces[count++] = raw.slice(from, end === -1 ? raw.length : end);
    if (count >= PIECES) {
      (chunks ??= []).push(pieces.join(''));
      count = 0;
    }
    i = end;
  }
  pieces.length = count;
  const last = count === 1 ? pieces[0]! : pieces.join('');
  if (chunks === undefined) return { value: last, problems: problems ?? NO_PROBLEMS };
  chunks.push(last);
  return { value: chunks.join(''), problems: problems ?? NO_PROBLEMS };
}

/** Pieces of an unescaped value joined at a time (see `unescape`). */
const PIECES = 1024;

const NO_PROBLEMS: readonly EscapeProblem[] = [];

/** True when the character at `index` is preceded by an odd number of backslashes. */
export function isEscapedAt(text: string, index: number): boolean {
  let count = 0;
  for (let i = index - 1; i >= 0 && text.charCodeAt(i) === 92; i--) count++;
  return count % 2 === 1;
}

/** True when a delimited token (`"..."`, `/.../`, `[...]`) ends with its unescaped closing character. */
export function closedBy(raw: string, closer: string): boolean {
  return raw.length >= 2 && raw.endsWith(closer) && !isEscapedAt(raw, raw.length - 1);
}

/** True when a regex token has its closing `/`: the lexer (`regexEnd`) ends one only at a `/`, escaped or not. */
export function regexClosed(raw: string): boolean {
  return raw.length >= 2 && raw.endsWith('/');
}

/** True when `raw` holds an unescaped `*` or `?`. */
export function hasUnescapedWildcard(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\') i++;
    else if (c === '*' || c === '?') return true;
  }
  return false;
}

/** One piece of a wildcard pattern: literal text, or a `*` / `?` wildcard. */
export type WildcardPart = { readonly literal: string } | { readonly wildcard: '*' | '?' };

/** Splits a wildcard pattern (see `Wildcard.pattern`) into literal runs and wildcards. */
export function wildcardParts(pattern: string): WildcardPart[] {
  const parts: WildcardPart[] = [];
  let literal = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      literal += pattern[++i];
    } else if (c === '*' || c === '?') {
      if (literal) parts.push({ literal });
      literal = '';
      parts.push({ wildcard: c });
    } else {
      literal += c;
    }
  }
  if (literal) parts.push({ literal });
  return parts;
}

/** Escapes literal text for use inside a wildcard pattern: `*`, `?` and `\` get a backslash. */
export function escapeWildcardLiteral(text: string): string {
  return text.replace(/[*?\\]/g, '\\$&');
}

function escapeWordChar(ch: string, first: boolean): string {
  if (WHITESPACE.has(ch) || WORD_BREAKERS.has(ch) || ch === '*' || ch === '?') return `\\${ch}`;
  // At the start of a word: `+` `-` are prefixes, `<` `>` `=` start a relation after `field:`
  // (`=` only in the service's own list, `>=`, `<=`): one rule for the five.
  if (first && (ch === '+' || ch === '-' || ch === '<' || ch === '>' || ch === '='))
    return `\\${ch}`;
  return ch;
}

/**
 * Writes `value` as one bare word that the parser reads back as exactly `value`
 * (a Term, never a wildcard, operator or field). Escapes only what must be escaped.
 * The empty string has no bare-word form: quote it as a phrase instead.
 */
export function escapeTerm(value: string): string {
  if (value.length === 0)
    throw new RangeError('the empty string cannot be written as a bare word; use a phrase');
  let out = '';
  for (let i = 0; i < value.length; i++) out += escapeWordChar(value[i]!, i === 0);
  if (KEYWORDS.has(value) || value.startsWith('&&') || value.startsWith('||')) out = `\\${out}`;
  return out;
}

/** Writes a wildcard pattern as a bare word: literals escaped as in `escapeTerm`, wildcards kept. */
export function printWildcardPattern(pattern: string): string {
  let out = '';
  let first = true;
  for (const part of wildcardParts(pattern)) {
    if ('wildcard' in part) {
      out += part.wildcard;
    } else {
      for (const ch of part.literal) {
        out += escapeWordChar(ch, first);
        first = false;
      }
      continue;
    }
    first = false;
  }
  const bare = out;
  if (KEYWORDS.has(bare) || bare.startsWith('&&') || bare.startsWith('||')) return `\\${bare}`;
  return bare;
}

/** Writes `value` as a double-quoted string: only `"` and `\` are escaped. */
export function quote(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * Writes a field name for `name:value` and `_exists_:name`. A name `*` is written `\*`:
 * `*:x` and `\*:x` read the same, but `*:*` is match-all and `\*:*` a field with any value.
 */
export function escapeFieldName(name: string): string {
  return escapeTerm(name);
}

/**
 * Writes a field name in bracket form, `[First Name]`: `]`, `}`, `"` and `\` are escaped
 * (`}` and `"` so that the name can never be read as a range: `[a TO b}`, or `["] eq "{a TO b}"`
 * whose quotes would pair up across the `]`).
 */
export function bracketFieldName(name: string): string {
  return `[${name.replace(/[\]}"\\]/g, '\\$&')}]`;
}

/**
 * Unescapes the inside of a bracket field name as everywhere else: `\c` is `c`, `\uXXXX`
 * that code unit (`[First\u0020Name]` names `First Name`, as `First\u0020Name:x` does).
 */
export function unescapeBracketName(inner: string): string {
  return unescape(inner).value;
}

const PLAIN_RANGE_BOUND = /^[^ \t\n\r\u3000\]}\\")]+$/;

/**
 * Writes a range bound: `*` for an open end, bare when safe, quoted otherwise. In a
 * quoted bound `]` and `}` are escaped too, so the lexer never sees the range end early.
 */
export function printRangeBound(value: string | null): string {
  if (value === null) return '*';
  if (PLAIN_RANGE_BOUND.test(value) && value !== 'TO' && value !== '*') return value;
  return `"${value.replace(/["\\\]}]/g, '\\$&')}"`;
}

/**
 * Writes a regex body between slashes. Only a `/` needs a backslash (see `regexEnd`: one
 * without ends the regex), so everything else is copied as it is, backslashes included.
 * A body ending in a backslash reads back only where no `/` follows in the query: Lucene
 * cannot end a regex with one otherwise.
 */
export function printRegex(pattern: string): string {
  let out = '/';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    out += c === '/' && pattern[i - 1] !== '\\' ? '\\/' : c;
  }
  return `${out}/`;
}

/** The plain decimal form of boosts, fuzzy distances and comparison numbers: `2`, `0.5`. */
export const DECIMAL = /^\d+(?:\.\d+)?$/;

/** A number as a comparison value may be written: `18`, `-0.5`. */
export const isSignedDecimal = (text: string): boolean =>
  DECIMAL.test(text) || (text[0] === '-' && DECIMAL.test(text.slice(1)));

/** Prints a non-negative finite number in the plain decimal form the lexer accepts (`2`, `0.5`). */
export function printDecimal(value: number): string {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`not a non-negative finite number: ${value}`);
  const text = String(value);
  const match = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  // Shift the decimal point of JavaScript's shortest round-trip digits, so the result reads back exactly.
  const digits = match[1]! + (match[2] ?? '');
  const point = 1 + Number(match[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}
