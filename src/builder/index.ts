/** The builder: pure factories, a fluent layer and schema-typed fields, all returning parser-shaped ASTs. */
export { BuilderError, type BuilderErrorCode } from './errors.js';
export { and, boost, not, or, required, scope, type Part } from './combine.js';
export {
  anyOf,
  between,
  compare,
  contains,
  endsWith,
  equals,
  exists,
  greaterOrEqual,
  greaterThan,
  lessOrEqual,
  lessThan,
  matchAll,
  missing,
  phrase,
  range,
  startsWith,
  term,
  words,
  type BetweenOptions,
  type RangeBounds,
} from './factories.js';
export { FieldBuilder, field } from './field.js';
export { query, type BuiltQuery } from './query.js';
export {
  fuzzy,
  inField,
  proximity,
  regex,
  relation,
  valueRange,
  wildcard,
  type FieldValueClause,
} from './clauses.js';
export { toBuilderCode, type BuilderCodeOptions } from './to-code.js';
export { CodegenError, generateSchemaModule, type CodegenOptions } from './codegen.js';
export type { DateString, Scalar } from './values.js';
export {
  defineSchema,
  schemaFromResponse,
  type BooleanValue,
  type DateInput,
  type DefinitionOf,
  type FieldDefinition,
  type FieldNameOf,
  type KindOf,
  type PicklistCode,
  type TypedSchema,
  type SchemaDefinition,
  type SchemaResponseLike,
  type TypedField,
  type ValueKind,
} from './schema.js';
export { mdq } from './tag.js';
