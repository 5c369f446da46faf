/**
 * `mdq/opensearch`: queries as the OpenSearch / Elasticsearch query DSL. `indexMapping`
 * makes the index (which fields are words, which whole values, numbers, dates in the
 * field's format), `toQueryDsl` compiles a query into a `query` that means what `filter`
 * means on it. Both read one table (fields.ts), so they cannot disagree. Pure functions:
 * no Node-only import.
 */
export {
  toQueryDsl,
  FUZZY_EXPANSIONS,
  type QueryDslResult,
  type ToQueryDslOptions,
} from './compile.js';
export { indexMapping, type IndexMapping } from './mapping.js';
export type { Property, ValueSubfield } from './fields.js';
export type {
  BoolQuery,
  FuzzyQuery,
  NumberRangeQuery,
  QueryDsl,
  RangeQuery,
  TextRangeQuery,
} from './dsl.js';
