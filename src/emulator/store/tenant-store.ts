/**
 * The tenant in memory: business areas, schemas, datasets and their data objects,
 * with the three changes the interface allows (create, update under optimistic
 * locking, soft delete). Node runs one handler at a time, so each change's
 * check-then-write is atomic without locks; durability is the journal's job.
 */
import { randomBytes } from 'node:crypto';
import type {
  BusinessAreaResponse,
  DataSetListItem,
  SchemaFieldResponse,
  SchemaResponse,
} from '../../schema/response.js';
import { ApiError, badRequest } from '../http/reply.js';
import { DataLine, lineNumber, type DataFile } from './data-line.js';
import { recordErrors, type FieldErrors } from './field-rules.js';

export interface StoredObject {
  readonly id: string;
  readonly dataSet: DataSetState;
  version: number;
  deleted: boolean;
  /** Schema field values keyed by field name. */
  values: Record<string, unknown>;
  /** The values' rule errors: worked out on first read after a change (`Stored`). */
  errors: readonly FieldErrors[];
  /** The search hit: metadata fields and values, rebuilt on every change (searches share it). */
  hit: Readonly<Record<string, unknown>>;
  /** The data file line as read, while it is not parsed (`Stored`): a search may rule the object out by it. */
  readonly line?: string | undefined;
}

export interface DataSetState {
  readonly item: DataSetListItem;
  readonly schema: SchemaResponse;
  readonly area: BusinessAreaResponse;
  /** In creation order, deleted ones included (soft delete). */
  readonly objects: StoredObject[];
  readonly byId: Map<string, StoredObject>;
  readonly fields: ReadonlyMap<string, SchemaFieldResponse>;
  /** Changed since the data files were last written. */
  dirty: boolean;
  /**
   * Counts every change to `objects` or to an object's `hit` or `deleted` (a create, an update, a delete, an undo):
   * the word index reads only what changed, and nothing at all when this stayed the same.
   */
  changes: number;
}

/** An object's state, as `stateOf` takes it and `restore` puts it back. */
export type ObjectState = Pick<StoredObject, 'version' | 'deleted' | 'values' | 'errors' | 'hit'>;

/** A data object as data files and the journal hold it: what the list endpoint shows, plus `_deleted`. */
export interface FileRecord {
  readonly _dataObjectId: string;
  readonly _version: number;
  readonly _deleted?: boolean;
  readonly [field: string]: unknown;
}

export interface TenantInput {
  readonly businessAreas: readonly BusinessAreaResponse[];
  readonly schemas: readonly SchemaResponse[];
  readonly dataSets: readonly {
    readonly dataSet: DataSetListItem;
    readonly dataObjects: readonly Readonly<Record<string, unknown>>[];
  }[];
}

/** A tenant as the store is built from it: each dataset's objects may be read as they are taken (a data folder's lines). */
export interface TenantSource extends Omit<TenantInput, 'dataSets'> {
  readonly dataSets: readonly {
    readonly dataSet: DataSetListItem;
    /** Records, or lines in the writer's shape kept unparsed (`DataLine`). */
    readonly dataObjects: Iterable<Readonly<Record<string, unknown>> | DataLine>;
  }[];
}

/** A new identifier shaped like the service's: 17-digit timestamp and 30 random hex digits. */
export function newId(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 17);
  return stamp + randomBytes(15).toString('hex');
}

/** Items by id; two with one id would be listed twice but found as one (the last), so they are refused. */
function uniqueIds<T>(items: readonly T[], id: (item: T) => string, what: string): Map<string, T> {
  const byId = new Map<string, T>();
  for (const item of items) {
    if (byId.has(id(item))) throw new Error(`two ${what} have the id ${JSON.stringify(id(item))}`);
    byId.set(id(item), item);
  }
  return byId;
}

/**
 * The prototype of every field map: empty, with none of its own. `Object.create(null)` would do
 * the same, but V8 keeps such an object as a hash table: at 100 000 objects that cost about
 * 250 B more per object and twice the time to build the store at start-up.
 */
