/**
 * The append-only journal: every change is one JSON line, written and fsynced before
 * the change is acknowledged. Lines that arrive while a write is under way are written
 * together with one fsync (group commit), so many writers cost few fsyncs. A torn last
 * line (the process died mid-write) is ignored on open and cut off before appending.
 * A compaction writes only what is on disk already: a change whose line still waits is
 * written as it was before it (see `openTenant`), so a line refused later leaves no trace.
 *
 * A compaction never holds up a write: the journal is renamed to `<name>.old` (between two
 * group writes, so it holds whole lines only) and a new one takes the next lines at once,
 * while the checkpoint writes the data files in the background; the old journal is removed
 * once they are on disk. A crash in between leaves both journals, and replay reads both
 * (`journalFiles`): each line holds an object's whole state, and an older state than the
 * one held is ignored, so reading a line twice changes nothing.
 */
import { link, open, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncFolder } from './sync-folder.js';

/** One journal line: the full state of a data object after a change, in its dataset. */
export interface JournalEntry {
  readonly dataSetId: string;
  readonly record: Readonly<Record<string, unknown>>;
}

interface Waiting {
  readonly text: string;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
  /** Called at once when the line is on disk or refused, before any other work of the journal. */
  readonly settled: (() => void) | undefined;
}

/** The journals to replay, oldest first: the one a compaction set aside (if a crash left it), then the current one. */
export function journalFiles(path: string): readonly [string, string] {
  return [`${path}.old`, path];
}

