/** makeFolder: `mkdir -p` that fails instead of spinning where Node's recursive mkdir would. */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFolder } from '../../src/emulator/store/make-folder.js';

const dir = mkdtempSync(join(tmpdir(), 'mdq-folder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('makeFolder', () => {
  it('makes every missing level, and accepts a folder that exists', async () => {
    const deep = join(dir, 'a', 'b', 'c');
    await makeFolder(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    await makeFolder(deep);
    await makeFolder(dir);
    expect(statSync(deep).isDirectory()).toBe(true);
  });

  it('accepts concurrent calls on the same path', async () => {
    const path = join(dir, 'race', 'x', 'y');
    await Promise.all(Array.from({ length: 8 }, () => makeFolder(path)));
    expect(statSync(path).isDirectory()).toBe(true);
  });

  it('rejects a path through a file', async () => {
    writeFileSync(join(dir, 'file'), 'x');
    await expect(makeFolder(join(dir, 'file'))).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(makeFolder(join(dir, 'file', 'below'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect(existsSync(join(dir, 'file', 'below'))).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'rejects a folder the kernel will not make (recursive mkdir spins forever there)',
    async () => {
      await expect(makeFolder('/proc/mdq-cannot-exist/data')).rejects.toMatchObject({
        code: 'ENOENT',
      });
    },
  );
});
