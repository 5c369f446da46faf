/** The service of this page's own origin (the emulator serves both), as the demo client. */
import type { SchemaResponse } from 'mdq';
import type { Named, SearchPage, SearchParams, Service } from './service.js';

const DEMO = { client_id: 'mdq-demo', client_secret: 'mdq-demo-secret' };

export async function connect(baseUrl = location.origin): Promise<Service> {
  const tokenResponse = await fetch(`${baseUrl}/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO) });
  if (!tokenResponse.ok) throw new Error(`token: HTTP ${tokenResponse.status}`);
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const get = async <T>(path: string, signal?: AbortSignal): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: token, Accept: 'application/json' }, ...(signal ? { signal } : {}) });
    if (!response.ok) throw new Error(`${path.split('?')[0]}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  const all = async <T>(path: string): Promise<T[]> => {
    const items: T[] = [];
    let pageKey: string | undefined;
    do {
      const page = await get<{ items: T[]; nextPageKey?: string }>(pageKey ? `${path}?pageKey=${encodeURIComponent(pageKey)}` : path);
      items.push(...page.items);
      pageKey = page.nextPageKey;
    } while (pageKey);
    return items;
  };
  return {
    async businessAreas() {
      const body = await get<{ response: { businessAreaId: string; name: string }[] } | { businessAreaId: string; name: string }[]>('/v1/my/businessareas');
      return (Array.isArray(body) ? body : body.response).map((b) => ({ id: b.businessAreaId, name: b.name }));
    },
    async schemas(ba) {
      return (await all<{ schemaId: string; name: string }>(`/v1/businessareas/${encodeURIComponent(ba)}/schemas`)).map((s) => ({ id: s.schemaId, name: s.name }));
    },
    schema: (ba, id) => get<SchemaResponse>(`/v1/businessareas/${encodeURIComponent(ba)}/schemas/${encodeURIComponent(id)}`),
    async dataSets(ba, id) {
      const items = await all<{ dataSetId: string; dataSetName: string }>(`/v1/businessareas/${encodeURIComponent(ba)}/schemas/${encodeURIComponent(id)}/datasets`);
      return items.map((d): Named => ({ id: d.dataSetId, name: d.dataSetName }));
    },
    search(params: SearchParams, signal?: AbortSignal): Promise<SearchPage> {
      const q = new URLSearchParams({ query: params.query, from: String(params.from), size: String(params.size) });
      if (params.businessArea) q.set('businessArea', params.businessArea);
      if (params.schema) q.set('schema', params.schema);
      if (params.dataSet) q.set('dataSet', params.dataSet);
      return get<SearchPage>(`/dataobjects/search?${q}`, signal);
    },
  };
}
