/**
 * Data objects of a dataset: list (paged by key, with `_version` and `_errors`),
 * create, read one (an emulator extension), update under optimistic locking, and
 * soft delete. A change is answered only once the journal holds it; one the journal cannot
 * take is undone and answered 503, so that nobody reads what a restart would not bring back.
 */
import { readJsonObject } from '../http/body.js';
import { ApiError, json, NO_CONTENT } from '../http/reply.js';
import { stablePage } from '../http/paging.js';
import type { RouteContext, Route } from '../router.js';
import type { ObjectState, StoredObject } from '../store/tenant-store.js';
import { visibleDataSet, visibleObject, writableDataSet } from './resolve.js';

const DATA_OBJECTS =
  '/v1/businessareas/{businessAreaId}/schemas/{schemaId}/datasets/{dataSetId}/dataobjects';
const DATA_OBJECT = `${DATA_OBJECTS}/{dataObjectId}`;

function unwritable(error: Error): ApiError {
  return new ApiError(
    503,
    `the change was not made: the data folder cannot be written (${error.message.replace(/^the journal cannot be written: /, '')})`,
    {},
    { 'Retry-After': '1' },
  );
}

/** Refuses a change before it is made when the journal can take none. */
function checkWritable(context: RouteContext): void {
  const broken = context.persistence.broken();
  if (broken !== undefined) throw unwritable(broken);
}

/**
 * Waits until the journal holds the change, or undoes it (`before`: the state it replaced; none for a create).
 * The journal rejects the changes of a failed write last one first, so each is undone before the one it was made on.
 */
async function commit(
  context: RouteContext,
  object: StoredObject,
  before: ObjectState | undefined,
): Promise<void> {
  try {
    await context.persistence.record(object, before);
  } catch (e) {
    context.store.restore(object, before);
    throw unwritable(e instanceof Error ? e : new Error(String(e)));
  }
}

export const dataObjectRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: DATA_OBJECTS,
    handler(context) {
      const dataSet = visibleDataSet(context);
      const result = stablePage(
        dataSet.objects,
        (o) => !o.deleted,
        context.url.searchParams.get('pageKey'),
        context.settings.dataObjectPageSize,
        `dataobjects/${dataSet.item.dataSetId}`,
      );
      return json(200, { ...result, items: result.items.map((o) => context.store.listItem(o)) });
    },
  },
  {
    method: 'POST',
    path: DATA_OBJECTS,
    async handler(context) {
      const dataSet = writableDataSet(context);
      const body = await readJsonObject(context.request, context.uploads);
      checkWritable(context);
      const object = context.store.create(dataSet, body);
      await commit(context, object, undefined);
      return json(201, {
        _dataObjectId: object.id,
        _version: object.version,
        _errors: object.errors,
      });
    },
  },
  {
    method: 'GET',
    path: DATA_OBJECT,
    handler(context) {
      const object = visibleObject(context, visibleDataSet(context));
      return json(200, context.store.listItem(object));
    },
  },
  {
    method: 'PUT',
    path: DATA_OBJECT,
    async handler(context) {
      const dataSet = writableDataSet(context);
      const body = await readJsonObject(context.request, context.uploads);
      // Looked up after the body arrived: another writer may have changed or deleted it meanwhile.
      const object = visibleObject(context, dataSet);
      checkWritable(context);
      const before = context.store.stateOf(object);
      context.store.update(object, body);
      await commit(context, object, before);
      return NO_CONTENT;
    },
  },
  {
    method: 'DELETE',
    path: DATA_OBJECT,
    async handler(context) {
      const dataSet = writableDataSet(context);
      const object = visibleObject(context, dataSet);
      checkWritable(context);
      const before = context.store.stateOf(object);
      context.store.delete(object);
      await commit(context, object, before);
      return NO_CONTENT;
    },
  },
];
