/**
 * The parity law on PGlite: for generated schemas, records and queries, the rows
 * `toSql` selects from the table `createTableSql` and `insertSql` fill are the records
 * the evaluator's `filter` returns, unless the compiler says (a `sql-*` diagnostic) that
 * it cannot mean the same. The real PostgreSQL server runs the same law in CI
 * (scripts/postgres-parity.sh).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter } from '../../src/evaluator/index.js';
import type { SchemaIndex } from '../../src/schema/schema.js';
import { toSql } from '../../src/sql/index.js';
import { fields, queriesFor, recordsOf, schemaOf, textOf } from './arbitraries.js';
import { type Database, START_TIMEOUT, startDatabase, tableOf } from './database.js';

const scale = Number(process.env.FC_RUNS ?? 1);
const NOW = new Date('2026-06-15T12:00:00Z');

let db: Database;
beforeAll(async () => {
  db = await startDatabase();
}, START_TIMEOUT);
afterAll(async () => db?.close());

/** True when the compiler said the SQL cannot mean what the evaluator means. */
function declaredDifferent(query: string, schema: SchemaIndex): boolean {
  const { diagnostics } = toSql(query, { schema, table: 't', now: NOW });
  return diagnostics.some((d) => d.code.startsWith('sql-'));
}

describe(`parity: evaluator == PostgreSQL (${process.env.MDQ_POSTGRES_URL ? 'server' : 'PGlite'})`, () => {
  it('selects the records filter returns', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(
        fields.chain((list) =>
          fc.tuple(
            fc.constant(list),
            recordsOf(list),
            fc.array(queriesFor(list), { minLength: 4, maxLength: 4 }),
          ),
        ),
        async ([list, records, queries]) => {
          const schema = schemaOf(list);
          const { ids } = await tableOf(db, schema, records);
          for (const tree of queries) {
            const query = textOf(tree);
            if (declaredDifferent(query, schema)) continue;
            const expected = filter(records, query, { schema, now: NOW })
              .map((r) => String(r._dataObjectId))
              .sort();
            expect(await ids(query, NOW), query).toEqual(expected);
            compared++;
          }
        },
      ),
      { numRuns: 40 * scale },
    );
    // The generator reaches the engine: most queries are compared, not declared different.
    expect(compared).toBeGreaterThan(100 * scale);
  }, 600_000);
});
