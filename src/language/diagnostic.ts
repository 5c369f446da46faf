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

export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
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

/** Applies non-overlapping edits to `text` (edits may come in any order). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end);
  let out = text;
  for (const edit of sorted) out = out.slice(0, edit.span.start) + edit.text + out.slice(edit.span.end);
  return out;
}
