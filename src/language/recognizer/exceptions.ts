/**
 * The recognition exceptions of chevrotain's parser, with its names, fields and messages
 * (errors_public.js): parse.ts reads their tokens, the tests compare them with chevrotain's.
 */
import type { IToken, TokenType } from 'chevrotain';

export class RecognitionException extends Error {
  resyncedTokens: IToken[] = [];
  context: { ruleStack: string[]; ruleOccurrenceStack: number[] } | undefined;
  previousToken: IToken | undefined;

  constructor(
    name: string,
    message: string,
    readonly token: IToken,
    previousToken?: IToken,
  ) {
    super(message);
    this.name = name;
    this.previousToken = previousToken;
  }
}

/** A token type as chevrotain's messages name it: its label, else its name. */
function label(type: TokenType): string {
  return type.LABEL ?? type.name;
}

export function mismatchedToken(expected: TokenType, actual: IToken, previous: IToken) {
  const what =
    expected.LABEL === undefined
      ? `token of type --> ${expected.name} <--`
      : `--> ${expected.LABEL} <--`;
  return new RecognitionException(
    'MismatchedTokenException',
    `Expecting ${what} but found --> '${actual.image}' <--`,
    actual,
    previous,
  );
}

export function notAllInputParsed(first: IToken) {
  return new RecognitionException(
    'NotAllInputParsedException',
    `Redundant input, expecting EOF but found: ${first.image}`,
    first,
  );
}

export function noViableAlt(
  paths: readonly (readonly TokenType[])[],
  actual: IToken,
  previous: IToken,
) {
  const items = paths.map((path, i) => `  ${i + 1}. [${path.map(label).join(', ')}]`);
  return new RecognitionException(
    'NoViableAltException',
    `Expecting: one of these possible Token sequences:\n${items.join('\n')}\nbut found: '${actual.image}'`,
    actual,
    previous,
  );
}

export function earlyExit(
  paths: readonly (readonly TokenType[])[],
  actual: IToken,
  previous: IToken,
) {
  const items = paths.map((path) => `[${path.map(label).join(',')}]`);
  return new RecognitionException(
    'EarlyExitException',
    `Expecting: expecting at least one iteration which starts with one of these possible Token sequences::\n  <${items.join(' ,')}>\nbut found: '${actual.image}'`,
    actual,
    previous,
  );
}
