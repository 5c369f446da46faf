/** Retries, timeouts, aborts and typed errors, through the client's reads, on an injected fetch and clock. */
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ServiceError,
  TimeoutError,
  createClient,
  type ClientOptions,
} from '../../src/client/index.js';
import {
  DROP,
  HANG,
  fakeClock,
  fakeFetch,
  json,
  type Answer,
  type Recorded,
} from './support/fake-fetch.js';

const AREAS = [{ businessAreaId: 'ba1', name: 'customer' }];

/** A service whose token endpoint works and whose business-area route answers from a script. */
function scripted(script: Answer[], options: Partial<ClientOptions> = {}) {
  const fake = fakeClock(() => 0.5);
  const { fetch, requests } = fakeFetch((r: Recorded) => {
    if (r.path === '/oauth2/token') return json({ access_token: 'token-abcdef', expires_in: 3600 });
    return script.shift() ?? json(AREAS);
  });
  const client = createClient({
    baseUrl: 'http://service.test',
    credentials: { clientId: 'c', clientSecret: 'secret-value' },
    fetch,
    clock: fake.clock,
    ...options,
  });
  const reads = () => requests.filter((r) => r.path !== '/oauth2/token').length;
  return { client, requests, reads, sleeps: fake.sleeps };
}

describe('retries of reads', () => {
  it('repeats 429, 502, 503 and 504 with full-jitter backoff, and succeeds', async () => {
    const { client, reads, sleeps } = scripted([json({}, 503), json({}, 502), json({}, 504)], {
      retry: { baseDelayMs: 100, maxDelayMs: 1000 },
    });
    expect(await client.businessAreas()).toEqual(AREAS);
    expect(reads()).toBe(4);
    // random() = 0.5: half of 100, 200, 400.
    expect(sleeps).toEqual([50, 100, 200]);
  });

  it('waits what Retry-After says, in seconds or as a date', async () => {
    const { client, sleeps } = scripted([
      json({}, 429, { 'retry-after': '3' }),
      json({}, 503, { 'retry-after': new Date(Date.UTC(2026, 10, 22, 12, 0, 10)).toUTCString() }),
    ]);
    expect(await client.businessAreas()).toEqual(AREAS);
    expect(sleeps[0]).toBe(3000);
    // The fake clock started at 12:00:00 and has moved 3 s.
    expect(sleeps[1]).toBe(7000);
  });

  it('gives up at once when Retry-After asks for more than the maximum', async () => {
    const { client, reads, sleeps } = scripted(
      [json({ message: 'slow down' }, 429, { 'retry-after': '120' })],
      { retry: { maxRetryAfterMs: 60_000 } },
    );
    const error = await client.businessAreas().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(120_000);
    expect((error as RateLimitError).message).toContain('slow down');
    expect(reads()).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('stops after the attempts allowed, with the last error', async () => {
    const { client, reads } = scripted(
      [json({}, 503), json({}, 503), json({}, 503), json({}, 503), json({}, 503)],
      { retry: { attempts: 3 } },
    );
    const error = await client.businessAreas().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).status).toBe(503);
    expect(reads()).toBe(3);
  });

  it('does not repeat a 500, a 400, a 403 or a 404', async () => {
    for (const [status, type] of [
      [500, ServerError],
      [400, BadRequestError],
      [403, PermissionError],
      [404, NotFoundError],
    ] as const) {
      const { client, reads } = scripted([json({ message: `status ${status}` }, status)]);
      const error = await client.businessAreas().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).status).toBe(status);
      expect((error as ServiceError).body).toBe(JSON.stringify({ message: `status ${status}` }));
      expect((error as ServiceError).message).toBe(
        `GET /v1/my/businessareas answered ${status}: status ${status}`,
      );
      expect(reads()).toBe(1);
    }
  });

  it('repeats a dropped connection, and reports it as a NetworkError when it keeps dropping', async () => {
    const once = scripted([DROP]);
    expect(await once.client.businessAreas()).toEqual(AREAS);
    expect(once.reads()).toBe(2);
    const always = scripted([DROP, DROP, DROP, DROP]);
    const error = await always.client.businessAreas().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(
      'GET /v1/my/businessareas failed: fetch failed: ECONNRESET',
    );
    expect(always.reads()).toBe(4);
  });

  it('times out an attempt that gets no answer, and repeats it', async () => {
    const { client, reads } = scripted([HANG], { timeoutMs: 30 });
    expect(await client.businessAreas()).toEqual(AREAS);
    expect(reads()).toBe(2);
    const stuck = scripted([HANG, HANG], { timeoutMs: 30, retry: { attempts: 2 } });
    const error = await stuck.client.businessAreas().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('GET /v1/my/businessareas gave no answer within 30 ms');
  });

  it("stops at once on the caller's signal, with its reason, and never retries it", async () => {
    const { client, reads } = scripted([HANG, HANG]);
    const controller = new AbortController();
    const pending = client.businessAreas({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user gave up')), 10);
    await expect(pending).rejects.toThrow('user gave up');
    expect(reads()).toBe(1);
    await expect(
      client.businessAreas({ signal: AbortSignal.abort(new Error('before')) }),
    ).rejects.toThrow('before');
  });

  it("quotes the service's message on one line, without its control characters (they reached logs and terminals)", async () => {
    const { client } = scripted([
      json({ message: 'bad\u001b[31m red\u001b[0m\r\nsecond\tline\u0007' }, 400),
    ]);
    const error = (await client.businessAreas().catch((e: unknown) => e)) as ServiceError;
    expect(error.message).toBe(
      'GET /v1/my/businessareas answered 400: bad [31m red [0m second line',
    );
    // The raw body stays as it came: it is the service's answer, kept for whoever needs it.
    expect(JSON.parse(error.body).message).toContain('\u001b[31m');
  });

  it('reports an answer that is not JSON, or not the documented shape', async () => {
    const garbage = scripted([new Response('<html>oops</html>', { status: 200 })]);
    await expect(garbage.client.businessAreas()).rejects.toThrow(
      'GET /v1/my/businessareas answered 200 with a body that is not JSON',
    );
    const shape = scripted([json({ items: 'no' })]);
    await expect(shape.client.businessAreas()).rejects.toThrow(/unexpected body/);
  });

  it('keeps going when the logger throws', async () => {
    const { client } = scripted([json({}, 503)], {
      logger: {
        warn: () => {
          throw new Error('broken logger');
        },
        debug: () => {
          throw new Error('broken');
        },
      },
    });
    expect(await client.businessAreas()).toEqual(AREAS);
  });
});
