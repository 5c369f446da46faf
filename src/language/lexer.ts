/**
 * The lexer the recovering parser (parser.ts) reads when a query leaves the fast path: the fast path's
 * scanner (scanner.ts), its tokens as the objects chevrotain's own lexer made (same types,
 * images and offsets, and the same error for the one text that lexer rejects), so no bundle
 * carries chevrotain's lexer and its regexp analysis (a quarter of chevrotain's weight).
 * test/language/lexer.test.ts holds it to chevrotain's `Lexer` on the lexer definition
 * (tokens.ts), kept there as the reference.
 */
import type { ILexingError, IToken } from 'chevrotain';
import { KIND_TYPES, Kind, scan, type TokenStream } from './scanner.js';

export interface Lexed {
  tokens: IToken[];
  errors: ILexingError[];
}

/**
 * The scanner gives up on one text only: a backslash at the very end where a token would
 * start, which chevrotain's lexer reports and skips. Every token before it ends as if the text
 * ended there, and reads the text as if that backslash were a space, except where a comparison
 * word comes right before it: an operator's look-ahead (tokens.ts, `matchBracketField`) sees a
 * word character there, so it stands as one (`x`, which the word before takes in; cut off again).
 */
const COMPARISON_BEFORE_LAST = /(?:eq|ne|gt|lt|ge|le|contains|startswith|endswith)\\$/i;

/** Lexes `text` into chevrotain tokens (whitespace skipped) and lexing errors. */
export function tokenize(text: string): Lexed {
  const stream = scan(text);
  if (stream !== undefined) return { tokens: asChevrotainTokens(stream, text.length), errors: [] };
  const last = text.length - 1;
  const stand = COMPARISON_BEFORE_LAST.test(text) ? 'x' : ' ';
  const stood = scan(text.slice(0, last) + stand);
  if (stood === undefined || text.charCodeAt(last) !== 92 /* \ */)
    throw new Error(`mdq's lexer cannot read ${JSON.stringify(text)}`);
  const error: ILexingError = {
    offset: last,
    line: undefined,
    column: undefined,
    length: 1,
    message: `unexpected character: ->\\<- at offset: ${last}, skipped 1 characters.`,
  };
  return { tokens: asChevrotainTokens(stood, last), errors: [error] };
}

/** The shape chevrotain's `Lexer` had here (src/completion and bench/ call `getLexer().tokenize`). */
const lexer = { tokenize };

export function getLexer(): { tokenize: typeof tokenize } {
  return lexer;
}

/** The stream's tokens that start before `end`, cut at `end`, as chevrotain's offset-only tokens. */
function asChevrotainTokens(stream: TokenStream, end: number): IToken[] {
  const { text, kinds, starts, ends } = stream;
  const tokens: IToken[] = [];
  for (let i = 0; i < stream.count && starts[i]! < end; i++) {
    const start = starts[i]!;
    let kind: Kind = kinds[i]!;
    const image = text.slice(start, Math.min(ends[i]!, end));
    if (ends[i]! > end) kind = kindOfCut(kind, image);
    const tokenType = KIND_TYPES[kind]!;
    tokens.push({
      image,
      startOffset: start,
      tokenTypeIdx: tokenType.tokenTypeIdx!,
      tokenType,
    } as IToken);
  }
  return tokens;
}

/** The kind of a word token cut short (it took in the stand-in): what its image alone reads as. */
function kindOfCut(kind: Kind, image: string): Kind {
  if (kind === Kind.RangeWord || kind === Kind.RangeTo)
    return image === 'TO' ? Kind.RangeTo : Kind.RangeWord;
  if (kind === Kind.Word) {
    const alone = scan(image);
    if (alone?.count === 1) return alone.kinds[0]!;
  }
  return kind;
}
