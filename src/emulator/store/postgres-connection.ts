/**
 * The PostgreSQL connection of the emulator's database store: a server named by a
 * `postgres://` URL (node-postgres, `pg`, an optional peer dependency loaded only then), or
 * a connection the caller made (PGlite's instance has the `EmulatorDatabase` shape).
 */
import type { EmulatorDatabase } from '../types.js';

type Rows = { readonly rows: unknown[] };

/** Statements on one connection. */
export interface SqlRunner {
  query<R>(text: string, values?: readonly unknown[]): Promise<R[]>;
}

export interface SqlConnection extends SqlRunner {
  /** Statements without parameters, several in one string (DDL). */
  exec(text: string): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Where the data lives, for the start-up message: the URL without its password. */
  readonly where: string;
  close(): Promise<void>;
}

/** The URL as it may be shown: no password, no query (it may carry one too). */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return 'a PostgreSQL server (the URL does not parse)';
  }
}

function runner(on: { query(text: string, values?: unknown[]): Promise<Rows> }): SqlRunner {
  return {
    query: async <R>(text: string, values: readonly unknown[] = []) =>
      (await on.query(text, values as unknown[])).rows as R[],
  };
}

/** A connection the caller made and closes. */
function given(database: EmulatorDatabase): SqlConnection {
  return {
    ...runner(database),
    exec: async (text) => {
      await database.exec(text);
    },
    transaction: (work) => database.transaction((tx) => work(runner(tx))),
    where: 'the PostgreSQL connection given',
    close: () => Promise.resolve(),
  };
}

/** The pg module, or an error that says how to get it. */
async function loadPg(): Promise<typeof import('pg')> {
  try {
    const loaded = (await import('pg')) as typeof import('pg') & { default?: typeof import('pg') };
    return loaded.default ?? loaded;
  } catch {
    throw new Error(
      'the emulator on PostgreSQL needs the pg package (node-postgres): npm install pg',
    );
  }
}

async function fromUrl(url: string): Promise<SqlConnection> {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error(
      `the database must be a postgres:// URL, not ${JSON.stringify(shownUrl(url).slice(0, 100))}`,
    );
  const pg = await loadPg();
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  // An idle connection the server closed: the next query opens another; unhandled, it would end the process.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    // pg's messages name the user and host, never the password.
    throw new Error(
      `cannot connect to ${shownUrl(url)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    ...runner(pool),
    exec: async (text) => {
      await pool.query(text);
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(runner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    where: shownUrl(url),
    close: () => pool.end(),
  };
}

export function connect(database: string | EmulatorDatabase): Promise<SqlConnection> {
  return typeof database === 'string' ? fromUrl(database) : Promise.resolve(given(database));
}
