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
export { QuerySyntaxError } from './errors.js';
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
export { parseOrThrow } from './parse-or-throw.js';
export { formatPosition, lineAt, lineColumn, type LineColumn } from './position.js';
export {
  BREAK,
  childKeys,
  children,
  nodeAt,
  pathAt,
  visit,
  type VisitFn,
  type VisitResult,
  type Visitor,
} from './visitor.js';
