/** What `createClient` refuses at once, because it would misbehave on every request later. */
import { describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/client/index.js';
import { fakeClock, fakeFetch, json } from './support/fake-fetch.js';

const credentials = { clientId: 'app', clientSecret: 'secret-value' };

/** A service that counts its token requests and answers every read. */
function counting(options: Partial<ClientOptions>) {
  const { fetch, requests } = fakeFetch((r) =>
    r.path.endsWith('/oauth2/token')
      ? json({ access_token: 'token-abcdef', expires_in: 3600 })
      : json([]),
  );
  const client = createClient({
    baseUrl: 'http://service.test',
    credentials,
    fetch,
    clock: fakeClock().clock,
    ...options,
  });
  return { client, requests };
}

describe('the base URL', () => {
  it.each([
    'http://service.test/api?tenant=1',
    'http://service.test/api#top',
    'http://service.test/?',
    'http://service.test#',
  ])('refuses a query or a fragment, which would swallow the paths: %s', (baseUrl) => {
    expect(() => createClient({ baseUrl, credentials })).toThrow(/query or a fragment/);
  });

  it('before the fix, a query swallowed the path: the token request went to the query string', () => {
    // The reason for the rule, shown on the URL arithmetic the transport does.
    expect(new URL('http://service.test/api?tenant=1' + '/oauth2/token').pathname).toBe('/api');
  });

  it('keeps a path, without its trailing slashes', async () => {
    const { client, requests } = counting({ baseUrl: 'http://service.test/api///' });
    expect(client.baseUrl).toBe('http://service.test/api');
    await client.businessAreas();
    expect(requests.map((r) => r.path)).toEqual(['/api/oauth2/token', '/api/v1/my/businessareas']);
  });

  it('does not echo the user:password of a URL it cannot parse', () => {
    const error = (() => {
      try {
        createClient({ baseUrl: 'http://admin:hunter2-pass@[broken', credentials });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/not a URL/);
    expect(error?.message).not.toContain('hunter2-pass');
    expect(error?.message).not.toContain('admin');
  });
});

describe('counts', () => {
  it('rounds a fractional pageSize or conflictAttempts down, but never below 1 (0.5 asked for pages of size 0, and failed every updateWithRetry)', async () => {
    const { fetch, requests } = fakeFetch((r) =>
      r.path === '/oauth2/token'
        ? json({ access_token: 'token-abcdef', expires_in: 3600 })
        : json({ hits: [], total: 0 }),
    );
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials,
      fetch,
      pageSize: 0.5,
      conflictAttempts: 0.5,
    });
    for await (const hit of client.searchAll('a')) expect(hit).toBeUndefined();
    expect(requests.at(-1)!.url.searchParams.get('size')).toBe('1');
    await expect(
      client.updateWithRetry(
        { businessAreaId: 'b', schemaId: 's', dataSetId: 'd', dataObjectId: 'o' },
        () => ({}),
      ),
    ).rejects.toThrow(/no such data object|unexpected body/);
  });
});

describe('times', () => {
  it.each([2 ** 31, 3e9, 1e10, 1e300])(
    'refuses a timeoutMs a timer cannot hold (%d), which timed every request out at once or threw a RangeError from fetch',
    (timeoutMs) => {
      expect(() =>
        createClient({ baseUrl: 'http://service.test', credentials, timeoutMs }),
      ).toThrow(/timeoutMs must be a positive number of at most 2147483647/);
    },
  );

  it('takes the longest timeoutMs a timer holds', async () => {
    const { client } = counting({ timeoutMs: 2 ** 31 - 1 });
    expect(await client.businessAreas()).toEqual([]);
  });

  it.each([1500.5, 0.25, 2 ** 31 - 1.5])(
    'takes a fractional timeoutMs (%d) as whole milliseconds: AbortSignal.timeout threw a RangeError on every request',
    async (timeoutMs) => {
      const { client } = counting({ timeoutMs });
      expect(await client.businessAreas()).toEqual([]);
    },
  );

  it.each(['maxDelayMs', 'maxRetryAfterMs', 'baseDelayMs'] as const)(
    'refuses a retry.%s a timer cannot hold',
    (name) => {
      expect(() =>
        createClient({ baseUrl: 'http://service.test', credentials, retry: { [name]: 2 ** 31 } }),
      ).toThrow(new RegExp(`retry.${name} must be a number >= 0 and <= 2147483647`));
    },
  );

  it.each([Number.NaN, -1, Number.POSITIVE_INFINITY, '60' as unknown as number])(
    'refuses a refreshMarginSeconds of %j, which renewed the token on every request',
    (refreshMarginSeconds) => {
      expect(() =>
        createClient({ baseUrl: 'http://service.test', credentials, refreshMarginSeconds }),
      ).toThrow(/refreshMarginSeconds must be a number >= 0/);
    },
  );

  it('with a margin of 0, a token is reused until it expires', async () => {
    const { client, requests } = counting({ refreshMarginSeconds: 0 });
    for (let i = 0; i < 5; i++) await client.businessAreas();
    expect(requests.filter((r) => r.path === '/oauth2/token')).toHaveLength(1);
  });
});
