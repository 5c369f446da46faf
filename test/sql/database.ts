/** A PGlite database (PostgreSQL in WebAssembly, in-process) holding records in a table made by mdq/sql, for tests. */
import { PGlite } from '@electric-sql/pglite';
import type { DataRecord } from '../../src/evaluator/index.js';
import { createTableSql, insertSql, toSql } from '../../src/sql/index.js';
import type { EvaluatorSchema } from '../../src/evaluator/index.js';

/** Starting PGlite takes seconds (initdb in WebAssembly; about 30 s on a loaded 2-core machine): one per test file. */
export const START_TIMEOUT = 180_000;

export async function startDatabase(): Promise<PGlite> {
  return PGlite.create();
}

let tables = 0;

/** A fresh table holding `records`; returns a function that runs a query on it and answers the matching ids, sorted. */
export async function tableOf(
  db: PGlite,
  schema: EvaluatorSchema,
  records: readonly DataRecord[],
): Promise<{ table: string; ids: (query: string, now?: Date) => Promise<string[]> }> {
  const table = `records ${++tables}`;
  await db.exec(createTableSql(schema, { table }));
  await db.transaction(async (tx) => {
    for (const statement of insertSql(records, { schema, table }))
      await tx.query(statement.text, statement.values as unknown[]);
  });
  return {
    table,
    ids: async (query, now) => {
      const sql = toSql(query, { schema, table, ...(now ? { now } : {}) });
      const result = await db.query<{ _dataObjectId: string }>(sql.text, sql.values as unknown[]);
      return result.rows.map((row) => row._dataObjectId).sort();
    },
  };
}
