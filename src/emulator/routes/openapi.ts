/** GET /openapi.json: the OpenAPI 3.1 description of the interface (no token needed). */
import { json } from '../http/reply.js';
import { openApiDocument } from '../openapi.js';
import type { Route } from '../router.js';

export const openApiRoutes: readonly Route[] = [
  { method: 'GET', path: '/openapi.json', handler: () => json(200, openApiDocument) },
];
