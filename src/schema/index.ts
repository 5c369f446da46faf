export type * from './response.js';
export { HIT_METADATA_FIELDS } from './response.js';
export { FIELD_KIND_TRAITS, fieldKind, type FieldKind, type FieldKindTraits } from './field-kind.js';
export { SchemaError, isLoadedSchema, loadSchema, looseKey, parseSchemaJson, type SchemaIndex, type SchemaField, type SchemaInput } from './schema.js';
export { compareDateKeys, fromDateFormat, readQueryDate, readQueryTime, type DateReading, type DateValue } from './dates.js';
