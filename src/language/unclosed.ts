/**
 * The diagnostic of a phrase or regex left open (`"Tim`, `/ab`): one definition for the
 * chevrotain parser (parser.ts) and the fast path's recovery of a phrase open at the end of
 * the query (fast-path.ts), so the two cannot drift apart.
 */
import type { Span } from './ast.js';
import type { Diagnostic, Fix } from './diagnostic.js';
import { isEscapedAt } from './escape.js';
import { formatPosition } from './position.js';

/**
 * `code` at `at`, the span of the token `raw`, with a fix that adds the `closer` (a phrase's
 * escaped where the text ends in a lone backslash). Closing a phrase keeps its meaning; closing a
 * regex may not (`safe`).
 */
export function unclosedDiagnostic(
  text: string,
  raw: string,
  at: Span,
  closer: '"' | '/',
  code: string,
  what: string,
  safe: boolean,
): Diagnostic {
  // A backslash escapes the closing quote of a phrase; before a regex's last `/` it does not (`regexEnd`).
  const insert =
    closer === '"' && isEscapedAt(`${raw}${closer}`, raw.length) ? `\\${closer}` : closer;
  const fix: Fix = {
    kind: 'syntax',
    title: `Add the closing '${closer}'`,
    edits: [{ span: { start: at.end, end: at.end }, text: insert }],
    ...(safe ? { safe: true } : {}),
  };
  return {
    code,
    severity: 'error',
    message: `missing '${closer}' to close the ${what} that starts at ${formatPosition(text, at.start)}`,
    span: at,
    fixes: [fix],
  };
}
