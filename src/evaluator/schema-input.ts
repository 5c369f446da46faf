/**
 * The schema a matcher types values by: anything `loadSchema` accepts (a Get Schema
 * response, several, a `SchemaIndex`, a builder schema from `defineSchema` /
 * `schemaFromResponse` / `mdq codegen`), loaded once per object.
 */
import {
  isLoadedSchema,
  loadSchema,
  type DefinedSchema,
  type SchemaIndex,
  type SchemaInput,
} from '../schema/schema.js';

export type { DefinedSchema };

export type EvaluatorSchema = SchemaInput;

const loaded = /* @__PURE__ */ new WeakMap<object, SchemaIndex>();

/** The loaded schema (a `SchemaError` for input that is no schema). */
export function resolveEvaluatorSchema(
  input: EvaluatorSchema | undefined,
): SchemaIndex | undefined {
  if (input === undefined) return undefined;
  if (isLoadedSchema(input)) return input;
  const key = input as object;
  let schema = loaded.get(key);
  if (schema === undefined) {
    schema = loadSchema(input);
    loaded.set(key, schema);
  }
  return schema;
}
