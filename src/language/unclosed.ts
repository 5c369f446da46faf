/**
 * The diagnostics of a pair left open: a phrase or regex (`"Tim`, `/ab`), a group (`(a`), a
 * range (`[a TO b`) and a bracketed field name (`[First Name`). One definition for the chevrotain
 * parser (parser.ts) and the fast path's recovery of pairs left open at the end of the query
 * (fast-path.ts, recovered.ts), so the two cannot drift apart.
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

/**
 * `unclosed-paren` at the `(` (`open`) of a group that ends at `end`; the fix inserts `closers`
 * there (the groups and the range left open at the same point close too). No fix when the
 * text ends inside a phrase, regex or bracket (`fixable` false): a `)` would land inside it.
 */
export function unclosedGroupDiagnostic(
  text: string,
  open: Span,
  end: number,
  closers: string,
  fixable: boolean,
): Diagnostic {
  return {
    code: 'unclosed-paren',
    severity: 'error',
    message: `missing ')' to close '(' at ${formatPosition(text, open.start)}`,
    span: open,
    fixes: fixable
      ? [
          {
            kind: 'syntax',
            title: "Add the closing ')'",
            edits: [{ span: { start: end, end }, text: closers }],
            safe: true,
          },
        ]
      : [],
  };
}

/** `unclosed-range` at the opener (`open`) of a range that ends at `end`, missing its `closer`; `fixable` as for a group. */
export function unclosedRangeDiagnostic(
  text: string,
  open: Span,
  end: number,
  closer: ']' | '}',
  fixable: boolean,
): Diagnostic {
  return {
    code: 'unclosed-range',
    severity: 'error',
    message: `missing '${closer}' to close the range that starts at ${formatPosition(text, open.start)}`,
    span: open,
    fixes: fixable
      ? [
          {
            kind: 'syntax',
            title: `Add the closing '${closer}'`,
            edits: [{ span: { start: end, end }, text: closer }],
            safe: true,
          },
        ]
      : [],
  };
}

/** `unclosed-bracket` at `at`, the bracketed field name `raw` (`[First Name`) never closed. */
export function unclosedBracketDiagnostic(text: string, raw: string, at: Span): Diagnostic {
  return {
    code: 'unclosed-bracket',
    severity: 'error',
    message: `missing ']' to close the field name that starts at ${formatPosition(text, at.start)}`,
    span: at,
    fixes: [
      {
        kind: 'syntax',
        title: "Add the closing ']'",
        edits: [
          {
            span: { start: at.end, end: at.end },
            text: isEscapedAt(`${raw}]`, raw.length) ? '\\]' : ']',
          },
        ],
        safe: true,
      },
    ],
  };
}
