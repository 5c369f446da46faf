/**
 * The generated cases of the Lucene leg of the parity law: the parity law's schemas,
 * records and queries (test/sql/arbitraries.ts) from a fixed seed, each query compiled by
 * `toQueryDsl` and each schema by `indexMapping`. scripts/lucene-dsl/record.ts asks Lucene
 * about them; lucene.test.ts replays the answers.
 */
import fc from 'fast-check';
import type { DataRecord } from '../../src/evaluator/index.js';
import {
  indexMapping,
  type IndexMapping,
  type QueryDsl,
  toQueryDsl,
} from '../../src/opensearch/index.js';
import {
  fields,
  type GeneratedField,
  queriesFor,
  recordsOf,
  schemaOf,
  textOf,
} from '../sql/arbitraries.js';

export const NOW = new Date('2026-06-15T12:00:00Z');
const SEED = 25;
const CASES = 110;

export interface LuceneCase {
  readonly fields: readonly GeneratedField[];
  readonly records: readonly DataRecord[];
  readonly mapping: IndexMapping;
  readonly queries: readonly { readonly query: string; readonly dsl: QueryDsl }[];
}

/**
 * Values the evaluator and OpenSearch read differently by design, left out of the
 * generated records (docs/engines.md lists them): a date-time without seconds or without
 * a time (mdq equals it to every instant it prefixes; OpenSearch stores one instant), and
 * a day that does not exist (java.time's lenient reading moves 30 February to the 28th).
 */
function sameOnBoth(field: GeneratedField, value: unknown): boolean {
  if (Array.isArray(value)) return value.every((v) => sameOnBoth(field, v));
  if (typeof value !== 'string') return true;
  if (field.kind === 'datetime') return !/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2})?$/.test(value);
  if (field.kind === 'date') return !value.includes('30') || !/(^|\D)0?2(\D|$)/.test(value);
  return true;
}

/** True when the compiler says the DSL may not mean what the evaluator means. */
export function declaredDifferent(
  diagnostics: readonly { code: string; severity: string }[],
): boolean {
  return diagnostics.some((d) => d.code.startsWith('opensearch-') && d.severity !== 'info');
}

export function luceneCases(): LuceneCase[] {
  const generated = fc.sample(
    fields.chain((list) =>
      fc.tuple(
        fc.constant(list),
        recordsOf(list),
        fc.array(queriesFor(list), { minLength: 4, maxLength: 4 }),
      ),
    ),
    { seed: SEED, numRuns: CASES },
  );
  return generated.map(([list, records, trees]) => {
    const schema = schemaOf(list);
    const kept = records.map((record) =>
      Object.fromEntries(
        Object.entries(record).filter(([name, value]) => {
          const field = list.find((f) => f.name === name);
          return field === undefined || sameOnBoth(field, value);
        }),
      ),
    ) as DataRecord[];
    const queries = trees
      .map((tree) => textOf(tree))
      .map((query) => ({ query, result: toQueryDsl(query, { schema, now: NOW }) }))
      .filter(({ result }) => !declaredDifferent(result.diagnostics))
      .map(({ query, result }) => ({ query, dsl: result.query }));
    return { fields: list, records: kept, mapping: indexMapping(schema), queries };
  });
}
