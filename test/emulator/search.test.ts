/** GET /dataobjects/search: parameters, filters, paging, order, syntax errors with diagnostics, grants. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filter } from '../../src/evaluator/index.js';
import { allPages, startApi, tenantPaths, type TestApi } from './helpers.js';

const search = (api: TestApi, params: Record<string, string | number>) =>
  api.get(
    `/dataobjects/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
  );

describe('search', () => {
  let api: TestApi;
  beforeAll(async () => (api = await startApi()));
  afterAll(() => api.emulator.close());

  it('finds data objects by full text, field, range and comparison, with every metadata field', async () => {
    const response = await search(api, {
      query: '[First Name] eq "Tim" and [Last Name] eq "Smith"',
    });
    expect(response.status).toBe(200);
    expect(response.body.total).toBeGreaterThanOrEqual(1);
    const tim = response.body.hits[0];
    expect(Object.keys(tim).slice(0, 7)).toEqual([
      '_dataObjectId',
      '_businessAreaName',
      '_schemaName',
      '_dataSetName',
      '_businessAreaId',
      '_schemaId',
      '_dataSetId',
    ]);
    expect(tim).toMatchObject({
      _businessAreaName: 'customer',
      _schemaName: 'Customer',
      _dataSetName: 'Retail Customers',
      'Customer ID': 'C-10000001',
      Email: 'tim.smith@example.com',
    });
    expect(tim._version).toBeUndefined();
    for (const query of [
      'Berlin',
      'City:Berlin',
      'Age:[30 TO 40]',
      '[Age] ge 30 and [Age] le 40',
      'Jo*',
      '"New York"',
      '_schemaName:Product AND Colour:BLU',
    ]) {
      const result = await search(api, { query, size: 3 });
      expect(result.status, query).toBe(200);
      expect(result.body.total, query).toBeGreaterThan(0);
      expect(result.body.hits.length).toBe(Math.min(3, result.body.total));
    }
  });

  it('answers hits: [] and total 0 when nothing matches', async () => {
    expect((await search(api, { query: 'zzzxqvnothing' })).body).toEqual({ hits: [], total: 0 });
  });

  it('narrows by business area, schema and dataset names; "all" or absent means every granted area', async () => {
    const all = (await search(api, { query: '*:*', size: 0 })).body.total;
    expect((await search(api, { query: '*:*', size: 0, businessArea: 'all' })).body.total).toBe(
      all,
    );
    const customer = (await search(api, { query: '*:*', size: 0, businessArea: 'customer' })).body
      .total;
    const product = (await search(api, { query: '*:*', size: 0, businessArea: 'product' })).body
      .total;
    const supplier = (await search(api, { query: '*:*', size: 0, businessArea: 'supplier' })).body
      .total;
    expect(customer + product + supplier).toBe(all);
    const retail = await search(api, {
      query: '*:*',
      size: 5,
      schema: 'Customer',
      dataSet: 'Retail Customers',
    });
    expect(
      retail.body.hits.every(
        (h: { _dataSetName: string }) => h._dataSetName === 'Retail Customers',
      ),
    ).toBe(true);
    const { retail: item } = await tenantPaths(api);
    expect(retail.body.total).toBe(item.recordCount);
    expect((await search(api, { query: '*:*', businessArea: 'nowhere' })).body).toEqual({
      hits: [],
      total: 0,
    });
  });

  it('pages with from and size in a stable order: the pages put together are the whole result', async () => {
    const whole = await search(api, { query: 'Status:ACT', size: 500 });
    const pages: unknown[] = [];
    for (let from = 0; from < whole.body.total && from < 500; from += 37)
      pages.push(...(await search(api, { query: 'Status:ACT', from, size: 37 })).body.hits);
    expect(pages.slice(0, whole.body.hits.length)).toEqual(whole.body.hits);
    expect((await search(api, { query: 'Status:ACT' })).body.hits).toHaveLength(10);
  });

  it("matches what mdq's evaluator says for the same records, in dataset and creation order", async () => {
    const { objectsPath, retail } = await tenantPaths(api);
    const objects = await allPages(api, objectsPath);
    const records = objects.map(({ _version, _errors, ...values }) => ({ ...values }));
    const schema = (await api.get(objectsPath.split('/datasets/')[0]!)).body;
    const queries = fc.constantFrom(
      'Berlin',
      'City:(Berlin OR Paris)',
      'Age:>=60',
      '[Email] endswith "example.de"',
      'NOT _exists_:Phone',
      'Tags:online AND VIP:Y',
      'Jo* OR Ann*',
      'Date\\ of\\ Birth:1985',
      'Customer\\ Since:[2020-01-01 TO *]',
    );
    await fc.assert(
      fc.asyncProperty(queries, async (query) => {
        const response = await search(api, { query, dataSet: retail.dataSetName, size: 10_000 });
        const expected = filter(records, query, { schema }).map((r) => r._dataObjectId);
        expect(response.body.hits.map((h: { _dataObjectId: string }) => h._dataObjectId)).toEqual(
          expected,
        );
        expect(response.body.total).toBe(expected.length);
      }),
      { numRuns: 15 },
    );
  });

  it('sees changes at once: updated values, created and deleted objects', async () => {
    const { objectsPath } = await tenantPaths(api);
    const created = await api.request('POST', objectsPath, {
      body: { 'First Name': 'Quentinella', Status: 'ACT' },
    });
    expect((await search(api, { query: 'quentinella' })).body.total).toBe(1);
    await api.request('PUT', `${objectsPath}/${created.body._dataObjectId}`, {
      body: { _version: 1, 'First Name': 'Ottoline' },
    });
    expect((await search(api, { query: 'quentinella' })).body.total).toBe(0);
    expect((await search(api, { query: 'ottoline' })).body.total).toBe(1);
    await api.request('DELETE', `${objectsPath}/${created.body._dataObjectId}`);
    expect((await search(api, { query: 'ottoline' })).body.total).toBe(0);
  });

  it("answers invalid syntax with 400, a message and mdq's diagnostics", async () => {
    const response = await search(api, { query: '(City:Berlin OR [Status] eq Active' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^invalid query syntax at \d+: /);
    const codes = response.body.diagnostics.map((d: { code: string }) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['unclosed-paren', 'unquoted-value']));
    expect(response.body.diagnostics[0]).toMatchObject({
      severity: 'error',
      span: { start: expect.any(Number), end: expect.any(Number) },
      message: expect.any(String),
    });
  });

  it("adds the checker's diagnostics to a valid query's answer (the service matches nothing silently)", async () => {
    const response = await search(api, { query: '[Fist Name] eq "Tim"' });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(0);
    expect(response.body.diagnostics.map((d: { code: string }) => d.code)).toContain(
      'unknown-field',
    );
  });

  it("keeps the checker's answer per scope and query: the same query in another scope is checked against that scope's schemas", async () => {
    const codes = async (params: Record<string, string>) =>
      (
        (await search(api, { query: 'City:Berlin', size: 0, ...params })).body.diagnostics ?? []
      ).map((d: { code: string }) => d.code);
    // Every schema: some have a City field, so the name is known.
    expect(await codes({})).not.toContain('unknown-field');
    // The product schema alone has none: the same text, now an unknown field.
    expect(await codes({ businessArea: 'product' })).toContain('unknown-field');
    expect(await codes({ businessArea: 'product' })).toContain('unknown-field');
    expect(await codes({})).not.toContain('unknown-field');
  });

  it('lists each finding once: the checker and the evaluator both find an unknown field', async () => {
    for (const query of ['[Fist Name] eq "Tim"', 'Nickname:tim', 'First Name:Tim']) {
      const codes = (await search(api, { query })).body.diagnostics.map(
        (d: { code: string; span: { start: number } }) => `${d.code}@${d.span.start}`,
      );
      expect(codes, query).toEqual([...new Set(codes)]);
      expect(
        codes.filter((c: string) => c.startsWith('unknown-field')),
        query,
      ).toHaveLength(query.startsWith('First') ? 0 : 1); // `First Name:Tim`: unescaped-space says it
    }
  });

  it('adds what the evaluator cannot evaluate, each diagnostic once over every schema searched', async () => {
    const response = await search(api, { query: 'Email:/[a-z/ OR Berlin' });
    expect(response.status).toBe(200);
    expect(response.body.total).toBeGreaterThan(0);
    const regex = response.body.diagnostics.filter(
      (d: { code: string }) => d.code === 'invalid-regex',
    );
    expect(regex).toHaveLength(1);
    expect(regex[0]).toMatchObject({ severity: 'error', span: { start: 6, end: 12 } });
  });

  it("refuses more clauses than Lucene's maxClauseCount (1 024) with a 400", async () => {
    const query = (n: number) => Array.from({ length: n }, (_, i) => `w${i}~1`).join(' OR ');
    expect((await search(api, { query: query(1024), size: 0 })).status).toBe(200);
    const refused = await search(api, { query: query(1025), size: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/1025 clauses; the limit is 1024/);
    expect(refused.body.diagnostics.map((d: { code: string }) => d.code)).toEqual([
      'too-many-clauses',
    ]);
  });

  it('validates query, from and size', async () => {
    for (const params of [
      {},
      { query: '' },
      { query: '  ' },
      { query: 'a', from: -1 },
      { query: 'a', size: 'ten' },
      { query: 'a', from: 1.5 },
      { query: 'a', from: 9995, size: 10 },
      { query: 'a', size: 10_001 },
    ]) {
      const response = await search(api, params as Record<string, string>);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    expect((await search(api, { query: 'a', from: 9990, size: 10 })).status).toBe(200);
  });

  it('never answers a 5xx, whatever the query', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (query) => {
        const response = await search(api, { query, size: 1 });
        expect([200, 400]).toContain(response.status);
      }),
      { numRuns: 60 },
    );
  });
});

describe('search and grants', () => {
  it('searches only what the client may see; a filter outside the grant is a 403', async () => {
    const api = await startApi({
      clients: [
        {
          clientId: 'crm',
          clientSecret: 'crm-secret',
          businessAreas: [
            { businessArea: 'customer', schemas: ['Customer'], dataSets: ['Retail Customers'] },
          ],
        },
      ],
      maxResultWindow: 50,
    });
    try {
      await api.login('crm', 'crm-secret');
      const all = await search(api, { query: '*:*', size: 50 });
      expect(new Set(all.body.hits.map((h: { _dataSetName: string }) => h._dataSetName))).toEqual(
        new Set(['Retail Customers']),
      );
      expect((await search(api, { query: '*:*', businessArea: 'product' })).status).toBe(403);
      expect((await search(api, { query: '*:*', schema: 'Customer Contact' })).status).toBe(403);
      expect((await search(api, { query: '*:*', dataSet: 'Wholesale Customers' })).status).toBe(
        403,
      );
      expect((await search(api, { query: '*:*', from: 41, size: 10 })).body.message).toMatch(
        /must not exceed 50/,
      );
      expect((await search(api, { query: '*:*' })).status).toBe(200);
      expect((await api.get('/dataobjects/search?query=a', { token: null })).status).toBe(401);
    } finally {
      await api.emulator.close();
    }
  });
});

describe('search in two emulators of one process', () => {
  it("checks each query against its own tenant's schemas, even when their ids are the same", async () => {
    const first = mkdtempSync(join(tmpdir(), 'mdq-tenant-a-'));
    const second = mkdtempSync(join(tmpdir(), 'mdq-tenant-b-'));
    try {
      await (await startApi({ dataDir: first })).emulator.close();
      cpSync(first, second, { recursive: true });
      // The second tenant renames a field of one schema; the ids stay the same.
      for (const file of readdirSync(join(second, 'schemas'))) {
        const path = join(second, 'schemas', file);
        writeFileSync(
          path,
          readFileSync(path, 'utf8').replace(/"name": "City"/g, '"name": "Town"'),
        );
      }
      const a = await startApi({ dataDir: first, inMemory: true });
      const b = await startApi({ dataDir: second, inMemory: true });
      try {
        const codes = async (api: TestApi, query: string) =>
          ((await search(api, { query, size: 1 })).body.diagnostics ?? []).map(
            (d: { code: string; message: string }) => `${d.code}: ${d.message}`,
          );
        // The checker's diagnostic over every schema searched (the evaluator adds one per schema without the field).
        const nowhere = (field: string) =>
          expect.stringMatching(new RegExp(`^unknown-field: no field "${field}" in the schemas `));
        expect(await codes(a, 'Town:Berlin')).toContainEqual(nowhere('Town'));
        expect(await codes(b, 'Town:Berlin')).not.toContainEqual(nowhere('Town'));
        expect(await codes(b, 'City:Berlin')).toContainEqual(nowhere('City'));
      } finally {
        await a.emulator.close();
        await b.emulator.close();
      }
    } finally {
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  });
});
