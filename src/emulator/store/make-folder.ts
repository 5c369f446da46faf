/**
 * `mkdir -p` without `{ recursive: true }`: Node 20's recursive mkdir spins forever at
 * 100% CPU when the kernel answers ENOENT for a folder whose parent exists (any path under
 * /proc, say), which would hang `mdq serve --data` instead of failing. So the missing
 * folders are made one level at a time, outermost first, and any error is the answer.
 * Each parent is fsynced after a folder is made in it (see sync-folder.ts).
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { syncFolder } from './sync-folder.js';

export async function makeFolder(path: string): Promise<void> {
  const missing: string[] = [];
  let current = resolve(path);
  for (;;) {
    try {
      if ((await stat(current)).isDirectory()) break;
      // A file where a folder should be: mkdir below reports EEXIST/ENOTDIR, as `mkdir -p` does.
      missing.push(current);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      missing.push(current);
      const parent = dirname(current);
      if (parent === current) break;
      current = parent;
    }
  }
  for (const folder of missing.reverse()) {
    try {
      await mkdir(folder);
    } catch (e) {
      // Another process made it between our stat and mkdir: that is what we wanted (and its maker syncs it).
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !(await stat(folder)).isDirectory())
        throw e;
      continue;
    }
    // The new folder's entry in its parent, so that what is written into it later is not lost with it on a power loss.
    await syncFolder(dirname(folder));
  }
}
