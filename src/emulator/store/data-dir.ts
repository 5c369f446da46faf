/**
 * The data folder: the tenant as plain files a person can read and edit, kept
 * current by the emulator.
 *
 *   business-areas.json            [business area, ...]
 *   schemas/<any name>.json        one Get Schema response per file
 *   datasets.json                  [dataset list item, ...] (counts are computed)
 *   dataobjects/<dataSetId>.ndjson one data object per line: {_dataObjectId, _version, _deleted?, ...fields}
 *   journal.ndjson                 changes not yet folded into dataobjects/ (written by the emulator)
 *
 * Data object files are replaced atomically (temporary file, fsync, rename, fsync of
 * the folder), so a crash leaves either the old or the new file, and the journal holds
 * every acknowledged change that is not yet in one.
 */
import { readFileSync } from 'node:fs';
import { open, readdir, readFile, rename, stat } from 'node:fs/promises';
import { LineScanner, type DataLine } from './data-line.js';
import { makeFolder } from './make-folder.js';
import { syncFolder } from './sync-folder.js';
import { join } from 'node:path';
import type {
  BusinessAreaResponse,
  DataSetListItem,
  SchemaResponse,
} from '../../schema/response.js';
import {
  newId,
  type DataSetState,
  type FileRecord,
  type StoredObject,
  type TenantSource,
  type TenantStore,
} from './tenant-store.js';

export const FILES = {
  businessAreas: 'business-areas.json',
  schemas: 'schemas',
  dataSets: 'datasets.json',
  dataObjects: 'dataobjects',
  journal: 'journal.ndjson',
} as const;

/** The file of a dataset's data objects; the id is encoded so any id is a safe file name. */
export function dataObjectFile(dir: string, dataSetId: string): string {
  return join(
    dir,
    FILES.dataObjects,
    `${encodeURIComponent(dataSetId).replace(/\./g, '%2E')}.ndjson`,
  );
}

async function readJson(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${path} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * A data object file's bytes (none when there is no file), read in one step. Nothing is
 * served before the folder is read, so a synchronous read costs no one a wait; it saves the
 * hop per 512 KiB chunk of `readFile` (the lines are decoded one by one, see `readDataDir`).
 */
function readBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0);
    throw e;
  }
}

/**
 * True when the file is there. Only a missing file is "not there": an unreadable one, or a
 * folder in its place, is an error, since taking it for missing would seed the example
 * tenant over the user's own files (business-areas.json) or serve no datasets (datasets.json).
 */
async function exists(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) throw new Error(`${path} is not a file`);
    await (await open(path, 'r')).close();
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // ENOTDIR: the folder itself is a file, which the caller reports when it makes the folder.
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    if (code === undefined) throw e;
    throw new Error(`cannot read ${path}: ${code}`);
  }
}

/** Each entry of a metadata file must be an object with these text properties: say which one is not, and where. */
function checkEntries(
  path: string,
  entries: readonly unknown[],
  what: string,
  required: readonly string[],
): void {
  entries.forEach((entry, i) => {
    const ok =
      typeof entry === 'object' &&
      entry !== null &&
      !Array.isArray(entry) &&
      required.every((k) => typeof (entry as Record<string, unknown>)[k] === 'string');
    if (!ok)
      throw new Error(
        `${path}: entry ${i + 1} is not ${what} (an object with ${required.join(', ')} as text)`,
      );
  });
}

/** True when the folder holds a tenant (its business-areas.json). */
export function hasTenant(dir: string): Promise<boolean> {
  return exists(join(dir, FILES.businessAreas));
}

/**
 * The data objects of a file, read when iterated: a line in the writer's shape is given as a
 * `DataLine` (its id, version and deletion read from its start, the rest parsed on first
 * access: data-line.ts); any other line is parsed here, as the store takes it, so the parsed
 * lines die young. An object without an id gets one, and `gotId` is called.
 */
function* dataObjectLines(
  path: string,
  gotId: () => void,
): Generator<Record<string, unknown> | DataLine> {
  const bytes = readBytes(path);
  const scanner = new LineScanner({ path, bytes, unreadable: new Map() });
  let line = 0;
  // Decoded line by line: one non-ASCII character made the whole file's text (and every line cut from it)
  // a two-byte string, slower to decode and to parse (a newline byte is never inside a UTF-8 sequence).
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(10 /* \n */, start);
    if (end < 0) end = bytes.length;
    line++;
    const lazy = scanner.scan(start, end);
    if (lazy !== undefined) {
      start = end + 1;
      yield lazy;
      continue;
    }
    const source = bytes.toString('utf8', start, end);
    start = end + 1;
    if (source.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(source);
    } catch {
      throw new Error(`${path}: line ${line} is not JSON`);
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record))
      throw new Error(`${path}: line ${line} is not a JSON object`);
    const object = record as Record<string, unknown>;
    if (object._dataObjectId === undefined) {
      object._dataObjectId = newId();
      gotId();
    }
    yield object;
  }
}

/**
 * Reads the tenant from the folder; data objects without an id get one (and `needsWrite` says
 * so once the tenant's data objects have been iterated: by the store built from it). Data
 * object files are read and parsed as the store iterates them (`dataObjectLines`).
 */
