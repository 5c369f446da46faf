/**
 * The tenant's data objects in PostgreSQL. Business areas, schemas and datasets stay in
 * memory (a `TenantStore` without objects; the table `mdq_tenant` keeps them, so a restart
 * serves the same); each dataset's objects live in a table of its own, made by mdq/sql's
 * `createTableSql` (words by mdq's analyser, GIN and B-tree indexes), searched by `toSql`'s
 * WHERE clause. Every change is one transaction, durable once answered; an update is one
 * `UPDATE ... WHERE "_version" = $n`, so the database holds the optimistic lock and several
 * emulators may share it. Deletes remove the row (its typed keys go with it).
 */
import { createHash } from 'node:crypto';
import type { Query } from '../../language/ast.js';
import type { Diagnostic } from '../../language/diagnostic.js';
import type {
  BusinessAreaResponse,
  DataSetListItem,
  SchemaResponse,
} from '../../schema/response.js';
import { derive, storedFields, type KeyRow, type StoredField } from '../../sql/derive.js';
import { schemaIndexOf } from '../../sql/schema.js';
import { createTableSql, toSql, type SqlQuery } from '../../sql/index.js';
import {
  batchOf,
  keysInsert,
  RECORD_COLUMNS,
  valuesInsert,
  type InsertColumn,
  type SqlStatement,
} from '../../sql/insert.js';
import { exampleData } from '../data/generate.js';
import { badRequest, notFound } from '../http/reply.js';
import type { SqlConnection, SqlRunner } from './postgres-connection.js';
import {
  TenantStore,
  type DataSetState,
  type StoredObject,
  type TenantInput,
} from './tenant-store.js';

/** The tenant's metadata: what `TenantStore` is made from, without data objects. */
interface TenantMetadata {
  readonly businessAreas: readonly BusinessAreaResponse[];
  readonly schemas: readonly SchemaResponse[];
  readonly dataSets: readonly DataSetListItem[];
}

/** The columns of a dataset's row as the store writes them (`seq`, the creation order, is made by the table). */
export const ROW_COLUMNS: readonly InsertColumn[] = [
  ...RECORD_COLUMNS,
  { name: 'errors', cast: 'jsonb' },
];

/** Objects per INSERT when seeding. */
const BATCH = batchOf(undefined, ROW_COLUMNS.length);

/** The table of the tenant's metadata. */
export const TENANT_TABLE_SQL =
  'CREATE TABLE IF NOT EXISTS mdq_tenant (id integer PRIMARY KEY, tenant jsonb NOT NULL)';

/** Matches a search sorts itself rather than find along the creation order (see `search`). */
const SORT_AT_MOST = 10_000;

/** A row as the store reads it. */
interface Row {
  readonly _dataObjectId: string;
  readonly _version: number;
  readonly record: Record<string, unknown>;
}

/** PostgreSQL's names are at most 63 bytes: a dataset's table is named by a hash of its id. */
export function tableOf(dataSetId: string): string {
  return `mdq_${createHash('sha256').update(dataSetId).digest('hex').slice(0, 20)}`;
}

const quote = (name: string) => `"${name}"`;

/** The JSON of a value for a jsonb parameter; PostgreSQL holds no U+0000 in text or JSON (a 400, not a 500). */
function jsonOf(value: unknown): string {
  const json = JSON.stringify(value);
  if (json.includes('\\u0000'))
    throw badRequest('a value holds the character U+0000, which PostgreSQL cannot store');
  return json;
}

/** A stored object's row: its values in the order of `ROW_COLUMNS`, and its typed keys. */
export function rowOf(
  object: StoredObject,
  fields: readonly StoredField[],
): { readonly id: string; readonly values: readonly unknown[]; readonly keys: readonly KeyRow[] } {
  const derived = derive(object.hit, fields);
  return {
    id: object.id,
    values: [
      object.id,
      object.version,
      jsonOf(object.hit),
      derived.terms,
      jsonOf(derived.texts),
      jsonOf(object.errors),
    ],
    keys: derived.keys,
  };
}

