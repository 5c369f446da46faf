/**
 * The Lucene leg of the parity law, without Java: test/opensearch/lucene-cases.jsonl holds
 * generated schemas, records and queries with the DSL `toQueryDsl` wrote, the mapping
 * `indexMapping` wrote, and the records Lucene 8.7 answered for them
 * (scripts/lucene-dsl/LuceneDsl.java; `npm run test:lucene` re-runs it and fails when the
 * file drifts). Here: the evaluator's `filter` returns the records Lucene answered, and the
 * compiler still writes the recorded DSL and mapping.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DataRecord, filter } from '../../src/evaluator/index.js';
import { indexMapping, type QueryDsl, toQueryDsl } from '../../src/opensearch/index.js';
import { type GeneratedField, schemaOf } from '../sql/arbitraries.js';
import { declaredDifferent, NOW } from './cases.js';

interface Recorded {
  readonly fields: readonly GeneratedField[];
  readonly records: readonly DataRecord[];
  readonly mapping: unknown;
  readonly queries: readonly { query: string; dsl: QueryDsl; lucene: string[] }[];
}

const recorded: Recorded[] = readFileSync(join(__dirname, 'lucene-cases.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Recorded);

describe('parity: evaluator == Lucene (recorded answers to the DSL)', () => {
  it('holds a few hundred queries over every construct', () => {
    const queries = recorded.flatMap((c) => c.queries);
    expect(queries.length).toBeGreaterThan(300);
    const kinds = JSON.stringify(queries.map((q) => q.dsl));
    for (const clause of [
      'bool',
      'must_not',
      'term',
      'terms',
      'match_phrase',
      'wildcard',
      'prefix',
      'regexp',
      'fuzzy',
      'range',
      'exists',
      'match_all',
      'boost',
    ])
      expect(kinds, clause).toContain(`"${clause}"`);
    // Not only empty answers: the records meet the queries.
    expect(queries.filter((q) => q.lucene.length > 0).length).toBeGreaterThan(queries.length / 3);
  });

  it('filter returns the records Lucene matched', () => {
    for (const c of recorded) {
      const schema = schemaOf(c.fields);
      for (const q of c.queries) {
        const ids = filter(c.records, q.query, { schema, now: NOW })
          .map((r) => String(r._dataObjectId))
          .sort();
        expect(ids, q.query).toEqual(q.lucene);
      }
    }
  });

  it('toQueryDsl and indexMapping still write what Lucene was asked', () => {
    for (const c of recorded) {
      const schema = schemaOf(c.fields);
      expect(indexMapping(schema)).toEqual(c.mapping);
      for (const q of c.queries) {
        const result = toQueryDsl(q.query, { schema, now: NOW });
        expect(declaredDifferent(result.diagnostics), q.query).toBe(false);
        expect(result.query, q.query).toEqual(q.dsl);
      }
    }
  });
});
