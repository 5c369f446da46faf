/**
 * The diagnostic shape shared by the parser and the checker (and mapped to LSP and
 * CodeMirror by adapters): a stable machine-readable `code`, a message a person
 * understands, a span, and quick fixes as plain text edits.
 */
import type { Span } from './ast.js';

export type Severity = 'error' | 'warning' | 'info' | 'hint';

/** Replace the text in `span` with `text` (an insertion has an empty span). */
export interface TextEdit {
  readonly span: Span;
  readonly text: string;
}

/**
 * What kind of change a fix makes, so an interface can word it: `typo` corrects a
 * misspelt name or value ("Did you mean City?"), `syntax` writes the same query the way
 * the language spells it (quotes, escapes, brackets, a missing `)`), `rewrite` writes a
 * different query, the one the person most likely meant (SQL as a comparison, a list as
 * an OR). Independent of `safe`: a typo fix is a guess, yet not an alarming one.
 */
export type FixKind = 'typo' | 'syntax' | 'rewrite';

export interface Fix {
  readonly title: string;
  readonly kind: FixKind;
  readonly edits: readonly TextEdit[];
  /**
   * True when the fix keeps what the query means: it changes only how it is written
   * (`field:*` to `_exists_:field`), or completes a broken query the one way it can
   * be read (a missing `)`). `fixQuery` and `mdq fmt --fix` apply only safe fixes
   * unless asked for all. Absent means false: the fix is a guess a person should pick.
   */
  readonly safe?: boolean;
}

export interface RelatedInformation {
  readonly span: Span;
  readonly message: string;
}

export interface Diagnostic {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  readonly fixes?: readonly Fix[];
  readonly related?: readonly RelatedInformation[];
}

/**
 * Applies non-overlapping edits to `text` (edits may come in any order) in one pass:
 * linear in the text and the edits. Insertions at one offset go in reverse order.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  if (edits.length === 0) return text;
  // Ascending by start, then end; ties in reverse input order (as applying back to front gives).
  const order = edits
    .map((_, i) => i)
    .sort(
      (a, b) =>
        edits[a]!.span.start - edits[b]!.span.start ||
        edits[a]!.span.end - edits[b]!.span.end ||
        b - a,
    );
  const parts: string[] = [];
  let at = 0;
  // An indexed loop: `for...of` made an iterator result per edit where this ran unoptimized (`fixQuery`'s tens of thousands).
  for (let k = 0; k < order.length; k++) {
    const { span, text: insert } = edits[order[k]!]!;
    if (span.start > at) parts.push(text.slice(at, span.start));
    parts.push(insert);
    at = Math.max(at, span.end);
  }
  parts.push(text.slice(at));
  return parts.join('');
}
