/**
 * The database mdq/sql's tests run on: PGlite (PostgreSQL in WebAssembly, in-process) in
 * `npm test`, or the PostgreSQL server at MDQ_POSTGRES_URL (scripts/postgres-parity.sh).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DataRecord, EvaluatorSchema } from '../../src/evaluator/index.js';
import { createTableSql, insertSql, toSql } from '../../src/sql/index.js';

/** Starting PGlite takes seconds (initdb in WebAssembly; about 30 s on a loaded 2-core machine): one per test file. */
export const START_TIMEOUT = 180_000;

export interface Database {
  exec(text: string): Promise<void>;
  query<R>(text: string, values?: readonly unknown[]): Promise<R[]>;
  /** Runs `work` in one transaction (statements on the same connection). */
  transaction<T>(work: (db: Omit<Database, 'transaction' | 'close'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function fromPglite(db: PGlite): Database {
  const wrap = (q: Pick<PGlite, 'exec' | 'query'>) => ({
    exec: async (text: string) => {
      await q.exec(text);
    },
    query: async <R>(text: string, values: readonly unknown[] = []) =>
      (await q.query<R>(text, values as unknown[])).rows,
  });
  return {
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
  };
}

async function fromServer(url: string): Promise<Database> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const own = {
    exec: async (text: string) => {
      await client.query(text);
    },
    query: async <R>(text: string, values: readonly unknown[] = []) =>
      (await client.query(text, values as unknown[])).rows as R[],
  };
  return {
    ...own,
    transaction: async (work) => {
      await client.query('BEGIN');
      try {
        const result = await work(own);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
    close: () => client.end(),
  };
}

export async function startDatabase(): Promise<Database> {
  const url = process.env.MDQ_POSTGRES_URL;
  return url ? fromServer(url) : fromPglite(await PGlite.create());
}

let tables = 0;

/** A fresh table holding `records`; `ids(query)` runs a query on it and answers the matching ids, sorted. */
export async function tableOf(
  db: Database,
  schema: EvaluatorSchema,
  records: readonly DataRecord[],
): Promise<{ table: string; ids: (query: string, now?: Date) => Promise<string[]> }> {
  // A name unique to this run, so that runs on one server do not meet.
  const table = `records ${process.pid} ${++tables}`;
  await db.exec(createTableSql(schema, { table }));
  await db.transaction(async (tx) => {
    for (const statement of insertSql(records, { schema, table }))
      await tx.query(statement.text, statement.values);
  });
  return {
    table,
    ids: async (query, now) => {
      const sql = toSql(query, { schema, table, ...(now ? { now } : {}) });
      const rows = await db.query<{ _dataObjectId: string }>(sql.text, sql.values);
      return rows.map((row) => row._dataObjectId).sort();
    },
  };
}
