/** Every route of the emulator, in one table. */
import type { Route } from '../router.js';
import { businessAreaRoutes } from './business-areas.js';
import { controlRoutes } from './control.js';
import { dataObjectRoutes } from './data-objects.js';
import { dataSetRoutes } from './datasets.js';
import { openApiRoutes } from './openapi.js';
import { schemaRoutes } from './schemas.js';
import { searchRoutes } from './search.js';
import { tokenRoutes } from './token.js';

export const ROUTES: readonly Route[] = [
  ...tokenRoutes,
  ...searchRoutes,
  ...businessAreaRoutes,
  ...schemaRoutes,
  ...dataSetRoutes,
  ...dataObjectRoutes,
  ...openApiRoutes,
  ...controlRoutes,
];

/** The table with `replacing`'s routes in place of those with the same method and path (a store's own). */
export function routesWith(replacing: readonly Route[]): readonly Route[] {
  const own = (route: Route) =>
    replacing.find((r) => r.method === route.method && r.path === route.path);
  return ROUTES.map((route) => own(route) ?? route);
}
