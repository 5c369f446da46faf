/** GET /v1/my/businessareas: the business areas the client may access. */
import { json } from '../http/reply.js';
import type { Route } from '../router.js';

export const businessAreaRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/v1/my/businessareas',
    handler(context) {
      const access = context.access();
      const areas = context.store.areas.filter((a) => access.area(a));
      // The interface's schema says { response: [...] }, its sample a bare array: an option picks the sample's shape.
      return json(200, context.settings.bareArrayBusinessAreas ? areas : { response: areas });
    },
  },
];
