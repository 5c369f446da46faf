/**
 * Redirects are never followed. Node's fetch drops the Authorization header when a
 * redirect crosses origins, but a 307 or 308 repeats the body: the token request's
 * client secret went to whatever origin the Location named. Real sockets on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError, createClient } from '../../src/client/index.js';
import { fakeFetch, json } from './support/fake-fetch.js';

const SECRET = 'redirect-secret-7c1d9e';
const TOKEN = 'redirect-token-55aa01';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
  readonly body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(
  handle: (
    request: IncomingMessage,
    body: string,
  ) => { status: number; headers?: Record<string, string>; body?: string },
): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      const answer = handle(request, body);
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.body ?? '');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Another origin for the same machine: `localhost` against `127.0.0.1`.
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** A service whose every answer is a redirect of `status` to the other server, at the same path. */
async function redirecting(status: number, tokenToo: boolean) {
  const elsewhere = await listen((request) => ({
    status: 200,
    body: request.url?.endsWith('/oauth2/token')
      ? JSON.stringify({ access_token: TOKEN, expires_in: 3600 })
      : '[]',
  }));
  const otherOrigin = elsewhere.url.replace('127.0.0.1', 'localhost');
  const service = await listen((request) => {
    if (!tokenToo && request.url === '/oauth2/token')
      return { status: 200, body: JSON.stringify({ access_token: TOKEN, expires_in: 3600 }) };
    return { status, headers: { location: `${otherOrigin}${request.url}?leak=1` } };
  });
  const client = createClient({
    baseUrl: service.url,
    credentials: { clientId: 'app', clientSecret: SECRET },
    retry: { attempts: 1 },
  });
  return { client, elsewhere, service, otherOrigin };
}

describe('redirects', () => {
  it.each([307, 308, 301, 302, 303])(
    'a %i from the token endpoint: nothing reaches the other origin, and the error says where it pointed',
    async (status) => {
      const { client, elsewhere, otherOrigin } = await redirecting(status, true);
      const error = (await client.businessAreas().catch((e: unknown) => e)) as ServiceError;
      expect(error).toBeInstanceOf(ServiceError);
      expect(error.status).toBe(status);
      expect(error.message).toBe(
        `POST /oauth2/token was redirected to ${otherOrigin}/oauth2/token (${status}): the client follows no redirect, so that neither the token nor the secret goes elsewhere; give the service's own address as baseUrl`,
      );
      expect(elsewhere.seen).toEqual([]);
    },
  );

  it.each([307, 302])(
    'a %i from a read: the token never reaches the other origin, and the read is not retried',
    async (status) => {
      const { client, elsewhere, service } = await redirecting(status, false);
      const error = (await client.businessAreas().catch((e: unknown) => e)) as ServiceError;
      expect(error.message).toMatch(
        /^GET \/v1\/my\/businessareas was redirected to http:\/\/localhost:\d+\/v1\/my\/businessareas \(\d+\)/,
      );
      expect(elsewhere.seen).toEqual([]);
      expect(service.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
        'POST /oauth2/token',
        'GET /v1/my/businessareas',
      ]);
      expect(JSON.stringify(error)).not.toContain(TOKEN);
    },
  );

  it('a redirect as a browser shows it (opaque, status 0) is refused the same way', async () => {
    const { fetch } = fakeFetch((r) => {
      if (r.path === '/oauth2/token') return json({ access_token: TOKEN, expires_in: 3600 });
      const opaque = new Response(null, { status: 200 });
      Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
      Object.defineProperty(opaque, 'status', { value: 0 });
      return opaque;
    });
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'app', clientSecret: SECRET },
      fetch,
    });
    const error = (await client.businessAreas().catch((e: unknown) => e)) as ServiceError;
    expect(error.message).toBe(
      "GET /v1/my/businessareas was redirected: the client follows no redirect, so that neither the token nor the secret goes elsewhere; give the service's own address as baseUrl",
    );
    expect(error.status).toBeUndefined();
  });

  it("asks fetch not to follow redirects (a custom fetch may keep the Authorization header across origins), and shows no Location's user:password", async () => {
    const { fetch, requests } = fakeFetch((r) =>
      r.path === '/oauth2/token'
        ? json({ access_token: TOKEN, expires_in: 3600 })
        : new Response(null, {
            status: 302,
            headers: { location: `http://user:${SECRET}@elsewhere.test/x?token=${TOKEN}` },
          }),
    );
    let redirect: RequestRedirect | undefined;
    const watching: typeof globalThis.fetch = (input, init) => (
      (redirect = init?.redirect), fetch(input, init)
    );
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'app', clientSecret: SECRET },
      fetch: watching,
    });
    const error = (await client.businessAreas().catch((e: unknown) => e)) as ServiceError;
    expect(redirect).toBe('manual');
    expect(error.message).toContain('redirected to http://elsewhere.test/x (302)');
    expect(requests).toHaveLength(2);
  });
});
