/**
 * Where the tenant comes from and where its changes go: memory only, or a data folder
 * (seeded with the example data when empty) whose journal is replayed on start.
 */
import { join } from 'node:path';
import { exampleData } from '../data/generate.js';
import { lockFolder } from './folder-lock.js';
import { makeFolder } from './make-folder.js';
import { FILES, hasTenant, readDataDir, seedDataDir, writeDataObjectFiles } from './data-dir.js';
import { Journal, journalFiles, readJournal } from './journal.js';
import {
  TenantStore,
  type FileRecord,
  type ObjectState,
  type StoredObject,
} from './tenant-store.js';

/** Makes changes durable. */
export interface Persistence {
  /**
   * Resolves once the object's new state survives a crash; rejects when it could not be
   * written (the caller undoes the change). `before`: its state before the change (undefined
   * for a create), what a snapshot taken meanwhile must hold instead of the change.
   */
  record(object: StoredObject, before: ObjectState | undefined): Promise<void>;
  /** Why no change can be written now, if so: checked before a change is made. */
  broken(): Error | undefined;
  close(): Promise<void>;
}

export interface OpenTenantOptions {
  readonly dataDir?: string;
  readonly inMemory?: boolean;
  readonly records?: number;
  readonly seed?: number;
  readonly compactAfterBytes?: number;
}

const MEMORY: Persistence = {
  record: () => Promise.resolve(),
  broken: () => undefined,
  close: () => Promise.resolve(),
};

export async function openTenant(
  options: OpenTenantOptions,
): Promise<{ store: TenantStore; persistence: Persistence }> {
  const { dataDir } = options;
  const generateStore = () =>
    new TenantStore(exampleData({ records: options.records, seed: options.seed }));
  if (dataDir === undefined) return { store: generateStore(), persistence: MEMORY };
  if (!(await hasTenant(dataDir)) && options.inMemory)
    return { store: generateStore(), persistence: MEMORY };
  let release: (() => Promise<void>) | undefined;
  if (!options.inMemory) {
    await makeFolder(dataDir).catch((e: NodeJS.ErrnoException) => {
      // Node's "EEXIST: file already exists, mkdir" would not say that the data folder is a file.
      if (e.code === 'EEXIST' || e.code === 'ENOTDIR')
        throw Object.assign(
          new Error(
            `the data folder ${dataDir} is a file, or inside one: it must be a folder (${e.code})`,
          ),
          { code: e.code },
        );
      throw e;
    });
    release = await lockFolder(dataDir);
  }
  try {
    return await openFolder(dataDir, options, generateStore, release);
  } catch (e) {
    await release?.();
    throw e;
  }
}

async function openFolder(
  dataDir: string,
  options: OpenTenantOptions,
  generate: () => TenantStore,
  release: (() => Promise<void>) | undefined,
): Promise<{ store: TenantStore; persistence: Persistence }> {
  if (!(await hasTenant(dataDir))) await seedDataDir(dataDir, generate());
  const { tenant, needsWrite } = await readDataDir(dataDir);
  const store = new TenantStore(tenant);
  for (const id of needsWrite) store.dataSet(id)!.dirty = true;
  const journalPath = join(dataDir, FILES.journal);
  // A journal a compaction set aside before a crash comes first: its lines are older than the current one's.
  const [setAside, current] = journalFiles(journalPath);
  const older = (await readJournal(setAside)).entries;
  const { entries: newer, validBytes } = await readJournal(current);
  const entries = older.length > 0 ? [...older, ...newer] : newer;
  for (const entry of entries) {
    const dataSet = store.dataSet(entry.dataSetId);
    // A dataset removed from datasets.json by hand takes its journal entries with it.
    if (dataSet === undefined) continue;
    store.load(dataSet, entry.record);
    dataSet.dirty = true;
  }
  if (options.inMemory || release === undefined) return { store, persistence: MEMORY };
  /**
   * Objects whose latest change waits for its journal line, with their record as on disk
   * (null: created, not on disk). A compaction writes that record instead: the data files
   * never hold a change the journal may still refuse (and the change undo), which a crash
   * would bring back over a later, acknowledged write at its version.
   */
  const unsynced = new Map<StoredObject, { readonly onDisk: FileRecord | null; waiting: number }>();
  const journal = await Journal.open(
    journalPath,
    validBytes,
    options.compactAfterBytes ?? 4 * 1024 * 1024,
    () => writeDataObjectFiles(dataDir, store, (object) => unsynced.get(object)?.onDisk),
  );
  // Fold what was replayed into the data files now, so the journal starts empty.
  if (entries.length > 0 || needsWrite.size > 0) await journal.compact();
  return {
    store,
    persistence: {
      record: (object, before) => {
        let entry = unsynced.get(object);
        if (entry === undefined) {
          entry = {
            onDisk: before === undefined ? null : store.fileRecord({ ...object, ...before }),
            waiting: 0,
          };
          unsynced.set(object, entry);
        }
        entry.waiting++;
        const mine = entry;
        return journal.append(
          { dataSetId: object.dataSet.item.dataSetId, record: store.fileRecord(object) },
          () => {
            if (--mine.waiting === 0 && unsynced.get(object) === mine) unsynced.delete(object);
          },
        );
      },
      broken: () => journal.broken,
      close: async () => {
        try {
          await journal.close();
        } finally {
          await release();
        }
      },
    },
  };
}