/** A dataset's table: `createTableSql`'s, with the creation order and the stored errors (the counts of the dataset list). */
export function dataSetTableSql(state: DataSetState): string {
  const table = tableOf(state.item.dataSetId);
  return `${createTableSql(state.schema, { table })}
ALTER TABLE ${quote(table)} ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY, ADD COLUMN errors jsonb NOT NULL DEFAULT '[]';
CREATE UNIQUE INDEX ${quote(`${table}_seq`)} ON ${quote(table)} (seq);`;
}

/** The tenant's metadata row as the store reads it on start-up (`mdq_tenant`, id 1). */
export function metadataOf(store: TenantStore): string {
  return jsonOf({
    businessAreas: store.areas,
    schemas: store.schemas,
    dataSets: store.dataSets.map((d) => d.item),
  });
}

/** A statement as `query`'s arguments. */
const statement = (s: SqlStatement): [string, readonly unknown[]] => [s.text, s.values];

export interface SearchAnswer {
  readonly hits: readonly unknown[];
  readonly total: number;
  readonly diagnostics: readonly Diagnostic[];
}

export class PostgresTenant {
  private readonly fields = new Map<DataSetState, readonly StoredField[]>();
  /** Compiled queries by table and query text (most recently used last). */
  private readonly compiled = new Map<string, SqlQuery>();

  private constructor(
    readonly store: TenantStore,
    private readonly sql: SqlConnection,
  ) {}

  /** Opens the tenant in the database, seeding it (example data, or `records` generated ones) when it has none. */
  static async open(
    sql: SqlConnection,
    options: { readonly records?: number; readonly seed?: number },
  ): Promise<PostgresTenant> {
    await sql.exec(TENANT_TABLE_SQL);
    const held = await sql.query<{ tenant: TenantMetadata }>(
      'SELECT tenant FROM mdq_tenant WHERE id = 1',
    );
    if (held.length > 0) return new PostgresTenant(storeOf(held[0]!.tenant), sql);
    const input = exampleData({ records: options.records, seed: options.seed });
    const tenant = new PostgresTenant(
      storeOf({
        businessAreas: input.businessAreas,
        schemas: input.schemas,
        dataSets: input.dataSets.map((d) => d.dataSet),
      }),
      sql,
    );
    await tenant.seed(input);
    return tenant;
  }

  /** Tables for every dataset, filled with its objects; the metadata last, so an interrupted seeding starts over. */
  private async seed(input: TenantInput): Promise<void> {
    const { store, sql } = this;
    for (const [i, state] of store.dataSets.entries()) {
      const table = tableOf(state.item.dataSetId);
      await sql.exec(`DROP TABLE IF EXISTS ${quote(`${table}_keys`)}, ${quote(table)}`);
      await sql.exec(dataSetTableSql(state));
      const records = input.dataSets[i]!.dataObjects;
      await sql.transaction(async (tx) => {
        // Indexes and the keys' foreign key are made after the rows: one build costs far less than a million updates.
        const later = await withoutIndexes(tx, table);
        for (let at = 0; at < records.length; at += BATCH) {
          const objects = records
            .slice(at, at + BATCH)
            .map((record) =>
              store.detached(
                state,
                String(record._dataObjectId),
                typeof record._version === 'number' ? record._version : 1,
                store.storedValues(state, record),
              ),
            );
          await this.insert(tx, objects);
        }
        for (const statement of later) await tx.query(statement);
      });
      // VACUUM too: it marks the pages all-visible, so that counts are answered from the indexes alone.
      await sql.exec(`VACUUM ANALYZE ${quote(table)}`);
      await sql.exec(`VACUUM ANALYZE ${quote(`${table}_keys`)}`);
    }
    await sql.query('INSERT INTO mdq_tenant (id, tenant) VALUES (1, $1::jsonb)', [
      metadataOf(store),
    ]);
  }

  private fieldsOf(state: DataSetState): readonly StoredField[] {
    let fields = this.fields.get(state);
    if (fields === undefined)
      this.fields.set(state, (fields = storedFields(schemaIndexOf(state.schema))));
    return fields;
  }

