/**
 * The schema a matcher types values by: anything `loadSchema` accepts (a Get Schema
 * response, several, a `SchemaIndex`) or a builder schema from `defineSchema` /
 * `schemaFromResponse`, loaded once per object.
 */
import {
  isLoadedSchema,
  loadSchema,
  type SchemaIndex,
  type SchemaInput,
} from '../schema/schema.js';

/** A builder schema (`defineSchema(...)`): field definitions keyed by name. */
export interface DefinedSchema {
  readonly definition: { readonly [name: string]: object };
  readonly fieldNames: readonly string[];
}

export type EvaluatorSchema = SchemaInput | DefinedSchema;

const loaded = /* @__PURE__ */ new WeakMap<object, SchemaIndex>();

function isDefinedSchema(value: unknown): value is DefinedSchema {
  return (
    typeof value === 'object' &&
    value !== null &&
    'definition' in value &&
    'fieldNames' in value &&
    Array.isArray((value as DefinedSchema).fieldNames)
  );
}

/** The loaded schema (a `SchemaError` for input that is no schema). */
export function resolveEvaluatorSchema(
  input: EvaluatorSchema | undefined,
): SchemaIndex | undefined {
  if (input === undefined) return undefined;
  if (isLoadedSchema(input)) return input;
  const key = input as object;
  let schema = loaded.get(key);
  if (schema === undefined) {
    schema = isDefinedSchema(input)
      ? loadSchema({
          name: 'schema',
          fields: input.fieldNames.map((name) => ({ ...input.definition[name], name })),
        })
      : loadSchema(input);
    loaded.set(key, schema);
  }
  return schema;
}
