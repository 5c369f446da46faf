/**
 * The diagnostic of a `-`, `+` or `!` apart from the clause after it (`- a`): Lucene reads it as
 * a search for that character, which is rarely what was meant, so mdq asks which one was. One
 * definition for the chevrotain parser (parser.ts) and the fast path's recovery (fast-path.ts,
 * recovered.ts).
 */
import type { Span } from './ast.js';
import type { Diagnostic } from './diagnostic.js';

/** `detached-prefix` at the operator `image` (at `at`) whose clause starts at `next`. */
export function detachedPrefixDiagnostic(image: string, at: Span, next: number): Diagnostic {
  const meaning = image === '+' ? 'required' : 'prohibited';
  return {
    code: 'detached-prefix',
    severity: 'error',
    message: `'${image}' must touch the clause it applies to; to search for '${image}' itself, escape it`,
    span: at,
    fixes: [
      {
        kind: 'syntax',
        title: `Make the next clause ${meaning}`,
        edits: [{ span: { start: at.end, end: next }, text: '' }],
      },
      { kind: 'syntax', title: `Search for '${image}'`, edits: [{ span: at, text: `\\${image}` }] },
    ],
  };
}
