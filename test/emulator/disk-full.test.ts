/**
 * A journal that cannot be written (a full disk): the change is undone and answered 503, so
 * nobody reads what a restart would not bring back, and writes go on once the disk has room.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApi, tenantPaths } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'mdq-disk-full-'));
afterEach(() => vi.restoreAllMocks());
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The class of the handles node:fs/promises opens, whose appendFile and truncate the journal calls. */
async function fileHandlePrototype(): Promise<{
  appendFile: (...args: any[]) => Promise<void>;
  truncate: (length?: number) => Promise<void>;
}> {
  const handle = await open(__filename, 'r');
  await handle.close();
  return Object.getPrototypeOf(handle);
}

const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe('a journal that cannot be written', () => {
  it('undoes the change and answers 503, cuts the torn line, and takes writes again once the disk has room (it answered 500, kept the change in memory, and refused every later write)', async () => {
    const proto = await fileHandlePrototype();
    const realAppend = proto.appendFile;
    let api = await startApi({ dataDir: dir });
    const { objectsPath } = await tenantPaths(api);
    const [a, b] = (await api.get(objectsPath)).body.items;
    const countBefore = (await api.get(objectsPath)).body.items.length;
    // Half of each line reaches the file, then the disk is full.
    const append = vi.spyOn(proto, 'appendFile').mockImplementation(async function (
      this: unknown,
      text: string,
    ) {
      await realAppend.call(this, text.slice(0, text.length >> 1), 'utf8');
      throw enospc();
    });

    const put = await api.request('PUT', `${objectsPath}/${a._dataObjectId}`, {
      body: { _version: a._version, City: 'Nowhere' },
    });
    expect(put.status).toBe(503);
    expect(put.headers.get('retry-after')).toBe('1');
    expect(put.body.message).toMatch(
      /^the change was not made: the data folder cannot be written \(ENOSPC/,
    );
    const created = await api.request('POST', objectsPath, { body: { City: 'Nowhere' } });
    expect(created.status).toBe(503);
    expect((await api.request('DELETE', `${objectsPath}/${b._dataObjectId}`)).status).toBe(503);
    // Nothing of them is to be read: not the value, the version, the new object, nor the deletion.
    const stored = (await api.get(`${objectsPath}/${a._dataObjectId}`)).body;
    expect([stored._version, stored.City]).toEqual([a._version, a.City]);
    expect((await api.get(objectsPath)).body.items.length).toBe(countBefore);
    expect((await api.get(`${objectsPath}/${b._dataObjectId}`)).status).toBe(200);
    expect(
      (await api.get(`/dataobjects/search?query=${encodeURIComponent('City:Nowhere')}`)).body.total,
    ).toBe(0);

    append.mockRestore();
    expect(
      (
        await api.request('PUT', `${objectsPath}/${a._dataObjectId}`, {
          body: { _version: a._version, City: 'Somewhere' },
        })
      ).status,
    ).toBe(204);
    await api.emulator.close();
    // The torn halves were cut off: the journal replays (a torn line before a whole one stopped the start).
    api = await startApi({ dataDir: dir });
    const after = (await api.get(`${objectsPath}/${a._dataObjectId}`)).body;
    expect([after._version, after.City]).toEqual([a._version + 1, 'Somewhere']);
    expect((await api.get(objectsPath)).body.items.length).toBe(countBefore);
    await api.emulator.close();
  });

  it('refuses every later change before making it when not even the torn line can be cut', async () => {
    const proto = await fileHandlePrototype();
    const api = await startApi({ dataDir: dir });
    try {
      const { objectsPath } = await tenantPaths(api);
      const a = (await api.get(objectsPath)).body.items[0];
      vi.spyOn(proto, 'appendFile').mockRejectedValueOnce(enospc());
      vi.spyOn(proto, 'truncate').mockRejectedValueOnce(enospc());
      expect(
        (
          await api.request('PUT', `${objectsPath}/${a._dataObjectId}`, {
            body: { _version: a._version, City: 'Nowhere' },
          })
        ).status,
      ).toBe(503);
      vi.restoreAllMocks();
      const again = await api.request('PUT', `${objectsPath}/${a._dataObjectId}`, {
        body: { _version: a._version, City: 'Nowhere' },
      });
      expect(again.status).toBe(503);
      expect(again.body.message).toMatch(/data folder cannot be written \(ENOSPC/);
      expect((await api.get(`${objectsPath}/${a._dataObjectId}`)).body._version).toBe(a._version);
      // Reads go on.
      expect((await api.get('/v1/my/businessareas')).status).toBe(200);
    } finally {
      await api.emulator.close();
    }
  });
});
