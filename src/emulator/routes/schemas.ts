/** GET .../schemas (paged by key) and GET .../schemas/{schemaId} (Get Schema). */
import { json } from '../http/reply.js';
import { page } from '../http/paging.js';
import type { Route } from '../router.js';
import { visibleArea, visibleSchema } from './resolve.js';

export const schemaRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/v1/businessareas/{businessAreaId}/schemas',
    handler(context) {
      const area = visibleArea(context);
      const access = context.access();
      const schemas = context.store.schemas.filter(
        (s) => s.businessAreaId === area.businessAreaId && access.schema(s, area),
      );
      const result = page(
        schemas,
        context.url.searchParams.get('pageKey'),
        context.settings.pageSize,
        `schemas/${area.businessAreaId}`,
      );
      return json(200, { ...result, items: result.items.map((s) => context.store.schemaItem(s)) });
    },
  },
  {
    method: 'GET',
    path: '/v1/businessareas/{businessAreaId}/schemas/{schemaId}',
    handler(context) {
      return json(200, visibleSchema(context));
    },
  },
];
