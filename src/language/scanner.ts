/**
 * The fast path's scanner: the chevrotain lexer's exact token stream (same kinds, same
 * offsets), for inputs it lexes without errors, written by hand and stored compactly
 * in typed arrays instead of one object per token.
 *
 * Why: on short queries the chevrotain lexer took half of the parse time, and on long
 * ones its token objects (~80 bytes each, all alive until the parse ends) pushed the
 * garbage collector into copying them. test/language/scanner.test.ts checks the
 * stream against chevrotain's on generated input; anything this scanner does not
 * reproduce exactly (a lexing error) returns `undefined`, and `parse` falls back to
 * the chevrotain lexer and parser.
 */
import type { TokenType } from 'chevrotain';
import { bracketFieldEnd, matchRelationOperator, regexEnd } from './tokens.js';
import * as T from './tokens.js';

/** Token kinds of the stream: indexes into `KIND_TYPES`. */
export const enum Kind {
  Word,
  And,
  Or,
  Not,
  LowerAnd,
  LowerOr,
  LowerNot,
  ComparisonWord,
  AndSymbol,
  OrSymbol,
  Bang,
  Plus,
  Minus,
  LParen,
  RParen,
  Colon,
  RelationOperator,
  Quoted,
  Regex,
  Tilde,
  Caret,
  BracketField,
  RangeStart,
  RangeExclusiveStart,
  StrayCloser,
  RangeWord,
  RangeTo,
  RangeEnd,
  RangeExclusiveEnd,
  RangeRParen,
}

/** The chevrotain token type of each kind, for tests and diagnostics. */
export const KIND_TYPES: readonly TokenType[] = [
  T.Word,
  T.And,
  T.Or,
  T.Not,
  T.LowerAnd,
  T.LowerOr,
  T.LowerNot,
  T.ComparisonWord,
  T.AndSymbol,
  T.OrSymbol,
  T.Bang,
  T.Plus,
  T.Minus,
  T.LParen,
  T.RParen,
  T.Colon,
  T.RelationOperator,
  T.Quoted,
  T.Regex,
  T.Tilde,
  T.Caret,
  T.BracketField,
  T.RangeStart,
  T.RangeExclusiveStart,
  T.StrayCloser,
  T.RangeWord,
  T.RangeTo,
  T.RangeEnd,
  T.RangeExclusiveEnd,
  T.RangeRParen,
];

/** Tokens as three parallel arrays: kind, start offset, end offset (exclusive). */
export interface TokenStream {
  readonly text: string;
  readonly count: number;
  readonly kinds: Uint8Array;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  /** Deepest nesting of parentheses plus prefix runs, as `parse` measures it. */
  readonly depth: number;
  /** Where that depth is first reached (the start of the token). */
  readonly depthAt: number;
  /** Clauses, as `parse` counts them for `maxClauses`. */
  readonly clauses: number;
}

const enum C {
  Tab = 9,
  LF = 10,
  CR = 13,
  Space = 32,
  Bang = 33,
  Quote = 34,
  Amp = 38,
  LParen = 40,
  RParen = 41,
  Star = 42,
  Plus = 43,
  Minus = 45,
  Slash = 47,
  Colon = 58,
  Lt = 60,
  Gt = 62,
  LBracket = 91,
  Backslash = 92,
  RBracket = 93,
  Caret = 94,
  LBrace = 123,
  Pipe = 124,
  RBrace = 125,
  Tilde = 126,
  Ideographic = 0x3000,
}

function isSpace(c: number): boolean {
  return c === C.Space || c === C.Tab || c === C.LF || c === C.CR || c === C.Ideographic;
}

/** Characters that end a word wherever they stand (besides whitespace). */
function isBreaker(c: number): boolean {
  return (
    c === C.Bang ||
    c === C.LParen ||
    c === C.RParen ||
    c === C.Colon ||
    c === C.Caret ||
    c === C.LBracket ||
    c === C.RBracket ||
    c === C.Quote ||
    c === C.LBrace ||
    c === C.RBrace ||
    c === C.Tilde ||
    c === C.Backslash ||
    c === C.Slash
  );
}

