/** Tokens, the Authorization header, expiry, and grants per client. */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateClients } from '../../src/emulator/auth.js';
import type { ClientGrant } from '../../src/emulator/index.js';
import { startApi, tenantPaths, type TestApi } from './helpers.js';

describe('the token endpoint', () => {
  let api: TestApi;
  beforeAll(async () => (api = await startApi()));
  afterAll(() => api.emulator.close());

  it.each(['/oauth2/token', '/v1/oauth2/token'])(
    '%s issues a random token for the demo client',
    async (path) => {
      const a = await api.request('POST', path, {
        body: { client_id: 'mdq-demo', client_secret: 'mdq-demo-secret' },
        token: null,
      });
      const b = await api.request('POST', path, {
        body: { client_id: 'mdq-demo', client_secret: 'mdq-demo-secret' },
        token: null,
      });
      expect(a.status).toBe(200);
      expect(a.body).toEqual({
        access_token: expect.any(String),
        expires_in: 3600,
        token_type: 'Bearer',
      });
      expect(a.body.access_token).not.toBe(b.body.access_token);
      expect(a.body.access_token.length).toBeGreaterThanOrEqual(40);
    },
  );

  it('answers 400 with a message for a missing field', async () => {
    for (const body of [
      {},
      { client_id: 'mdq-demo' },
      { client_secret: 'x' },
      { client_id: 1, client_secret: 'x' },
    ]) {
      const response = await api.request('POST', '/oauth2/token', { body, token: null });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/missing client_(id|secret)/);
    }
  });

  it('answers 401 for bad credentials, without echoing the secret', async () => {
    for (const body of [
      { client_id: 'mdq-demo', client_secret: 'wrong-secret-value' },
      { client_id: 'nobody', client_secret: 'mdq-demo-secret' },
    ]) {
      const response = await api.request('POST', '/oauth2/token', { body, token: null });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'invalid client credentials' });
      expect(response.text).not.toContain('secret-value');
    }
  });

  it('answers 400 for malformed JSON and 415 for another content type', async () => {
    const malformed = await api.request('POST', '/oauth2/token', {
      raw: '{"client_id": ',
      headers: { 'content-type': 'application/json' },
      token: null,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/not valid JSON/);
    // A secret left unquoted (a shell variable outside the quotes) was quoted back in V8's message.
    const unquoted = await api.request('POST', '/oauth2/token', {
      raw: '{"client_id": "mdq-demo", "client_secret": hunter2-mdq-demo}',
      headers: { 'content-type': 'application/json' },
      token: null,
    });
    expect(unquoted.status).toBe(400);
    expect(unquoted.body.message).toBe(
      'the request body is not valid JSON: an unexpected character',
    );
    expect(unquoted.text).not.toContain('hunter');
    const form = await api.request('POST', '/oauth2/token', {
      raw: 'client_id=a&client_secret=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      token: null,
    });
    expect(form.status).toBe(415);
    expect(form.body.message).toMatch(/application\/json/);
  });
});

