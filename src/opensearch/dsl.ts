/**
 * The shapes of the query DSL `toQueryDsl` writes: the subset of OpenSearch's (and
 * Elasticsearch's) `query` it uses, each clause in its long form (`{ field: { value } }`).
 * test/opensearch/client-types.test.ts holds them assignable to both official clients'
 * request types.
 */

/** One clause of a `query`. */
export type QueryDsl =
  | { bool: BoolQuery }
  | { term: { [field: string]: { value: string | number } } }
  | { terms: { [field: string]: string[] } }
  | { match_phrase: { [field: string]: { query: string; slop: number } } }
  | { wildcard: { [field: string]: { value: string } } }
  | { prefix: { [field: string]: { value: string } } }
  | { regexp: { [field: string]: { value: string; flags: 'ALL' } } }
  | { fuzzy: { [field: string]: FuzzyQuery } }
  | { range: { [field: string]: RangeQuery } }
  | { exists: { field: string } }
  | { match_all: Record<string, never> }
  | { match_none: Record<string, never> };

export interface BoolQuery {
  must?: QueryDsl[];
  should?: QueryDsl[];
  must_not?: QueryDsl[];
  filter?: QueryDsl[];
  minimum_should_match?: number;
  boost?: number;
}

export interface FuzzyQuery {
  value: string;
  fuzziness: number;
  prefix_length: number;
  max_expansions: number;
  transpositions: boolean;
}

/** Bounds of numbers. */
export interface NumberRangeQuery {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

/** Bounds of dates (ISO instants, read in `format`) or of keywords (no format). */
export interface TextRangeQuery {
  gt?: string;
  gte?: string;
  lt?: string;
  lte?: string;
  format?: string;
}

export type RangeQuery = NumberRangeQuery | TextRangeQuery;

export const MATCH_ALL: QueryDsl = { match_all: {} };
export const MATCH_NONE: QueryDsl = { match_none: {} };
