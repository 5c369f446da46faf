/**
 * Issue 30, item 5: a compaction must not write a change whose journal line still waits.
 * It wrote the tenant from memory; when the waiting line was then refused (ENOSPC), the
 * change was undone and answered 503 but stayed in the data file, and a later write at the
 * same version, acknowledged and journaled, lost to it after a crash.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataObjectFile, FILES } from '../../../src/emulator/store/data-dir.js';
import { journalFiles, readJournal } from '../../../src/emulator/store/journal.js';
import { openTenant } from '../../../src/emulator/store/open-tenant.js';

const dir = mkdtempSync(join(tmpdir(), 'mdq-compaction-'));
afterEach(() => vi.restoreAllMocks());
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function fileHandlePrototype(): Promise<{ appendFile: (...args: any[]) => Promise<void> }> {
  const handle = await open(__filename, 'r');
  await handle.close();
  return Object.getPrototypeOf(handle);
}

describe('compaction and a refused journal line', () => {
  it('regression: the data files never hold a change whose line was refused, and the acknowledged write at its version is what a restart reads', async () => {
    const { store, persistence } = await openTenant({ dataDir: dir, compactAfterBytes: 1 });
    const dataSet = store.dataSets.find((d) => d.objects.length >= 2)!;
    const [first, second] = dataSet.objects;
    const proto = await fileHandlePrototype();
    const realAppend = proto.appendFile;
    let appends = 0;
    vi.spyOn(proto, 'appendFile').mockImplementation(async function (
      this: unknown,
      ...args: unknown[]
    ) {
      // The second line meets a full disk, after the compaction the first one asked for.
      if (++appends === 2)
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return realAppend.apply(this, args as never);
    });

    // Two changes one after the other: the second waits while the first is written, then the compaction runs.
    const change = (object: typeof first, city: string) => {
      const before = store.stateOf(object!);
      object!.values = { ...object!.values, City: city };
      object!.version++;
      // As the store's own changes do: the dataset's file is to be written again.
      dataSet.dirty = true;
      return persistence.record(object!, before).then(
        () => 'ok',
        () => {
          store.restore(object!, before);
          return 'refused';
        },
      );
    };
    const secondVersion = second!.version;
    const outcomes = await Promise.all([change(first, 'Acknowledged'), change(second, 'Refused')]);
    expect(outcomes).toEqual(['ok', 'refused']);
    const file = () => readFileSync(dataObjectFile(dir, dataSet.item.dataSetId), 'utf8');
    expect(file()).not.toContain('"Refused"');
    // A later write at the refused one's version is acknowledged.
    expect(second!.version).toBe(secondVersion);
    expect(await change(second, 'Later')).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // What a restart reads (the data file, then the lines of both journals over it, the one set aside first): the acknowledged write, never the refused one.
    const entries = [];
    for (const path of journalFiles(join(dir, FILES.journal)))
      entries.push(...(await readJournal(path)).entries);
    const fromFile = file()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((r) => r._dataObjectId === second!.id);
    const fromJournal = entries.filter((e) => e.record._dataObjectId === second!.id).at(-1)?.record;
    const restored = fromJournal ?? fromFile;
    expect(restored).toMatchObject({ City: 'Later', _version: secondVersion + 1 });
    expect(fromFile?.City).not.toBe('Refused');
    await persistence.close();
  });
});