describe('the Authorization header', () => {
  let api: TestApi;
  beforeAll(async () => (api = await startApi()));
  afterAll(() => api.emulator.close());

  it('carries the token alone; the Bearer prefix is a 401 that says so', async () => {
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
    const bearer = await api.get('/v1/my/businessareas', {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(bearer.status).toBe(401);
    expect(bearer.body.message).toMatch(/without the "Bearer " prefix/);
    expect(bearer.text).not.toContain(api.token);
  });

  it('is required, and must hold a token the emulator issued', async () => {
    const missing = await api.get('/v1/my/businessareas', { token: null });
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/missing Authorization/);
    const made = await api.get('/v1/my/businessareas', { token: 'made-up-token' });
    expect(made.status).toBe(401);
    expect(made.body.message).toMatch(/invalid access token/);
  });
});

describe('token expiry', () => {
  it('answers 401 once expires_in seconds have passed', async () => {
    const api = await startApi({ tokenTtlSeconds: 1 });
    try {
      expect((await api.get('/v1/my/businessareas')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const expired = await api.get('/v1/my/businessareas');
      expect(expired.status).toBe(401);
      expect(expired.body.message).toMatch(/expired/);
      await api.login();
      expect((await api.get('/v1/my/businessareas')).status).toBe(200);
    } finally {
      await api.emulator.close();
    }
  });
});

describe('grants', () => {
  const clients: ClientGrant[] = [
    { clientId: 'everything', clientSecret: 's3cret-everything', businessAreas: '*' },
    {
      clientId: 'products',
      clientSecret: 's3cret-products',
      businessAreas: ['product'],
      tokenTtlSeconds: 60,
    },
    {
      clientId: 'reader',
      clientSecret: 's3cret-reader',
      businessAreas: [
        {
          businessArea: 'customer',
          schemas: ['Customer'],
          dataSets: ['Retail Customers'],
          access: 'read',
        },
      ],
    },
    { clientId: 'nothing', clientSecret: 's3cret-nothing', businessAreas: [] },
  ];
  let api: TestApi;
  let paths: Awaited<ReturnType<typeof tenantPaths>>;
  beforeAll(async () => {
    api = await startApi({ clients });
    await api.login('everything', 's3cret-everything');
    paths = await tenantPaths(api);
  });
  afterAll(() => api.emulator.close());

  it('lists only the granted business areas; no grant is an empty list', async () => {
    await api.login('products', 's3cret-products');
    expect(
      (await api.get('/v1/my/businessareas')).body.response.map((a: { name: string }) => a.name),
    ).toEqual(['product']);
    await api.login('nothing', 's3cret-nothing');
    expect((await api.get('/v1/my/businessareas')).body).toEqual({ response: [] });
  });

  it("uses the client's own token lifetime", async () => {
    const response = await api.request('POST', '/oauth2/token', {
      body: { client_id: 'products', client_secret: 's3cret-products' },
      token: null,
    });
    expect(response.body.expires_in).toBe(60);
  });

  it('shows resources outside the grant as missing (404)', async () => {
    await api.login('products', 's3cret-products');
    expect(
      (await api.get(`/v1/businessareas/${paths.customer.businessAreaId}/schemas`)).status,
    ).toBe(404);
    expect((await api.get(paths.schemaPath)).status).toBe(404);
    const put = await api.request('PUT', `${paths.objectsPath}/x`, { body: { _version: 1 } });
    expect(put.status).toBe(404);
  });

  it('narrows to schemas and datasets, and a read grant forbids changes (403)', async () => {
    await api.login('reader', 's3cret-reader');
    const schemas = await api.get(`/v1/businessareas/${paths.customer.businessAreaId}/schemas`);
    expect(schemas.body.items.map((s: { name: string }) => s.name)).toEqual(['Customer']);
    const dataSets = await api.get(`${paths.schemaPath}/datasets`);
    expect(dataSets.body.items.map((d: { dataSetName: string }) => d.dataSetName)).toEqual([
      'Retail Customers',
    ]);
    const list = await api.get(paths.objectsPath);
    expect(list.status).toBe(200);
    const first = list.body.items[0];
    const put = await api.request('PUT', `${paths.objectsPath}/${first._dataObjectId}`, {
      body: { _version: first._version, City: 'Bonn' },
    });
    expect(put.status).toBe(403);
    expect(put.body.message).toMatch(/may read but not change/);
    expect((await api.request('POST', paths.objectsPath, { body: { City: 'Bonn' } })).status).toBe(
      403,
    );
    expect(
      (await api.request('DELETE', `${paths.objectsPath}/${first._dataObjectId}`)).status,
    ).toBe(403);
  });

  it('never shows a secret or a token when inspected', async () => {
    const token = await api.login('everything', 's3cret-everything');
    const shown = inspect(api.emulator, { depth: 10 });
    expect(shown).not.toContain('s3cret');
    expect(shown).not.toContain(token);
  });
});

describe('the clients config', () => {
  it('refuses a client id given twice (the first one could never log in), naming it but not its secrets', () => {
    const twice = [
      { clientId: 'app', clientSecret: 'first-s3cret', businessAreas: '*' },
      { clientId: 'app', clientSecret: 'second-s3cret', businessAreas: '*' },
    ];
    expect(() => validateClients(twice)).toThrow(/client "app" is given twice \(clients 1 and 2\)/);
    try {
      validateClients(twice);
    } catch (e) {
      expect(String(e)).not.toMatch(/s3cret/);
    }
  });
});