const NO_PROPERTIES: object = Object.freeze(Object.create(null));

/**
 * Field values by name, with no inherited property: a field may be named `constructor` or `__proto__`
 * (the schema decides), and on a plain object an absent `constructor` read as Object (an error
 * in `_errors` for a field nobody set) and a `__proto__` value set the prototype instead of being stored.
 */
function fieldMap(): Record<string, unknown> {
  return Object.create(NO_PROPERTIES) as Record<string, unknown>;
}

const NO_ERRORS: readonly FieldErrors[] = Object.freeze([]);

/**
 * The field values of a stored record (data file, journal, a database row): its metadata left out.
 * `_` starts the metadata (`_dataObjectId`, `_version`, `_deleted`), unless the schema names the
 * field so (it was lost on a restart).
 */
function storedValues(
  fields: ReadonlyMap<string, unknown>,
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const values = fieldMap();
  for (const key in record) {
    const value = record[key];
    if (
      (key.charCodeAt(0) !== 95 /* _ */ || fields.has(key)) &&
      value !== null &&
      value !== undefined
    )
      values[key] = value;
  }
  return values;
}

/** Milliseconds spent parsing lines kept unparsed since start-up (`Stored`). */
let parsingMs = 0;

/**
 * The milliseconds this process has spent parsing data file lines on first access: a search's
 * time budget leaves them out, since they are the store's one-time cost of loading (start-up's,
 * deferred), not the query's (the first search at 1 000 000 objects parses most of them).
 */
export function msSpentParsing(): number {
  return parsingMs;
}

/** The answer to every request that reads a data object whose line is not JSON: a 500 naming the file and line. */
function unreadable(file: DataFile, start: number): Error {
  let error = file.unreadable.get(start);
  if (error === undefined) {
    const message = `${file.path}: line ${lineNumber(file.bytes, start)} is not JSON (the data file was damaged or edited by hand); the rest of the tenant is served: mend or remove the line and restart the emulator`;
    error = new ApiError(500, message);
    file.unreadable.set(start, error);
    // Once per line: every later read answers the same 500 without parsing it again.
    process.emitWarning(`mdq emulator: ${message}`);
  }
  return error;
}

/**
 * A stored object. One read from a data file line in the writer's shape (`DataLine`) keeps
 * that line's bytes and parses them on first access of its values or search hit (start-up
 * parsed every line: about 1 s of 1.6 at 100 000 objects); the bytes are dropped then. A line
 * that is not JSON is found there: the access throws a 500 naming the file and line. The
 * errors are worked out on first read, not when the object is loaded: only the objects a
 * list, a create or an update reads need them. Assigning values, errors or the hit
 * (`restore`) sets them as given.
 */
class Stored implements StoredObject {
  private madeErrors: readonly FieldErrors[] | undefined = undefined;
  private madeHit: Readonly<Record<string, unknown>> | undefined = undefined;
  private fieldValues: Record<string, unknown> | undefined;
  /** The data file line not parsed yet (`file` undefined once it is). */
  private file: DataFile | undefined = undefined;
  private start = 0;
  private end = 0;

  constructor(
    readonly id: string,
    readonly dataSet: DataSetState,
    public version: number,
    public deleted: boolean,
    values: Record<string, unknown> | DataLine,
  ) {
    if (values instanceof DataLine) {
      this.file = values.file;
      this.start = values.start;
      this.end = values.end;
    } else this.values = values;
  }

  /** True while the object's line has not been parsed. */
  get unparsed(): boolean {
    return this.file !== undefined;
  }

  /** The line as it is in its data file, while it is not parsed (compaction writes it unchanged). */
  get line(): string | undefined {
    return this.file?.bytes.toString('utf8', this.start, this.end);
  }

  get values(): Record<string, unknown> {
    if (this.file !== undefined) this.parse(this.file);
    return this.fieldValues!;
  }

  /** New values: a new hit, and the errors of the old ones dropped. */
  set values(values: Record<string, unknown>) {
    this.file = undefined;
    this.fieldValues = values;
    this.madeErrors = undefined;
    this.madeHit = this.hitOf(values);
  }

