/** Starting an emulator for a test and talking to it over real HTTP. */
import { afterAll, expect } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js';
import { recordedProblems, recordResponse } from './openapi-recorder.js';

// Every test file that talks to the emulator through these helpers ends by validating
// every response it received against the OpenAPI document.
afterAll(() => {
  expect(recordedProblems()).toEqual([]);
});

export interface ApiResponse<T = any> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

export interface RequestOptions {
  readonly body?: unknown;
  readonly token?: string | null;
  readonly headers?: Record<string, string>;
  /** Raw body text (sent as is). */
  readonly raw?: string;
}

/**
 * fetch's options with a pool that never reuses a connection. A test that computes for longer
 * than the server's keep-alive timeout (5 s; fast-check generating values on a loaded machine)
 * between two requests would otherwise send the next one on a connection the server has closed,
 * before this process has read the close: ECONNRESET, and the request never handled.
 */
function freshConnections(): { dispatcher?: unknown } {
  const shared = (globalThis as unknown as Record<symbol, object | undefined>)[
    Symbol.for('undici.globalDispatcher.1')
  ];
  // Before fetch's first call there is no pool to reuse a connection from.
  if (shared === undefined) return {};
  if (noKeepAlive?.kind !== shared.constructor) {
    const Agent = shared.constructor as new (options: { pipelining: number }) => object;
    // pipelining 0: undici's way to say "no keep-alive".
    noKeepAlive = { kind: Agent, dispatcher: new Agent({ pipelining: 0 }) };
  }
  return { dispatcher: noKeepAlive.dispatcher };
}
let noKeepAlive: { kind: unknown; dispatcher: object } | undefined;

export class TestApi {
  token = '';
  constructor(readonly emulator: Emulator) {}

  get url(): string {
    return this.emulator.url;
  }

  async request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization ??= token;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.url + path, {
      method,
      headers,
      body,
      ...freshConnections(),
    } as RequestInit);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    recordResponse(
      method,
      path,
      response.status,
      response.headers.get('content-type'),
      parsed,
      text,
    );
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  async login(clientId = 'mdq-demo', clientSecret = 'mdq-demo-secret'): Promise<string> {
    const response = await this.request('POST', '/oauth2/token', {
      body: { client_id: clientId, client_secret: clientSecret },
      token: null,
    });
    if (response.status !== 200)
      throw new Error(`login failed: ${response.status} ${response.text}`);
    this.token = response.body.access_token;
    return this.token;
  }
}

/** Starts an emulator (in memory, free port), logs in as the demo client. Close it with `api.emulator.close()`. */
export async function startApi(options: EmulatorOptions = {}): Promise<TestApi> {
  const emulator = await startEmulator({ port: 0, ...options });
  // With clients of its own, the demo client is not one of them: the test logs in itself.
  return options.clients === undefined ? loggedIn(emulator) : new TestApi(emulator);
}

/** The demo client, logged in to a running `emulator`. */
export async function loggedIn(emulator: Emulator): Promise<TestApi> {
  const api = new TestApi(emulator);
  await api.login();
  return api;
}

/** Every dataset of the tenant, found through the API: its id, its schema's dataset list and its objects' path. */
export async function allDataSets(
  api: TestApi,
): Promise<{ dataSetId: string; listPath: string; objectsPath: string }[]> {
  const found: { dataSetId: string; listPath: string; objectsPath: string }[] = [];
  for (const area of (await api.get('/v1/my/businessareas')).body.response)
    for (const schema of (await api.get(`/v1/businessareas/${area.businessAreaId}/schemas`)).body
      .items) {
      const listPath = `/v1/businessareas/${area.businessAreaId}/schemas/${schema.schemaId}/datasets`;
      for (const d of (await api.get(listPath)).body.items)
        found.push({
          dataSetId: d.dataSetId,
          listPath,
          objectsPath: `${listPath}/${d.dataSetId}/dataobjects`,
        });
    }
  return found;
}

/** The paths of the example tenant's resources, found through the API itself. */
export async function tenantPaths(api: TestApi) {
  const areas = (await api.get('/v1/my/businessareas')).body.response as {
    businessAreaId: string;
    name: string;
  }[];
  const customer = areas.find((a) => a.name === 'customer')!;
  const schemas = await api.get(`/v1/businessareas/${customer.businessAreaId}/schemas`);
  const customerSchema = schemas.body.items.find((s: { name: string }) => s.name === 'Customer');
  const schemaPath = `/v1/businessareas/${customer.businessAreaId}/schemas/${customerSchema.schemaId}`;
  const dataSets = await api.get(`${schemaPath}/datasets`);
  const retail = dataSets.body.items.find(
    (d: { dataSetName: string }) => d.dataSetName === 'Retail Customers',
  );
  return {
    areas,
    customer,
    schemaPath,
    retail,
    objectsPath: `${schemaPath}/datasets/${retail.dataSetId}/dataobjects`,
  };
}

/** Every item of a `pageKey`-paged list. */
export async function allPages(api: TestApi, path: string): Promise<any[]> {
  const items: any[] = [];
  let key: string | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const response = await api.get(
      `${path}${key === undefined ? '' : `?pageKey=${encodeURIComponent(key)}`}`,
    );
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text}`);
    items.push(...response.body.items);
    key = response.body.nextPageKey;
    if (key === undefined) return items;
  }
  throw new Error('too many pages');
}
