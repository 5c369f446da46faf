/**
 * Data objects of a dataset: list (paged by key, with `_version` and `_errors`),
 * create, read one (an emulator extension), update under optimistic locking, and
 * soft delete. A change is answered only once the journal holds it.
 */
import { readJsonObject } from '../http/body.js';
import { json, NO_CONTENT } from '../http/reply.js';
import { stablePage } from '../http/paging.js';
import type { Route } from '../router.js';
import { visibleDataSet, visibleObject, writableDataSet } from './resolve.js';

const DATA_OBJECTS = '/v1/businessareas/{businessAreaId}/schemas/{schemaId}/datasets/{dataSetId}/dataobjects';
const DATA_OBJECT = `${DATA_OBJECTS}/{dataObjectId}`;

export const dataObjectRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: DATA_OBJECTS,
    handler(context) {
      const dataSet = visibleDataSet(context);
      const result = stablePage(dataSet.objects, (o) => !o.deleted, context.url.searchParams.get('pageKey'), context.settings.dataObjectPageSize, `dataobjects/${dataSet.item.dataSetId}`);
      return json(200, { ...result, items: result.items.map((o) => context.store.listItem(o)) });
    },
  },
  {
    method: 'POST',
    path: DATA_OBJECTS,
    async handler(context) {
      const dataSet = writableDataSet(context);
      const body = await readJsonObject(context.request, context.uploads);
      const object = context.store.create(dataSet, body);
      await context.persistence.record(object);
      return json(201, { _dataObjectId: object.id, _version: object.version, _errors: object.errors });
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
      context.store.update(object, body);
      await context.persistence.record(object);
      return NO_CONTENT;
    },
  },
  {
    method: 'DELETE',
    path: DATA_OBJECT,
    async handler(context) {
      const dataSet = writableDataSet(context);
      const object = visibleObject(context, dataSet);
      context.store.delete(object);
      await context.persistence.record(object);
      return NO_CONTENT;
    },
  },
];