  get hit(): Readonly<Record<string, unknown>> {
    if (this.file !== undefined) this.parse(this.file);
    return this.madeHit!;
  }

  set hit(hit: Readonly<Record<string, unknown>>) {
    this.madeHit = hit;
  }

  get errors(): readonly FieldErrors[] {
    if (this.madeErrors === undefined) {
      const errors = recordErrors(this.values, this.dataSet.schema.fields);
      // Most objects have none: one shared empty list instead of one per object.
      this.madeErrors = errors.length === 0 ? NO_ERRORS : errors;
    }
    return this.madeErrors;
  }

  set errors(errors: readonly FieldErrors[]) {
    this.madeErrors = errors;
  }

  private parse(file: DataFile): void {
    const began = performance.now();
    try {
      let record: Record<string, unknown>;
      try {
        // The scan saw `{` and `}` at its ends: valid JSON there is an object.
        record = JSON.parse(file.bytes.toString('utf8', this.start, this.end));
      } catch {
        throw unreadable(file, this.start);
      }
      this.values = storedValues(this.dataSet.fields, record);
    } finally {
      parsingMs += performance.now() - began;
    }
  }

  /** The search hit: metadata fields and values (searches share it; the word index tells a change by its identity). */
  private hitOf(values: Record<string, unknown>): Readonly<Record<string, unknown>> {
    const { dataSet } = this;
    return {
      _dataObjectId: this.id,
      _businessAreaName: dataSet.area.name,
      _schemaName: dataSet.schema.name,
      _dataSetName: dataSet.item.dataSetName,
      _businessAreaId: dataSet.area.businessAreaId,
      _schemaId: dataSet.schema.schemaId,
      _dataSetId: dataSet.item.dataSetId,
      ...values,
    };
  }
}

/** True when the object's values break a field rule, or its line is not JSON (counted, not thrown: the dataset list still answers). */
function hasErrors(object: StoredObject): boolean {
  try {
    return object.errors.length > 0;
  } catch (e) {
    if (e instanceof ApiError) return true;
    throw e;
  }
}

/** Order of the states of one object: versions only grow, and deletion is final. */
function stateOrder(version: number, deleted: boolean): number {
  return version * 2 + (deleted ? 1 : 0);
}

export class TenantStore {
  readonly areas: readonly BusinessAreaResponse[];
  readonly schemas: readonly SchemaResponse[];
  readonly dataSets: readonly DataSetState[];
  private readonly dataSetById = new Map<string, DataSetState>();

  constructor(input: TenantSource) {
    this.areas = [...input.businessAreas];
    this.schemas = [...input.schemas];
    const areaById = uniqueIds(this.areas, (a) => a.businessAreaId, 'business areas');
    const schemaById = uniqueIds(this.schemas, (s) => s.schemaId, 'schemas');
    const dataSets: DataSetState[] = [];
    for (const { dataSet, dataObjects } of input.dataSets) {
      const schema = schemaById.get(dataSet.schemaId);
      const area = areaById.get(dataSet.businessAreaId);
      if (schema === undefined || area === undefined)
        throw new Error(
          `dataset ${JSON.stringify(dataSet.dataSetName)} names a schema or business area that does not exist`,
        );
      if (this.dataSetById.has(dataSet.dataSetId))
        throw new Error(`two datasets have the id ${JSON.stringify(dataSet.dataSetId)}`);
      const state: DataSetState = {
        item: dataSet,
        schema,
        area,
        objects: [],
        byId: new Map(),
        fields: new Map(schema.fields.map((f) => [f.name, f])),
        dirty: false,
        changes: 0,
      };
      dataSets.push(state);
      this.dataSetById.set(dataSet.dataSetId, state);
      for (const record of dataObjects) this.load(state, record);
    }
    this.dataSets = dataSets;
  }

  dataSet(id: string): DataSetState | undefined {
    return this.dataSetById.get(id);
  }

