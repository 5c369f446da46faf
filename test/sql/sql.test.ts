/**
 * mdq/sql on PGlite: a table of example records answers each construct as `filter` does;
 * values never reach the statement's text; what PostgreSQL cannot mean is a diagnostic;
 * selective words and ranges use the indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter } from '../../src/evaluator/index.js';
import { loadSchema } from '../../src/schema/schema.js';
import { createTableSql, insertSql, toSql } from '../../src/sql/index.js';
import { type Database, START_TIMEOUT, startDatabase, tableOf } from './database.js';

const schema = loadSchema({
  name: 'People',
  fields: [
    { name: 'Name', dataType: 'string' },
    { name: 'Age', dataType: 'integer' },
    { name: 'Born', dataType: 'date', dateFormat: 'DD.MM.YYYY' },
    { name: 'Seen', dataType: 'datetime' },
    { name: 'Active', dataType: 'boolean' },
    { name: 'Code', dataType: 'picklist' },
    { name: 'Blob', dataType: 'json' },
  ],
});
const records = [
  {
    _dataObjectId: 'a',
    _schemaName: 'People',
    Name: 'Anna Berg-Smith',
    Age: 30,
    Born: '01.02.1990',
    Seen: '2024-05-01T10:30:00',
    Active: true,
    Code: 'DE',
  },
  {
    _dataObjectId: 'b',
    _schemaName: 'People',
    Name: ['Bob Brown', 'x y z'],
    Age: '41',
    Born: '31.12.1985',
    Active: 'false',
    Code: 'FR',
    Blob: 'anna',
  },
  {
    _dataObjectId: 'c',
    _schemaName: 'People',
    Name: 'anna maria',
    Age: 7,
    Note: { text: 'nested words here' },
  },
];

let db: Database;
beforeAll(async () => {
  db = await startDatabase();
}, START_TIMEOUT);
afterAll(async () => db?.close());

describe('toSql answers as filter does', () => {
  it.each([
    'anna',
    'Name:anna',
    '"anna berg"',
    '"berg anna"~2',
    'Name:"x z"~1',
    'Name:an*',
    'Name:b?own',
    '*smith',
    'Name:/an+a/',
    'Name:/~(anna)/',
    'Name:ana~1',
    'Name:anan~',
    'Age:[10 TO 40]',
    'Age:{30 TO 41]',
    'Age:>30',
    'Age:<=7',
    'Age:[* TO *]',
    'Born:[1989 TO 1991]',
    'Born:1985-12',
    'Born:<1990-02-01',
    'Seen:>="2024-05-01T10:00"',
    'Active:true',
    'Active:false',
    'Code:DE',
    'Code:de',
    '[Name] contains "berg-s"',
    '[Name] startswith "ANNA"',
    '[Name] endswith "own"',
    '[Age] ne 30',
    '[Age] gt 8',
    '_exists_:Born',
    'NOT Code:DE',
    'Name:*',
    'here',
    '*:anna AND NOT Age:7',
    'Name:anna^3 OR Code:FR',
    '+Name:anna -Age:30',
    '_schemaName:people',
    '*:*',
  ])('%s', async (query) => {
    const t = await tables();
    const expected = filter(records, query, { schema })
      .map((r) => r._dataObjectId)
      .sort();
    expect(await t.ids(query)).toEqual(expected);
  });
});

let shared: Awaited<ReturnType<typeof tableOf>> | undefined;
async function tables() {
  shared ??= await tableOf(db, schema, records);
  return shared;
}

describe('values are parameters', () => {
  it('never splices a value into the text', () => {
    const hostile = `x'); DROP TABLE people; --`;
    for (const query of [
      `Name:"${hostile}"`,
      `[Name] contains "${hostile}"`,
      `Code:"${hostile}"`,
    ]) {
      const sql = toSql(query, { schema, table: 'people' });
      // Words are lower-cased: look for the value in any case.
      expect(sql.text.toLowerCase()).not.toContain('drop');
      expect(sql.where.toLowerCase()).not.toContain('drop');
      expect(JSON.stringify(sql.values).toLowerCase()).toContain('drop');
    }
    for (const statement of insertSql([{ _dataObjectId: hostile, Name: hostile }], {
      schema,
      table: 'people',
    }))
      expect(statement.text).not.toContain('DROP');
  });

  it('quotes the table name as one identifier', () => {
    expect(toSql('anna', { schema, table: 'my "table"' }).text).toContain('"my ""table"""');
    expect(createTableSql(schema, { table: 'a b' })).toContain('CREATE TABLE "a b"');
    expect(() => toSql('anna', { schema, table: 'a\u0000' })).toThrow(TypeError);
  });

  it('numbers the parameters it uses, and only those', () => {
    // The lower bound is read before the upper one turns out to match nothing.
    const sql = toSql('Age:[10 TO x] OR Name:anna', { schema, table: 't' });
    const used = [...sql.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    expect(new Set(used).size).toBe(sql.values.length);
    expect(Math.max(...used)).toBe(sql.values.length);
  });
});

describe('diagnostics', () => {
  const codes = (query: string) =>
    toSql(query, { schema, table: 't' }).diagnostics.map((d) => d.code);

  it.each([
    ['[1 TO 5]', 'sql-full-text-range'],
    ['Name.first:x', 'sql-nested-field'],
    ['Blob:[a TO b]', 'sql-untyped-field'],
    ['Blob:42', 'sql-untyped-value'],
    ['Name:/a{300}/', 'sql-regex'],
    ['Name:/(a&b)c/', 'sql-regex'],
    ['Nope:x', 'unknown-field'],
  ])('%s: %s', (query, code) => {
    expect(codes(query)).toContain(code);
  });

  it('says nothing for what it translates', () => {
    expect(codes('Name:anna AND Age:[1 TO 5] AND "a b"~2 AND Name:an* AND Name:/a.*/')).toEqual([]);
  });
});

