/**
 * The chevrotain lexer: what the parser reads when a query leaves the fast path, and what
 * completes the token types (tokens.ts). Built on first use, so importing mdq does not
 * load chevrotain (chevrotain.ts).
 */
import type { ILexingError, IToken, Lexer } from 'chevrotain';
import { loadChevrotain } from './chevrotain.js';
import * as T from './tokens.js';

let lexer: Lexer | undefined;

/**
 * The lexer definition; `validate` checks it (the tests do), which costs ~5 ms at start-up.
 * Building it completes the token types: chevrotain's Lexer numbers them and links their
 * categories (a LowerAnd is a Word), and whitespace joins its skipped group here.
 */
export function createLexer(validate: boolean): Lexer {
  const { Lexer } = loadChevrotain();
  T.WhiteSpace.GROUP = Lexer.SKIPPED;
  return new Lexer(
    { modes: { main: T.mainModeTokens, range: T.rangeModeTokens }, defaultMode: 'main' },
    { positionTracking: 'onlyOffset', ensureOptimizations: validate, skipValidations: !validate },
  );
}

/** The shared lexer. */
export function getLexer(): Lexer {
  lexer ??= createLexer(false);
  return lexer;
}

/** Lexes `text` into tokens (whitespace skipped) and lexer errors. */
export function tokenize(text: string): { tokens: IToken[]; errors: ILexingError[] } {
  const result = getLexer().tokenize(text);
  return { tokens: result.tokens, errors: result.errors };
}