  /**
   * Adds or replaces an object from a data file or the journal; an older state than the one held is ignored.
   * A line in the writer's shape (`DataLine`) is kept unparsed, unless it replaces an object held (a data
   * file that lists an id twice, by hand).
   */
  load(state: DataSetState, record: Readonly<Record<string, unknown>> | DataLine): void {
    if (record instanceof DataLine) {
      if (!state.byId.has(record.id)) {
        this.add(state, new Stored(record.id, state, record.version, record.deleted, record));
        return;
      }
      const { file, start, end } = record;
      try {
        record = JSON.parse(file.bytes.toString('utf8', start, end)) as Record<string, unknown>;
      } catch {
        throw new Error(`${file.path}: line ${lineNumber(file.bytes, start)} is not JSON`);
      }
    }
    const id = record._dataObjectId;
    const version = record._version ?? 1;
    if (typeof id !== 'string' || id === '')
      throw new Error(
        `a data object of dataset ${JSON.stringify(state.item.dataSetName)} has no _dataObjectId`,
      );
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1)
      throw new Error(`data object ${id} has no valid _version`);
    const deleted = record._deleted === true;
    const values = this.storedValues(state, record);
    const held = state.byId.get(id);
    if (held !== undefined) {
      if (stateOrder(version, deleted) <= stateOrder(held.version, held.deleted)) return;
      held.version = version;
      held.deleted = deleted;
      this.setValues(held, values);
      return;
    }
    this.add(state, new Stored(id, state, version, deleted, values));
  }

  private add(state: DataSetState, object: StoredObject): void {
    state.objects.push(object);
    state.changes++;
    state.byId.set(object.id, object);
  }

  /** The field values of a stored record (data file, journal, a database row): its metadata left out. */
  storedValues(
    state: DataSetState,
    record: Readonly<Record<string, unknown>>,
  ): Record<string, unknown> {
    return storedValues(state.fields, record);
  }

  /** Creates a data object; values that break the field rules are kept and listed in `_errors`. */
  create(state: DataSetState, body: Readonly<Record<string, unknown>>): StoredObject {
    const object = this.created(state, body);
    state.objects.push(object);
    state.changes++;
    state.byId.set(object.id, object);
    state.dirty = true;
    return object;
  }

  /**
   * An object of the dataset that the store does not hold (a store elsewhere, such as
   * PostgreSQL, does): its errors and search hit made as for a held one.
   */
  detached(
    state: DataSetState,
    id: string,
    version: number,
    values: Record<string, unknown>,
  ): StoredObject {
    return new Stored(id, state, version, false, values);
  }

  /** A new object made from a create's body (unknown fields are a 400), not held by the store. */
  created(state: DataSetState, body: Readonly<Record<string, unknown>>): StoredObject {
    return this.detached(state, newId(), 1, this.fieldValues(state, body));
  }

  /** Updates the fields present in `body` when `_version` equals the stored version, and increments it. */
  update(object: StoredObject, body: Readonly<Record<string, unknown>>): StoredObject {
    const expected = body._version;
    if (expected === undefined)
      throw badRequest('the body must carry _version, the version of the data object you read');
    if (typeof expected !== 'number' || !Number.isSafeInteger(expected))
      throw badRequest(`_version must be an integer, not ${JSON.stringify(expected)}`);
    const changes = this.fieldValues(object.dataSet, body);
    if (expected !== object.version) {
      throw badRequest(
        `version conflict: the update names _version ${expected}, but the stored version is ${object.version}; read the data object again and resend`,
        {
          storedVersion: object.version,
          sentVersion: expected,
        },
      );
    }
    const values = Object.assign(fieldMap(), object.values);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) delete values[name];
      else values[name] = value;
    }
    object.version += 1;
    this.setValues(object, values);
    object.dataSet.dirty = true;
    return object;
  }

  /** What `restore` puts back: the object's state before a change. */
  stateOf(object: StoredObject): ObjectState {
    return {
      version: object.version,
      deleted: object.deleted,
      values: object.values,
      errors: object.errors,
      hit: object.hit,
    };
  }

  /** Undoes a change the journal could not take (or a create, with no state to go back to). */
  restore(object: StoredObject, state: ObjectState | undefined): void {
    if (state === undefined) {
      const { objects, byId } = object.dataSet;
      const at = objects.lastIndexOf(object);
      if (at >= 0) objects.splice(at, 1);
      byId.delete(object.id);
    } else Object.assign(object, state);
    object.dataSet.changes++;
    object.dataSet.dirty = true;
  }

  /** Soft delete: the object stays in the data files, marked deleted, and leaves every answer. */
  delete(object: StoredObject): StoredObject {
    object.deleted = true;
    object.dataSet.changes++;
    object.dataSet.dirty = true;
    return object;
  }

  /**
   * The record as the data files and the journal hold it. Its key order is a contract:
   * start-up reads `_dataObjectId`, `_version` and `_deleted` from a line's start without
   * parsing it (data-line.ts).
   */
  fileRecord(object: StoredObject): FileRecord {
    return {
      _dataObjectId: object.id,
      _version: object.version,
      ...(object.deleted ? { _deleted: true } : {}),
      ...object.values,
    };
  }

  /** The data file line of an object: a line never parsed as it was read (the same text, at no cost). */
  fileLine(object: StoredObject): string {
    return (
      (object instanceof Stored ? object.line : undefined) ??
      JSON.stringify(this.fileRecord(object))
    );
  }

  /** The item of the data object list. */
  listItem(object: StoredObject): Record<string, unknown> {
    return {
      _dataObjectId: object.id,
      _version: object.version,
      _errors: object.errors,
      ...object.values,
    };
  }

  /** The dataset list item with its live counts. */
  dataSetItem(state: DataSetState): DataSetListItem {
    let records = 0;
    let errored = 0;
    for (const object of state.objects) {
      if (object.deleted) continue;
      records++;
      if (hasErrors(object)) errored++;
    }
    return { ...state.item, recordCount: records, erroredRecordsCount: errored };
  }

  /** The schema list item, as GET .../schemas lists it. */
  schemaItem(schema: SchemaResponse): Record<string, unknown> {
    const dataSetCount = this.dataSets.filter((d) => d.schema === schema).length;
    return {
      schemaId: schema.schemaId,
      name: schema.name,
      description: schema.description ?? '',
      businessAreaId: schema.businessAreaId,
      businessAreaName: schema.businessAreaName,
      active: schema.active ?? true,
      state: schema.state ?? 'published',
      fieldsCount: schema.fields.length,
      dataSetCount,
      runningJobsCount: 0,
      version: schema.version ?? 1,
      createdBy: 'u-1001',
      createdByEmail: schema.createdBy ?? 'admin@example.com',
      updatedBy: 'u-1002',
      updatedByEmail: schema.updatedBy ?? schema.createdBy ?? 'admin@example.com',
      createdDate: schema.createdDate ?? '2024-01-01T00:00:00.000Z',
      updatedDate: schema.updatedDate ?? schema.createdDate ?? '2024-01-01T00:00:00.000Z',
      deleted: false,
    };
  }

  /** The schema field values of a request body: unknown names (and metadata fields other than `_version`) are a 400. */
  private fieldValues(
    state: DataSetState,
    body: Readonly<Record<string, unknown>>,
  ): Record<string, unknown> {
    const values = fieldMap();
    const unknown: string[] = [];
    for (const [name, value] of Object.entries(body)) {
      if (name === '_version') continue;
      if (!state.fields.has(name)) unknown.push(name);
      else values[name] = value;
    }
    if (unknown.length > 0) {
      const shown = unknown
        .slice(0, 10)
        .map((n) => JSON.stringify(n.length > 80 ? `${n.slice(0, 77)}...` : n));
      throw new ApiError(
        400,
        `no field ${shown.join(', ')}${unknown.length > 10 ? ` (and ${unknown.length - 10} more)` : ''} in schema ${JSON.stringify(state.schema.name)}; field names are matched exactly`,
      );
    }
    return values;
  }

  private setValues(object: StoredObject, values: Record<string, unknown>): void {
    object.dataSet.changes++;
    // A new hit now, new errors on their next read (`Stored`).
    object.values = values;
  }
}
