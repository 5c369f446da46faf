/**
 * `insertSql(records, { schema, table, batchSize })`: parameterized statements that load
 * records (search hits or data objects as the client returns them) into the table of
 * `createTableSql`, with their words and typed keys derived here (derive.ts): per batch of
 * records one multi-row INSERT of their rows, then one of their typed keys.
 */
import type { DataRecord } from '../evaluator/record.js';
import type { EvaluatorSchema } from '../evaluator/schema-input.js';
import { schemaIndexOf } from './schema.js';
import { derive, storedFields, type KeyRow } from './derive.js';
import { tableNames, type TableOptions } from './identifiers.js';

/** A statement and the values of its parameters ($1, $2, ...). */
export interface SqlStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** The most parameters one statement can have: the protocol counts them in 16 bits. */
export const MAX_PARAMETERS = 65_535;

/** Records per statement unless told: large enough that round trips stop mattering. */
const DEFAULT_BATCH = 1000;

export interface InsertOptions extends TableOptions {
  readonly schema: EvaluatorSchema;
  /**
   * Records per INSERT (default 1000). A larger batch is cut to what 65 535 parameters
   * hold (13 107 records: five parameters each); the typed keys of a batch take four.
   */
  readonly batchSize?: number;
}

/** A column of a multi-row INSERT and the type its parameters are cast to ('' for none). */
export interface InsertColumn {
  readonly name: string;
  readonly cast: '' | 'jsonb' | 'text[]';
}

/** The record's id; records without one cannot be stored (it is the key). */
function idOf(record: DataRecord): string {
  const id = record._dataObjectId;
  if (typeof id !== 'string' || id === '')
    throw new TypeError('every record needs a non-empty string _dataObjectId to be stored');
  return id;
}

/** The record as JSON for a jsonb parameter; PostgreSQL holds no U+0000 in text or JSON. */
function jsonOf(value: unknown): string {
  const json = JSON.stringify(value);
  if (json.includes('\\u0000')) throw new TypeError('PostgreSQL cannot store text holding U+0000');
  return json;
}

/**
 * One INSERT of several rows, each given as its values in the order of `columns`;
 * `table` is a quoted identifier. The caller keeps a statement within `MAX_PARAMETERS`.
 */
export function valuesInsert(
  table: string,
  columns: readonly InsertColumn[],
  rows: readonly (readonly unknown[])[],
): SqlStatement {
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const start = values.length;
    values.push(...row);
    return `(${columns.map((c, i) => `$${start + i + 1}${c.cast === '' ? '' : `::${c.cast}`}`).join(', ')})`;
  });
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  return { text: `INSERT INTO ${table} (${names}) VALUES ${tuples.join(', ')}`, values };
}

/** The typed keys of several rows in one statement (four arrays unnested: four parameters however many keys), or null when they have none. */
export function keysInsert(
  keys: string,
  rows: readonly { readonly id: string; readonly keys: readonly KeyRow[] }[],
): SqlStatement | null {
  const ids: string[] = [];
  const fields: string[] = [];
  const nums: (number | null)[] = [];
  const txts: (string | null)[] = [];
  for (const row of rows)
    for (const key of row.keys) {
      ids.push(row.id);
      fields.push(key.field);
      nums.push(key.num);
      txts.push(key.txt);
    }
  if (ids.length === 0) return null;
  return {
    text: `INSERT INTO ${keys} ("_dataObjectId", field, num, txt) SELECT * FROM unnest($1::text[], $2::text[], $3::double precision[], $4::text[])`,
    values: [ids, fields, nums, txts],
  };
}

/** The columns of `createTableSql`'s table that a record fills. */
export const RECORD_COLUMNS: readonly InsertColumn[] = [
  { name: '_dataObjectId', cast: '' },
  { name: '_version', cast: '' },
  { name: 'record', cast: 'jsonb' },
  { name: 'terms', cast: 'text[]' },
  { name: 'texts', cast: 'jsonb' },
];

/** The records per statement: `batchSize` within what the parameters allow. */
export function batchOf(batchSize: number | undefined, columns: number): number {
  if (batchSize === undefined) return Math.min(DEFAULT_BATCH, Math.floor(MAX_PARAMETERS / columns));
  if (!Number.isSafeInteger(batchSize) || batchSize < 1)
    throw new TypeError(`batchSize is a whole number of at least 1, not ${String(batchSize)}`);
  return Math.min(batchSize, Math.floor(MAX_PARAMETERS / columns));
}

/** Per batch of records, in order: the INSERT of their rows, then the one of their typed keys (when they have any). */
export function insertSql(records: Iterable<DataRecord>, options: InsertOptions): SqlStatement[] {
  const schema = schemaIndexOf(options.schema);
  const fields = storedFields(schema);
  const { table, keys } = tableNames(options);
  const batch = batchOf(options.batchSize, RECORD_COLUMNS.length);
  const out: SqlStatement[] = [];
  let rows: unknown[][] = [];
  let keyRows: { id: string; keys: readonly KeyRow[] }[] = [];
  const flush = (): void => {
    if (rows.length === 0) return;
    out.push(valuesInsert(table, RECORD_COLUMNS, rows));
    const keyStatement = keysInsert(keys, keyRows);
    if (keyStatement !== null) out.push(keyStatement);
    rows = [];
    keyRows = [];
  };
  for (const record of records) {
    const id = idOf(record);
    const derived = derive(record, fields);
    const version = typeof record._version === 'number' ? record._version : 1;
    rows.push([id, version, jsonOf(record), derived.terms, jsonOf(derived.texts)]);
    keyRows.push({ id, keys: derived.keys });
    if (rows.length === batch) flush();
  }
  flush();
  return out;
}
