/**
 * The schema input `compile` takes (a Get Schema response, several, a `SchemaIndex`, or
 * a builder schema from `defineSchema`) as a `SchemaIndex`, through the root module's
 * `loadSchema` (evaluator/schema-input.ts does the same inside the core). Shared by
 * mdq/sql and mdq/opensearch.
 */
import type { EvaluatorSchema } from '../evaluator/schema-input.js';
import type { SchemaIndex } from '../schema/schema.js';
import { loadSchema } from '../index.js';

const loaded = new WeakMap<object, SchemaIndex>();

export function schemaIndexOf(input: EvaluatorSchema | undefined): SchemaIndex {
  if (input === undefined || input === null || typeof input !== 'object')
    throw new TypeError('mdq/sql and mdq/opensearch need the records\u2019 schema ({ schema })');
  let schema = loaded.get(input);
  if (schema === undefined) {
    if ('definition' in input && 'fieldNames' in input && Array.isArray(input.fieldNames)) {
      const definition = input.definition as { readonly [name: string]: object };
      schema = loadSchema({
        name: 'schema',
        fields: input.fieldNames.map((name: string) => ({ ...definition[name], name })),
      });
    } else {
      schema = loadSchema(input);
    }
    loaded.set(input, schema);
  }
  return schema;
}
