export {
  toCodeMirrorDiagnostic,
  toCodeMirrorDiagnostics,
  type CodeMirrorAction,
  type CodeMirrorDiagnostic,
  type CodeMirrorViewLike,
} from './codemirror.js';
export {
  toLspCodeActions,
  toLspDiagnostic,
  type LspCodeAction,
  type LspDiagnostic,
  type LspPosition,
  type LspRange,
  type LspSeverity,
  type LspTextEdit,
} from './lsp.js';
