/**
 * Seeds the emulator's PostgreSQL store for bench/engines.mjs with `records` generated data
 * objects in minutes: the generator the emulator uses (`exampleData`, the same tenant
 * `startEmulator({ records })` makes, in memory or on PostgreSQL), each object's row made by
 * the store's own `rowOf` (words and typed keys by mdq/sql's `derive`), written with
 * `COPY ... FROM STDIN` (pg-copy-streams) into tables without their secondary indexes, which
 * are built once after the rows, then ANALYZE and the tenant's metadata row last (as the
 * store's seeding does, so that an interrupted seeding starts over). The emulator then
 * starts on the database as on any seeded one.
 *
 *   node --import tsx bench/engines-seed.mts <postgres URL> <records> [seed]
 *
 * Prints `seeded <records> <ms> <generate ms> <rows ms> <indexes ms>`.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { exampleData } from '../src/emulator/data/generate.js';
import {
  dataSetTableSql,
  metadataOf,
  ROW_COLUMNS,
  rowOf,
  storeOf,
  TENANT_TABLE_SQL,
  tableOf,
  withoutIndexes,
} from '../src/emulator/store/postgres-tenant.js';
import { storedFields } from '../src/sql/derive.js';
import { schemaIndexOf } from '../src/sql/schema.js';

const [url, records, seed] = process.argv.slice(2);
if (url === undefined || records === undefined)
  throw new Error('usage: engines-seed.mts <postgres URL> <records> [seed]');

/** A value in COPY's text format: `\N` for null, backslash, tab and line breaks escaped. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (Array.isArray(value)) return copyText(arrayLiteral(value));
  return String(value).replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** A text[] literal: every element quoted, its quotes and backslashes escaped. */
function arrayLiteral(values: readonly unknown[]): string {
  return `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** Objects per pair of COPY statements. */
const BATCH = 20_000;

const line = (values: readonly unknown[]) => `${values.map(copyText).join('\t')}\n`;

/** Lines to COPY, in chunks of about a million characters (one write per chunk, not per row). */
function* chunks(lines: Iterable<string>): Generator<Buffer> {
  let chunk: string[] = [];
  let length = 0;
  for (const l of lines) {
    chunk.push(l);
    length += l.length;
    if (length >= 1 << 20) {
      yield Buffer.from(chunk.join(''));
      chunk = [];
      length = 0;
    }
  }
  if (chunk.length > 0) yield Buffer.from(chunk.join(''));
}

async function copy(client: pg.Client, sql: string, lines: Iterable<string>): Promise<void> {
  await pipeline(Readable.from(chunks(lines)), client.query(copyFrom(sql)));
}

const started = performance.now();
const input = exampleData({ records: Number(records), seed: seed === undefined ? undefined : Number(seed) });
const generated = performance.now();
const store = storeOf({
  businessAreas: input.businessAreas,
  schemas: input.schemas,
  dataSets: input.dataSets.map((d) => d.dataSet),
});
const client = new pg.Client({ connectionString: url });
await client.connect();
const runner = {
  query: async <R,>(text: string, values: readonly unknown[] = []) =>
    (await client.query(text, values as unknown[])).rows as R[],
};
let rowsMs = 0;
let indexesMs = 0;
let count = 0;
try {
  await client.query(TENANT_TABLE_SQL);
  await client.query('DELETE FROM mdq_tenant');
  for (const [i, state] of store.dataSets.entries()) {
    const table = tableOf(state.item.dataSetId);
    const fields = storedFields(schemaIndexOf(state.schema));
    // The table made in the transaction that fills it: with wal_level=minimal (bench/engines.mjs's server) its rows skip the WAL.
    await client.query('BEGIN');
    await client.query(`DROP TABLE IF EXISTS "${table}_keys", "${table}"`);
    await client.query(dataSetTableSql(state));
    const later = await withoutIndexes(runner, table);
    const t = performance.now();
    const columns = ROW_COLUMNS.map((c) => `"${c.name}"`).join(', ');
    const objects = input.dataSets[i]!.dataObjects;
    // In batches, so that only one batch's rows are held (the rows of a million take gigabytes).
    for (let at = 0; at < objects.length; at += BATCH) {
      // Rows are made while PostgreSQL reads the ones before (a stream), and their keys' lines kept for the second COPY.
      const keyLines: string[] = [];
      const lines = function* () {
        for (const record of objects.slice(at, at + BATCH)) {
          const row = rowOf(
            store.detached(
              state,
              String(record._dataObjectId),
              typeof record._version === 'number' ? record._version : 1,
              store.storedValues(state, record),
            ),
            fields,
          );
          count++;
          for (const k of row.keys) keyLines.push(line([row.id, k.field, k.num, k.txt]));
          yield line(row.values);
        }
      };
      await copy(client, `COPY "${table}" (${columns}) FROM STDIN`, lines());
      await copy(client, `COPY "${table}_keys" ("_dataObjectId", field, num, txt) FROM STDIN`, keyLines);
    }
    const u = performance.now();
    rowsMs += u - t;
    for (const statement of later) await client.query(statement);
    await client.query('COMMIT');
    // VACUUM sets the visibility map, so that counts can be answered from an index alone.
    await client.query(`VACUUM ANALYZE "${table}"`);
    await client.query(`VACUUM ANALYZE "${table}_keys"`);
    indexesMs += performance.now() - u;
  }
  await client.query('INSERT INTO mdq_tenant (id, tenant) VALUES (1, $1::jsonb)', [metadataOf(store)]);
} finally {
  await client.end();
}
console.log(
  `seeded ${count} ${Math.round(performance.now() - started)} ${Math.round(generated - started)} ${Math.round(rowsMs)} ${Math.round(indexesMs)}`,
);