describe('indexes', () => {
  // On a table this small the planner rightly prefers a sequential scan; with it priced out, the plan shows which index each clause can use (the 1 M-row plans: bench/README.md).
  it('can answer words from the GIN index and ranges from the B-tree', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({
      _dataObjectId: `r${i}`,
      Name: `person ${i} w${i % 500}`,
      Age: i,
      Code: i % 2 === 0 ? 'DE' : 'FR',
    }));
    const table = `plans${process.pid}`;
    await db.exec(createTableSql(schema, { table }));
    await db.transaction(async (tx) => {
      for (const s of insertSql(many, { schema, table })) await tx.query(s.text, s.values);
    });
    // VACUUM marks the pages all-visible, as after a load, so that an index alone can answer.
    await db.exec(`VACUUM ANALYZE "${table}"`);
    await db.exec(`VACUUM ANALYZE "${table}_keys"`);
    const plan = async (query: string, select?: 'count') => {
      const sql = toSql(query, { schema, table });
      const text =
        select === 'count' ? `SELECT count(*) FROM "${table}" WHERE ${sql.where}` : sql.text;
      return db.transaction(async (tx) => {
        await tx.exec('SET LOCAL enable_seqscan = off');
        // GIN answers through bitmaps only; the keys' B-trees can answer without.
        if (select === 'count') await tx.exec('SET LOCAL enable_bitmapscan = off');
        const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, sql.values);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    };
    expect(await plan('w42')).toMatch(new RegExp(`Bitmap Index Scan on "?${table}_terms`));
    expect(await plan('Name:w42')).toMatch(new RegExp(`Bitmap Index Scan on "?${table}_terms`));
    expect(await plan('Name:w42')).not.toMatch(/Seq Scan/);
    expect(await plan('Age:[100 TO 102]')).toMatch(
      new RegExp(`Index (Only )?Scan (using|on) "?${table}_keys_num`),
    );
    // A broad value or range is counted from the key index and the primary key, never the rows.
    for (const query of ['Age:[10 TO 2000]', 'Code:DE'])
      expect(await plan(query, 'count')).toMatch(
        new RegExp(`Index Only Scan using "?${table}_keys_(num|txt)"?`),
      );
  }, 120_000);
});

describe('insertSql in batches', () => {
  const people = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({
      _dataObjectId: `${prefix}${i}`,
      Name: `p${i}`,
      Age: i,
    }));
  const inserts = (statements: readonly { text: string }[]) =>
    statements.filter((s) => !s.text.includes('unnest')).length;

  it('writes batchSize records per INSERT, then their typed keys in one statement', () => {
    const statements = insertSql(people(25, 'r'), { schema, table: 't', batchSize: 10 });
    // Rows of 10, 10 and 5 records, each INSERT followed by the one of their keys.
    expect(statements.map((s) => (s.text.includes('unnest') ? 'keys' : s.values.length))).toEqual([
      50,
      'keys',
      50,
      'keys',
      25,
      'keys',
    ]);
    expect(inserts(insertSql(people(25, 'r'), { schema, table: 't' }))).toBe(1);
    expect(insertSql([], { schema, table: 't' })).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses batchSize %s', (batchSize) => {
    expect(() => insertSql(people(1, 'r'), { schema, table: 't', batchSize })).toThrow(TypeError);
  });

  it('cuts a batch to 65 535 parameters, which PostgreSQL takes', async () => {
    const many = people(13_108, 'm');
    const statements = insertSql(many, { schema, table: 'capped', batchSize: 1_000_000 });
    // Five parameters per record: 13 107 records fill 65 535 parameters, the last one goes on.
    expect(statements.map((s) => s.values.length).filter((n) => n > 4)).toEqual([65_535, 5]);
    const table = `capped${process.pid}`;
    await db.exec(createTableSql(schema, { table }));
    await db.transaction(async (tx) => {
      for (const s of insertSql(many, { schema, table, batchSize: 1_000_000 }))
        await tx.query(s.text, s.values);
    });
    const [row] = await db.query<{ rows: number; keys: number }>(
      `SELECT (SELECT count(*)::int FROM "${table}") AS rows, (SELECT count(*)::int FROM "${table}_keys") AS keys`,
    );
    // Three typed keys each: the id, the name (text) and the age.
    expect(row).toEqual({ rows: 13_108, keys: 3 * 13_108 });
    const t = await tableOf(db, schema, many.slice(0, 3));
    expect(await t.ids('Age:[1 TO 2]')).toEqual(['m1', 'm2']);
  }, 120_000);
});
