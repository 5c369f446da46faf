/**
 * `insertSql(records, { schema, table })`: parameterized statements that load records
 * (search hits or data objects as the client returns them) into the table of
 * `createTableSql`, with their words and typed keys derived here (derive.ts).
 */
import type { DataRecord } from '../evaluator/record.js';
import type { EvaluatorSchema } from '../evaluator/schema-input.js';
import { schemaIndexOf } from './schema.js';
import { derive, storedFields, type Derived, type StoredField } from './derive.js';
import { tableNames, type TableOptions } from './identifiers.js';

/** A statement and the values of its parameters ($1, $2, ...). */
export interface SqlStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

export interface InsertOptions extends TableOptions {
  readonly schema: EvaluatorSchema;
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

/** The columns of one record's row, and its key rows, as parameter values. */
export interface RowValues {
  readonly id: string;
  readonly record: string;
  readonly derived: Derived;
}

export function rowValues(record: DataRecord, fields: readonly StoredField[]): RowValues {
  return { id: idOf(record), record: jsonOf(record), derived: derive(record, fields) };
}

/** The statement that stores one row's typed keys (the side table), or null when it has none. */
export function keysStatement(keys: string, row: RowValues): SqlStatement | null {
  if (row.derived.keys.length === 0) return null;
  return {
    text: `INSERT INTO ${keys} ("_dataObjectId", field, num, txt) SELECT $1::text, * FROM unnest($2::text[], $3::double precision[], $4::text[])`,
    values: [
      row.id,
      row.derived.keys.map((k) => k.field),
      row.derived.keys.map((k) => k.num),
      row.derived.keys.map((k) => k.txt),
    ],
  };
}

/** Two statements per record (its row, then its typed keys when it has any), in order. */
export function insertSql(records: Iterable<DataRecord>, options: InsertOptions): SqlStatement[] {
  const schema = schemaIndexOf(options.schema);
  const fields = storedFields(schema);
  const { table, keys } = tableNames(options);
  const out: SqlStatement[] = [];
  for (const record of records) {
    const row = rowValues(record, fields);
    const version = typeof record._version === 'number' ? record._version : 1;
    out.push({
      text: `INSERT INTO ${table} ("_dataObjectId", "_version", record, terms, texts) VALUES ($1, $2, $3::jsonb, $4::text[], $5::jsonb)`,
      values: [row.id, version, row.record, row.derived.terms, jsonOf(row.derived.texts)],
    });
    const keyRows = keysStatement(keys, row);
    if (keyRows !== null) out.push(keyRows);
  }
  return out;
}
