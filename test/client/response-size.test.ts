/**
 * An answer's body is read up to `maxResponseBytes`: a service (or a proxy in front of it)
 * that streams without end must not fill the memory before the timeout. Real sockets on
 * 127.0.0.1 for the stream, the in-process fetch for the rest.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError, createClient } from '../../src/client/index.js';
import { fakeFetch, json } from './support/fake-fetch.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A service whose business-area list never ends: chunks of 64 KiB as fast as the client reads. */
async function endless(): Promise<{ url: string; requests: () => number; closed: Promise<void> }> {
  let requests = 0;
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const server = createServer((_request, response: ServerResponse) => {
    requests++;
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    response.write('[');
    const pump = (): void => {
      while (!response.destroyed && response.write(chunk));
      if (!response.destroyed) response.once('drain', pump);
    };
    response.on('close', markClosed);
    pump();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    closed,
  };
}

describe('maxResponseBytes', () => {
  it('refuses a body that does not end, once past the bound, cancels it, and does not ask again', async () => {
    const service = await endless();
    const client = createClient({
      baseUrl: service.url,
      getToken: async () => 'token',
      maxResponseBytes: 1024 * 1024,
      retry: { attempts: 3, baseDelayMs: 1 },
    });
    const error = (await client.businessAreas().catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toBe(
      'GET /v1/my/businessareas answered 200 with a body larger than 1048576 bytes (maxResponseBytes)',
    );
    expect(error.status).toBe(200);
    await service.closed;
    expect(service.requests()).toBe(1);
  });

  it('refuses a body whose declared length is over the bound, before reading it', async () => {
    // Two bytes arrive: only the declared length can refuse them.
    const { fetch } = fakeFetch(
      () =>
        new Response('[]', {
          status: 200,
          headers: { 'content-type': 'application/json', 'content-length': '5000' },
        }),
    );
    const client = createClient({
      baseUrl: 'http://service.test',
      getToken: async () => 'token',
      fetch,
      maxResponseBytes: 4096,
    });
    await expect(client.businessAreas()).rejects.toThrow(
      'GET /v1/my/businessareas answered 200 with a body larger than 4096 bytes (maxResponseBytes)',
    );
  });

  it('reads a body up to the bound, in any number of chunks, characters split across them', async () => {
    const areas = Array.from({ length: 2000 }, (_, i) => ({
      id: `a${i}`,
      name: `Geschäftsbereich ${i} 東京`,
    }));
    const bytes = new TextEncoder().encode(JSON.stringify(areas));
    const body = new ReadableStream({
      start(controller) {
        // Chunks of 7 bytes: multi-byte characters fall across them.
        for (let at = 0; at < bytes.length; at += 7) controller.enqueue(bytes.subarray(at, at + 7));
        controller.close();
      },
    });
    const { fetch } = fakeFetch(
      () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const client = createClient({
      baseUrl: 'http://service.test',
      getToken: async () => 'token',
      fetch,
      maxResponseBytes: bytes.length,
    });
    const listed = await client.businessAreas();
    expect(listed.map((a) => a.name)).toEqual(areas.map((a) => a.name));
  });

  it('is 64 MiB by default, and must be a positive number', async () => {
    const { fetch } = fakeFetch(() => json([]));
    await expect(
      createClient({
        baseUrl: 'http://service.test',
        getToken: async () => 'token',
        fetch,
      }).businessAreas(),
    ).resolves.toEqual([]);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() =>
        createClient({
          baseUrl: 'http://service.test',
          getToken: async () => 'token',
          fetch,
          maxResponseBytes: bad,
        }),
      ).toThrow(RangeError);
    }
  });
});
