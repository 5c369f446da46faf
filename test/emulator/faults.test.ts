/** Fault injection: latency, statuses with Retry-After, dropped connections, expiring tokens; seeded. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Faults, globMatcher } from '../../src/emulator/faults.js';
import type { FaultConfig } from '../../src/emulator/index.js';
import { startApi, tenantPaths, type TestApi } from './helpers.js';

describe('fault injection', () => {
  let api: TestApi;
  let objectsPath: string;
  beforeAll(async () => {
    api = await startApi();
    ({ objectsPath } = await tenantPaths(api));
  });
  afterAll(() => api.emulator.close());

  it('is off by default', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => api.get('/v1/my/businessareas')),
    );
    expect(statuses.every((r) => r.status === 200)).toBe(true);
  });

  it('answers a status with Retry-After on the matching route only', async () => {
    api.emulator.setFaults({
      rules: [{ route: 'GET /v1/my/businessareas', status: 429, retryAfter: 2 }],
    });
    const limited = await api.get('/v1/my/businessareas');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.body).toEqual({ message: 'injected fault: 429' });
    expect((await api.get(objectsPath)).status).toBe(200);
    api.emulator.setFaults(null);
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
  });

  it('matches routes with * and methods, and applies only `times` times', async () => {
    api.emulator.setFaults({ rules: [{ route: '* /v1/businessareas/*', status: 503, times: 2 }] });
    expect((await api.get(objectsPath)).status).toBe(503);
    expect((await api.request('POST', objectsPath, { body: {} })).status).toBe(503);
    expect((await api.get(objectsPath)).status).toBe(200);
    api.emulator.setFaults(null);
  });

  it('applies the rules of a GET route to HEAD, which is answered as that GET', async () => {
    api.emulator.setFaults({
      rules: [{ route: 'GET /v1/my/businessareas', status: 503, retryAfter: 1 }],
    });
    const head = await api.request('HEAD', '/v1/my/businessareas');
    expect(head.status).toBe(503);
    expect(head.headers.get('retry-after')).toBe('1');
    api.emulator.setFaults(null);
    expect((await api.request('HEAD', '/v1/my/businessareas')).status).toBe(200);
  });

  it('rolls seeded dice: the same seed gives the same faults', async () => {
    const config: FaultConfig = { seed: 42, rules: [{ status: 500, probability: 0.5 }] };
    const run = async () => {
      api.emulator.setFaults(config);
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await api.get('/v1/my/businessareas')).status);
      return statuses;
    };
    const first = await run();
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await run()).toEqual(first);
    api.emulator.setFaults(null);
  });

  it('adds latency', async () => {
    api.emulator.setFaults({ rules: [{ route: 'GET /v1/my/businessareas', latencyMs: 150 }] });
    const started = performance.now();
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    api.emulator.setFaults(null);
  });

  it('drops the connection before handling: nothing changes', async () => {
    const [object] = (await api.get(objectsPath)).body.items;
    api.emulator.setFaults({
      rules: [
        {
          route: 'PUT /v1/businessareas/*/schemas/*/datasets/*/dataobjects/*',
          drop: 'before',
          times: 1,
        },
      ],
    });
    await expect(
      api.request('PUT', `${objectsPath}/${object._dataObjectId}`, {
        body: { _version: object._version, City: 'Dropped' },
      }),
    ).rejects.toThrow();
    const after = (await api.get(`${objectsPath}/${object._dataObjectId}`)).body;
    expect(after._version).toBe(object._version);
    expect(after.City).toBe(object.City);
  });

  it('drops the connection after the change: the answer is lost, the change is not', async () => {
    const [, object] = (await api.get(objectsPath)).body.items;
    api.emulator.setFaults({
      rules: [
        {
          route: 'PUT /v1/businessareas/*/schemas/*/datasets/*/dataobjects/*',
          drop: 'after',
          times: 1,
        },
      ],
    });
    await expect(
      api.request('PUT', `${objectsPath}/${object._dataObjectId}`, {
        body: { _version: object._version, City: 'Applied' },
      }),
    ).rejects.toThrow();
    const after = (await api.get(`${objectsPath}/${object._dataObjectId}`)).body;
    expect(after._version).toBe(object._version + 1);
    expect(after.City).toBe('Applied');
  });

  it('expires every token now', async () => {
    api.emulator.setFaults({ rules: [{ expireTokens: true, times: 1 }] });
    const response = await api.get('/v1/my/businessareas');
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/expired/);
    await api.login();
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
  });

  it('is set and cleared at run time through the control endpoint, which checks the config', async () => {
    const set = await api.request('PUT', '/_emulator/faults', {
      body: { rules: [{ route: 'GET /v1/my/businessareas', status: 502 }] },
      token: null,
    });
    expect(set.status).toBe(204);
    expect((await api.get('/v1/my/businessareas')).status).toBe(502);
    // The control endpoint itself is never faulted.
    expect((await api.request('DELETE', '/_emulator/faults', { token: null })).status).toBe(204);
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
    for (const body of [
      {},
      { rules: [{ status: 418 }] },
      { rules: [{ probability: 2 }] },
      { rules: [{ route: 'nope' }] },
      { rules: [{ colour: 'red' }] },
    ]) {
      const bad = await api.request('PUT', '/_emulator/faults', { body, token: null });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^invalid fault config: /);
    }
  });

  it('starts with the faults of the options', async () => {
    const faulty = await startApi({
      faults: { rules: [{ route: 'GET /v1/my/businessareas', status: 504 }] },
    });
    try {
      expect((await faulty.get('/v1/my/businessareas')).status).toBe(504);
    } finally {
      await faulty.emulator.close();
    }
  });
});

describe('fault routes and headers', () => {
  it('matches a route glob as the regular expression of its stars would, for any glob and path', () => {
    const regex = (glob: string) =>
      new RegExp(
        `^${glob
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      );
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '/', '*'), maxLength: 8 });
    fc.assert(
      fc.property(
        text,
        text.map((s) => s.replace(/\*/g, '')),
        (glob, path) => {
          expect(globMatcher(glob)(path)).toBe(regex(glob).test(path));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('answers at once on a long path under a rule of many stars (a regular expression held it for minutes)', async () => {
    const api = await startApi({
      faults: { rules: [{ route: `GET /${'*a'.repeat(30)}b`, status: 503 }] },
    });
    try {
      const response = await api.get(`/${'a'.repeat(8000)}`);
      expect(response.status).toBe(404);
      // The rule still applies where it matches (fetched directly: the path is no operation of the OpenAPI document).
      expect((await fetch(`${api.url}/${'a'.repeat(40)}b`)).status).toBe(503);
    } finally {
      await api.emulator.close();
    }
  });

  it('refuses a Retry-After that is not one line of printable ASCII or whole seconds (it made every faulted request a 500)', async () => {
    const api = await startApi();
    try {
      for (const retryAfter of ['1\r\nX-Injected: yes', '', 'é', 1.5, -1, true]) {
        const response = await api.request('PUT', '/_emulator/faults', {
          body: { rules: [{ status: 503, retryAfter }] },
          token: null,
        });
        expect(response.status, JSON.stringify(retryAfter)).toBe(400);
        expect(response.body.message).toMatch(/retryAfter is whole seconds or an HTTP date/);
      }
      expect(() =>
        api.emulator.setFaults({ rules: [{ status: 503, retryAfter: 'a\nb' }] }),
      ).toThrow(/retryAfter/);
      expect((await api.get('/v1/my/businessareas')).status).toBe(200);
      api.emulator.setFaults({
        rules: [{ status: 429, retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' }],
      });
      const limited = await api.get('/v1/my/businessareas');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('Wed, 21 Oct 2015 07:28:00 GMT');
    } finally {
      await api.emulator.close();
    }
  });
});

describe('fault latency', () => {
  it('adds up over the matching rules, to at most 600 000 ms (a sum past 2^31 ms made Node fire the timer after 1 ms)', () => {
    const faults = new Faults({ rules: [{ latencyMs: 200 }, { route: 'GET /x', latencyMs: 300 }] });
    expect(faults.decide('GET', '/x').latencyMs).toBe(500);
    expect(faults.decide('GET', '/y').latencyMs).toBe(200);
    const many = new Faults({
      rules: Array.from({ length: 4000 }, () => ({ latencyMs: 600_000 })),
    });
    expect(many.decide('GET', '/x').latencyMs).toBe(600_000);
  });
});
