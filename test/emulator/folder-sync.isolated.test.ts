/**
 * A file's directory entry survives a power loss only once its folder is fsynced: the
 * journal when it is created, a data file when compaction renames it into place, a
 * folder when it is made. The folder syncs are recorded (with what the folder held at
 * that moment) through a spy on syncFolder.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

interface Synced {
  readonly folder: string;
  readonly journal: boolean;
}
const synced: Synced[] = [];
let journalPath = '';

vi.mock('../../src/emulator/store/sync-folder.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/emulator/store/sync-folder.js')>();
  return {
    ...original,
    syncFolder: vi.fn(async (folder: string) => {
      synced.push({
        folder: resolve(folder),
        journal: journalPath !== '' && existsSync(journalPath),
      });
      await original.syncFolder(folder);
    }),
  };
});

const { startApi, tenantPaths } = await import('./helpers.js');
const { makeFolder } = await import('../../src/emulator/store/make-folder.js');

const base = mkdtempSync(join(tmpdir(), 'mdq-folder-sync-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
beforeEach(() => {
  synced.length = 0;
  journalPath = '';
});

describe('fsync of folders', () => {
  it('syncs the data folder once the journal file exists in it (its entry was never synced)', async () => {
    const dir = join(base, 'fresh');
    journalPath = join(dir, 'journal.ndjson');
    const api = await startApi({ dataDir: dir });
    try {
      expect(existsSync(journalPath)).toBe(true);
      expect(synced.some((s) => s.folder === resolve(dir) && s.journal)).toBe(true);
    } finally {
      await api.emulator.close();
    }
  });

  it('syncs dataobjects/ after compaction renames a data file into it', async () => {
    const dir = join(base, 'compacting');
    const api = await startApi({ dataDir: dir, compactAfterBytes: 1 });
    try {
      const { objectsPath } = await tenantPaths(api);
      synced.length = 0;
      expect(
        (await api.request('POST', objectsPath, { body: { 'First Name': 'Synced' } })).status,
      ).toBe(201);
      await vi.waitFor(() =>
        expect(synced.map((s) => s.folder)).toContain(resolve(dir, 'dataobjects')),
      );
    } finally {
      await api.emulator.close();
    }
  });

  it('makeFolder syncs the parent of each folder it makes, outermost first', async () => {
    await makeFolder(join(base, 'a', 'b', 'c'));
    expect(synced.map((s) => s.folder)).toEqual([
      resolve(base),
      resolve(base, 'a'),
      resolve(base, 'a', 'b'),
    ]);
  });
});
