export type * from './response.js';
export { HIT_METADATA_FIELDS } from './response.js';
export type { FieldKind } from './field-kind.js';
export {
  SchemaError,
  loadSchema,
  parseSchemaJson,
  type SchemaIndex,
  type SchemaField,
  type SchemaInput,
  type LoadSchemaOptions,
} from './schema.js';
export { aliasesOf, withAliases } from './aliases.js';
