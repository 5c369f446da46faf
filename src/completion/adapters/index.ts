export {
  LSP_SEMANTIC_TOKEN_TYPES,
  toLspCompletionList,
  toLspHover,
  toLspSemanticTokens,
  type LspCompletionItem,
  type LspCompletionList,
  type LspHover,
} from './lsp.js';
export {
  toMonacoCompletions,
  toMonacoHover,
  type MonacoCompletionItem,
  type MonacoRange,
} from './monaco.js';
