/**
 * The language's stateless public API: what both `mdq` (through language/index.ts) and
 * `mdq/parse` export, one list for both. Nothing here is a class or a symbol whose identity
 * another entry checks: those (QuerySyntaxError, the visitor's BREAK) are the root's alone.
 */
export type * from './ast.js';
export { COMPARISON_OPERATORS, MAX_SLOP } from './ast.js';
export type {
  Diagnostic,
  Fix,
  FixKind,
  RelatedInformation,
  Severity,
  TextEdit,
} from './diagnostic.js';
export { applyEdits } from './diagnostic.js';
export {
  SPECIAL_CHARACTERS,
  bracketFieldName,
  escapeFieldName,
  escapeTerm,
  escapeWildcardLiteral,
  quote,
  unescape,
  wildcardParts,
  type WildcardPart,
} from './escape.js';
export {
  DEFAULT_LIMITS,
  parse,
  type ParseLimits,
  type ParseOptions,
  type ParseResult,
} from './parse.js';
export { formatPosition, lineAt, lineColumn, type LineColumn } from './position.js';
