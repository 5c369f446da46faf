/**
 * Nothing acknowledged is ever lost: `mdq serve` on a data folder is killed with
 * SIGKILL at random moments (10 times, issue 30 item 7) while concurrent writers update
 * and create and the client's `updateWithRetry` loops read-modify-write; after each
 * restart every acknowledged write and create is there, no refused write is visible, no
 * object is half applied, and no version went back.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { seededRandom } from '../../src/emulator/random.js';
import { serve } from './child.js';
import { startApi, TestApi, tenantPaths } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'mdq-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Watched {
  readonly id: string;
  readonly initialVersion: number;
  readonly initialTags: readonly string[];
}

/** The test's own client, on the child's URL. */
async function connect(url: string): Promise<TestApi> {
  const api = new TestApi({
    url,
    port: Number(new URL(url).port),
    demoClient: { clientId: 'mdq-demo', clientSecret: 'mdq-demo-secret' },
    indexed: Promise.resolve(),
    setFaults() {},
    close: async () => {},
  });
  await api.login();
  return api;
}

/** SIGKILL cycles; each restart is checked. */
const ROUNDS = 10;

describe('durability under SIGKILL', () => {
  it('keeps every acknowledged write across kills at random moments', async () => {
    // Random kill moments, replayable like the property tests: FC_SEED, a fixed seed on CI, else new each run.
    const seed = Number(process.env.FC_SEED ?? (process.env.CI ? 20261122 : Date.now() % 1e9));
    const random = seededRandom(seed);
    console.log(`kill test seed ${seed}`);
    const acknowledged: { id: string; version: number; token: string }[] = [];
    const attempted = new Set<string>();
    /** Tokens of writes answered as not made (a conflict, a refused journal line): never to be seen. */
    const refused = new Set<string>();
    /** Each watched object's version as the last restart found it: the next restart finds it or a later one. */
    const versionAtRestart = new Map<string, number>();
    const created: string[] = [];
    let watched: Watched[] | undefined;
    let objectsPath = '';

    for (let round = 0; round < ROUNDS; round++) {
      const server = await serve(['--data', dir, '--quiet']);
      const api = await connect(server.url);
      if (watched === undefined) {
        ({ objectsPath } = await tenantPaths(api));
        const items = (await api.get(objectsPath)).body.items.slice(0, 10);
        watched = items.map((o: { _dataObjectId: string; _version: number; Tags?: string[] }) => ({
          id: o._dataObjectId,
          initialVersion: o._version,
          initialTags: o.Tags ?? [],
        }));
      }
      // After the restart: everything acknowledged so far is there, and no object is half written.
      await verify(api);

      let stop = false;
      const writer = async (w: number) => {
        for (let n = 0; !stop; n++) {
          try {
            if (n % 10 === 9) {
              const response = await api.request('POST', objectsPath, {
                body: { 'First Name': `r${round}w${w}n${n}` },
              });
              if (response.status === 201) created.push(response.body._dataObjectId);
              continue;
            }
            const target = watched![(w + n) % watched!.length]!;
            const current = await api.get(`${objectsPath}/${target.id}`);
            const token = `r${round}w${w}n${n}`;
            attempted.add(token);
            const response = await api.request('PUT', `${objectsPath}/${target.id}`, {
              body: {
                _version: current.body._version,
                Tags: [...(current.body.Tags ?? []), token],
              },
            });
            if (response.status === 204)
              acknowledged.push({ id: target.id, version: current.body._version + 1, token });
            else {
              expect([400, 503]).toContain(response.status);
              refused.add(token);
            }
          } catch {
            return; // killed
          }
        }
      };
      // The client's read-modify-write: its acknowledged changes are kept like the writers' own.
      const [, businessAreaId, schemaId, dataSetId] =
        /businessareas\/([^/]+)\/schemas\/([^/]+)\/datasets\/([^/]+)\//.exec(objectsPath)!;
      const client = createClient({
        baseUrl: server.url,
        credentials: { clientId: 'mdq-demo', clientSecret: 'mdq-demo-secret' },
      });
      const retrier = async (r: number) => {
        for (let n = 0; !stop; n++) {
          const target = watched![(r * 3 + n) % watched!.length]!;
          const token = `r${round}u${r}n${n}`;
          attempted.add(token);
          try {
            const result = await client.updateWithRetry(
              {
                businessAreaId: businessAreaId!,
                schemaId: schemaId!,
                dataSetId: dataSetId!,
                dataObjectId: target.id,
              },
              (current) => ({ Tags: [...((current.Tags as string[] | undefined) ?? []), token] }),
              { deadlineMs: 3000 },
            );
            acknowledged.push({ id: target.id, version: result.version, token });
          } catch {
            if (stop) return; // killed: the outcome of the last one is unknown
          }
        }
      };
      const writers = [
        ...Array.from({ length: 12 }, (_, w) => writer(w)),
        ...Array.from({ length: 4 }, (_, r) => retrier(r)),
      ];
      await new Promise((resolve) => setTimeout(resolve, 300 + random() * 700));
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      stop = true;
      await Promise.all(writers);
    }
    expect(acknowledged.length).toBeGreaterThan(20);

    // A last start, then a clean stop with SIGTERM: exit 0, and the journal folded into the files.
    const server = await serve(['--data', dir, '--quiet']);
    await verify(await connect(server.url));
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(server.output()).toContain('stopped');
    expect(statSync(join(dir, 'journal.ndjson')).size).toBe(0);
    const api = await startApi({ dataDir: dir });
    try {
      await verify(api);
    } finally {
      await api.emulator.close();
    }

    async function verify(api: TestApi): Promise<void> {
      if (watched === undefined) return;
      const stored = new Map<string, { _version: number; Tags?: string[] }>();
      for (const w of watched) stored.set(w.id, (await api.get(`${objectsPath}/${w.id}`)).body);
      for (const [id, object] of stored) {
        expect(object._version).toBeGreaterThanOrEqual(versionAtRestart.get(id) ?? 0);
        versionAtRestart.set(id, object._version);
        for (const token of object.Tags ?? []) expect(refused.has(token)).toBe(false);
      }
      for (const ack of acknowledged) {
        const object = stored.get(ack.id)!;
        expect(object._version).toBeGreaterThanOrEqual(ack.version);
        expect(object.Tags).toContain(ack.token);
      }
      for (const w of watched) {
        const object = stored.get(w.id)!;
        const tags = object.Tags ?? [];
        // Each update appended exactly one token: versions and tokens moved together, all tokens real.
        expect(tags.slice(0, w.initialTags.length)).toEqual(w.initialTags);
        const added = tags.slice(w.initialTags.length);
        expect(added.length).toBe(object._version - w.initialVersion);
        for (const token of added) expect(attempted.has(token)).toBe(true);
        expect(new Set(added).size).toBe(added.length);
      }
      for (const id of created) expect((await api.get(`${objectsPath}/${id}`)).status).toBe(200);
    }
  }, 300_000);
});
