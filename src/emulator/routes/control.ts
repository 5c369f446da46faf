/**
 * The emulator's own control endpoint (not part of the service): PUT a fault config to
 * /_emulator/faults, DELETE it to turn faults off. Faults never apply to it.
 */
import { readJsonObject } from '../http/body.js';
import { badRequest, NO_CONTENT } from '../http/reply.js';
import type { Route } from '../router.js';
import { validateFaults } from '../faults.js';

export const CONTROL_PREFIX = '/_emulator/';

export const controlRoutes: readonly Route[] = [
  {
    method: 'PUT',
    path: '/_emulator/faults',
    async handler(context) {
      const body = await readJsonObject(context.request, context.uploads);
      try {
        context.faults.set(validateFaults(body));
      } catch (e) {
        throw badRequest(`invalid fault config: ${e instanceof Error ? e.message : String(e)}`);
      }
      return NO_CONTENT;
    },
  },
  {
    method: 'DELETE',
    path: '/_emulator/faults',
    handler(context) {
      context.faults.set(null);
      return NO_CONTENT;
    },
  },
];