export async function readDataDir(
  dir: string,
): Promise<{ tenant: TenantSource; needsWrite: Set<string> }> {
  const businessAreas = await readJson(join(dir, FILES.businessAreas));
  if (!Array.isArray(businessAreas))
    throw new Error(`${join(dir, FILES.businessAreas)} must hold an array of business areas`);
  checkEntries(join(dir, FILES.businessAreas), businessAreas, 'a business area', [
    'businessAreaId',
    'name',
  ]);
  const schemaFiles = (await readdir(join(dir, FILES.schemas)).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const schemas: SchemaResponse[] = [];
  for (const file of schemaFiles) {
    const schema = (await readJson(join(dir, FILES.schemas, file))) as SchemaResponse;
    if (
      typeof schema !== 'object' ||
      schema === null ||
      typeof schema.schemaId !== 'string' ||
      !Array.isArray(schema.fields)
    ) {
      throw new Error(
        `${join(dir, FILES.schemas, file)} is not a Get Schema response (schemaId and fields are required)`,
      );
    }
    checkEntries(`${join(dir, FILES.schemas, file)} fields`, schema.fields, 'a field', ['name']);
    schemas.push(schema);
  }
  const dataSetItems = (await exists(join(dir, FILES.dataSets)))
    ? await readJson(join(dir, FILES.dataSets))
    : [];
  if (!Array.isArray(dataSetItems))
    throw new Error(`${join(dir, FILES.dataSets)} must hold an array of datasets`);
  checkEntries(join(dir, FILES.dataSets), dataSetItems, 'a dataset', [
    'dataSetId',
    'dataSetName',
    'schemaId',
    'businessAreaId',
  ]);
  const needsWrite = new Set<string>();
  const dataSets = (dataSetItems as DataSetListItem[]).map((dataSet) => ({
    dataSet,
    dataObjects: dataObjectLines(dataObjectFile(dir, dataSet.dataSetId), () =>
      needsWrite.add(dataSet.dataSetId),
    ),
  }));
  return {
    tenant: { businessAreas: businessAreas as BusinessAreaResponse[], schemas, dataSets },
    needsWrite,
  };
}

/** Writes a file atomically: temporary file, fsync, rename. The folder is fsynced by the caller. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.tmp`;
  const file = await open(temporary, 'w');
  try {
    await file.writeFile(text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
}

/** Writes the whole tenant into an empty folder (the metadata files and every data object file). */
export async function seedDataDir(dir: string, store: TenantStore): Promise<void> {
  await makeFolder(join(dir, FILES.schemas));
  await makeFolder(join(dir, FILES.dataObjects));
  for (const schema of store.schemas) {
    const name = `${schema.name.replace(/[^\w.-]+/g, '-').toLowerCase()}-${schema.schemaId.slice(-8)}.json`;
    await writeAtomically(join(dir, FILES.schemas, name), `${JSON.stringify(schema, null, 2)}\n`);
  }
  await writeAtomically(
    join(dir, FILES.dataSets),
    `${JSON.stringify(
      store.dataSets.map((d) => d.item),
      null,
      2,
    )}\n`,
  );
  for (const dataSet of store.dataSets) dataSet.dirty = true;
  await writeDataObjectFiles(dir, store);
  await syncFolder(join(dir, FILES.schemas));
  // Last: its presence says the folder holds a complete tenant.
  await writeAtomically(
    join(dir, FILES.businessAreas),
    `${JSON.stringify(store.areas, null, 2)}\n`,
  );
  await syncFolder(dir);
}

/** Objects serialised between two writes to the file: each step holds the event loop for about a millisecond. */
const OBJECTS_PER_STEP = 256;

/**
 * Rewrites the data object file of every dataset changed since the last write. `durable`
 * gives, for an object whose latest change is not yet on disk, the record as it is on disk
 * (null: not there, a create); such a dataset stays marked, to be written again once its
 * changes are journaled.
 *
 * The file is written a few hundred objects at a time, each step a write of its own, so
 * requests are served between steps (a compaction at a million objects held every request
 * for seconds when it serialised a dataset in one go). Objects changed meanwhile are
 * written as they are when reached, or (a change not on disk yet) as they are on disk; every
 * change after the journal was set aside is in the new journal anyway.
 */
export async function writeDataObjectFiles(
  dir: string,
  store: TenantStore,
  durable?: (object: StoredObject) => FileRecord | null | undefined,
): Promise<void> {
  const changed: DataSetState[] = store.dataSets.filter((d) => d.dirty);
  if (changed.length === 0) return;
  await makeFolder(join(dir, FILES.dataObjects));
  for (const dataSet of changed) {
    // Cleared before the first object is read: a change after it marks the dataset again.
    dataSet.dirty = false;
    let pending = false;
    const path = dataObjectFile(dir, dataSet.item.dataSetId);
    const temporary = `${path}.tmp`;
    try {
      const file = await open(temporary, 'w');
      try {
        const { objects } = dataSet;
        // The length is read on every step: objects created meanwhile are written too.
        for (let start = 0; start < objects.length; start += OBJECTS_PER_STEP) {
          let text = '';
          const end = Math.min(objects.length, start + OBJECTS_PER_STEP);
          for (let i = start; i < end; i++) {
            const object = objects[i]!;
            const onDisk = durable?.(object);
            if (onDisk !== undefined) pending = true;
            if (onDisk === null) continue;
            // A line never parsed is written as it was read (data-line.ts).
            text += `${onDisk ? JSON.stringify(onDisk) : store.fileLine(object)}\n`;
          }
          await file.write(text, null, 'utf8');
        }
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, path);
    } catch (e) {
      dataSet.dirty = true;
      throw e;
    }
    if (pending) dataSet.dirty = true;
  }
  await syncFolder(join(dir, FILES.dataObjects));
}