/** The comparison operators, any case (as the lexer's `/(?:eq|ne|...)/i`: ASCII letters fold, nothing else does). */
const COMPARISON_WORDS = ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'contains', 'startswith', 'endswith'];
const NUMBER_AFTER_CARET = /\d+(?:\.\d+)?/y;

/**
 * End of the word parts from `i` on (escapes included); a backslash at the very end
 * is not part of a word, as in the lexer's regex.
 */
function wordPartsEnd(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === C.Backslash) {
      if (i + 1 >= n) break;
      i += 2;
    } else if (isSpace(c) || isBreaker(c)) {
      break;
    } else {
      i++;
    }
  }
  return i;
}

/** End of a `"..."` token starting at `i` (the closing character is optional). */
function delimitedEnd(text: string, i: number, closer: number): number {
  const n = text.length;
  i++;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === C.Backslash) {
      if (i + 1 >= n) return i;
      i += 2;
    } else if (c === closer) {
      return i + 1;
    } else {
      i++;
    }
  }
  return i;
}

/** Whether text[start, end) spells `word` exactly. */
function spells(text: string, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let k = 0; k < word.length; k++)
    if (text.charCodeAt(start + k) !== word.charCodeAt(k)) return false;
  return true;
}

/** Whether text[start, end) spells `word` (lower case) in any case of its ASCII letters. */
function spellsInAnyCase(text: string, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let k = 0; k < word.length; k++) {
    const c = text.charCodeAt(start + k);
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** The kind of the word text[start, end): a keyword, or a plain word. Reads it in place: no slice per word. */
function wordKind(text: string, start: number, end: number): Kind {
  const length = end - start;
  if (length === 2 || length === 3) {
    if (spells(text, start, end, 'AND')) return Kind.And;
    if (spells(text, start, end, 'OR')) return Kind.Or;
    if (spells(text, start, end, 'NOT')) return Kind.Not;
    if (spells(text, start, end, 'and')) return Kind.LowerAnd;
    if (spells(text, start, end, 'or')) return Kind.LowerOr;
    if (spells(text, start, end, 'not')) return Kind.LowerNot;
  }
  if (length === 2 || length === 8 || length === 10) {
    for (const word of COMPARISON_WORDS)
      if (spellsInAnyCase(text, start, end, word)) return Kind.ComparisonWord;
  }
  return Kind.Word;
}

/** Growable token arrays, reused from one scan to the next so a parse allocates none. */
class TokenBuffer {
  kinds = new Uint8Array(64);
  starts = new Uint32Array(64);
  ends = new Uint32Array(64);

  grow(): void {
    const size = this.kinds.length * 2;
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds);
    this.kinds = kinds;
    const starts = new Uint32Array(size);
    starts.set(this.starts);
    this.starts = starts;
    const ends = new Uint32Array(size);
    ends.set(this.ends);
    this.ends = ends;
  }
}

/** Buffers for one scan; a caller that reuses them must be done with the previous stream first. */
export function tokenBuffer(): TokenBuffer {
  return new TokenBuffer();
}

/**
 * Scans `text` into a token stream, or returns undefined where the chevrotain lexer
 * would report an error. The stream's arrays belong to `buffer`.
 */
