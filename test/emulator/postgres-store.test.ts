/**
 * The emulator on PostgreSQL (PGlite here; the contract suite runs on it too, and on the
 * PostgreSQL 15 server in CI): the same answers as the emulator in memory on the same
 * tenant, its changes kept across a restart, and what only a database store can meet
 * (U+0000, a server that cannot be reached, a wrong URL) said plainly.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type MdqClient } from '../../src/client/index.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { EmulatorOptionError } from '../../src/emulator/settings.js';
import { shownUrl } from '../../src/emulator/store/postgres-connection.js';
import { TestApi } from './helpers.js';

const RECORDS = 400;
let db: PGlite;
let memory: Emulator;
let postgres: Emulator;
const clientOf = (emulator: Emulator): MdqClient =>
  createClient({ baseUrl: emulator.url, credentials: emulator.demoClient });

beforeAll(async () => {
  db = await PGlite.create();
  [memory, postgres] = await Promise.all([
    startEmulator({ records: RECORDS, dataObjectPageSize: 7 }),
    startEmulator({ records: RECORDS, database: db, dataObjectPageSize: 7 }),
  ]);
}, 180_000);
afterAll(async () => {
  await memory?.close();
  await postgres?.close();
  await db?.close();
});

const QUERIES = [
  '*',
  'Berlin',
  'City:Berlin OR City:Hamburg',
  'Stock\\ Quantity:[10 TO 50]',
  '[Unit Price] gt 100',
  'NOT _exists_:Email',
  'Name:Mül*',
  'Müller~1',
  '_dataSetName:"Catalogue 2024"',
  'Country:DE AND NOT City:Berlin',
];

describe('the emulator on PostgreSQL', () => {
  it('answers every search with the hits and totals of the emulator in memory, page by page', async () => {
    const [a, b] = [clientOf(memory), clientOf(postgres)];
    let compared = 0;
    for (const query of QUERIES) {
      for (const window of [
        { from: 0, size: 10 },
        { from: 37, size: 25 },
      ]) {
        const [mine, theirs] = await Promise.all([
          a.search(query, window),
          b.search(query, window),
        ]);
        expect(theirs.total, query).toBe(mine.total);
        expect(
          theirs.hits.map((h) => h._dataObjectId),
          query,
        ).toEqual(mine.hits.map((h) => h._dataObjectId));
        expect(theirs.hits, query).toEqual(mine.hits);
        if (mine.total > 0) compared++;
      }
    }
    // The queries reach the data: most of them match something.
    expect(compared).toBeGreaterThan(QUERIES.length);
  });

  it('lists datasets with the same counts, and data objects in the same pages', async () => {
    const [a, b] = [clientOf(memory), clientOf(postgres)];
    const area = (await a.businessAreas())[0]!;
    for (const schema of await a.schemas(area.businessAreaId).toArray()) {
      const mine = await a.dataSets(area.businessAreaId, schema.schemaId).toArray();
      const theirs = await b.dataSets(area.businessAreaId, schema.schemaId).toArray();
      expect(theirs).toEqual(mine);
      for (const dataSet of mine)
        expect(await b.dataObjects(dataSet).toArray()).toEqual(
          await a.dataObjects(dataSet).toArray(),
        );
    }
  });

  it('a search the SQL cannot mean alike says so (a sql-* diagnostic), never a silent other answer', async () => {
    const api = new TestApi(postgres);
    await api.login();
    const { status, body } = await api.request('GET', '/dataobjects/search?query=%5B1%20TO%205%5D');
    expect(status).toBe(200);
    expect(body.total).toBe(0);
    expect(body.diagnostics.map((d: { code: string }) => d.code)).toContain('sql-full-text-range');
  });

  it('pages through the objects while they are deleted: each once, to the end', async () => {
    const client = clientOf(postgres);
    const dataSet = await client.findDataSet('product', 'Product', 'Catalogue 2024');
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await client.createDataObject(dataSet, { 'Stock Quantity': i }))._dataObjectId);
    const before = (await client.dataObjects(dataSet).toArray()).map((o) => o._dataObjectId);
    const seen: string[] = [];
    let deleted = 0;
    for await (const page of client.dataObjects(dataSet).pages()) {
      seen.push(...page.items.map((o) => o._dataObjectId));
      if (deleted < made.length)
        await client.deleteDataObject({ ...dataSet, dataObjectId: made[deleted++]! });
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => !made.includes(id))).toEqual(
      before.filter((id) => !made.includes(id)),
    );
    for (const id of made.slice(deleted))
      await client.deleteDataObject({ ...dataSet, dataObjectId: id });
  });

  it('keeps its changes across a restart (the database is not seeded again)', async () => {
    const client = clientOf(postgres);
    const dataSet = await client.findDataSet('product', 'Product', 'Catalogue 2024');
    const { _dataObjectId } = await client.createDataObject(dataSet, { 'Stock Quantity': 41 });
    const ref = { ...dataSet, dataObjectId: _dataObjectId };
    await client.update(ref, 1, { 'Stock Quantity': 42 });
    const again = await startEmulator({ database: db, records: 3 });
    try {
      const read = await clientOf(again).getDataObject(ref);
      expect(read).toMatchObject({ 'Stock Quantity': 42, _version: 2 });
      expect((await clientOf(again).search('*')).total).toBe(
        (await clientOf(postgres).search('*')).total,
      );
    } finally {
      await again.close();
    }
    await client.deleteDataObject(ref);
  });

  it('refuses a value PostgreSQL cannot hold (U+0000) with a 400, and changes nothing', async () => {
    const client = clientOf(postgres);
    const dataSet = await client.findDataSet('product', 'Product', 'Catalogue 2024');
    const before = (await client.search('*')).total;
    const error = await client
      .createDataObject(dataSet, { 'Product Name': 'a\u0000b' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400 });
    expect(String((error as Error).message)).toContain('U+0000');
    expect((await client.search('*')).total).toBe(before);
  });
});

describe('opening the database', () => {
  it('refuses a database together with a data folder', async () => {
    await expect(startEmulator({ database: db, dataDir: '/tmp/nowhere' })).rejects.toBeInstanceOf(
      EmulatorOptionError,
    );
  });

  it('refuses a URL that is not postgres://, and names a server it cannot reach without its password', async () => {
    await expect(startEmulator({ database: 'mysql://u@localhost/x' })).rejects.toThrow(
      /postgres:\/\/ URL/,
    );
    const error = await startEmulator({
      database: 'postgres://mdq:s3cret-pw@127.0.0.1:1/x?password=s3cret-pw',
    }).catch((e: unknown) => e);
    expect(String((error as Error).message)).toMatch(
      /^cannot connect to postgres:\/\/mdq@127\.0\.0\.1:1\/x/,
    );
    expect(String((error as Error).message)).not.toContain('s3cret');
  });

  it('shows a URL without its password or query', () => {
    expect(shownUrl('postgres://a:b@h:5432/d?sslmode=require')).toBe('postgres://a@h:5432/d');
    expect(shownUrl('not a url')).not.toContain('not a url');
  });
});
