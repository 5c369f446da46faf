/**
 * The tokens of a query for completion, hover and highlighting: the parser's own
 * scanner (typed arrays, no objects per token), or, for the rare text it gives up on
 * (a backslash at the very end), the lexer's tokens (src/language/lexer.ts) in the same
 * arrays. Characters the lexer skips as errors are simply not covered by a token.
 */
import { getLexer } from '../language/lexer.js';
import { KIND_TYPES, Kind, scan, tokenBuffer } from '../language/scanner.js';

export { Kind };

export interface Lexed {
  readonly text: string;
  readonly count: number;
  readonly kinds: Uint8Array;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
}

/** Our own buffers (the parser's are in use while it parses); reused from call to call. */
const buffer = /* @__PURE__ */ tokenBuffer();
let kindOfType: Map<unknown, Kind> | undefined;

/** Tokens of `text`. The arrays are shared: a caller is done with them before the next call. */
export function lex(text: string): Lexed {
  const stream = scan(text, buffer);
  if (stream !== undefined) return stream;
  kindOfType ??= new Map(KIND_TYPES.map((type, kind) => [type, kind as Kind]));
  const tokens = getLexer().tokenize(text).tokens;
  const n = tokens.length;
  const kinds = new Uint8Array(n);
  const starts = new Uint32Array(n);
  const ends = new Uint32Array(n);
  let count = 0;
  for (const token of tokens) {
    const kind = kindOfType.get(token.tokenType);
    if (kind === undefined) continue;
    kinds[count] = kind;
    starts[count] = token.startOffset;
    ends[count] = token.startOffset + token.image.length;
    count++;
  }
  return { text, count, kinds, starts, ends };
}

/** Kinds that are a word the user may be typing (a keyword is a word until it is complete). */
export function isWordLike(kind: Kind): boolean {
  return (
    kind === Kind.Word ||
    kind === Kind.And ||
    kind === Kind.Or ||
    kind === Kind.Not ||
    kind === Kind.LowerAnd ||
    kind === Kind.LowerOr ||
    kind === Kind.LowerNot ||
    kind === Kind.ComparisonWord ||
    kind === Kind.AndSymbol ||
    kind === Kind.OrSymbol ||
    kind === Kind.RangeWord ||
    kind === Kind.RangeTo
  );
}

/** Kinds after which a new clause starts (an operator or an opening parenthesis). */
export function kindStartsClause(kind: Kind): boolean {
  return (
    kind === Kind.LParen ||
    kind === Kind.And ||
    kind === Kind.Or ||
    kind === Kind.Not ||
    kind === Kind.AndSymbol ||
    kind === Kind.OrSymbol ||
    kind === Kind.Bang ||
    kind === Kind.Plus ||
    kind === Kind.Minus ||
    kind === Kind.LowerAnd ||
    kind === Kind.LowerOr ||
    kind === Kind.LowerNot
  );
}

/** Index of the last token that starts before `offset`, or -1 (binary search). */
export function lastStartingBefore(lexed: Lexed, offset: number): number {
  let lo = 0;
  let hi = lexed.count - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (lexed.starts[mid]! < offset) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