export function scan(
  text: string,
  buffer: TokenBuffer = new TokenBuffer(),
): TokenStream | undefined {
  const n = text.length;
  let count = 0;
  let inRange = false;
  let parens = 0;
  let prefixRun = 0;
  let depth = 0;
  let depthAt = 0;
  let clauses = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    let kind: Kind;
    let end: number;
    if (inRange) {
      if (c === C.RBracket || c === C.RBrace || c === C.RParen) {
        kind =
          c === C.RBracket
            ? Kind.RangeEnd
            : c === C.RBrace
              ? Kind.RangeExclusiveEnd
              : Kind.RangeRParen;
        end = i + 1;
        inRange = false;
      } else if (c === C.Quote) {
        kind = Kind.Quoted;
        end = delimitedEnd(text, i, C.Quote);
      } else {
        end = i;
        while (end < n) {
          const d = text.charCodeAt(end);
          if (d === C.Backslash) {
            if (end + 1 >= n) break;
            end += 2;
          } else if (
            isSpace(d) ||
            d === C.RBracket ||
            d === C.RBrace ||
            d === C.Quote ||
            d === C.RParen
          ) {
            break;
          } else {
            end++;
          }
        }
        if (end === i) return undefined;
        kind =
          end - i === 2 && text.charCodeAt(i) === 84 && text.charCodeAt(i + 1) === 79
            ? Kind.RangeTo
            : Kind.RangeWord;
      }
    } else {
      kind = Kind.Word;
      end = -1;
      switch (c) {
        case C.LBracket: {
          const fieldEnd = bracketFieldEnd(text, i);
          if (fieldEnd >= 0) {
            kind = Kind.BracketField;
            end = fieldEnd;
          } else {
            kind = Kind.RangeStart;
            end = i + 1;
            inRange = true;
          }
          break;
        }
        case C.LBrace:
          kind = Kind.RangeExclusiveStart;
          end = i + 1;
          inRange = true;
          break;
        case C.LParen:
          kind = Kind.LParen;
          end = i + 1;
          break;
        case C.RParen:
          kind = Kind.RParen;
          end = i + 1;
          break;
        case C.Bang:
          kind = Kind.Bang;
          end = i + 1;
          break;
        case C.Plus:
          kind = Kind.Plus;
          end = i + 1;
          break;
        case C.Minus:
          kind = Kind.Minus;
          end = i + 1;
          break;
        case C.Colon:
          kind = Kind.Colon;
          end = i + 1;
          break;
        case C.RBracket:
        case C.RBrace:
          kind = Kind.StrayCloser;
          end = i + 1;
          break;
        case C.Quote:
          kind = Kind.Quoted;
          end = delimitedEnd(text, i, C.Quote);
          break;
        case C.Slash:
          kind = Kind.Regex;
          end = regexEnd(text, i);
          break;
        case C.Tilde:
          kind = Kind.Tilde;
          end = wordPartsEnd(text, i + 1);
          break;
        case C.Caret:
          NUMBER_AFTER_CARET.lastIndex = i + 1;
          kind = Kind.Caret;
          end = NUMBER_AFTER_CARET.test(text) ? NUMBER_AFTER_CARET.lastIndex : i + 1;
          break;
        case C.Lt:
        case C.Gt: {
          const match = matchRelationOperator(text, i, [], {});
          if (match !== null) {
            kind = Kind.RelationOperator;
            end = i + match[0].length;
          }
          break;
        }
        case C.Amp:
        case C.Pipe:
          // `&&` / `||` are operators only when no word character follows.
          if (text.charCodeAt(i + 1) === c && wordPartsEnd(text, i + 2) === i + 2) {
            kind = c === C.Amp ? Kind.AndSymbol : Kind.OrSymbol;
            end = i + 2;
          }
          break;
        case C.Backslash:
          if (i + 1 >= n) return undefined;
          break;
      }
      if (end < 0) {
        // A word: any other start character, or an escape.
        end = wordPartsEnd(text, c === C.Backslash ? i + 2 : i + 1);
        kind = wordKind(text, i, end);
      }
    }
    if (count === buffer.kinds.length) buffer.grow();
    buffer.kinds[count] = kind;
    buffer.starts[count] = i;
    buffer.ends[count] = end;
    count++;
    // The same measures as `measure` in parse.ts.
    if (kind === Kind.LParen) parens++;
    else if ((kind === Kind.RParen || kind === Kind.RangeRParen) && parens > 0) parens--;
    if (
      kind === Kind.Not ||
      kind === Kind.Bang ||
      kind === Kind.Minus ||
      kind === Kind.Plus ||
      kind === Kind.LowerNot
    )
      prefixRun++;
    else prefixRun = 0;
    if (parens + prefixRun > depth) {
      depth = parens + prefixRun;
      depthAt = i;
    }
    if (
      kind === Kind.Word ||
      (kind >= Kind.LowerAnd && kind <= Kind.ComparisonWord) ||
      kind === Kind.Quoted ||
      kind === Kind.Regex ||
      kind === Kind.BracketField ||
      kind === Kind.RangeStart ||
      kind === Kind.RangeExclusiveStart
    ) {
      clauses++;
    }
    i = end;
  }
  return {
    text,
    count,
    kinds: buffer.kinds,
    starts: buffer.starts,
    ends: buffer.ends,
    depth,
    depthAt,
    clauses,
  };
}
