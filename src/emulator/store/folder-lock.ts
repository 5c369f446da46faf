/**
 * One emulator per data folder: two writing one journal would interleave their lines.
 * The lock is a `.lock` file holding the owner's process id; a lock left by a process
 * that no longer runs (killed with SIGKILL) is taken over.
 */
import { open, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const heldHere = new Set<string>();

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock; resolves with its release. */
export async function lockFolder(dir: string): Promise<() => Promise<void>> {
  const key = resolve(dir);
  const path = join(dir, '.lock');
  if (heldHere.has(key))
    throw new Error(`the data folder ${dir} is in use by another emulator in this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(path, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      heldHere.add(key);
      return async () => {
        heldHere.delete(key);
        await rm(path, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && running(owner)) {
        throw new Error(
          `the data folder ${dir} is in use by another emulator (process ${owner}); stop it first, or delete ${path} if that process is not an emulator`,
        );
      }
      // Stale: its process is gone.
      await rm(path, { force: true });
    }
  }
  throw new Error(`cannot lock the data folder ${dir}`);
}
