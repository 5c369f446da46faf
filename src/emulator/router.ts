/**
 * The route table: `METHOD /path/{param}` patterns, matched segment by segment. A path
 * that exists under another method answers 405 with `Allow`; anything else is a 404.
 * HEAD is answered wherever GET is (RFC 9110 9.3.2), by the GET's handler: the server
 * sends its status and headers without the body.
 */
import type { IncomingMessage } from 'node:http';
import type { Access, Auth } from './auth.js';
import type { Faults } from './faults.js';
import { ApiError, type Reply } from './http/reply.js';
import type { UploadBudget } from './http/upload-budget.js';
import type { Persistence } from './store/open-tenant.js';
import type { TenantStore } from './store/tenant-store.js';

/** Settings the routes read, defaults applied. */
export interface Settings {
  readonly pageSize: number;
  readonly dataObjectPageSize: number;
  readonly maxResultWindow: number;
  readonly maxQueryClauses: number;
  readonly maxQueryMs: number;
  readonly maxQueuedSearches: number;
  readonly maxSearchWaitMs: number;
  readonly maxBodyBytes: number;
  readonly maxUploadBytes: number;
  readonly bareArrayBusinessAreas: boolean;
  readonly staticDir: string | undefined;
}

/** Everything a route handler needs. */
export interface RouteContext {
  readonly request: IncomingMessage;
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
  readonly store: TenantStore;
  readonly persistence: Persistence;
  readonly auth: Auth;
  readonly faults: Faults;
  readonly settings: Settings;
  /** The budget every request body is read within (`readJsonObject`). */
  readonly uploads: UploadBudget;
  /** The caller's access (authenticating the request on first use). */
  access(): Access;
}

export type Handler = (context: RouteContext) => Reply | Promise<Reply>;

export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** e.g. `/v1/businessareas/{businessAreaId}/schemas` */
  readonly path: string;
  readonly handler: Handler;
}

interface CompiledRoute extends Route {
  readonly segments: readonly string[];
}

function split(path: string): string[] {
  return path.split('/').slice(1);
}

export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: readonly Route[]) {
    this.routes = routes.map((r) => ({ ...r, segments: split(r.path) }));
  }

  /** The route for a request, its path parameters, or the methods the path allows (for a 405); null for no such path. */
  match(
    method: string,
    path: string,
  ): { route: Route; params: Record<string, string> } | { allow: string[] } | null {
    const segments = split(path);
    const wanted = method === 'HEAD' ? 'GET' : method;
    const allow: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (params === null) continue;
      if (route.method === wanted) return { route, params };
      allow.push(route.method);
      if (route.method === 'GET') allow.push('HEAD');
    }
    return allow.length > 0 ? { allow } : null;
  }
}

function matchSegments(
  pattern: readonly string[],
  segments: readonly string[],
): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const s = segments[i]!;
    if (p.startsWith('{')) {
      if (s === '') return null;
      try {
        params[p.slice(1, -1)] = decodeURIComponent(s);
      } catch {
        throw new ApiError(
          400,
          `the path segment ${JSON.stringify(s.slice(0, 100))} is not valid percent-encoding`,
        );
      }
    } else if (p !== s) return null;
  }
  return params;
}
