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
import { matchBracketField, matchRelationOperator } from './tokens.js';
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
    c === C.Bang || c === C.LParen || c === C.RParen || c === C.Colon || c === C.Caret || c === C.LBracket || c === C.RBracket ||
    c === C.Quote || c === C.LBrace || c === C.RBrace || c === C.Tilde || c === C.Backslash || c === C.Slash
  );
}

const COMPARISON_WORD = /^(?:eq|ne|gt|lt|ge|le|contains|startswith|endswith)$/i;
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

/** End of a `"..."` or `/.../` token starting at `i` (the closing character is optional). */
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

function keyword(image: string): Kind {
  switch (image) {
    case 'AND':
      return Kind.And;
    case 'OR':
      return Kind.Or;
    case 'NOT':
      return Kind.Not;
    case 'and':
      return Kind.LowerAnd;
    case 'or':
      return Kind.LowerOr;
    case 'not':
      return Kind.LowerNot;
    default:
      return image.length <= 10 && COMPARISON_WORD.test(image) ? Kind.ComparisonWord : Kind.Word;
  }
}

/** Scans `text` into a token stream, or returns undefined where the chevrotain lexer would report an error. */
export function scan(text: string): TokenStream | undefined {
  const n = text.length;
  let kinds = new Uint8Array(16);
  let starts = new Uint32Array(16);
  let ends = new Uint32Array(16);
  let count = 0;
  let inRange = false;
  let parens = 0;
  let prefixRun = 0;
  let depth = 0;
  let clauses = 0;

  const push = (kind: Kind, start: number, end: number): void => {
    if (count === kinds.length) {
      const grow = kinds.length * 2;
      const k = new Uint8Array(grow);
      k.set(kinds);
      kinds = k;
      const s = new Uint32Array(grow);
      s.set(starts);
      starts = s;
      const e = new Uint32Array(grow);
      e.set(ends);
      ends = e;
    }
    kinds[count] = kind;
    starts[count] = start;
    ends[count] = end;
    count++;
    // The same measures as `measure` in parse.ts.
    if (kind === Kind.LParen) parens++;
    else if (kind === Kind.RParen || kind === Kind.RangeRParen) parens = Math.max(0, parens - 1);
    if (kind === Kind.Not || kind === Kind.Bang || kind === Kind.Minus || kind === Kind.Plus || kind === Kind.LowerNot) prefixRun++;
    else prefixRun = 0;
    if (parens + prefixRun > depth) depth = parens + prefixRun;
    if (kind === Kind.Word || (kind >= Kind.LowerAnd && kind <= Kind.ComparisonWord) || kind === Kind.Quoted || kind === Kind.Regex || kind === Kind.BracketField || kind === Kind.RangeStart || kind === Kind.RangeExclusiveStart) {
      clauses++;
    }
  };

  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (inRange) {
      if (c === C.RBracket || c === C.RBrace || c === C.RParen) {
        push(c === C.RBracket ? Kind.RangeEnd : c === C.RBrace ? Kind.RangeExclusiveEnd : Kind.RangeRParen, i, i + 1);
        inRange = false;
        i++;
        continue;
      }
      if (c === C.Quote) {
        const end = delimitedEnd(text, i, C.Quote);
        push(Kind.Quoted, i, end);
        i = end;
        continue;
      }
      let end = i;
      while (end < n) {
        const d = text.charCodeAt(end);
        if (d === C.Backslash) {
          if (end + 1 >= n) break;
          end += 2;
        } else if (isSpace(d) || d === C.RBracket || d === C.RBrace || d === C.Quote || d === C.RParen) {
          break;
        } else {
          end++;
        }
      }
      if (end === i) return undefined;
      push(end - i === 2 && text.charCodeAt(i) === 84 && text.charCodeAt(i + 1) === 79 ? Kind.RangeTo : Kind.RangeWord, i, end);
      i = end;
      continue;
    }
    switch (c) {
      case C.LBracket: {
        const match = matchBracketField(text, i, [], {});
        if (match !== null) {
          const end = i + match[0].length;
          push(Kind.BracketField, i, end);
          i = end;
        } else {
          push(Kind.RangeStart, i, i + 1);
          inRange = true;
          i++;
        }
        continue;
      }
      case C.LBrace:
        push(Kind.RangeExclusiveStart, i, i + 1);
        inRange = true;
        i++;
        continue;
      case C.LParen:
        push(Kind.LParen, i, ++i);
        continue;
      case C.RParen:
        push(Kind.RParen, i, ++i);
        continue;
      case C.Bang:
        push(Kind.Bang, i, ++i);
        continue;
      case C.Plus:
        push(Kind.Plus, i, ++i);
        continue;
      case C.Minus:
        push(Kind.Minus, i, ++i);
        continue;
      case C.Colon:
        push(Kind.Colon, i, ++i);
        continue;
      case C.RBracket:
      case C.RBrace:
        push(Kind.StrayCloser, i, ++i);
        continue;
      case C.Quote: {
        const end = delimitedEnd(text, i, C.Quote);
        push(Kind.Quoted, i, end);
        i = end;
        continue;
      }
      case C.Slash: {
        const end = delimitedEnd(text, i, C.Slash);
        push(Kind.Regex, i, end);
        i = end;
        continue;
      }
      case C.Tilde: {
        const end = wordPartsEnd(text, i + 1);
        push(Kind.Tilde, i, end);
        i = end;
        continue;
      }
      case C.Caret: {
        NUMBER_AFTER_CARET.lastIndex = i + 1;
        const end = NUMBER_AFTER_CARET.test(text) ? NUMBER_AFTER_CARET.lastIndex : i + 1;
        push(Kind.Caret, i, end);
        i = end;
        continue;
      }
      case C.Lt:
      case C.Gt: {
        const match = matchRelationOperator(text, i, [], {});
        if (match !== null) {
          const end = i + match[0].length;
          push(Kind.RelationOperator, i, end);
          i = end;
          continue;
        }
        break;
      }
      case C.Amp:
      case C.Pipe:
        // `&&` / `||` are operators only when no word character follows.
        if (text.charCodeAt(i + 1) === c && wordPartsEnd(text, i + 2) === i + 2) {
          push(c === C.Amp ? Kind.AndSymbol : Kind.OrSymbol, i, i + 2);
          i += 2;
          continue;
        }
        break;
      case C.Backslash:
        if (i + 1 >= n) return undefined;
        break;
    }
    // A word: any other start character, or an escape.
    const end = wordPartsEnd(text, c === C.Backslash ? i + 2 : i + 1);
    const kind = end - i <= 10 ? keyword(text.slice(i, end)) : Kind.Word;
    push(kind, i, end);
    i = end;
  }
  return { text, count, kinds, starts, ends, depth, clauses };
}
