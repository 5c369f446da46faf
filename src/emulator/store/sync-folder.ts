/**
 * fsync of a folder: a file created, renamed or removed in it survives a power loss only
 * once its folder's entry list is on disk (fsync of the file alone does not write it).
 */
import { open } from 'node:fs/promises';

/**
 * Codes of platforms and file systems that cannot fsync a folder: Windows cannot open one
 * (EISDIR) or refuses to flush it (EPERM), some network and FUSE file systems answer EINVAL
 * or ENOTSUP. There the rename is as durable as the platform makes it; nothing to report.
 */
const UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'ENOTSUP', 'EOPNOTSUPP']);

export async function syncFolder(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch (e) {
    if (UNSUPPORTED.has((e as NodeJS.ErrnoException).code ?? '')) return;
    throw e;
  }
  try {
    await handle.sync();
  } catch (e) {
    if (!UNSUPPORTED.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
  } finally {
    await handle.close();
  }
}
