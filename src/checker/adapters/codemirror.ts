/**
 * Diagnostics as `@codemirror/lint` wants them: offsets `from`/`to`, a severity
 * name, and the fixes as actions that dispatch the edits. Structural types stand
 * in for CodeMirror's, so mdq does not depend on it.
 */
import type { Diagnostic } from '../../language/diagnostic.js';

/** The part of CodeMirror's `EditorView` an action uses. */
export interface CodeMirrorViewLike {
  dispatch(spec: { changes: readonly { from: number; to: number; insert: string }[] }): void;
}

export interface CodeMirrorAction {
  readonly name: string;
  apply(view: CodeMirrorViewLike, from: number, to: number): void;
}

export interface CodeMirrorDiagnostic {
  readonly from: number;
  readonly to: number;
  readonly severity: 'error' | 'warning' | 'info' | 'hint';
  readonly source: string;
  readonly message: string;
  readonly actions: readonly CodeMirrorAction[];
}

/**
 * One diagnostic for `@codemirror/lint`. Actions apply the fix's edits shifted by
 * however far the diagnostic moved since it was computed (CodeMirror maps `from`
 * through later document changes and passes it to `apply`).
 */
export function toCodeMirrorDiagnostic(diagnostic: Diagnostic): CodeMirrorDiagnostic {
  return {
    from: diagnostic.span.start,
    to: diagnostic.span.end,
    severity: diagnostic.severity,
    source: `mdq ${diagnostic.code}`,
    message: diagnostic.message,
    actions: (diagnostic.fixes ?? []).map((fix) => ({
      name: fix.title,
      apply(view, from) {
        const shift = from - diagnostic.span.start;
        view.dispatch({
          changes: fix.edits.map((e) => ({
            from: e.span.start + shift,
            to: e.span.end + shift,
            insert: e.text,
          })),
        });
      },
    })),
  };
}

export function toCodeMirrorDiagnostics(
  diagnostics: readonly Diagnostic[],
): CodeMirrorDiagnostic[] {
  return diagnostics.map(toCodeMirrorDiagnostic);
}
