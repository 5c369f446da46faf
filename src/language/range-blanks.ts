/**
 * Blanks other than a space between the parts of a range (`f:[a<tab>TO b]`). Lucene's range
 * lexer ends a bound only at a space, `]` or `}`, so the service reads a tab, CR, LF or
 * U+3000 there as part of the bound (`a<tab>TO` is one bound, and the range then lacks its
 * `TO`). mdq reports them (`range-whitespace`) with a safe fix to spaces, rather than read a
 * range the service would not. One definition for the chevrotain parser and the fast path.
 */
import type { Span } from './ast.js';
import type { Diagnostic } from './diagnostic.js';
import { formatPosition } from './position.js';

/** The offsets of the blanks other than a space in the gaps between `parts` (the range's tokens, in order). */
export function oddRangeBlanks(text: string, parts: readonly Span[]): number[] {
  const found: number[] = [];
  for (let k = 1; k < parts.length; k++) {
    for (let i = parts[k - 1]!.end; i < parts[k]!.start; i++)
      if (text.charCodeAt(i) !== 32) found.push(i);
  }
  return found;
}

function blankName(code: number): string {
  if (code === 9) return 'a tab';
  if (code === 10 || code === 13) return 'a line break';
  return 'an ideographic space (U+3000)';
}

/** The diagnostic for `blanks` (from `oddRangeBlanks`, not empty), with the fix writing a space for each. */
export function rangeBlanksDiagnostic(text: string, blanks: readonly number[]): Diagnostic {
  const first = blanks[0]!;
  return {
    code: 'range-whitespace',
    severity: 'error',
    message: `${blankName(text.charCodeAt(first))} inside a range at ${formatPosition(text, first)}: Lucene ends a bound only at a space, ']' or '}', so the service would read it as part of the bound; write a space`,
    span: { start: first, end: first + 1 },
    fixes: [
      {
        kind: 'syntax',
        title: blanks.length === 1 ? 'Write a space' : 'Write spaces',
        edits: blanks.map((i) => ({ span: { start: i, end: i + 1 }, text: ' ' })),
        safe: true,
      },
    ],
  };
}
