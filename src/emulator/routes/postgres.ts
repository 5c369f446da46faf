/**
 * The routes whose answers come from the data objects, on the PostgreSQL store: the
 * dataset list (its counts), the data objects (list, create, read, update, delete) and the
 * search. They read and check requests as the memory routes do (resolve.ts, search.ts),
 * and answer the same; the store is `PostgresTenant`.
 */
import { readJsonObject } from '../http/body.js';
import { decode, encode, page } from '../http/paging.js';
import { json, NO_CONTENT } from '../http/reply.js';
import type { Route, RouteContext } from '../router.js';
import type { PostgresTenant } from '../store/postgres-tenant.js';
import { searchReply, searchRequest } from './search.js';
import { visibleDataSet, visibleSchema, writableDataSet } from './resolve.js';

const DATA_OBJECTS =
  '/v1/businessareas/{businessAreaId}/schemas/{schemaId}/datasets/{dataSetId}/dataobjects';
const DATA_OBJECT = `${DATA_OBJECTS}/{dataObjectId}`;

const objectId = (context: RouteContext) => context.params.dataObjectId!;

export function postgresRoutes(tenant: PostgresTenant): readonly Route[] {
  const { store } = tenant;
  return [
    {
      method: 'GET',
      path: '/v1/businessareas/{businessAreaId}/schemas/{schemaId}/datasets',
      async handler(context) {
        const schema = visibleSchema(context);
        const access = context.access();
        const dataSets = store.dataSets.filter((d) => d.schema === schema && access.dataSet(d));
        const result = page(
          dataSets,
          context.url.searchParams.get('pageKey'),
          context.settings.pageSize,
          `datasets/${schema.schemaId}`,
        );
        const items = [];
        for (const d of result.items) items.push(await tenant.dataSetItem(d));
        return json(200, { ...result, items });
      },
    },
    {
      method: 'GET',
      path: DATA_OBJECTS,
      async handler(context) {
        const dataSet = visibleDataSet(context);
        // Keys are positions in creation order (`seq`): valid while objects are deleted and created, as in memory.
        const scope = `dataobjects/${dataSet.item.dataSetId}`;
        const { objects, next } = await tenant.page(
          dataSet,
          decode(context.url.searchParams.get('pageKey'), scope),
          context.settings.dataObjectPageSize,
        );
        const items = objects.map((o) => store.listItem(o));
        return json(
          200,
          next === undefined ? { items } : { items, nextPageKey: encode(scope, next) },
        );
      },
    },
    {
      method: 'POST',
      path: DATA_OBJECTS,
      async handler(context) {
        const dataSet = writableDataSet(context);
        const body = await readJsonObject(context.request, context.uploads);
        const object = await tenant.create(dataSet, body);
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
      async handler(context) {
        const object = await tenant.get(visibleDataSet(context), objectId(context));
        return json(200, store.listItem(object));
      },
    },
    {
      method: 'PUT',
      path: DATA_OBJECT,
      async handler(context) {
        const dataSet = writableDataSet(context);
        const body = await readJsonObject(context.request, context.uploads);
        await tenant.update(dataSet, objectId(context), body);
        return NO_CONTENT;
      },
    },
    {
      method: 'DELETE',
      path: DATA_OBJECT,
      async handler(context) {
        await tenant.delete(writableDataSet(context), objectId(context));
        return NO_CONTENT;
      },
    },
    {
      method: 'GET',
      path: '/dataobjects/search',
      async handler(context) {
        const request = searchRequest(context);
        const answer = await tenant.search(
          request.dataSets,
          request.text,
          request.tree,
          request.from,
          request.size,
        );
        return searchReply(request, answer.hits, answer.total, answer.diagnostics);
      },
    },
  ];
}
