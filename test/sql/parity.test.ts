/**
 * The parity law on PGlite: for generated schemas, records and queries, the rows
 * `toSql` selects from the table `createTableSql` and `insertSql` fill are the records
 * the evaluator's `filter` returns, unless the compiler says (a `sql-*` diagnostic) that
 * it cannot mean the same; and the emulator in memory, holding the records as a dataset,
 * returns them from its search endpoint over all pages. The real PostgreSQL server runs the
 * same law in CI (scripts/postgres-parity.sh).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter } from '../../src/evaluator/index.js';
import type { SchemaIndex } from '../../src/schema/schema.js';
import { toSql } from '../../src/sql/index.js';
import { fields, queriesFor, recordsOf, schemaOf, textOf } from './arbitraries.js';
import { type Database, START_TIMEOUT, startDatabase, tableOf } from './database.js';
import { emulatorOf } from './emulator-leg.js';

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

describe(`parity: evaluator == emulator in memory == PostgreSQL (${process.env.MDQ_POSTGRES_URL ? 'server' : 'PGlite'})`, () => {
  it('selects the records filter returns, and the emulator finds them', async () => {
    let compared = 0;
    let searched = 0;
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
          const emulator = await emulatorOf(list, records);
          const matching = (query: string, now: Date) =>
            filter(records, query, { schema, now })
              .map((r) => String(r._dataObjectId))
              .sort();
          try {
            for (const tree of queries) {
              const query = textOf(tree);
              // The emulator reads date math from the time of the search: filter reads it from then too.
              const found = await emulator.ids(query);
              expect(found.ids, `emulator: ${query}`).toEqual(matching(query, found.now));
              searched++;
              if (declaredDifferent(query, schema)) continue;
              expect(await ids(query, NOW), query).toEqual(matching(query, NOW));
              compared++;
            }
          } finally {
            await emulator.close();
          }
        },
      ),
      { numRuns: 40 * scale },
    );
    // The generator reaches the engine: most queries are compared, not declared different.
    expect(compared).toBeGreaterThan(100 * scale);
    expect(searched).toBe(160 * scale);
  }, 600_000);
});
