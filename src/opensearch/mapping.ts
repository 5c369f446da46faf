/**
 * `indexMapping(schema)`: the body of OpenSearch's (and Elasticsearch's) create-index
 * request, `{ settings, mappings }`, under which `toQueryDsl`'s clauses mean what mdq
 * means. Each field's property comes from the table in fields.ts, the one the
 * translation reads.
 */
import { METADATA_PROPERTIES } from '../evaluator/record.js';
import type { EvaluatorSchema } from '../evaluator/schema-input.js';
import { schemaIndexOf } from '../sql/schema.js';
import {
  FULL_TEXT_VALUES,
  FULL_TEXT_WORDS,
  fieldProperty,
  LOWERCASE,
  POSITION_GAP,
  type Property,
} from './fields.js';

/** The create-index body: analysis settings and the mapping. */
export interface IndexMapping {
  settings: {
    analysis: {
      normalizer: { [LOWERCASE]: { type: 'custom'; filter: string[] } };
    };
  };
  mappings: {
    /** Fields outside the schema are kept in the source, not indexed. */
    dynamic: false;
    properties: { [field: string]: Property };
  };
}

const METADATA: ReadonlySet<string> = new Set<string>(METADATA_PROPERTIES);

/** The create-index body for records of `schema` (a Get Schema response, several, or `defineSchema`'s). */
export function indexMapping(schema: EvaluatorSchema): IndexMapping {
  const index = schemaIndexOf(schema);
  const properties: Record<string, Property> = {
    [FULL_TEXT_WORDS]: {
      type: 'text',
      analyzer: 'standard',
      position_increment_gap: POSITION_GAP,
    },
    [FULL_TEXT_VALUES]: { type: 'keyword', normalizer: LOWERCASE },
  };
  for (const field of index.fields.values()) {
    if (field.name === FULL_TEXT_WORDS || field.name === FULL_TEXT_VALUES) continue;
    // Full-text search skips the hit metadata (evaluator/full-text-walk.ts).
    properties[field.name] = fieldProperty(field, !METADATA.has(field.name));
  }
  return {
    settings: {
      analysis: { normalizer: { [LOWERCASE]: { type: 'custom', filter: ['lowercase'] } } },
    },
    mappings: { dynamic: false, properties },
  };
}
