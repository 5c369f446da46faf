/**
 * Diagnostics as the Language Server Protocol wants them: zero-based line and
 * character positions (UTF-16, as LSP's default), numeric severities, and fixes as
 * code actions with a workspace edit. Plain data: no dependency on any LSP library.
 */
import type { Span } from '../../language/ast.js';
import type { Diagnostic, Severity } from '../../language/diagnostic.js';
import { lineColumn } from '../../language/position.js';
import { fixActionKind, fixLabel, type FixActionKind } from '../fix-label.js';

export interface LspPosition {
  readonly line: number;
  readonly character: number;
}

export interface LspRange {
  readonly start: LspPosition;
  readonly end: LspPosition;
}

/** LSP's DiagnosticSeverity: 1 error, 2 warning, 3 information, 4 hint. */
export type LspSeverity = 1 | 2 | 3 | 4;

export interface LspDiagnostic {
  readonly range: LspRange;
  readonly severity: LspSeverity;
  readonly code: string;
  readonly source: 'mdq';
  readonly message: string;
  readonly relatedInformation?: readonly {
    readonly location: { readonly uri: string; readonly range: LspRange };
    readonly message: string;
  }[];
}

export interface LspTextEdit {
  readonly range: LspRange;
  readonly newText: string;
}

export interface LspCodeAction {
  readonly title: string;
  /** `quickfix` for a typo or syntax correction, `refactor.rewrite` for a fix that writes a different query. */
  readonly kind: FixActionKind;
  readonly diagnostics: readonly LspDiagnostic[];
  readonly isPreferred?: boolean;
  readonly edit: { readonly changes: Readonly<Record<string, readonly LspTextEdit[]>> };
}

const SEVERITIES: { readonly [S in Severity]: LspSeverity } = {
  error: 1,
  warning: 2,
  info: 3,
  hint: 4,
};

export function lspPosition(text: string, offset: number): LspPosition {
  const { line, column } = lineColumn(text, offset);
  return { line: line - 1, character: column - 1 };
}

export function lspRange(text: string, span: Span): LspRange {
  return { start: lspPosition(text, span.start), end: lspPosition(text, span.end) };
}

/** One diagnostic for a document `uri` holding `text`. */
export function toLspDiagnostic(
  text: string,
  diagnostic: Diagnostic,
  uri = 'query',
): LspDiagnostic {
  const base: LspDiagnostic = {
    range: lspRange(text, diagnostic.span),
    severity: SEVERITIES[diagnostic.severity],
    code: diagnostic.code,
    source: 'mdq',
    message: diagnostic.message,
  };
  if (!diagnostic.related?.length) return base;
  return {
    ...base,
    relatedInformation: diagnostic.related.map((r) => ({
      location: { uri, range: lspRange(text, r.span) },
      message: r.message,
    })),
  };
}

/**
 * The fixes of a diagnostic as code actions on document `uri`, each filed by its `Fix.kind`
 * (`fixActionKind`) and worded as every editor words it (`fixLabel`). The first safe fix
 * (`Fix.safe`: it keeps the query's meaning) is preferred, the one an editor applies with
 * "fix all"; a diagnostic with only guesses has none preferred.
 */
export function toLspCodeActions(
  text: string,
  diagnostic: Diagnostic,
  uri = 'query',
): LspCodeAction[] {
  const lsp = toLspDiagnostic(text, diagnostic, uri);
  const fixes = diagnostic.fixes ?? [];
  const preferred = fixes.findIndex((f) => f.safe === true);
  return fixes.map((fix, i) => ({
    title: fixLabel(fix),
    kind: fixActionKind(fix),
    diagnostics: [lsp],
    ...(i === preferred ? { isPreferred: true } : {}),
    edit: {
      changes: {
        [uri]: fix.edits.map((e) => ({ range: lspRange(text, e.span), newText: e.text })),
      },
    },
  }));
}
