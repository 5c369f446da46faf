/** The journal's reading laws: complete lines are entries, a torn tail is cut, damage elsewhere is an error. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { open } from 'node:fs/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Journal, readJournal } from '../../src/emulator/store/journal.js';

const dir = mkdtempSync(join(tmpdir(), 'mdq-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the journal', () => {
  it('reads back exactly the entries whose line is complete, for any cut of the file', async () => {
    const path = join(dir, 'cut.ndjson');
    const entries = fc.array(
      fc.record({
        dataSetId: fc.string({ minLength: 1 }),
        record: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
      }),
      { maxLength: 8 },
    );
    await fc.assert(
      fc.asyncProperty(entries, fc.nat(), async (written, cutSeed) => {
        const lines = written.map((e) => `${JSON.stringify({ d: e.dataSetId, r: e.record })}\n`);
        const full = Buffer.from(lines.join(''), 'utf8');
        const cut = full.length === 0 ? 0 : cutSeed % (full.length + 1);
        writeFileSync(path, full.subarray(0, cut));
        const { entries: read, validBytes } = await readJournal(path);
        let complete = 0;
        let bytes = 0;
        for (const line of lines) {
          if (bytes + Buffer.byteLength(line) > cut) break;
          bytes += Buffer.byteLength(line);
          complete++;
        }
        expect(validBytes).toBe(bytes);
        expect(read).toEqual(JSON.parse(JSON.stringify(written.slice(0, complete))));
      }),
      { numRuns: 100 },
    );
  });

  it('reads a missing journal as empty', async () => {
    expect(await readJournal(join(dir, 'none.ndjson'))).toEqual({
      entries: [],
      validBytes: 0,
      tornBytes: 0,
    });
  });

  it('appends entries with one fsync for the ones that arrive together, and cuts a torn tail on open', async () => {
    const path = join(dir, 'append.ndjson');
    writeFileSync(path, '{"d":"a","r":{"x":1}}\n{"d":"a","r":{"x"');
    const { validBytes } = await readJournal(path);
    let checkpoints = 0;
    const journal = await Journal.open(path, validBytes, 1 << 20, async () => void checkpoints++);
    await Promise.all([1, 2, 3].map((x) => journal.append({ dataSetId: 'b', record: { x } })));
    const { entries } = await readJournal(path);
    expect(entries).toEqual([
      { dataSetId: 'a', record: { x: 1 } },
      ...[1, 2, 3].map((x) => ({ dataSetId: 'b', record: { x } })),
    ]);
    await journal.close();
    expect(checkpoints).toBe(1);
    expect((await readJournal(path)).entries).toEqual([]);
  });

  it('rejects the changes of a failed write last one first (each is undone before the one it was made on), and writes on after it', async () => {
    const path = join(dir, 'failing.ndjson');
    const journal = await Journal.open(path, 0, 1 << 20, async () => {});
    const handle = await open(path, 'r');
    await handle.close();
    vi.spyOn(Object.getPrototypeOf(handle), 'appendFile').mockRejectedValueOnce(
      new Error('ENOSPC'),
    );
    const order: number[] = [];
    // The first is being written when the others arrive: they wait for the next write, made on top of it.
    await Promise.all(
      [1, 2, 3].map((x) =>
        journal.append({ dataSetId: 'b', record: { x } }).catch(() => void order.push(x)),
      ),
    );
    vi.restoreAllMocks();
    expect(order).toEqual([3, 2, 1]);
    expect(journal.broken).toBeUndefined();
    await journal.append({ dataSetId: 'b', record: { x: 4 } });
    expect((await readJournal(path)).entries).toEqual([{ dataSetId: 'b', record: { x: 4 } }]);
    await journal.close();
  });
});
