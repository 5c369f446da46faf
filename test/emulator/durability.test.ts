/** The data folder: seeded when empty, every change kept across restarts, journal replay and compaction. */
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { allPages, startApi, tenantPaths, type TestApi } from './helpers.js';

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mdq-emulator-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function withApi<T>(
  options: EmulatorOptions,
  body: (api: TestApi) => Promise<T>,
): Promise<T> {
  const api = await startApi(options);
  try {
    return await body(api);
  } finally {
    await api.emulator.close();
  }
}

describe('the data folder', () => {
  it('is seeded with the example tenant in the documented layout', async () => {
    const dir = folder();
    await withApi({ dataDir: dir }, async () => {});
    expect(readdirSync(dir).sort()).toEqual([
      'business-areas.json',
      'dataobjects',
      'datasets.json',
      'journal.ndjson',
      'schemas',
    ]);
    expect(readdirSync(join(dir, 'schemas'))).toHaveLength(4);
    expect(JSON.parse(readFileSync(join(dir, 'datasets.json'), 'utf8'))).toHaveLength(7);
    const files = readdirSync(join(dir, 'dataobjects'));
    expect(files).toHaveLength(7);
    const lines = files.flatMap((f) =>
      readFileSync(join(dir, 'dataobjects', f), 'utf8')
        .trim()
        .split('\n'),
    );
    expect(lines.length).toBeGreaterThan(3000);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      _dataObjectId: expect.any(String),
      _version: expect.any(Number),
    });
    expect(statSync(join(dir, 'journal.ndjson')).size).toBe(0);
  });

  it('keeps creates, updates and deletes across a restart', async () => {
    const dir = folder();
    const before = await withApi({ dataDir: dir }, async (api) => {
      const { objectsPath } = await tenantPaths(api);
      const [first, second] = (await api.get(objectsPath)).body.items;
      expect(
        (
          await api.request('PUT', `${objectsPath}/${first._dataObjectId}`, {
            body: { _version: first._version, City: 'Kept' },
          })
        ).status,
      ).toBe(204);
      expect((await api.request('DELETE', `${objectsPath}/${second._dataObjectId}`)).status).toBe(
        204,
      );
      const created = await api.request('POST', objectsPath, {
        body: { 'First Name': 'New', Status: 'BAD' },
      });
      return {
        objectsPath,
        all: await allPages(api, objectsPath),
        created: created.body._dataObjectId,
        deleted: second._dataObjectId,
      };
    });
    await withApi({ dataDir: dir }, async (api) => {
      const all = await allPages(api, before.objectsPath);
      expect(all).toEqual(before.all);
      expect(
        all
          .find((o) => o._dataObjectId === before.created)
          ._errors.map((e: { name: string }) => e.name),
      ).toContain('Status');
      expect(all.some((o) => o._dataObjectId === before.deleted)).toBe(false);
    });
    // Soft delete: the object is still in its file, marked.
    const file = readdirSync(join(dir, 'dataobjects'))
      .map((f) => readFileSync(join(dir, 'dataobjects', f), 'utf8'))
      .join('');
    expect(file).toContain(`{"_dataObjectId":"${before.deleted}","_version":`);
    expect(file).toMatch(
      new RegExp(`"_dataObjectId":"${before.deleted}","_version":\\d+,"_deleted":true`),
    );
  });

  it('replays the journal when the process did not close, and ignores a torn last line', async () => {
    const dir = folder();
    const { objectsPath, objects } = await withApi({ dataDir: dir }, async (api) => {
      const { objectsPath } = await tenantPaths(api);
      return { objectsPath, objects: (await api.get(objectsPath)).body.items };
    });
    const [object] = objects;
    const dataSetId = objectsPath.split('/datasets/')[1]!.split('/')[0]!;
    // As a crashed emulator leaves it: two complete entries and half of a third.
    const entry = (version: number, city: string) =>
      JSON.stringify({
        d: dataSetId,
        r: { ...object, _errors: undefined, _version: version, City: city },
      });
    writeFileSync(
      join(dir, 'journal.ndjson'),
      `${entry(object._version + 1, 'One')}\n${entry(object._version + 2, 'Two')}\n${entry(object._version + 3, 'Three').slice(0, 40)}`,
    );
    await withApi({ dataDir: dir }, async (api) => {
      const after = (await api.get(`${objectsPath}/${object._dataObjectId}`)).body;
      expect(after).toMatchObject({ _version: object._version + 2, City: 'Two' });
      // Writes after the torn line land on a clean line.
      expect(
        (
          await api.request('PUT', `${objectsPath}/${object._dataObjectId}`, {
            body: { _version: after._version, City: 'After' },
          })
        ).status,
      ).toBe(204);
    });
    await withApi({ dataDir: dir }, async (api) => {
      expect((await api.get(`${objectsPath}/${object._dataObjectId}`)).body).toMatchObject({
        _version: object._version + 3,
        City: 'After',
      });
    });
  });

  it('refuses to start on a journal damaged in the middle, saying where', async () => {
    const dir = folder();
    await withApi({ dataDir: dir }, async () => {});
    appendFileSync(join(dir, 'journal.ndjson'), 'garbage\n{"d":"x","r":{}}\n');
    await expect(startApi({ dataDir: dir })).rejects.toThrow(/journal\.ndjson: line 1 is not JSON/);
  });

  it('compacts the journal into the data files as it grows, losing nothing', async () => {
    const dir = folder();
    const { objectsPath, expected } = await withApi(
      { dataDir: dir, compactAfterBytes: 2000 },
      async (api) => {
        const { objectsPath } = await tenantPaths(api);
        const [object] = (await api.get(objectsPath)).body.items;
        let version = object._version;
        for (let i = 0; i < 40; i++) {
          expect(
            (
              await api.request('PUT', `${objectsPath}/${object._dataObjectId}`, {
                body: { _version: version, City: `City ${i}` },
              })
            ).status,
          ).toBe(204);
          version++;
          // The journal never grows far beyond the threshold.
          expect(statSync(join(dir, 'journal.ndjson')).size).toBeLessThan(2000 + 2 * 1500);
        }
        return { objectsPath, expected: { id: object._dataObjectId, version } };
      },
    );
    await withApi({ dataDir: dir }, async (api) => {
      expect((await api.get(`${objectsPath}/${expected.id}`)).body).toMatchObject({
        _version: expected.version,
        City: 'City 39',
      });
    });
  });

  it('reads a folder without writing to it with inMemory', async () => {
    const dir = folder();
    await withApi({ dataDir: dir, inMemory: true }, async () => {});
    expect(existsSync(join(dir, 'business-areas.json'))).toBe(false);
    await withApi({ dataDir: dir }, async () => {});
    const before = readdirSync(join(dir, 'dataobjects'))
      .map((f) => readFileSync(join(dir, 'dataobjects', f), 'utf8'))
      .join('');
    await withApi({ dataDir: dir, inMemory: true }, async (api) => {
      const { objectsPath } = await tenantPaths(api);
      const [object] = (await api.get(objectsPath)).body.items;
      expect(
        (
          await api.request('PUT', `${objectsPath}/${object._dataObjectId}`, {
            body: { _version: object._version, City: 'Memory' },
          })
        ).status,
      ).toBe(204);
    });
    expect(
      readdirSync(join(dir, 'dataobjects'))
        .map((f) => readFileSync(join(dir, 'dataobjects', f), 'utf8'))
        .join(''),
    ).toBe(before);
    expect(statSync(join(dir, 'journal.ndjson')).size).toBe(0);
  });

  it('loads a tenant written by hand: objects without ids get one, and the file is rewritten', async () => {
    const dir = folder();
    await withApi({ dataDir: dir }, async () => {});
    const datasets = JSON.parse(readFileSync(join(dir, 'datasets.json'), 'utf8'));
    const file = join(
      dir,
      'dataobjects',
      readdirSync(join(dir, 'dataobjects')).find((f) =>
        f.startsWith(encodeURIComponent(datasets[0].dataSetId)),
      )!,
    );
    writeFileSync(file, '{"First Name": "Hand", "Last Name": "Written"}\n\n');
    await withApi({ dataDir: dir }, async (api) => {
      const { objectsPath } = await tenantPaths(api);
      const items = (await api.get(objectsPath)).body.items;
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        _dataObjectId: expect.stringMatching(/^\d{17}/),
        _version: 1,
        'First Name': 'Hand',
      });
    });
    expect(readFileSync(file, 'utf8')).toMatch(
      /^\{"_dataObjectId":"\d{17}[0-9a-f]{30}","_version":1,"First Name":"Hand"/,
    );
  });
});

describe('the data folder lock', () => {
  it('lets one emulator at a time use a folder, and takes over the lock of a process that is gone', async () => {
    const dir = folder();
    const first = await startApi({ dataDir: dir });
    try {
      await expect(startApi({ dataDir: dir })).rejects.toThrow(/is in use by another emulator/);
      // Reading it in memory is fine: nothing is written.
      const reader = await startApi({ dataDir: dir, inMemory: true });
      await reader.emulator.close();
    } finally {
      await first.emulator.close();
    }
    expect(existsSync(join(dir, '.lock'))).toBe(false);
    writeFileSync(join(dir, '.lock'), '999999999');
    await withApi({ dataDir: dir }, async (api) =>
      expect((await api.get('/v1/my/businessareas')).status).toBe(200),
    );
  });

  it('gives the folder back when the port is taken', async () => {
    const dir = folder();
    const holder = await startApi();
    try {
      await expect(startApi({ dataDir: dir, port: holder.emulator.port })).rejects.toThrow(
        /EADDRINUSE/,
      );
      expect(existsSync(join(dir, '.lock'))).toBe(false);
    } finally {
      await holder.emulator.close();
    }
  });
});
