/**
 * `mdq/codemirror`: mdq in a CodeMirror 6 editor. The CodeMirror packages are peer
 * dependencies; everything else comes from mdq itself.
 */
export { mdq } from './extension.js';
export { formatQuery, submitQuery } from './commands.js';
export { closeHover, showHover } from './hover.js';
export type { MdqEditorOptions } from './options.js';
export type { QueryServices } from './services.js';
export { fixLabel, queryDiagnostics, warnsOfMeaning } from './lint.js';
export { quickFix } from './fix-keys.js';
export { TOKEN_TAGS } from './highlighting.js';
