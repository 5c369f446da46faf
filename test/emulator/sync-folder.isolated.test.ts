/** syncFolder: a platform that cannot fsync a folder (Windows: EISDIR, EPERM) is not an error; a failing disk is. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const failure: { code?: string; at?: 'open' | 'sync' } = {};
const calls: string[] = [];

vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  const fail = () => Object.assign(new Error(`${failure.code}: refused`), { code: failure.code });
  return {
    ...original,
    open: vi.fn(async (_path: string, flags: string) => {
      calls.push(`open ${flags}`);
      if (failure.at === 'open') throw fail();
      return {
        sync: async () => {
          calls.push('sync');
          if (failure.at === 'sync') throw fail();
        },
        close: async () => void calls.push('close'),
      };
    }),
  };
});

const { syncFolder } = await import('../../src/emulator/store/sync-folder.js');

afterEach(() => {
  delete failure.code;
  delete failure.at;
  calls.length = 0;
});

describe('syncFolder', () => {
  it('opens the folder read-only, fsyncs it and closes it', async () => {
    await syncFolder('/some/folder');
    expect(calls).toEqual(['open r', 'sync', 'close']);
  });

  it.each([
    ['EISDIR', 'open'],
    ['EPERM', 'sync'],
    ['EINVAL', 'sync'],
  ] as const)(
    'ignores %s on %s (a platform or file system that refuses to fsync a folder)',
    async (code, at) => {
      Object.assign(failure, { code, at });
      await expect(syncFolder('/some/folder')).resolves.toBeUndefined();
      if (at === 'sync') expect(calls).toContain('close');
    },
  );

  it('reports any other failure (EIO: the disk failed), closing the folder first', async () => {
    Object.assign(failure, { code: 'EIO', at: 'sync' });
    await expect(syncFolder('/some/folder')).rejects.toMatchObject({ code: 'EIO' });
    expect(calls).toEqual(['open r', 'sync', 'close']);
  });
});
