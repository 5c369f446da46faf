/**
 * A small stateful fake of the service over `fakeFetch`, for unit tests of the client's
 * own logic (tokens, writes, paging) before and beside the emulator: the example
 * tenant's data, the documented routes, and hooks to break any request.
 */
import { exampleTenant } from '../../../src/examples/index.js';
import { DROP, fakeFetch, json, type Answer, type Recorded } from './fake-fetch.js';

export const CLIENT_ID = 'unit-client';
export const CLIENT_SECRET = 'unit-secret-Zq9x!';

export interface FakeServiceOptions {
  /** Answer a request before the service handles it (a fault); undefined lets it through. */
  readonly before?: (request: Recorded) => Answer | undefined;
  /** Called after the service handled a request: DROP loses the answer, the change stays made. */
  readonly after?: (request: Recorded, response: Response) => Answer | undefined;
  readonly expiresIn?: number;
  /** Items per page of the pageKey lists. */
  readonly pageSize?: number;
}

export function fakeService(options: FakeServiceOptions = {}) {
  const objects = new Map(
    exampleTenant.dataSets.map((d) => [
      d.dataSet.dataSetId,
      d.dataObjects.map((o) => ({ ...o }) as Record<string, unknown>),
    ]),
  );
  const issued: string[] = [];
  let tokenCount = 0;
  const pageSize = options.pageSize ?? 2;

  const page = (items: readonly unknown[], key: string | null) => {
    const start = key === null ? 0 : Number(key);
    const next = start + pageSize < items.length ? String(start + pageSize) : undefined;
    return json({
      items: items.slice(start, start + pageSize),
      ...(next ? { nextPageKey: next } : {}),
    });
  };

  const handle = (r: Recorded): Response => {
    if (r.method === 'POST' && (r.path === '/oauth2/token' || r.path === '/v1/oauth2/token')) {
      const body = r.body as { client_id?: string; client_secret?: string };
      if (body?.client_id !== CLIENT_ID || body.client_secret !== CLIENT_SECRET)
        return json({ message: `invalid client credentials` }, 401);
      const token = `tok-${++tokenCount}-${'x'.repeat(12)}`;
      issued.push(token);
      return json({
        access_token: token,
        expires_in: options.expiresIn ?? 3600,
        token_type: 'Bearer',
      });
    }
    if (!issued.includes(r.headers.authorization ?? ''))
      return json({ message: 'invalid or expired token' }, 401);
    const segments = r.path.split('/').filter(Boolean).map(decodeURIComponent);
    if (r.path === '/v1/my/businessareas') return json({ response: exampleTenant.businessAreas });
    if (r.path === '/dataobjects/search') {
      const hits = exampleTenant.dataSets.flatMap((d) =>
        (objects.get(d.dataSet.dataSetId) ?? []).map(({ _version, ...o }) => ({
          ...o,
          _businessAreaId: d.dataSet.businessAreaId,
          _businessAreaName: d.dataSet.businessAreaName,
          _schemaId: d.dataSet.schemaId,
          _schemaName: d.dataSet.schemaName,
          _dataSetId: d.dataSet.dataSetId,
          _dataSetName: d.dataSet.dataSetName,
        })),
      );
      const from = Number(r.url.searchParams.get('from') ?? 0);
      const size = Number(r.url.searchParams.get('size') ?? 10);
      return json({ hits: hits.slice(from, from + size), total: hits.length });
    }
    if (segments[0] === 'v1' && segments[1] === 'businessareas') {
      const [, , ba, , schema, , dataSet, , id] = segments;
      if (segments.length === 4)
        return page(
          exampleTenant.schemas.filter((s) => s.businessAreaId === ba),
          r.url.searchParams.get('pageKey'),
        );
      if (segments.length === 5) {
        const found = exampleTenant.schemas.find(
          (s) => s.schemaId === schema && s.businessAreaId === ba,
        );
        return found ? json(found) : json({ message: 'no such schema' }, 404);
      }
      if (segments.length === 6)
        return page(
          exampleTenant.dataSets.filter((d) => d.dataSet.schemaId === schema).map((d) => d.dataSet),
          r.url.searchParams.get('pageKey'),
        );
      const list = objects.get(dataSet!);
      if (list === undefined) return json({ message: 'no such dataset' }, 404);
      if (segments.length === 8 && r.method === 'GET')
        return page(list, r.url.searchParams.get('pageKey'));
      if (segments.length === 9 && r.method === 'PUT') {
        const target = list.find((o) => o._dataObjectId === id);
        if (target === undefined) return json({ message: 'no such data object' }, 404);
        const { _version, ...fields } = r.body as Record<string, unknown>;
        if (_version !== target._version) return json({ message: 'version mismatch' }, 400);
        Object.assign(target, fields, { _version: (target._version as number) + 1 });
        return new Response(null, { status: 204 });
      }
    }
    return json({ message: 'no such route' }, 404);
  };

  const { fetch, requests } = fakeFetch(async (r) => {
    const early = options.before?.(r);
    if (early !== undefined) return early;
    const response = handle(r);
    return options.after?.(r, response) ?? response;
  });

  return {
    fetch,
    requests,
    issued,
    objects,
    /** Makes every token issued so far invalid, as an expiry would. */
    expireTokens: () => void issued.splice(0),
    DROP,
  };
}

export const retail = exampleTenant.dataSets[0]!.dataSet;
export const catalogue = exampleTenant.dataSets[2]!.dataSet;
export const firstProduct = exampleTenant.dataSets[2]!.dataObjects[0]!;
export const productRef = {
  businessAreaId: catalogue.businessAreaId,
  schemaId: catalogue.schemaId,
  dataSetId: catalogue.dataSetId,
  dataObjectId: firstProduct._dataObjectId,
};
