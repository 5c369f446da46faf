/**
 * The schema a matcher types values by: anything `loadSchema` accepts (a Get Schema
 * response, several, a `SchemaIndex`) or a builder schema from `defineSchema` /
 * `schemaFromResponse`, loaded once per object.
 */
import { loadSchema, type SchemaIndex, type SchemaInput } from '../schema/schema.js';

export type { DefinedSchema } from '../schema/schema.js';

/** Every schema input, builder schemas included: `SchemaInput` (kept as the evaluator's name). */
export type EvaluatorSchema = SchemaInput;

const loaded = new WeakMap<object, SchemaIndex>();

/** The loaded schema (a `SchemaError` for input that is no schema). */
export function resolveEvaluatorSchema(
  input: EvaluatorSchema | undefined,
): SchemaIndex | undefined {
  if (input === undefined) return undefined;
  let schema = loaded.get(input);
  if (schema === undefined) {
    schema = loadSchema(input);
    loaded.set(input, schema);
  }
  return schema;
}