  /** Inserts objects of one dataset: their rows in one statement, their typed keys in another. */
  private async insert(tx: SqlRunner, objects: readonly StoredObject[]): Promise<void> {
    if (objects.length === 0) return;
    const state = objects[0]!.dataSet;
    const table = tableOf(state.item.dataSetId);
    const rows = objects.map((object) => rowOf(object, this.fieldsOf(state)));
    await tx.query(
      ...statement(
        valuesInsert(
          quote(table),
          ROW_COLUMNS,
          rows.map((r) => r.values),
        ),
      ),
    );
    const keys = keysInsert(quote(`${table}_keys`), rows);
    if (keys !== null) await tx.query(...statement(keys));
  }

  private objectOf(state: DataSetState, row: Row): StoredObject {
    return this.store.detached(
      state,
      row._dataObjectId,
      row._version,
      this.store.storedValues(state, row.record),
    );
  }

  /** One object, or a 404 as the memory store answers it. */
  async get(state: DataSetState, id: string, runner: SqlRunner = this.sql): Promise<StoredObject> {
    const rows = await runner.query<Row>(
      `SELECT "_dataObjectId", "_version", record FROM ${quote(tableOf(state.item.dataSetId))} WHERE "_dataObjectId" = $1`,
      [id],
    );
    if (rows.length === 0)
      throw notFound(`data object ${JSON.stringify(id)} does not exist in this dataset`);
    return this.objectOf(state, rows[0]!);
  }

  /** A page of the objects in creation order: from `position` (a `seq`), and where the next page starts. */
  async page(
    state: DataSetState,
    position: number,
    size: number,
  ): Promise<{ objects: StoredObject[]; next: number | undefined }> {
    const rows = await this.sql.query<Row & { seq: string }>(
      `SELECT "_dataObjectId", "_version", record, seq FROM ${quote(tableOf(state.item.dataSetId))} WHERE seq >= $1 ORDER BY seq LIMIT $2`,
      [position, size + 1],
    );
    const next = rows.length > size ? Number(rows[size]!.seq) : undefined;
    return { objects: rows.slice(0, size).map((row) => this.objectOf(state, row)), next };
  }

  async create(
    state: DataSetState,
    body: Readonly<Record<string, unknown>>,
  ): Promise<StoredObject> {
    const object = this.store.created(state, body);
    await this.sql.transaction((tx) => this.insert(tx, [object]));
    return object;
  }

