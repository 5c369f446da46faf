/**
 * The diagnostic of a stray token, one the clause lists skip (a `)` with no `(`, a `:` with no
 * field, a `~` or `^` after nothing, an AND or OR with no clause on its left, ...). One definition
 * for the chevrotain parser's `stray` rule (parser.ts) and the fast path's recovery (fast-path.ts,
 * recovered.ts), so the two cannot drift apart.
 */
import type { Span } from './ast.js';
import type { Diagnostic, Fix } from './diagnostic.js';
import { strayOperatorDiagnostic } from './missing-operand.js';
import { formatPosition } from './position.js';
import { escapedInPlace, valueAroundColon } from './syntax-fixes.js';

/** What a stray token is, as its diagnostic tells it apart. */
export type StrayKind = 'paren' | 'operator' | 'tilde' | 'caret' | 'range-part' | 'other';

/** The code of each kind's diagnostic (what `strayDiagnostic` gives; a bare collector keeps only this). */
export const STRAY_CODES: Readonly<Record<StrayKind, string>> = {
  paren: 'unmatched-paren',
  operator: 'missing-operand',
  tilde: 'misplaced-fuzzy',
  caret: 'misplaced-boost',
  'range-part': 'unexpected-token',
  other: 'unexpected-token',
};

function strayError(code: string, message: string, at: Span, fixes: Fix[]): Diagnostic {
  return { code, severity: 'error', message, span: at, fixes };
}

/** A stray token's "Escape" fix. */
function escapeFix(text: string, at: Span, image: string): Fix {
  return {
    kind: 'syntax',
    title: `Escape '${image}'`,
    edits: [{ span: at, text: escapedInPlace(text, at.start, image) }],
  };
}

/** The diagnostic of the stray token `image` of kind `kind` at `at` in `text`. */
export function strayDiagnostic(
  text: string,
  kind: StrayKind,
  image: string,
  at: Span,
): Diagnostic {
  const remove: Fix = {
    kind: 'syntax',
    title: `Remove '${image}'`,
    edits: [{ span: at, text: '' }],
  };
  switch (kind) {
    case 'paren':
      return strayError(
        'unmatched-paren',
        `unmatched ')' at ${formatPosition(text, at.start)}: no '(' is open`,
        at,
        [remove],
      );
    case 'operator':
      return strayOperatorDiagnostic(image, at);
    case 'tilde':
      return strayError('misplaced-fuzzy', `'~' must directly follow a term or a phrase`, at, [
        remove,
        escapeFix(text, at, image),
      ]);
    case 'caret':
      return strayError('misplaced-boost', `'^' must directly follow a clause`, at, [
        remove,
        escapeFix(text, at, image),
      ]);
    case 'range-part':
      return strayError(
        'unexpected-token',
        `unexpected '${image}' in a range: a range holds two bounds, as in [a TO b]`,
        at,
        [remove],
      );
    case 'other': {
      // `Website:https://example.com`: the value runs on past a `:`; quoting it keeps it whole (escaping the `:` would leave `//` a regex).
      const value = image === ':' ? valueAroundColon(text, at.start) : undefined;
      const quote: Fix[] = value
        ? [
            {
              kind: 'syntax',
              title: 'Quote the value',
              edits: [{ span: value, text: `"${text.slice(value.start, value.end)}"` }],
              safe: true,
            },
          ]
        : [];
      const escaped = escapeFix(text, at, image);
      const escapes = image === ':' && text[at.end] === '/' ? [] : [escaped];
      return strayError(
        'unexpected-token',
        `unexpected '${image}'; to search for it, ${value ? 'quote the value or ' : ''}escape it as '${escaped.edits[0]!.text.trim()}'`,
        at,
        [...quote, ...escapes, remove],
      );
    }
  }
}