/** True when the file exists. */
async function present(path: string): Promise<boolean> {
  try {
    await (await open(path, 'r')).close();
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/** Reads the journal's complete lines; a torn last line is left out, and its offset returned so it can be cut. */
export async function readJournal(
  path: string,
): Promise<{ entries: JournalEntry[]; validBytes: number; tornBytes: number }> {
  let buffer: Buffer;
  try {
    buffer = await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      return { entries: [], validBytes: 0, tornBytes: 0 };
    throw e;
  }
  const entries: JournalEntry[] = [];
  const end = buffer.lastIndexOf(0x0a) + 1;
  const lines = buffer.subarray(0, end).toString('utf8').split('\n');
  lines.pop();
  lines.forEach((line, i) => {
    if (line === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new Error(
        `${path}: line ${i + 1} is not JSON; the journal was damaged outside the emulator`,
      );
    }
    const entry = parsed as { d?: unknown; r?: unknown };
    if (typeof entry.d !== 'string' || typeof entry.r !== 'object' || entry.r === null)
      throw new Error(`${path}: line ${i + 1} is not a journal entry`);
    entries.push({ dataSetId: entry.d, record: entry.r as Record<string, unknown> });
  });
  return { entries, validBytes: end, tornBytes: buffer.length - end };
}

export class Journal {
  private readonly waiting: Waiting[] = [];
  private running = false;
  private idle: Promise<void> = Promise.resolve();
  private markIdle: () => void = () => {};
  private failure: Error | undefined;
  private compactRequested = false;
  /** Callers of `compact` waiting for a checkpoint that starts after their call. */
  private compactWaiters: (() => void)[] = [];
  /** The checkpoint running in the background, if one is. */
  private checkpointing: Promise<void> | undefined;
  /** Bytes written since the journal was last emptied. */
  private size: number;

  private constructor(
    private file: FileHandle,
    private readonly path: string,
    size: number,
    private readonly compactAfterBytes: number,
    /** Writes the full state elsewhere (the data files), durably; the old journal is removed after it. */
    private readonly checkpoint: () => Promise<void>,
    /** True while `<path>.old` exists: it is removed by the next checkpoint, and no second one is set aside meanwhile. */
    private setAside: boolean,
  ) {
    this.size = size;
  }

  /** Opens (or creates) the journal for appending, cutting off `validBytes` onwards first. */
  static async open(
    path: string,
    validBytes: number,
    compactAfterBytes: number,
    checkpoint: () => Promise<void>,
  ): Promise<Journal> {
    const file = await open(path, 'a+');
    try {
      const { size } = await file.stat();
      if (size > validBytes) {
        await file.truncate(validBytes);
        await file.datasync();
      }
      // The file may have just been created: its entry in the folder must be on disk before a write is acknowledged.
      await syncFolder(dirname(path));
    } catch (e) {
      await file.close();
      throw e;
    }
    const setAside = await present(journalFiles(path)[0]).catch(async (e) => {
      await file.close();
      throw e;
    });
    return new Journal(file, path, validBytes, compactAfterBytes, checkpoint, setAside);
  }

  /** Why no change can be written any more (the journal could not even be cut back after a failed write), if so. */
  get broken(): Error | undefined {
    return this.failure;
  }

  /** Appends one entry; resolves once it is on disk (`settled` runs synchronously then, or when it is refused). */
  append(entry: JournalEntry, settled?: () => void): Promise<void> {
    if (this.failure) {
      settled?.();
      return Promise.reject(this.failure);
    }
    const text = `${JSON.stringify({ d: entry.dataSetId, r: entry.record })}\n`;
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ text, resolve, reject, settled });
      this.start();
    });
  }

  /** Checkpoints once the writes under way are done; resolves when that checkpoint has ended (a failed one is warned of). */
  compact(): Promise<void> {
    const done = new Promise<void>((resolve) => this.compactWaiters.push(resolve));
    this.compactRequested = true;
    this.start();
    return done;
  }

  /** Waits for everything under way, checkpoints, and closes the file. */
  async close(): Promise<void> {
    if (!this.failure) await this.compact();
    await this.checkpointing;
    await this.idle;
    await this.file.close();
  }

  /**
   * Sets the journal aside (`<path>.old`) and starts a new one; the journal's name never
   * goes missing (a hard link, then an atomic rename over it). Throws when it could not
   * (the journal is unchanged).
   */
  private async rotate(): Promise<void> {
    const [old] = journalFiles(this.path);
    const fresh = `${this.path}.new`;
    await link(this.path, old);
    let next: FileHandle | undefined;
    try {
      next = await open(fresh, 'w+');
      await rename(fresh, this.path);
    } catch (e) {
      await next?.close().catch(() => {});
      // Lines must not go where a checkpoint removes them: the name set aside goes.
      await unlink(old).catch(() => {});
      throw e;
    }
    const previous = this.file;
    this.file = next;
    this.size = 0;
    this.setAside = true;
    await previous.close().catch(() => {});
    try {
      await syncFolder(dirname(this.path));
    } catch (e) {
      // A line in a file whose name may not survive a crash cannot be acknowledged.
      this.failure = new Error(
        `the journal cannot be written: ${e instanceof Error ? e.message : String(e)}`,
      );
      throw e;
    }
  }

  /** Writes the data files in the background, then removes the journal set aside; writes go on meanwhile. */
  private startCheckpoint(): void {
    const waiters = this.compactWaiters;
    this.compactWaiters = [];
    this.checkpointing = (async () => {
      try {
        await this.checkpoint();
        if (this.setAside) {
          await unlink(journalFiles(this.path)[0]).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== 'ENOENT') throw e;
          });
          await syncFolder(dirname(this.path));
          this.setAside = false;
        }
      } catch (e) {
        // The journals still hold everything: no acknowledged write is at risk, so keep going.
        process.emitWarning(
          `mdq emulator: compaction failed: ${e instanceof Error ? e.message : String(e)}`,
        );
      } finally {
        this.checkpointing = undefined;
        for (const resolve of waiters) resolve();
        if (this.compactRequested) this.start();
      }
    })();
  }

  private start(): void {
    if (this.running) return;
    this.running = true;
    this.idle = new Promise((resolve) => (this.markIdle = resolve));
    void this.run();
  }

  private async run(): Promise<void> {
    while (
      !this.failure &&
      (this.waiting.length > 0 || (this.compactRequested && this.checkpointing === undefined))
    ) {
      if (this.compactRequested && this.checkpointing === undefined) {
        this.compactRequested = false;
        try {
          // One journal set aside at a time: while a failed checkpoint's is still there, the next checkpoint removes it.
          if (!this.setAside) await this.rotate();
          this.startCheckpoint();
        } catch (e) {
          process.emitWarning(
            `mdq emulator: compaction failed: ${e instanceof Error ? e.message : String(e)}`,
          );
          for (const resolve of this.compactWaiters.splice(0)) resolve();
        }
        continue;
      }
      const batch = this.waiting.splice(0);
      const text = batch.map((w) => w.text).join('');
      try {
        await this.file.appendFile(text, 'utf8');
        await this.file.datasync();
        this.size += Buffer.byteLength(text);
        for (const w of batch) {
          w.settled?.();
          w.resolve();
        }
      } catch (e) {
        const failure = new Error(
          `the journal cannot be written: ${e instanceof Error ? e.message : String(e)}`,
        );
        // A partly written batch may have left a torn line: cut it off, so that later lines follow whole ones (the disk
        // was full a moment: writes go on once it is not). If even that fails, refuse every later write.
        try {
          await this.file.truncate(this.size);
          await this.file.datasync();
        } catch {
          this.failure = failure;
        }
        // The changes waiting were made in memory after the batch's, maybe on top of them: the last one is
        // rejected first, so that each is undone before the one it was made on (see data-objects.ts).
        for (const w of [...batch, ...this.waiting.splice(0)].reverse()) {
          w.settled?.();
          w.reject(failure);
        }
      }
      if (this.size >= this.compactAfterBytes) this.compactRequested = true;
    }
    for (const w of this.waiting.splice(0)) {
      w.settled?.();
      w.reject(this.failure ?? new Error('journal closed'));
    }
    if (this.failure) for (const resolve of this.compactWaiters.splice(0)) resolve();
    this.running = false;
    this.markIdle();
  }
}