  /**
   * Updates under the lock: the row as read is changed as the memory store changes it (the
   * same checks and answers), and written only while its `_version` is still the one read.
   */
  async update(
    state: DataSetState,
    id: string,
    body: Readonly<Record<string, unknown>>,
  ): Promise<StoredObject> {
    const table = tableOf(state.item.dataSetId);
    for (;;) {
      const object = await this.get(state, id);
      const read = object.version;
      this.store.update(object, body);
      const row = rowOf(object, this.fieldsOf(state));
      // The row's columns but the id, as $3 onwards ($1 the id, $2 the version read).
      const set = ROW_COLUMNS.slice(1)
        .map((c, i) => `"${c.name}" = $${i + 3}${c.cast === '' ? '' : `::${c.cast}`}`)
        .join(', ');
      const written = await this.sql.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE ${quote(table)} SET ${set} WHERE "_dataObjectId" = $1 AND "_version" = $2 RETURNING 1`,
          [id, read, ...row.values.slice(1)],
        );
        if (rows.length === 0) return false;
        await tx.query(`DELETE FROM ${quote(`${table}_keys`)} WHERE "_dataObjectId" = $1`, [id]);
        const keys = keysInsert(quote(`${table}_keys`), [row]);
        if (keys !== null) await tx.query(...statement(keys));
        return true;
      });
      if (written) return object;
      // Changed (or deleted) since it was read: read again, and the memory store's checks answer the conflict (or the 404).
    }
  }

  async delete(state: DataSetState, id: string): Promise<void> {
    const rows = await this.sql.query(
      `DELETE FROM ${quote(tableOf(state.item.dataSetId))} WHERE "_dataObjectId" = $1 RETURNING 1`,
      [id],
    );
    if (rows.length === 0)
      throw notFound(`data object ${JSON.stringify(id)} does not exist in this dataset`);
  }

  /** The dataset list item with its live counts. */
  async dataSetItem(state: DataSetState): Promise<DataSetListItem> {
    const [row] = await this.sql.query<{ records: string; errored: string }>(
      `SELECT count(*) AS records, count(*) FILTER (WHERE errors <> '[]'::jsonb) AS errored FROM ${quote(tableOf(state.item.dataSetId))}`,
    );
    return {
      ...state.item,
      recordCount: Number(row!.records),
      erroredRecordsCount: Number(row!.errored),
    };
  }

  private compile(state: DataSetState, text: string, tree: Query): SqlQuery {
    const table = tableOf(state.item.dataSetId);
    const key = `${table}\u0000${text}`;
    let sql = this.compiled.get(key);
    if (sql !== undefined) this.compiled.delete(key);
    else {
      sql = toSql(tree, { schema: state.schema, table });
      if (this.compiled.size >= 200) this.compiled.delete(this.compiled.keys().next().value!);
    }
    this.compiled.set(key, sql);
    return sql;
  }

  /**
   * Hits `from` to `from + size` of the datasets in order (each in creation order), and the
   * total, read in one snapshot (REPEATABLE READ) so that counts and pages agree.
   */
  async search(
    dataSets: readonly DataSetState[],
    text: string,
    tree: Query,
    from: number,
    size: number,
  ): Promise<SearchAnswer> {
    const queries = dataSets.map((state) => ({ state, sql: this.compile(state, text, tree) }));
    const end = from + size;
    const hits: unknown[] = [];
    let total = 0;
    await this.sql.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      for (const { state, sql } of queries) {
        if (sql.where === 'FALSE') continue;
        const table = quote(tableOf(state.item.dataSetId));
        const [row] = await tx.query<{ n: string }>(
          `SELECT count(*) AS n FROM ${table} WHERE ${sql.where}`,
          sql.values,
        );
        const count = Number(row!.n);
        const first = Math.max(from - total, 0);
        const wanted = Math.min(end - total, count) - first;
        if (wanted > 0) {
          const n = sql.values.length;
          // Few matches: sorted after an index finds them (`seq + 0` keeps the planner from walking the
          // seq index and filtering, which it estimates cheap for LIMIT 10 and which reads the whole table).
          const order = count <= SORT_AT_MOST ? 'seq + 0' : 'seq';
          const rows = await tx.query<Row>(
            `SELECT "_dataObjectId", "_version", record FROM ${table} WHERE ${sql.where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
            [...sql.values, wanted, first],
          );
          for (const r of rows) hits.push(this.objectOf(state, r).hit);
        }
        total += count;
      }
    });
    return { hits, total, diagnostics: queries.flatMap((q) => q.sql.diagnostics) };
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}

/**
 * Drops the secondary indexes of a table and its keys table, and the keys' foreign key, as
 * `createTableSql` made them; answers the statements that make them again.
 */
export async function withoutIndexes(tx: SqlRunner, table: string): Promise<string[]> {
  const keys = `${table}_keys`;
  const indexes = await tx.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename IN ($1, $2)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table, keys],
  );
  const constraints = await tx.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE conrelid = $1::regclass AND contype = 'f'`,
    [quote(keys)],
  );
  for (const { name } of indexes) await tx.query(`DROP INDEX ${quote(name)}`);
  for (const { name } of constraints)
    await tx.query(`ALTER TABLE ${quote(keys)} DROP CONSTRAINT ${quote(name)}`);
  return [
    ...indexes.map((i) => i.definition),
    ...constraints.map(
      (c) => `ALTER TABLE ${quote(keys)} ADD CONSTRAINT ${quote(c.name)} ${c.definition}`,
    ),
  ];
}

export function storeOf(tenant: TenantMetadata): TenantStore {
  return new TenantStore({
    businessAreas: tenant.businessAreas,
    schemas: tenant.schemas,
    dataSets: tenant.dataSets.map((dataSet) => ({ dataSet, dataObjects: [] })),
  });
}
