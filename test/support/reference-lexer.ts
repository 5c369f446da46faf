/**
 * chevrotain's own lexer on mdq's lexer definition (src/language/tokens.ts): the reference
 * that mdq's lexer (src/language/lexer.ts, built on the fast path's scanner) must match token
 * for token. It is not part of the package (the package holds no chevrotain).
 */
import { type ILexingError, type IToken, Lexer } from 'chevrotain';
import * as T from '../../src/language/tokens.js';

/** The lexer definition; `validate` runs chevrotain's checks of it, the first-character optimisation included. */
export function createReferenceLexer(validate: boolean): Lexer {
  T.WhiteSpace.GROUP = Lexer.SKIPPED;
  return new Lexer(
    { modes: { main: T.mainModeTokens, range: T.rangeModeTokens }, defaultMode: 'main' },
    { positionTracking: 'onlyOffset', ensureOptimizations: validate, skipValidations: !validate },
  );
}

let reference: Lexer | undefined;

/** Tokens (whitespace skipped) and lexing errors, as chevrotain's lexer gives them. */
export function referenceTokenize(text: string): { tokens: IToken[]; errors: ILexingError[] } {
  reference ??= createReferenceLexer(false);
  const { tokens, errors } = reference.tokenize(text);
  return { tokens, errors };
}
