/** Every operation against the fake service: shapes, names to ids, the local check, search input kinds. */
import { describe, expect, it } from 'vitest';
import { NotFoundError, QueryError, createClient, type Logger } from '../../src/client/index.js';
import { exampleTenant } from '../../src/examples/index.js';
import { parse } from '../../src/index.js';
import { field, query } from '../../src/builder/index.js';
import { MAX_DESCRIBED } from '../../src/client/local-check.js';
import { fakeFetch, json } from './support/fake-fetch.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  catalogue,
  fakeService,
  firstProduct,
  productRef,
} from './support/fake-service.js';

const credentials = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };

function setup(logger?: Logger) {
  const service = fakeService();
  const client = createClient({
    baseUrl: 'http://service.test',
    credentials,
    fetch: service.fetch,
    ...(logger ? { logger } : {}),
  });
  const searches = () => service.requests.filter((r) => r.path === '/dataobjects/search');
  return { service, client, searches };
}

describe('operations', () => {
  it('lists business areas in both documented shapes', async () => {
    expect((await setup().client.businessAreas()).map((a) => a.name)).toEqual([
      'customer',
      'product',
      'supplier',
    ]);
    const bare = fakeFetch((r) =>
      r.path === '/oauth2/token'
        ? json({ access_token: 'abcdef', expires_in: 60 })
        : json(exampleTenant.businessAreas),
    );
    expect(
      await createClient({
        baseUrl: 'http://service.test',
        credentials,
        fetch: bare.fetch,
      }).businessAreas(),
    ).toEqual(exampleTenant.businessAreas);
  });

  it('lists schemas and datasets page by page, and gets a schema', async () => {
    const { client, service } = setup();
    const customer = exampleTenant.businessAreas[0]!;
    const schemas = await client.schemas(customer.businessAreaId).toArray();
    expect(schemas.map((s) => s.name)).toEqual(
      exampleTenant.schemas
        .filter((s) => s.businessAreaId === customer.businessAreaId)
        .map((s) => s.name),
    );
    const schema = await client.getSchema(catalogue.businessAreaId, catalogue.schemaId);
    expect(schema.name).toBe('Product');
    expect(schema.fields.length).toBeGreaterThan(5);
    expect(
      (await client.dataSets(catalogue.businessAreaId, catalogue.schemaId).toArray()).map(
        (d) => d.dataSetName,
      ),
    ).toEqual(['Catalogue 2024']);
    const objects = await client.dataObjects(catalogue).toArray();
    expect(objects).toHaveLength(5);
    expect(objects.every((o) => Number.isInteger(o._version))).toBe(true);
    // Five objects in pages of two: three requests, each after the last one's nextPageKey.
    const pageKeys = service.requests
      .filter((r) => r.path.endsWith('/dataobjects'))
      .map((r) => r.url.searchParams.get('pageKey'));
    expect(pageKeys).toEqual([null, '2', '4']);
  });

  it('reads one data object with its version, by ids or from a search hit', async () => {
    const { client } = setup();
    expect(await client.getDataObject(productRef)).toMatchObject({
      _dataObjectId: firstProduct._dataObjectId,
      _version: firstProduct._version,
    });
    const { hits } = await client.search(`_dataObjectId:${firstProduct._dataObjectId}`, {
      size: 100,
    });
    const hit = hits.find((h) => h._dataObjectId === firstProduct._dataObjectId)!;
    expect((await client.getDataObject(hit))._version).toBe(firstProduct._version);
    await expect(
      client.getDataObject({ ...productRef, dataObjectId: 'missing' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.getDataObject({ ...productRef, dataObjectId: '' })).rejects.toThrow(
      /dataObjectId/,
    );
  });

  it('encodes ids as path segments', async () => {
    const { client, service } = setup();
    await client.getSchema('a/b c', 'x?y').catch(() => undefined);
    expect(service.requests.at(-1)!.url.pathname).toBe('/v1/businessareas/a%2Fb%20c/schemas/x%3Fy');
  });

  it("refuses '.' and '..' as ids, which a URL resolves to another resource (an update of '..' was a PUT on the dataset), sending nothing", async () => {
    const { client, service } = setup();
    const sent = service.requests.length;
    for (const id of ['.', '..']) {
      await expect(
        client.update({ ...productRef, dataObjectId: id }, 1, { Name: 'x' }),
      ).rejects.toThrow(`'${id}' cannot be an id: a URL path resolves it to another resource`);
      await expect(client.deleteDataObject({ ...productRef, dataSetId: id })).rejects.toThrow(
        TypeError,
      );
      await expect(client.getSchema(id, catalogue.schemaId)).rejects.toThrow(TypeError);
      await expect(client.schemas(id).toArray()).rejects.toThrow(TypeError);
      await expect(client.dataObjects({ ...catalogue, schemaId: id }).toArray()).rejects.toThrow(
        TypeError,
      );
    }
    expect(service.requests.length).toBe(sent);
    // What the rule prevents: the path as the URL would have sent it.
    expect(
      new URL('http://service.test/v1/businessareas/a/schemas/b/datasets/c/dataobjects/..')
        .pathname,
    ).toBe('/v1/businessareas/a/schemas/b/datasets/c/');
    // Ids that merely hold dots are fine.
    await client.getSchema('...', '.a.').catch(() => undefined);
    expect(service.requests.at(-1)!.url.pathname).toBe('/v1/businessareas/.../schemas/.a.');
  });

  it('sends the search filters by name, from and size', async () => {
    const { client, searches } = setup();
    const result = await client.search('Berlin', {
      businessArea: 'customer',
      schema: 'Customer',
      dataSet: 'Retail Customers',
      from: 2,
      size: 3,
    });
    expect(result.hits).toHaveLength(3);
    expect(result.total).toBeGreaterThan(10);
    expect(result.diagnostics).toEqual([]);
    expect(Object.fromEntries(searches()[0]!.url.searchParams)).toEqual({
      query: 'Berlin',
      businessArea: 'customer',
      schema: 'Customer',
      dataSet: 'Retail Customers',
      from: '2',
      size: '3',
    });
    await client.search('x');
    expect(Object.fromEntries(searches()[1]!.url.searchParams)).toEqual({ query: 'x' });
    await expect(client.search('x', { size: 0 })).rejects.toThrow(/size/);
    await expect(client.search('x', { from: -1 })).rejects.toThrow(/from/);
  });

  it('takes a query as text, a parsed tree or a builder result', async () => {
    const { client, searches } = setup();
    await client.search(parse('a   AND  b OR c').ast);
    await client.search(query(field('First Name').eq('x") OR ("1')));
    expect(searches().map((r) => r.url.searchParams.get('query'))).toEqual([
      '(a AND b) OR c',
      '[First Name] eq "x\\") OR (\\"1"',
    ]);
    await expect(client.search(42 as never)).rejects.toThrow(TypeError);
  });

  it('walks every page with searchAll', async () => {
    const { client, searches } = setup();
    const all = [];
    for await (const hit of client.searchAll('*', { pageSize: 4 })) all.push(hit._dataObjectId);
    const total = exampleTenant.dataSets.reduce((n, d) => n + d.dataObjects.length, 0);
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(searches()).toHaveLength(Math.ceil(total / 4));
  });

  it("check 'error': a query with errors is never sent, and the error holds every diagnostic", async () => {
    const { client, searches } = setup();
    const error = await client
      .search('[Age] gt "old" AND VIP:maybe', {
        businessArea: 'customer',
        schema: 'Customer',
        check: 'error',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).local).toBe(true);
    expect((error as QueryError).diagnostics.map((d) => d.code)).toContain('invalid-boolean');
    expect(searches()).toHaveLength(0);
  });

  it("check 'warn': sends, and returns and logs the diagnostics; schemas are fetched once and cached by name", async () => {
    const warnings: string[] = [];
    const { client, searches, service } = setup({ warn: (m) => void warnings.push(m) });
    const first = await client.search('[Fist Name] eq "Tim"', {
      businessArea: 'customer',
      schema: 'Customer',
      check: 'warn',
    });
    expect(first.diagnostics.map((d) => d.code)).toEqual(['unknown-field']);
    expect(warnings.join('\n')).toContain('unknown-field');
    const schemaReads = service.requests.filter((r) => r.path.includes('/schemas/')).length;
    await client.search('[First Name] eq "Tim"', {
      businessArea: 'customer',
      schema: 'Customer',
      check: 'warn',
    });
    expect(service.requests.filter((r) => r.path.includes('/schemas/')).length).toBe(schemaReads);
    expect(searches()).toHaveLength(2);
  });

  it('checks against every schema of every business area when no scope is given', async () => {
    const { client } = setup();
    const schemas = await client.schemasIn({});
    expect(schemas.map((s) => s.name).sort()).toEqual(
      exampleTenant.schemas.map((s) => s.name).sort(),
    );
    expect(await client.checkQuery('[Stock Quantity] ge 1 AND [First Name] eq "Tim"')).toEqual([]);
    expect(
      (await client.checkQuery('Nope:1', { businessArea: 'product' })).map((d) => d.code),
    ).toEqual(['unknown-field']);
  });

  it("one caller's abort does not fail another caller waiting on the same list (the shared request took the first caller's signal)", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const service = fakeService();
    // The business areas answer only once released; an abort ends the wait, as on the wire.
    const slow: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/v1/my/businessareas')) {
        await new Promise<void>((resolve, reject) => {
          void held.then(resolve);
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), {
            once: true,
          });
        });
      }
      return service.fetch(input, init);
    };
    const client = createClient({ baseUrl: 'http://service.test', credentials, fetch: slow });
    const stop = new AbortController();
    const first = client.findBusinessArea('product', { signal: stop.signal });
    const second = client.findBusinessArea('customer');
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort(new Error('the first caller gave up'));
    await expect(first).rejects.toThrow('the first caller gave up');
    release();
    expect((await second).name).toBe('customer');
    // The list was asked for once, and is cached for the next caller.
    expect((await client.findBusinessArea('product')).name).toBe('product');
    expect(service.requests.filter((r) => r.path === '/v1/my/businessareas')).toHaveLength(1);
    await expect(
      client.findBusinessArea('product', { signal: AbortSignal.abort(new Error('already')) }),
    ).rejects.toThrow('already');
  });

  it('a query with a hundred problems makes a message of a few diagnostics and a count, while the error holds them all (the message was one line of some 7 KB)', async () => {
    const { client, searches } = setup();
    const text = ') '.repeat(3000);
    const error = (await client
      .search(text, { check: 'error' })
      .catch((e: unknown) => e)) as QueryError;
    expect(error).toBeInstanceOf(QueryError);
    expect(error.diagnostics.length).toBeGreaterThan(100);
    expect(error.message.length).toBeLessThan(1000);
    expect(error.message).toMatch(
      new RegExp(
        `; and ${error.diagnostics.filter((d) => d.severity === 'error').length - MAX_DESCRIBED} more$`,
      ),
    );
    expect(searches()).toHaveLength(0);
  });

  it('a 400 on search is a QueryError with the local diagnostics', async () => {
    const service = fakeService({
      before: (r) =>
        r.path === '/dataobjects/search'
          ? json({ message: 'invalid query syntax' }, 400)
          : undefined,
    });
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials,
      fetch: service.fetch,
    });
    const error = await client.search('(a OR').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).local).toBe(false);
    expect((error as QueryError).status).toBe(400);
    expect((error as QueryError).diagnostics.map((d) => d.code)).toContain('unclosed-paren');
    expect((error as Error).message).toMatch(/invalid query syntax; locally: .*unclosed-paren/);
  });

  it('finds business areas, schemas and datasets by id, by name, by name in another case', async () => {
    const { client, service } = setup();
    const product = exampleTenant.businessAreas[1]!;
    expect((await client.findBusinessArea('product')).businessAreaId).toBe(product.businessAreaId);
    expect((await client.findBusinessArea(product.businessAreaId)).name).toBe('product');
    expect((await client.findBusinessArea('PRODUCT')).name).toBe('product');
    expect((await client.findSchema('product', 'product')).schemaId).toBe(catalogue.schemaId);
    expect((await client.findDataSet('product', 'Product', 'catalogue 2024')).dataSetId).toBe(
      catalogue.dataSetId,
    );
    await expect(client.findBusinessArea('nope')).rejects.toThrow(
      "no business area named 'nope' (known: 'customer', 'product', 'supplier')",
    );
    await expect(client.findSchema('customer', 'Product')).rejects.toBeInstanceOf(NotFoundError);
    // One listing of business areas for all of the above.
    expect(service.requests.filter((r) => r.path === '/v1/my/businessareas')).toHaveLength(1);
  });

  it('creates and deletes data objects', async () => {
    const created = {
      _dataObjectId: 'new-id',
      _version: 1,
      _errors: [{ name: 'SKU', errors: ['required'] }],
    };
    const { fetch, requests } = fakeFetch((r) => {
      if (r.path === '/oauth2/token') return json({ access_token: 'abcdef', expires_in: 60 });
      if (r.method === 'POST') return json(created, 201);
      return new Response(null, { status: 204 });
    });
    const client = createClient({ baseUrl: 'http://service.test', credentials, fetch });
    expect(await client.createDataObject(catalogue, { 'Product Name': 'Lamp' })).toEqual(created);
    expect(requests[1]).toMatchObject({ method: 'POST', body: { 'Product Name': 'Lamp' } });
    expect(requests[1]!.path).toBe(
      `/v1/businessareas/${catalogue.businessAreaId}/schemas/${catalogue.schemaId}/datasets/${catalogue.dataSetId}/dataobjects`,
    );
    await client.deleteDataObject({ ...productRef, dataObjectId: 'new-id' });
    expect(requests[2]).toMatchObject({ method: 'DELETE' });
    expect(requests[2]!.path.endsWith('/dataobjects/new-id')).toBe(true);
  });
});
