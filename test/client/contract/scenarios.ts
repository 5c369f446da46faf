/**
 * The client's contract: the same scenarios against any tenant (see target.ts), and,
 * where the target can inject faults (the emulator), the failures the client must
 * survive. Registered by `defineContract` so `npm test` runs them against the emulator
 * and `npm run test:contract` against whatever the environment names.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  NotFoundError,
  QueryError,
  RateLimitError,
  ServerError,
  TimeoutError,
  VersionConflictError,
  WriteOutcomeUnknownError,
  createClient,
  type ClientOptions,
  type DataObjectRef,
  type MdqClient,
} from '../../../src/client/index.js';
import { parse } from '../../../src/index.js';
import { query } from '../../../src/builder/index.js';
import type { Target } from './target.js';

/** Records every backoff wait and returns at once: retries are tested, not waited for. */
function recordingClock() {
  const sleeps: number[] = [];
  return {
    sleeps,
    clock: { sleep: async (ms: number) => void sleeps.push(ms), random: () => 0.5 },
  };
}

/** What a target offers, known before it starts: scenarios it cannot run are not registered (and said so), never skipped. */
export interface Capabilities {
  readonly writes: boolean;
  readonly faults: boolean;
}

export function defineContract(
  makeTarget: () => Promise<Target>,
  capabilities: Capabilities,
): void {
  let target: Target;
  const clientFor = (options: Partial<ClientOptions> = {}): MdqClient =>
    createClient({ baseUrl: target.baseUrl, credentials: target.credentials, ...options });
  const requests = (pattern: RegExp) =>
    (target.log ?? []).filter((line) => pattern.test(line)).length;

  beforeAll(async () => {
    target = await makeTarget();
  }, 180_000);
  afterAll(async () => {
    await target?.close();
  });

  describe('every operation', () => {
    it('lists the business areas, with ids and names', async () => {
      const areas = await clientFor().businessAreas();
      expect(areas.length).toBeGreaterThan(0);
      for (const area of areas) {
        expect(typeof area.businessAreaId).toBe('string');
        expect(typeof area.name).toBe('string');
      }
    });

    it('lists the schemas of each business area page by page, and gets each schema with its fields', async () => {
      const client = clientFor();
      const area = (await client.businessAreas())[0]!;
      const pages = [];
      for await (const page of client.schemas(area.businessAreaId).pages()) pages.push(page);
      const schemas = pages.flatMap((p) => p.items);
      expect(schemas.length).toBeGreaterThan(0);
      expect(pages.slice(0, -1).every((p) => typeof p.nextPageKey === 'string')).toBe(true);
      expect(pages.at(-1)!.nextPageKey).toBeUndefined();
      const detail = await client.getSchema(area.businessAreaId, schemas[0]!.schemaId);
      expect(detail.schemaId).toBe(schemas[0]!.schemaId);
      expect(Array.isArray(detail.fields)).toBe(true);
    });

    it('lists the datasets of a schema, and finds each by name', async () => {
      const client = clientFor();
      const area = (await client.businessAreas())[0]!;
      const schema = (await client.schemas(area.businessAreaId).toArray())[0]!;
      const dataSets = await client.dataSets(area.businessAreaId, schema.schemaId).toArray();
      for (const dataSet of dataSets) {
        expect(dataSet.schemaId).toBe(schema.schemaId);
        expect(
          (await client.findDataSet(area.name, schema.name, dataSet.dataSetName)).dataSetId,
        ).toBe(dataSet.dataSetId);
      }
      await expect(
        client.findSchema(area.name, 'no schema has this name 7c1e'),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('searches one page with filters by name, and every page with searchAll, each hit once', async () => {
      const client = clientFor();
      const area = (await client.businessAreas())[0]!;
      const page = await client.search('*', { businessArea: area.name, size: 5 });
      expect(page.hits.length).toBeGreaterThan(0);
      expect(page.hits.length).toBeLessThanOrEqual(5);
      expect(page.total).toBeGreaterThanOrEqual(page.hits.length);
      for (const hit of page.hits) expect(hit._businessAreaName).toBe(area.name);
      const all: string[] = [];
      for await (const hit of client.searchAll('*', { businessArea: area.name, pageSize: 50 })) {
        all.push(hit._dataObjectId);
        if (all.length >= 2000) break;
      }
      expect(new Set(all).size).toBe(all.length);
      if (page.total < 2000) expect(all.length).toBe(page.total);
      expect(all.slice(0, page.hits.length)).toEqual(page.hits.map((h) => h._dataObjectId));
    });

    it('takes a query as text, a parsed tree or a builder result: the same hits', async () => {
      const client = clientFor();
      const area = (await client.businessAreas())[0]!;
      const text = await client.search('*:*', { businessArea: area.name, size: 3 });
      const tree = await client.search(parse('*:*').ast, { businessArea: area.name, size: 3 });
      const built = await client.search(query(), { businessArea: area.name, size: 3 });
      expect(tree).toEqual(text);
      expect(built).toEqual(text);
    });

    it('a query the service refuses is a QueryError (400) with the local diagnostics', async () => {
      const error = await clientFor()
        .search('(a OR')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(QueryError);
      expect(error).toMatchObject({ status: 400, local: false });
      expect((error as QueryError).diagnostics.map((d) => d.code)).toContain('unclosed-paren');
    });

    it("check 'error': a query with errors is never sent; the error holds every diagnostic", async () => {
      const client = clientFor();
      const scope = target.writable;
      const searches = requests(/^GET \/dataobjects\/search /);
      const error = await client
        .search('Nope:1 AND [x] eq', {
          ...(scope ? { businessArea: scope.businessArea, schema: scope.schema } : {}),
          check: 'error',
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(QueryError);
      expect((error as QueryError).local).toBe(true);
      expect((error as QueryError).diagnostics.length).toBeGreaterThan(0);
      expect(requests(/^GET \/dataobjects\/search /)).toBe(searches);
    });

    it('rejects wrong credentials with an AuthError', async () => {
      const client = createClient({
        baseUrl: target.baseUrl,
        credentials: { clientId: target.credentials.clientId, clientSecret: 'wrong-secret-123' },
      });
      await expect(client.businessAreas()).rejects.toMatchObject({ name: 'AuthError' });
    });
  });

  if (!capabilities.writes)
    console.warn(
      'contract: no writable scope given (MDQ_CONTRACT_*): the write scenarios are not run',
    );
  if (!capabilities.faults)
    console.warn(
      'contract: the target cannot inject faults: the fault scenarios run against the emulator only',
    );

  if (capabilities.writes)
    describe('writes', () => {
      let client: MdqClient;
      let ref: DataObjectRef;
      let counter: string;

      beforeAll(async () => {
        client = clientFor();
        const scope = target.writable!;
        counter = scope.counterField;
        const dataSet = await client.findDataSet(scope.businessArea, scope.schema, scope.dataSet);
        const created = await client.createDataObject(dataSet, { [counter]: 0 });
        ref = {
          businessAreaId: dataSet.businessAreaId,
          schemaId: dataSet.schemaId,
          dataSetId: dataSet.dataSetId,
          dataObjectId: created._dataObjectId,
        };
      });

      it('creates, reads, updates under the lock, refuses a stale version, and deletes a data object', async () => {
        const read = await client.getDataObject(ref);
        expect(read[counter]).toBe(0);
        expect(await client.update(ref, read._version, { [counter]: 1 })).toEqual({
          version: read._version + 1,
        });
        expect(await client.getDataObject(ref)).toMatchObject({
          [counter]: 1,
          _version: read._version + 1,
        });
        const stale = await client
          .update(ref, read._version, { [counter]: 99 })
          .catch((e: unknown) => e);
        expect(stale).toBeInstanceOf(VersionConflictError);
        expect(stale).toMatchObject({
          status: 400,
          sentVersion: read._version,
          currentVersion: read._version + 1,
        });
        expect((await client.getDataObject(ref))[counter]).toBe(1);
      });

      it('twenty concurrent updateWithRetry increments from four clients end at exactly twenty more, the version twenty more', async () => {
        const before = await client.getDataObject(ref);
        const clients = [client, clientFor(), clientFor(), clientFor()];
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            clients[i % clients.length]!.updateWithRetry(
              ref,
              (c) => ({ [counter]: (c[counter] as number) + 1 }),
              { attempts: 100 },
            ),
          ),
        );
        const after = await client.getDataObject(ref);
        expect(after[counter]).toBe((before[counter] as number) + 20);
        expect(after._version).toBe(before._version + 20);
      });

      afterAll(async () => {
        if (ref === undefined) return;
        await client.deleteDataObject(ref);
        await expect(client.getDataObject(ref)).rejects.toBeInstanceOf(NotFoundError);
      });
    });

  if (capabilities.faults)
    describe('faults', () => {
      afterEach(() => target.setFaults!(null));
      const faulty = (name: string, run: () => Promise<void>, timeout?: number) =>
        it(name, run, timeout);

      faulty('429 with Retry-After in seconds: waits what it says, then succeeds', async () => {
        const { sleeps, clock } = recordingClock();
        target.setFaults!({
          rules: [{ route: 'GET /v1/my/businessareas', status: 429, retryAfter: 2, times: 1 }],
        });
        expect((await clientFor({ clock }).businessAreas()).length).toBeGreaterThan(0);
        expect(sleeps).toEqual([2000]);
      });

      faulty('429 with Retry-After as a date: waits until then', async () => {
        const { sleeps, clock } = recordingClock();
        target.setFaults!({
          rules: [
            {
              route: 'GET /v1/my/businessareas',
              status: 429,
              retryAfter: new Date(Date.now() + 5000).toUTCString(),
              times: 1,
            },
          ],
        });
        await clientFor({ clock }).businessAreas();
        expect(sleeps).toHaveLength(1);
        expect(sleeps[0]).toBeGreaterThan(2000);
        expect(sleeps[0]).toBeLessThanOrEqual(5000);
      });

      faulty('429 without Retry-After: exponential backoff with full jitter', async () => {
        const { sleeps, clock } = recordingClock();
        target.setFaults!({
          rules: [{ route: 'GET /v1/my/businessareas', status: 429, times: 2 }],
        });
        await clientFor({ clock, retry: { baseDelayMs: 100 } }).businessAreas();
        expect(sleeps).toEqual([50, 100]);
      });

      faulty('429 for longer than the retries allow: a RateLimitError', async () => {
        const { clock } = recordingClock();
        target.setFaults!({ rules: [{ route: 'GET /v1/my/businessareas', status: 429 }] });
        await expect(
          clientFor({ clock, retry: { attempts: 3 } }).businessAreas(),
        ).rejects.toBeInstanceOf(RateLimitError);
      });

      faulty('500: a ServerError at once, never repeated', async () => {
        target.setFaults!({ rules: [{ route: 'GET /v1/my/businessareas', status: 500 }] });
        const before = requests(/^GET \/v1\/my\/businessareas /);
        await expect(
          clientFor({ clock: recordingClock().clock }).businessAreas(),
        ).rejects.toBeInstanceOf(ServerError);
        expect(requests(/^GET \/v1\/my\/businessareas /) - before).toBe(1);
      });

      faulty('503 twice: repeated, then answered', async () => {
        const { sleeps, clock } = recordingClock();
        target.setFaults!({
          rules: [{ route: 'GET /v1/my/businessareas', status: 503, times: 2 }],
        });
        const before = requests(/^GET \/v1\/my\/businessareas /);
        expect((await clientFor({ clock }).businessAreas()).length).toBeGreaterThan(0);
        expect(sleeps).toHaveLength(2);
        expect(requests(/^GET \/v1\/my\/businessareas /) - before).toBe(3);
      });

      faulty('dropped connections on reads: repeated, then answered', async () => {
        target.setFaults!({
          rules: [{ route: 'GET /v1/businessareas/*', drop: 'before', times: 2 }],
        });
        const client = clientFor({ clock: recordingClock().clock });
        const area = (await client.businessAreas())[0]!;
        expect((await client.schemas(area.businessAreaId).toArray()).length).toBeGreaterThan(0);
      });

      faulty(
        'a slow answer past the timeout: a TimeoutError for that attempt, then the next one answers',
        async () => {
          const client = clientFor({ timeoutMs: 1000, clock: recordingClock().clock });
          target.setFaults!({
            rules: [{ route: 'GET /v1/my/businessareas', latencyMs: 3000, times: 1 }],
          });
          expect((await client.businessAreas()).length).toBeGreaterThan(0);
          target.setFaults!({ rules: [{ route: 'GET /v1/my/businessareas', latencyMs: 3000 }] });
          await expect(
            clientFor({
              timeoutMs: 500,
              retry: { attempts: 2 },
              clock: recordingClock().clock,
            }).businessAreas(),
          ).rejects.toBeInstanceOf(TimeoutError);
        },
        20_000,
      );

      faulty(
        'a token expiring in the middle of a listing: renewed once, the walk goes on, nothing twice',
        async () => {
          const client = clientFor();
          const scope = target.writable!;
          const dataSet = await client.findDataSet(scope.businessArea, scope.schema, scope.dataSet);
          const expected = (await client.dataObjects(dataSet).toArray()).map(
            (o) => o._dataObjectId,
          );
          const tokens = requests(/^POST \/oauth2\/token /);
          const seen: string[] = [];
          let pages = 0;
          for await (const page of client.dataObjects(dataSet).pages()) {
            seen.push(...page.items.map((o) => o._dataObjectId));
            if (++pages === 1)
              target.setFaults!({
                rules: [{ route: 'GET /v1/businessareas/*', expireTokens: true, times: 1 }],
              });
          }
          expect(pages).toBeGreaterThan(2);
          expect(seen).toEqual(expected);
          expect(requests(/^POST \/oauth2\/token /) - tokens).toBe(1);
        },
      );

      faulty(
        'a token expiring in the middle of searchAll: renewed once, the walk goes on, each hit once',
        async () => {
          const client = clientFor();
          const scope = { businessArea: target.writable!.businessArea };
          const expected: string[] = [];
          for await (const hit of client.searchAll('*', { ...scope, pageSize: 10 }))
            expected.push(hit._dataObjectId);
          const tokens = requests(/^POST \/oauth2\/token /);
          const seen: string[] = [];
          let pages = 0;
          for await (const page of client.searchPages('*', { ...scope, pageSize: 10 })) {
            seen.push(...page.hits.map((h) => h._dataObjectId));
            if (++pages === 2)
              target.setFaults!({
                rules: [{ route: 'GET /dataobjects/search', expireTokens: true, times: 1 }],
              });
          }
          expect(pages).toBeGreaterThan(3);
          expect(seen).toEqual(expected);
          expect(requests(/^POST \/oauth2\/token /) - tokens).toBe(1);
        },
      );

      faulty(
        'search answers lost, refused and slow: every page retried, the same hits',
        async () => {
          const client = clientFor({
            clock: recordingClock().clock,
            timeoutMs: 1500,
            retry: { attempts: 8 },
          });
          const scope = { businessArea: target.writable!.businessArea };
          const expected: string[] = [];
          for await (const hit of client.searchAll('*', { ...scope, pageSize: 10 }))
            expected.push(hit._dataObjectId);
          target.setFaults!({
            seed: 3,
            rules: [
              { route: 'GET /dataobjects/search', status: 503, probability: 0.2 },
              { route: 'GET /dataobjects/search', status: 429, retryAfter: 1, probability: 0.1 },
              { route: 'GET /dataobjects/search', drop: 'before', probability: 0.1 },
              { route: 'GET /dataobjects/search', latencyMs: 4000, probability: 0.05 },
            ],
          });
          const seen: string[] = [];
          for await (const hit of client.searchAll('*', { ...scope, pageSize: 10 }))
            seen.push(hit._dataObjectId);
          expect(seen).toEqual(expected);
        },
        60_000,
      );

      faulty(
        'total changing during paging: objects created between pages, each hit once, every first object seen, the walk ends',
        async () => {
          const client = clientFor();
          const scope = target.writable!;
          const dataSet = await client.findDataSet(scope.businessArea, scope.schema, scope.dataSet);
          const filters = {
            businessArea: scope.businessArea,
            schema: scope.schema,
            dataSet: scope.dataSet,
          };
          const before: string[] = [];
          for await (const hit of client.searchAll('*', { ...filters, pageSize: 10 }))
            before.push(hit._dataObjectId);
          const created: string[] = [];
          const seen: string[] = [];
          const totals = new Set<number>();
          for await (const page of client.searchPages('*', { ...filters, pageSize: 10 })) {
            seen.push(...page.hits.map((h) => h._dataObjectId));
            totals.add(page.total);
            created.push(
              (await client.createDataObject(dataSet, { [scope.counterField]: 1 }))._dataObjectId,
            );
          }
          expect(totals.size).toBeGreaterThan(1);
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen.slice(0, before.length)).toEqual(before);
          // Deleting what was seen shifts the offsets the other way: still no hit twice, and an end.
          const again: string[] = [];
          let deleted = 0;
          for await (const page of client.searchPages('*', { ...filters, pageSize: 10 })) {
            again.push(...page.hits.map((h) => h._dataObjectId));
            if (deleted < created.length)
              await client.deleteDataObject({ ...dataSet, dataObjectId: created[deleted++]! });
          }
          expect(new Set(again).size).toBe(again.length);
          for (const id of created.slice(deleted))
            await client.deleteDataObject({ ...dataSet, dataObjectId: id });
        },
        60_000,
      );

      describe('writes with faults', () => {
        let client: MdqClient;
        let ref: DataObjectRef;
        const counter = () => target.writable!.counterField;
        beforeAll(async () => {
          client = clientFor({ clock: recordingClock().clock });
          const scope = target.writable!;
          const dataSet = await client.findDataSet(scope.businessArea, scope.schema, scope.dataSet);
          const created = await client.createDataObject(dataSet, { [scope.counterField]: 0 });
          ref = { ...dataSet, dataObjectId: created._dataObjectId };
        });
        const puts = () => requests(/^PUT \/v1\/businessareas\//);

        faulty(
          "a lost update answer (applied, connection dropped): the object holds the values, as another writer's identical change would: outcome unknown, sent once",
          async () => {
            const before = await client.getDataObject(ref);
            const sent = puts();
            target.setFaults!({
              rules: [{ route: 'PUT /v1/businessareas/*', drop: 'after', times: 1 }],
            });
            await expect(
              client.update(ref, before._version, { [counter()]: 5 }),
            ).rejects.toBeInstanceOf(WriteOutcomeUnknownError);
            expect(await client.getDataObject(ref)).toMatchObject({
              [counter()]: 5,
              _version: before._version + 1,
            });
            expect(puts() - sent).toBe(1);
          },
        );

        faulty(
          'an update dropped before the service saw it: read, found not applied, sent again once',
          async () => {
            const before = await client.getDataObject(ref);
            target.setFaults!({
              rules: [{ route: 'PUT /v1/businessareas/*', drop: 'before', times: 1 }],
            });
            expect(await client.update(ref, before._version, { [counter()]: 6 })).toEqual({
              version: before._version + 1,
            });
            expect(await client.getDataObject(ref)).toMatchObject({
              [counter()]: 6,
              _version: before._version + 1,
            });
          },
        );

        faulty(
          'an update answered too slowly: never applied twice, even when the slow request lands later',
          async () => {
            const slow = clientFor({ timeoutMs: 800, clock: recordingClock().clock });
            const before = await slow.getDataObject(ref);
            target.setFaults!({
              rules: [{ route: 'PUT /v1/businessareas/*', latencyMs: 2000, times: 1 }],
            });
            expect(await slow.update(ref, before._version, { [counter()]: 7 })).toEqual({
              version: before._version + 1,
            });
            // The first request is handled after its latency: refused by the lock, it changes nothing.
            await new Promise((resolve) => setTimeout(resolve, 2500));
            expect(await slow.getDataObject(ref)).toMatchObject({
              [counter()]: 7,
              _version: before._version + 1,
            });
          },
          20_000,
        );

        faulty(
          'a 500 on an update that was not applied: a ServerError, never repeated',
          async () => {
            const before = await client.getDataObject(ref);
            target.setFaults!({
              rules: [{ route: 'PUT /v1/businessareas/*', status: 500, times: 1 }],
            });
            await expect(
              client.update(ref, before._version, { [counter()]: 8 }),
            ).rejects.toBeInstanceOf(ServerError);
            expect((await client.getDataObject(ref))._version).toBe(before._version);
          },
        );

        faulty(
          '20 concurrent updateWithRetry increments from one client, answers lost and refused both ways: the counter moved by the acknowledged plus at most the unknown',
          async () => {
            const before = await client.getDataObject(ref);
            const steady = clientFor({ clock: recordingClock().clock, retry: { attempts: 12 } });
            target.setFaults!({
              seed: 20,
              rules: [
                { route: 'PUT /v1/businessareas/*', latencyMs: 5, probability: 0.5 },
                { route: 'PUT /v1/businessareas/*', drop: 'after', probability: 0.15 },
                { route: 'PUT /v1/businessareas/*', drop: 'before', probability: 0.15 },
                { route: 'PUT /v1/businessareas/*', status: 503, probability: 0.1 },
                { route: 'GET /v1/businessareas/*', status: 503, probability: 0.05 },
              ],
            });
            const outcomes = await Promise.allSettled(
              Array.from({ length: 20 }, () =>
                steady.updateWithRetry(
                  ref,
                  (c) => ({ [counter()]: (c[counter()] as number) + 1 }),
                  { attempts: 200 },
                ),
              ),
            );
            target.setFaults!(null);
            const acknowledged = outcomes.filter((o) => o.status === 'fulfilled').length;
            const unknown = outcomes.filter(
              (o) => o.status === 'rejected' && o.reason instanceof WriteOutcomeUnknownError,
            ).length;
            expect(acknowledged + unknown).toBe(20);
            const after = await client.getDataObject(ref);
            const moved = (after[counter()] as number) - (before[counter()] as number);
            expect(moved).toBeGreaterThanOrEqual(acknowledged);
            expect(moved).toBeLessThanOrEqual(acknowledged + unknown);
            expect(after._version).toBe(before._version + moved);
          },
          60_000,
        );

        faulty(
          '20 concurrent increments from four clients with refusals and latency: the counter moved by the acknowledged plus at most the unknown, through version conflicts',
          async () => {
            const before = await client.getDataObject(ref);
            const clients = Array.from({ length: 4 }, () =>
              clientFor({ clock: recordingClock().clock, retry: { attempts: 12 } }),
            );
            target.setFaults!({
              seed: 4,
              rules: [
                { route: 'PUT /v1/businessareas/*', latencyMs: 10, probability: 0.5 },
                { route: 'PUT /v1/businessareas/*', status: 503, probability: 0.2 },
                { route: 'GET /v1/businessareas/*', status: 429, probability: 0.05 },
              ],
            });
            const outcomes = await Promise.allSettled(
              Array.from({ length: 20 }, (_, i) =>
                clients[i % 4]!.updateWithRetry(
                  ref,
                  (c) => ({ [counter()]: (c[counter()] as number) + 1 }),
                  { attempts: 200 },
                ),
              ),
            );
            target.setFaults!(null);
            const results = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
            // A 503 read back as "moved by one, holding the values sent" fits another client's identical increment: unknown.
            const unknown = outcomes.filter(
              (o) => o.status === 'rejected' && o.reason instanceof WriteOutcomeUnknownError,
            ).length;
            expect(results.length + unknown).toBe(20);
            const after = await client.getDataObject(ref);
            const moved = (after[counter()] as number) - (before[counter()] as number);
            expect(moved).toBeGreaterThanOrEqual(results.length);
            expect(moved).toBeLessThanOrEqual(results.length + unknown);
            expect(after._version).toBe(before._version + moved);
            expect(results.reduce((n, r) => n + r.conflicts, 0)).toBeGreaterThan(0);
          },
          60_000,
        );

        afterAll(async () => {
          if (ref === undefined) return;
          target.setFaults!(null);
          await client.deleteDataObject(ref);
        });
      });
    });
}
