import { describe, expect, it } from 'vitest';
import { AuthError, createClient, TimeoutError } from '../../src/client/index.js';
import { fakeClock, fakeFetch, json } from './support/fake-fetch.js';
import { CLIENT_ID, CLIENT_SECRET, fakeService } from './support/fake-service.js';

const credentials = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
const tokenRequests = (requests: readonly { path: string }[]) =>
  requests.filter((r) => r.path.endsWith('/oauth2/token')).length;

describe('tokens', () => {
  it('posts the credentials as JSON and sends the token alone, never "Bearer ..."', async () => {
    const service = fakeService();
    const client = createClient({
      baseUrl: 'http://service.test/',
      credentials,
      fetch: service.fetch,
    });
    await client.businessAreas();
    const [token, areas] = service.requests;
    expect(token!.method).toBe('POST');
    expect(token!.path).toBe('/oauth2/token');
    expect(token!.headers['content-type']).toBe('application/json');
    expect(token!.body).toEqual({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    expect(areas!.headers.authorization).toBe(service.issued[0]);
    expect(areas!.headers.authorization).not.toMatch(/^Bearer/i);
    expect(areas!.headers.accept).toBe('application/json');
  });

  it('takes the token path of the v1 references', async () => {
    const service = fakeService();
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials,
      fetch: service.fetch,
      tokenPath: '/v1/oauth2/token',
    });
    await client.businessAreas();
    expect(service.requests[0]!.path).toBe('/v1/oauth2/token');
  });

  it('keeps the base URL path prefix', async () => {
    const { fetch, requests } = fakeFetch((r) =>
      r.path.endsWith('token') ? json({ access_token: 'abcd1234', expires_in: 60 }) : json([]),
    );
    await createClient({ baseUrl: 'http://service.test/api/', credentials, fetch }).businessAreas();
    expect(requests.map((r) => r.path)).toEqual(['/api/oauth2/token', '/api/v1/my/businessareas']);
  });

  it('shares one refresh among twenty concurrent requests (single flight)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const service = fakeService();
    const slowTokens = fakeFetch(async (r) => {
      if (r.path === '/oauth2/token') await gate;
      return service.fetch(r.url.href, {
        method: r.method,
        headers: r.headers,
        ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
      });
    });
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials,
      fetch: slowTokens.fetch,
    });
    const all = Promise.all(Array.from({ length: 20 }, () => client.businessAreas()));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await all).every((areas) => areas.length === 3)).toBe(true);
    expect(tokenRequests(slowTokens.requests)).toBe(1);
    expect(service.issued).toHaveLength(1);
  });

  it.each([0, -5, Number.NaN, '3600', null, 1e308])(
    'with an expires_in of %j (no usable lifetime, or one past any clock) keeps a token until it is refused, then renews it once',
    async (expiresIn) => {
      let issued = 0;
      const refused = new Set<string>();
      const { fetch, requests } = fakeFetch((r) => {
        if (r.path === '/oauth2/token')
          return new Response(
            `{"access_token":"tok-${++issued}-abcdef","expires_in":${JSON.stringify(expiresIn)}}`,
            { status: 200 },
          );
        return refused.has(r.headers.authorization!) ? json({ message: 'expired' }, 401) : json([]);
      });
      const { clock, advance } = fakeClock();
      const client = createClient({ baseUrl: 'http://service.test', credentials, fetch, clock });
      for (let i = 0; i < 3; i++) {
        await client.businessAreas();
        advance(10 * 24 * 3600 * 1000);
      }
      expect(tokenRequests(requests)).toBe(1);
      refused.add('tok-1-abcdef');
      await client.businessAreas();
      await client.businessAreas();
      expect(tokenRequests(requests)).toBe(2);
    },
  );

  it('reuses a token until a margin before expires_in runs out, then renews it', async () => {
    const service = fakeService({ expiresIn: 3600 });
    const { clock, advance } = fakeClock();
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials,
      fetch: service.fetch,
      clock,
      refreshMarginSeconds: 60,
    });
    await client.businessAreas();
    advance((3600 - 61) * 1000);
    await client.businessAreas();
    expect(tokenRequests(service.requests)).toBe(1);
    advance(2000);
    await client.businessAreas();
    expect(tokenRequests(service.requests)).toBe(2);
  });

  it('caps the margin at a tenth of a short lifetime', async () => {
    const service = fakeService({ expiresIn: 10 });
    const { clock, advance } = fakeClock();
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials,
      fetch: service.fetch,
      clock,
    });
    await client.businessAreas();
    advance(8900);
    await client.businessAreas();
    expect(tokenRequests(service.requests)).toBe(1);
    advance(200);
    await client.businessAreas();
    expect(tokenRequests(service.requests)).toBe(2);
  });

  it('renews once and replays once after a 401, for every request that met it', async () => {
    const service = fakeService();
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials,
      fetch: service.fetch,
    });
    await client.businessAreas();
    service.expireTokens();
    await Promise.all(Array.from({ length: 10 }, () => client.businessAreas()));
    expect(tokenRequests(service.requests)).toBe(2);
    expect(service.requests.filter((r) => r.path === '/v1/my/businessareas')).toHaveLength(21);
  });

  it('gives up with an AuthError when the renewed token is refused too', async () => {
    const { fetch, requests } = fakeFetch((r) =>
      r.path === '/oauth2/token'
        ? json({ access_token: `t${requests.length}-long`, expires_in: 3600 })
        : json({ message: 'nope' }, 401),
    );
    const client = createClient({ baseUrl: 'http://service.test', credentials, fetch });
    const error = await client.businessAreas().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(401);
    expect(requests.map((r) => r.path)).toEqual([
      '/oauth2/token',
      '/v1/my/businessareas',
      '/oauth2/token',
      '/v1/my/businessareas',
    ]);
  });

  it('reports refused credentials as an AuthError, without retrying them', async () => {
    const service = fakeService();
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: CLIENT_ID, clientSecret: 'wrong-secret' },
      fetch: service.fetch,
    });
    const error = await client.businessAreas().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toMatch(/refused the client credentials of 'unit-client'/);
    expect(service.requests).toHaveLength(1);
  });

  it('asks getToken, and asks it to force a refresh after a 401', async () => {
    const service = fakeService();
    await createClient({
      baseUrl: 'http://service.test',
      credentials,
      fetch: service.fetch,
    }).businessAreas();
    const asked: boolean[] = [];
    const client = createClient({
      baseUrl: 'http://service.test',
      fetch: service.fetch,
      getToken: async ({ forceRefresh }) => {
        asked.push(forceRefresh);
        return forceRefresh ? service.issued.at(-1)! : 'stale-token';
      },
    });
    expect(await client.businessAreas()).toHaveLength(3);
    expect(asked).toEqual([false, true]);
    await client.businessAreas();
    expect(asked).toEqual([false, true]);
  });

  it('renews a getToken token when its lifetime runs out', async () => {
    const service = fakeService();
    await createClient({
      baseUrl: 'http://service.test',
      credentials,
      fetch: service.fetch,
    }).businessAreas();
    const { clock, advance } = fakeClock();
    let calls = 0;
    const client = createClient({
      baseUrl: 'http://service.test',
      fetch: service.fetch,
      clock,
      getToken: async () => (calls++, { accessToken: service.issued[0]!, expiresInSeconds: 100 }),
    });
    await client.businessAreas();
    advance(50_000);
    await client.businessAreas();
    expect(calls).toBe(1);
    advance(45_000);
    await client.businessAreas();
    expect(calls).toBe(2);
  });

  it('refuses options without a way to get a token, or with a bad one', () => {
    expect(() => createClient({ baseUrl: 'http://service.test' })).toThrow(/credentials|getToken/);
    expect(() =>
      createClient({
        baseUrl: 'http://service.test',
        credentials: { clientId: 'a', clientSecret: '' },
      }),
    ).toThrow(/clientSecret/);
    expect(() => createClient({ baseUrl: 'ftp://service.test', credentials })).toThrow(/http/);
    expect(() => createClient({ baseUrl: 'not a url', credentials })).toThrow(/not a URL/);
    expect(() => createClient({ baseUrl: 'http://user:pw@service.test', credentials })).toThrow(
      /credentials/,
    );
    expect(() =>
      createClient({ baseUrl: 'http://service.test', credentials, tokenPath: 'oauth2/token' }),
    ).toThrow(/tokenPath/);
    expect(() =>
      createClient({ baseUrl: 'http://service.test', credentials, timeoutMs: 0 }),
    ).toThrow(/timeoutMs/);
  });
  it('gives a getToken that never settles timeoutMs, aborts its signal, and asks again on the next call', async () => {
    const service = fakeService();
    await createClient({
      baseUrl: 'http://service.test',
      credentials,
      fetch: service.fetch,
    }).businessAreas();
    const signals: AbortSignal[] = [];
    let hang = true;
    const client = createClient({
      baseUrl: 'http://service.test',
      fetch: service.fetch,
      timeoutMs: 50,
      getToken: ({ signal }) => {
        signals.push(signal!);
        // The first refresh never settles; the late answer must be dropped, never shown.
        return hang ? new Promise(() => undefined) : Promise.resolve(service.issued[0]!);
      },
    });
    const error = await client.businessAreas().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('getToken gave no token within 50 ms (timeoutMs)');
    expect(signals[0]!.aborted).toBe(true);
    // The stuck refresh no longer blocks the client: the next call asks getToken again.
    hang = false;
    expect(await client.businessAreas()).toHaveLength(3);
    expect(signals).toHaveLength(2);
    expect(signals[1]!.aborted).toBe(false);
  });

  it("stops waiting for getToken when the caller aborts, with the caller's reason", async () => {
    const client = createClient({
      baseUrl: 'http://service.test',
      fetch: fakeService().fetch,
      timeoutMs: 60_000,
      getToken: () => new Promise(() => undefined),
    });
    const controller = new AbortController();
    const reason = new Error('the user left');
    const call = client.businessAreas({ signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(reason), 10);
    expect(await call).toBe(reason);
  });

  it('passes a getToken rejection through unchanged, and a getToken that throws at once as a rejection', async () => {
    const refused = new Error('backend said no');
    const rejecting = createClient({
      baseUrl: 'http://service.test',
      fetch: fakeService().fetch,
      timeoutMs: 50,
      getToken: () => Promise.reject(refused),
    });
    await expect(rejecting.businessAreas()).rejects.toBe(refused);
    const throwing = createClient({
      baseUrl: 'http://service.test',
      fetch: fakeService().fetch,
      getToken: () => {
        throw refused;
      },
    });
    await expect(throwing.businessAreas()).rejects.toBe(refused);
  });
});
