/** Every route of the emulator, in one table. */
import type { Route } from '../router.js';
import { businessAreaRoutes } from './business-areas.js';
import { controlRoutes } from './control.js';
import { dataObjectRoutes } from './data-objects.js';
import { dataSetRoutes } from './datasets.js';
import { schemaRoutes } from './schemas.js';
import { tokenRoutes } from './token.js';

export const ROUTES: readonly Route[] = [...tokenRoutes, ...businessAreaRoutes, ...schemaRoutes, ...dataSetRoutes, ...dataObjectRoutes, ...controlRoutes];
