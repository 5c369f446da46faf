/** GET .../schemas/{schemaId}/datasets, paged by key. */
import { json } from '../http/reply.js';
import { page } from '../http/paging.js';
import type { Route } from '../router.js';
import { visibleSchema } from './resolve.js';

export const dataSetRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/v1/businessareas/{businessAreaId}/schemas/{schemaId}/datasets',
    handler(context) {
      const schema = visibleSchema(context);
      const access = context.access();
      const dataSets = context.store.dataSets.filter(
        (d) => d.schema === schema && access.dataSet(d),
      );
      const result = page(
        dataSets,
        context.url.searchParams.get('pageKey'),
        context.settings.pageSize,
        `datasets/${schema.schemaId}`,
      );
      return json(200, { ...result, items: result.items.map((d) => context.store.dataSetItem(d)) });
    },
  },
];
