/**
 * What is wrong with a text JSON.parse refused, without quoting it. V8 quotes the text around
 * the error in some of its messages (`Unexpected token 'h', ..."t_secret":hunter2}" is not
 * valid JSON`): a client secret left unquoted in a token request came back in the 400's message
 * (which clients put in their errors and logs), and one in a clients file went to standard error.
 */

/** V8's messages that say only where and what kind of error, never the text's own characters. */
const SAFE =
  /^(?:Unexpected end of JSON input|(?!Unexpected token)[^"]* JSON at position \d+(?: \(line \d+ column \d+\))?)$/;

export function jsonSyntaxProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return SAFE.test(message) ? message : 'an unexpected character';
}
