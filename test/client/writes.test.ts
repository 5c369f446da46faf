/** Writes whose answers go missing: applied once, never twice, never claimed when not applied. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  NetworkError,
  ServerError,
  VersionConflictError,
  WriteOutcomeUnknownError,
  createClient,
} from '../../src/client/index.js';
import { DROP, HANG, fakeClock, fakeFetch, json } from './support/fake-fetch.js';
import type { Recorded } from './support/fake-fetch.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  catalogue,
  fakeService,
  firstProduct,
  productRef,
  type FakeServiceOptions,
} from './support/fake-service.js';

const isPut = (r: Recorded) => r.method === 'PUT';

function setup(options: FakeServiceOptions = {}, timeoutMs?: number) {
  const service = fakeService(options);
  const fake = fakeClock(() => 0.5);
  const client = createClient({
    baseUrl: 'http://service.test',
    credentials: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    fetch: service.fetch,
    clock: fake.clock,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  const stored = () =>
    service.objects
      .get(catalogue.dataSetId)!
      .find((o) => o._dataObjectId === firstProduct._dataObjectId)!;
  return {
    service,
    client,
    stored,
    puts: () => service.requests.filter(isPut).length,
    sleeps: fake.sleeps,
  };
}

describe('update', () => {
  it('sends exactly _version and the fields, and answers the new version', async () => {
    const { client, service, stored } = setup();
    expect(await client.update(productRef, firstProduct._version, { 'Stock Quantity': 7 })).toEqual(
      { version: firstProduct._version + 1 },
    );
    expect(service.requests.find(isPut)!.body).toEqual({
      'Stock Quantity': 7,
      _version: firstProduct._version,
    });
    expect(stored()).toMatchObject({ 'Stock Quantity': 7, _version: firstProduct._version + 1 });
  });

  it('tells a stale version (VersionConflictError, with the current version) from another 400', async () => {
    const { client } = setup();
    const stale = await client
      .update(productRef, firstProduct._version + 5, { 'Stock Quantity': 1 })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(VersionConflictError);
    expect(stale).toMatchObject({
      status: 400,
      sentVersion: firstProduct._version + 5,
      currentVersion: firstProduct._version,
    });
    const bad = setup({
      before: (r) => (isPut(r) ? json({ message: 'malformed body' }, 400) : undefined),
    });
    const error = await bad.client
      .update(productRef, firstProduct._version, { 'Stock Quantity': 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).not.toBeInstanceOf(VersionConflictError);
    expect((error as Error).message).toContain('malformed body');
  });

  it('a lost answer of an applied update: the object holds the values sent, as another writer sending them would leave it: outcome unknown, sent once', async () => {
    let drops = 1;
    const { client, stored, puts } = setup({
      after: (r) => (isPut(r) && drops-- > 0 ? DROP : undefined),
    });
    const error = await client
      .update(productRef, firstProduct._version, { 'Stock Quantity': 141 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteOutcomeUnknownError);
    expect((error as WriteOutcomeUnknownError).current).toMatchObject({
      'Stock Quantity': 141,
      _version: firstProduct._version + 1,
    });
    expect(puts()).toBe(1);
    expect(stored()).toMatchObject({ 'Stock Quantity': 141, _version: firstProduct._version + 1 });
  });

  it('regression: another client applied the same values from the same version while this one was lost before handling: never claimed as this write', async () => {
    let other: (() => Promise<unknown>) | undefined;
    const { client, service, stored } = setup({
      before: (r) => {
        if (!isPut(r) || other === undefined) return undefined;
        const go = other;
        other = undefined;
        void go();
        return DROP;
      },
    });
    const fake = fakeClock(() => 0.5);
    const second = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      fetch: service.fetch,
      clock: fake.clock,
    });
    let secondDone: Promise<unknown> = Promise.resolve();
    other = () =>
      (secondDone = second.update(productRef, firstProduct._version, { 'Stock Quantity': 8 }));
    const error = await client
      .update(productRef, firstProduct._version, { 'Stock Quantity': 8 })
      .catch((e: unknown) => e);
    await expect(secondDone).resolves.toEqual({ version: firstProduct._version + 1 });
    // One write landed; only the client whose write it was may say so.
    expect(stored()._version).toBe(firstProduct._version + 1);
    expect(error).toBeInstanceOf(WriteOutcomeUnknownError);
  });

  it('a connection dropped before the service got it: reads, finds nothing applied, sends again once', async () => {
    let drops = 1;
    const { client, stored, puts } = setup({
      before: (r) => (isPut(r) && drops-- > 0 ? DROP : undefined),
    });
    expect(
      await client.update(productRef, firstProduct._version, { 'Stock Quantity': 141 }),
    ).toEqual({ version: firstProduct._version + 1 });
    expect(puts()).toBe(2);
    expect(stored()._version).toBe(firstProduct._version + 1);
  });

  it('a 503 or 429 on a write says it was not handled: sent again after Retry-After (or backoff), applied once', async () => {
    let busy = 2;
    const { client, stored, puts, sleeps } = setup({
      before: (r) =>
        isPut(r) && busy-- > 0
          ? json({}, busy === 1 ? 503 : 429, busy === 1 ? { 'retry-after': '1' } : {})
          : undefined,
    });
    expect(await client.update(productRef, firstProduct._version, { 'Stock Quantity': 9 })).toEqual(
      { version: firstProduct._version + 1 },
    );
    expect(puts()).toBe(3);
    expect(sleeps).toEqual([1000, 400 * 0.5]);
    expect(stored()).toMatchObject({ 'Stock Quantity': 9, _version: firstProduct._version + 1 });
  });

  it('a 429 on a write asking for a longer wait than maxRetryAfterMs ends its retries, as a read does (it was sent again after the backoff, long before)', async () => {
    const { client, stored, puts, sleeps } = setup({
      before: (r) =>
        isPut(r) ? json({ message: 'slow down' }, 429, { 'retry-after': '3600' }) : undefined,
    });
    const error = await client
      .update(productRef, firstProduct._version, { 'Stock Quantity': 9 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RateLimitError', retryAfterMs: 3_600_000 });
    expect(puts()).toBe(1);
    expect(sleeps).toEqual([]);
    expect(stored()._version).toBe(firstProduct._version);
  });

  it("a 502 on a write is resolved by reading the object: applied (or another writer's identical change) is unknown, never sent again", async () => {
    let gateway = 1;
    const { client, stored, puts } = setup({
      after: (r) => (isPut(r) && gateway-- > 0 ? json({}, 502) : undefined),
    });
    await expect(
      client.update(productRef, firstProduct._version, { 'Stock Quantity': 12 }),
    ).rejects.toBeInstanceOf(WriteOutcomeUnknownError);
    expect(puts()).toBe(1);
    expect(stored()).toMatchObject({ 'Stock Quantity': 12, _version: firstProduct._version + 1 });
  });

  for (const [status, name] of [
    [503, 'a 503'],
    [429, 'a 429'],
    [401, 'a 401'],
  ] as const)
    it(`regression: ${name} that arrives after the write was applied is resolved by reading: update() never calls it a conflict, updateWithRetry() never applies it twice`, async () => {
      let late = 2;
      const { client, stored, puts } = setup({
        after: (r) =>
          isPut(r) && late-- > 0 ? json({ message: 'upstream reset' }, status) : undefined,
      });
      const start = stored()['Stock Quantity'] as number;
      const first = await client
        .update(productRef, firstProduct._version, { 'Stock Quantity': start + 1 })
        .catch((e: unknown) => e);
      expect(first).toBeInstanceOf(WriteOutcomeUnknownError);
      expect(first).not.toBeInstanceOf(VersionConflictError);
      expect(puts()).toBe(1);
      const second = await client
        .updateWithRetry(productRef, (c) => ({
          'Stock Quantity': (c['Stock Quantity'] as number) + 1,
        }))
        .catch((e: unknown) => e);
      expect(second).toBeInstanceOf(WriteOutcomeUnknownError);
      expect(puts()).toBe(2);
      expect(stored()).toMatchObject({
        'Stock Quantity': start + 2,
        _version: firstProduct._version + 2,
      });
    });

  it('a 401 before the write (an expired token): renewed, sent again once, applied once', async () => {
    const { client, service, stored, puts } = setup();
    await client.update(productRef, firstProduct._version, { 'Stock Quantity': 3 });
    service.expireTokens();
    expect(
      await client.update(productRef, firstProduct._version + 1, { 'Stock Quantity': 4 }),
    ).toEqual({ version: firstProduct._version + 2 });
    expect(puts()).toBe(3);
    expect(stored()).toMatchObject({ 'Stock Quantity': 4, _version: firstProduct._version + 2 });
  });

  it('a 500 is reported, never repeated, when the object shows it was not applied', async () => {
    const { client, puts } = setup({
      before: (r) => (isPut(r) ? json({ message: 'boom' }, 500) : undefined),
    });
    await expect(
      client.update(productRef, firstProduct._version, { 'Stock Quantity': 9 }),
    ).rejects.toBeInstanceOf(ServerError);
    expect(puts()).toBe(1);
  });

  it("an answer lost after a timeout, applied late: the resend conflicts, and the object (fitting this write or another writer's) leaves the outcome unknown", async () => {
    let puts = 0;
    const { client, service, stored } = setup(
      {
        before: (r) => {
          if (!isPut(r)) return undefined;
          puts++;
          if (puts === 1) return HANG;
          // The first PUT reaches the service just before the second: applied late, under the version check.
          const target = service.objects
            .get(catalogue.dataSetId)!
            .find((o) => o._dataObjectId === firstProduct._dataObjectId)!;
          if (target._version === (r.body as { _version: number })._version)
            Object.assign(target, {
              'Stock Quantity': 55,
              _version: (target._version as number) + 1,
            });
          return undefined;
        },
      },
      40,
    );
    await expect(
      client.update(productRef, firstProduct._version, { 'Stock Quantity': 55 }),
    ).rejects.toBeInstanceOf(WriteOutcomeUnknownError);
    expect(stored()).toMatchObject({ 'Stock Quantity': 55, _version: firstProduct._version + 1 });
    expect(puts).toBe(2);
  });

  it('a lost answer after which someone else wrote the object: never claimed, never repeated', async () => {
    const { client, service, puts } = setup({
      after: (r) => {
        if (!isPut(r)) return undefined;
        const target = service.objects
          .get(catalogue.dataSetId)!
          .find((o) => o._dataObjectId === firstProduct._dataObjectId)!;
        Object.assign(target, { 'Stock Quantity': 1, _version: (target._version as number) + 1 });
        return DROP;
      },
    });
    const error = await client
      .update(productRef, firstProduct._version, { 'Stock Quantity': 2 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteOutcomeUnknownError);
    expect((error as Error).message).toMatch(/moved from version \d+ to \d+/);
    expect(puts()).toBe(1);
  });

  it('a lost answer whose object cannot be read either: outcome unknown, not success', async () => {
    const { client } = setup({
      before: (r) => (r.method === 'PUT' || r.path.endsWith('/dataobjects') ? DROP : undefined),
    });
    await expect(
      client.update(productRef, firstProduct._version, { 'Stock Quantity': 2 }),
    ).rejects.toBeInstanceOf(WriteOutcomeUnknownError);
  });

  it('refuses a version that is not a whole number, and _version among the fields', async () => {
    const { client } = setup();
    await expect(client.update(productRef, 1.5, {})).rejects.toThrow(TypeError);
    await expect(client.update(productRef, 1, { _version: 2 })).rejects.toThrow(/own argument/);
  });
});

describe('create and delete', () => {
  it('a create whose answer is lost is never repeated: its outcome is unknown', async () => {
    const { fetch, requests } = fakeFetch((r) =>
      r.path === '/oauth2/token' ? json({ access_token: 'abcdef', expires_in: 60 }) : DROP,
    );
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'a', clientSecret: 'bcdef' },
      fetch,
    });
    const error = await client.createDataObject(catalogue, { SKU: 'X' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteOutcomeUnknownError);
    expect(
      requests.filter((r) => r.method === 'POST' && r.path.endsWith('/dataobjects')),
    ).toHaveLength(1);
  });

  for (const status of [429, 500, 503])
    it(`regression: a create answered ${status} (a proxy may answer so after forwarding) is never repeated: its outcome is unknown`, async () => {
      const { fetch, requests } = fakeFetch((r) =>
        r.path === '/oauth2/token'
          ? json({ access_token: 'abcdef', expires_in: 60 })
          : json({ message: 'upstream reset' }, status),
      );
      const client = createClient({
        baseUrl: 'http://service.test',
        credentials: { clientId: 'a', clientSecret: 'bcdef' },
        fetch,
      });
      const error = await client.createDataObject(catalogue, { SKU: 'X' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WriteOutcomeUnknownError);
      expect(
        requests.filter((r) => r.method === 'POST' && r.path.endsWith('/dataobjects')),
      ).toHaveLength(1);
    });

  it('a delete whose answer is lost: gone on re-reading means done; still there means sent again', async () => {
    let deleted = false;
    let deletes = 0;
    const { fetch } = fakeFetch((r) => {
      if (r.path === '/oauth2/token') return json({ access_token: 'abcdef', expires_in: 60 });
      if (r.method === 'DELETE') {
        deletes++;
        if (deletes === 1) return DROP;
        deleted = true;
        return DROP;
      }
      return json({
        items: deleted ? [] : [{ _dataObjectId: productRef.dataObjectId, _version: 1 }],
      });
    });
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'a', clientSecret: 'bcdef' },
      fetch,
      clock: fakeClock().clock,
    });
    await client.deleteDataObject(productRef);
    expect(deletes).toBe(2);
    expect(deleted).toBe(true);
  });
});

describe('delete and Retry-After', () => {
  it('a 503 on a delete waits what Retry-After says, and a longer wait than allowed ends the retries', async () => {
    const answers = [json({}, 503, { 'retry-after': '2' }), new Response(null, { status: 204 })];
    const deletes = (forever: boolean) => {
      let count = 0;
      const { fetch } = fakeFetch((r) => {
        if (r.path === '/oauth2/token') return json({ access_token: 'abcdef', expires_in: 60 });
        if (r.method === 'DELETE')
          return (count++, forever ? json({}, 503, { 'retry-after': '600' }) : answers.shift()!);
        return json({ items: [{ _dataObjectId: productRef.dataObjectId, _version: 1 }] });
      });
      const fake = fakeClock();
      const client = createClient({
        baseUrl: 'http://service.test',
        credentials: { clientId: 'a', clientSecret: 'bcdef' },
        fetch,
        clock: fake.clock,
      });
      return { client, count: () => count, sleeps: fake.sleeps };
    };
    const honoured = deletes(false);
    await honoured.client.deleteDataObject(productRef);
    expect(honoured.count()).toBe(2);
    expect(honoured.sleeps).toEqual([2000]);
    const tooLong = deletes(true);
    await expect(tooLong.client.deleteDataObject(productRef)).rejects.toMatchObject({
      status: 503,
      retryAfterMs: 600_000,
    });
    expect(tooLong.count()).toBe(1);
    expect(tooLong.sleeps).toEqual([]);
  });
});

describe('updateWithRetry', () => {
  it('reads, changes, sends; a conflict reads again and applies the change to the new state', async () => {
    let interfere = 1;
    const { client, service, stored } = setup({
      before: (r) => {
        if (!isPut(r) || interfere-- <= 0) return undefined;
        const target = service.objects
          .get(catalogue.dataSetId)!
          .find((o) => o._dataObjectId === firstProduct._dataObjectId)!;
        Object.assign(target, {
          'Stock Quantity': (target['Stock Quantity'] as number) + 100,
          _version: (target._version as number) + 1,
        });
        return undefined;
      },
    });
    const result = await client.updateWithRetry(productRef, (current) => ({
      'Stock Quantity': (current['Stock Quantity'] as number) + 1,
    }));
    expect(result.conflicts).toBe(1);
    expect(stored()).toMatchObject({
      'Stock Quantity': (firstProduct['Stock Quantity'] as number) + 101,
      _version: firstProduct._version + 2,
    });
    expect(result.version).toBe(firstProduct._version + 2);
  });

  it('gives up after the attempts allowed, with the conflict', async () => {
    const { client, service } = setup({
      before: (r) => {
        if (!isPut(r)) return undefined;
        const target = service.objects
          .get(catalogue.dataSetId)!
          .find((o) => o._dataObjectId === firstProduct._dataObjectId)!;
        target._version = (target._version as number) + 1;
        return undefined;
      },
    });
    await expect(
      client.updateWithRetry(productRef, () => ({ Weight: 1 }), { attempts: 3 }),
    ).rejects.toBeInstanceOf(VersionConflictError);
    expect(service.requests.filter(isPut)).toHaveLength(3);
  });

  it.each([Number.NaN, 0, 1.5, -1])(
    'refuses attempts of %s before reading anything (NaN retried conflicts forever)',
    async (attempts) => {
      const { client, service } = setup();
      await expect(
        client.updateWithRetry(productRef, () => ({ Name: 'x' }), { attempts }),
      ).rejects.toThrow(`updateWithRetry: attempts must be a whole number >= 1, not ${attempts}`);
      expect(service.requests).toHaveLength(0);
    },
  );

  it('sends nothing when the change returns no fields', async () => {
    const { client, puts } = setup();
    const result = await client.updateWithRetry(productRef, () => undefined);
    expect(result).toMatchObject({ version: firstProduct._version, fields: {}, conflicts: 0 });
    expect(puts()).toBe(0);
  });

  it('twenty concurrent increments from one client, with answers lost both ways: the counter moved by the acknowledged plus at most the unknown', async () => {
    let n = 0;
    const { client, stored } = setup({
      before: (r) => (isPut(r) && ++n % 5 === 0 ? DROP : undefined),
      after: (r) => (isPut(r) && n % 7 === 0 ? DROP : undefined),
    });
    const start = stored()['Stock Quantity'] as number;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        client.updateWithRetry(
          productRef,
          (current) => ({ 'Stock Quantity': (current['Stock Quantity'] as number) + 1 }),
          { attempts: 100 },
        ),
      ),
    );
    const acknowledged = outcomes.filter((o) => o.status === 'fulfilled');
    const unknown = outcomes.filter(
      (o) => o.status === 'rejected' && o.reason instanceof WriteOutcomeUnknownError,
    ).length;
    expect(acknowledged.length + unknown).toBe(20);
    const moved = (stored()['Stock Quantity'] as number) - start;
    expect(moved).toBeGreaterThanOrEqual(acknowledged.length);
    expect(moved).toBeLessThanOrEqual(acknowledged.length + unknown);
    expect(new Set(acknowledged.map((r) => r.value.version)).size).toBe(acknowledged.length);
  });

  it('law: N separate clients x M increments under random faults (drops before and after handling, 503s before and after, 500s after): the counter is the acknowledged increments plus at most the unknown outcomes, never less', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(
          fc.constantFrom('ok', 'ok', 'drop-before', 'drop-after', '503', '503-after', '500-after'),
          { minLength: 1, maxLength: 40 },
        ),
        async (clients, increments, faults) => {
          let i = 0;
          const verdicts = new Map<Recorded, string>();
          const service = fakeService({
            before: (r) => {
              if (!isPut(r)) return undefined;
              const fault = faults[i++ % faults.length]!;
              verdicts.set(r, fault);
              if (fault === 'drop-before') return DROP;
              if (fault === '503') return json({}, 503);
              return undefined;
            },
            after: (r, response) => {
              if (!isPut(r) || response.status !== 204) return undefined;
              const fault = verdicts.get(r);
              if (fault === 'drop-after') return DROP;
              if (fault === '503-after') return json({ message: 'upstream reset' }, 503);
              if (fault === '500-after') return json({ message: 'applied, then failed' }, 500);
              return undefined;
            },
          });
          const target = () =>
            service.objects
              .get(catalogue.dataSetId)!
              .find((o) => o._dataObjectId === firstProduct._dataObjectId)!;
          const start = target()['Stock Quantity'] as number;
          const outcomes = await Promise.allSettled(
            Array.from({ length: clients }, async () => {
              const client = createClient({
                baseUrl: 'http://service.test',
                credentials: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
                fetch: service.fetch,
                clock: fakeClock(() => 0.5).clock,
              });
              const mine: PromiseSettledResult<unknown>[] = [];
              for (let k = 0; k < increments; k++)
                mine.push(
                  ...(await Promise.allSettled([
                    client.updateWithRetry(
                      productRef,
                      (c) => ({ 'Stock Quantity': (c['Stock Quantity'] as number) + 1 }),
                      { attempts: 50 },
                    ),
                  ])),
                );
              return mine;
            }),
          );
          const all = outcomes.flatMap((o) => (o.status === 'fulfilled' ? o.value : []));
          expect(all).toHaveLength(clients * increments);
          const acknowledged = all.filter((o) => o.status === 'fulfilled').length;
          const unknown = all.filter(
            (o) => o.status === 'rejected' && o.reason instanceof WriteOutcomeUnknownError,
          ).length;
          for (const o of all)
            if (o.status === 'rejected')
              expect(o.reason).toSatisfy(
                (e: unknown) =>
                  e instanceof WriteOutcomeUnknownError ||
                  e instanceof NetworkError ||
                  e instanceof ServerError ||
                  e instanceof VersionConflictError,
              );
          const moved = (target()['Stock Quantity'] as number) - start;
          expect(moved).toBeGreaterThanOrEqual(acknowledged);
          expect(moved).toBeLessThanOrEqual(acknowledged + unknown);
          expect(target()._version).toBe(firstProduct._version + moved);
        },
      ),
      { numRuns: 60 },
    );
  });
});
