/**
 * `createClient(options)`: every operation of the service, on the platform's `fetch`.
 * The credentials live only in closures: the client object holds none, so neither
 * `util.inspect` nor `JSON.stringify` can show them.
 */
import type { Diagnostic } from '../language/diagnostic.js';
import {
  AuthError,
  BadRequestError,
  NetworkError,
  NotFoundError,
  QueryError,
  ServiceError,
  TimeoutError,
  WriteOutcomeUnknownError,
  retryAfterOf,
} from './errors.js';
import {
  CHECK_MODES,
  checkText,
  describeDiagnostics,
  hasErrors,
  queryText,
  type CheckMode,
  type QueryInput,
} from './local-check.js';
import { createResolver, type Scope } from './names.js';
import {
  DEFAULTS,
  nonNegative,
  normaliseBaseUrl,
  positive,
  resolveClock,
  type ClientOptions,
} from './options.js';
import { paged, searchPages as walkSearchPages, type Paged } from './paging.js';
import { createRedactor } from './redact.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './response-body.js';
import { MAX_TIMER_MS, retryDelay, retryPolicy } from './retry.js';
import { createTokenSource, withDeadline, type TokenSource } from './tokens.js';
import { createTransport, pathOf } from './transport.js';
import type {
  BusinessArea,
  CreatedDataObject,
  DataObject,
  DataObjectRef,
  DataSet,
  DataSetRef,
  FieldValues,
  Page,
  Schema,
  SchemaListItem,
  SearchHit,
  SearchPage,
  SearchResult,
} from './types.js';
import {
  createWrites,
  objectPath,
  type UpdateResult,
  type UpdateWithRetryResult,
} from './writes.js';

export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
}

/** A search's filters are names (`businessArea` absent or `all` means every business area the client may access). */
export interface SearchOptions extends Scope, CallOptions {
  readonly from?: number | undefined;
  readonly size?: number | undefined;
  /** Check the query locally first, against the schemas of this scope. */
  readonly check?: CheckMode | undefined;
}

export interface SearchAllOptions extends Scope, CallOptions {
  /** Hits per request; the client's `pageSize` by default. */
  readonly pageSize?: number | undefined;
  readonly check?: CheckMode | undefined;
}

/** A data object's ids, or a search hit (its `_businessAreaId`, `_schemaId`, `_dataSetId`, `_dataObjectId`). */
export type ObjectRefInput = DataObjectRef | SearchHit;
export type DataSetRefInput = DataSetRef | SearchHit;

export interface MdqClient {
  readonly baseUrl: string;
  /** One page of hits (`from`, `size`), the query checked first when asked. */
  search(query: QueryInput, options?: SearchOptions): Promise<SearchResult>;
  /** Every page from the first until `total`, each hit once even when the total changes on the way. */
  searchPages(query: QueryInput, options?: SearchAllOptions): AsyncIterable<SearchPage>;
  /** Every hit, page after page (see `searchPages`). */
  searchAll(query: QueryInput, options?: SearchAllOptions): AsyncIterable<SearchHit>;
  /** The diagnostics of the query against the schemas of this scope, fetched from the service (and cached). */
  checkQuery(query: QueryInput, scope?: Scope & CallOptions): Promise<Diagnostic[]>;
  /** The business areas the client may access. */
  businessAreas(options?: CallOptions): Promise<BusinessArea[]>;
  schemas(businessAreaId: string, options?: CallOptions): Paged<SchemaListItem>;
  getSchema(businessAreaId: string, schemaId: string, options?: CallOptions): Promise<Schema>;
  dataSets(businessAreaId: string, schemaId: string, options?: CallOptions): Paged<DataSet>;
  /** The data objects of a dataset, each with its `_version`. */
  dataObjects(dataSet: DataSetRefInput, options?: CallOptions): Paged<DataObject>;
  /** One data object with its `_version` (read from the dataset's listing). */
  getDataObject(ref: ObjectRefInput, options?: CallOptions): Promise<DataObject>;
  /** Creates a data object; created even when invalid (`_errors`). Never repeated: a lost answer is a `WriteOutcomeUnknownError`. */
  createDataObject(
    dataSet: DataSetRefInput,
    fields: FieldValues,
    options?: CallOptions,
  ): Promise<CreatedDataObject>;
  /** Deletes (softly) a data object. */
  deleteDataObject(ref: ObjectRefInput, options?: CallOptions): Promise<void>;
  /** Sends exactly `_version` and the fields. */
  update(
    ref: ObjectRefInput,
    version: number,
    fields: FieldValues,
    options?: CallOptions,
  ): Promise<UpdateResult>;
  /** Reads the object, sends `change(current)`, and on a version conflict reads again and repeats. */
  updateWithRetry(
    ref: ObjectRefInput,
    change: (current: DataObject) => FieldValues | undefined | Promise<FieldValues | undefined>,
    options?: CallOptions & {
      readonly attempts?: number;
      /** The longest the whole call may take, reads, conflicts and waits included; past it, a `TimeoutError` (and no write after it is sent). */
      readonly deadlineMs?: number;
    },
  ): Promise<UpdateWithRetryResult>;
  /** Names (or ids) to list items with ids: business areas, schemas, datasets. */
  findBusinessArea(nameOrId: string, options?: CallOptions): Promise<BusinessArea>;
  findSchema(
    businessArea: string,
    nameOrId: string,
    options?: CallOptions,
  ): Promise<SchemaListItem & { readonly businessAreaId: string }>;
  findDataSet(
    businessArea: string,
    schema: string,
    nameOrId: string,
    options?: CallOptions,
  ): Promise<DataSet>;
  /** The Get Schema responses of a scope given by names (cached). */
  schemasIn(scope: Scope, options?: CallOptions): Promise<Schema[]>;
}

/** Objects whose listing page the client remembers (see `readObject`): about 100 bytes each. */
const MAX_REMEMBERED_OBJECTS = 20_000;

export function createClient(options: ClientOptions): MdqClient {
  if (options === null || typeof options !== 'object')
    throw new TypeError('createClient: options are required ({ baseUrl, credentials })');
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const clock = resolveClock(options.clock);
  const retry = retryPolicy(options.retry);
  const redactor = createRedactor();
  const fetchFn = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (typeof fetchFn !== 'function')
    throw new TypeError('createClient: no fetch on this platform; pass one as `fetch`');
  // Whole milliseconds, rounded up: AbortSignal.timeout throws a RangeError on a fraction (1500.5, or --timeout 1.0001 s), on every request.
  const timeoutMs = Math.ceil(
    positive('timeoutMs', options.timeoutMs, DEFAULTS.timeoutMs, MAX_TIMER_MS),
  );
  // At least 1 after rounding down: 0.5 made pages of size 0 and no attempt at all.
  const pageSize = Math.max(
    1,
    Math.floor(positive('pageSize', options.pageSize, DEFAULTS.pageSize)),
  );
  const conflictAttempts = Math.max(
    1,
    Math.floor(positive('conflictAttempts', options.conflictAttempts, DEFAULTS.conflictAttempts)),
  );
  const marginSeconds = nonNegative(
    'refreshMarginSeconds',
    options.refreshMarginSeconds,
    DEFAULTS.refreshMarginSeconds,
  );
  const defaultCheck = checkMode(options.check ?? 'off');
  const tokenPath = options.tokenPath ?? DEFAULTS.tokenPath;
  if (typeof tokenPath !== 'string' || !tokenPath.startsWith('/'))
    throw new TypeError(
      `createClient: tokenPath must be a path such as /oauth2/token, not ${String(tokenPath)}`,
    );

  const maxResponseBytes = Math.floor(
    positive(
      'maxResponseBytes',
      options.maxResponseBytes,
      DEFAULT_MAX_RESPONSE_BYTES,
      Number.MAX_SAFE_INTEGER,
    ),
  );
  const parts = {
    baseUrl,
    fetch: fetchFn,
    timeoutMs,
    maxResponseBytes,
    retry,
    clock,
    redactor,
    logger: options.logger,
  };
  let tokens: TokenSource;
  if (options.credentials !== undefined) {
    const { clientId, clientSecret } = options.credentials;
    if (
      typeof clientId !== 'string' ||
      clientId === '' ||
      typeof clientSecret !== 'string' ||
      clientSecret === ''
    ) {
      throw new TypeError('createClient: credentials need a clientId and a clientSecret');
    }
    redactor.add(clientSecret);
    const tokenTransport = createTransport({ ...parts, tokens: undefined });
    tokens = createTokenSource(
      async () => {
        let json: unknown;
        try {
          json = await tokenTransport.json({
            method: 'POST',
            path: tokenPath,
            body: { client_id: clientId, client_secret: clientSecret },
            retry: true,
            auth: false,
          });
        } catch (e) {
          if (e instanceof ServiceError && (e.status === 400 || e.status === 401)) {
            throw new AuthError(
              `the token endpoint refused the client credentials of '${clientId}' (${e.status})`,
              { status: e.status, body: e.body, request: e.request },
            );
          }
          throw e;
        }
        const answer = json as { access_token?: unknown; expires_in?: unknown };
        if (typeof answer?.access_token !== 'string' || answer.access_token === '')
          throw new ServiceError(`POST ${tokenPath} answered without an access_token`, {
            request: `POST ${tokenPath}`,
          });
        // The token source holds it in the redactor from here on, for as long as it is in use.
        return {
          accessToken: answer.access_token,
          ...(typeof answer.expires_in === 'number' ? { expiresInSeconds: answer.expires_in } : {}),
        };
      },
      clock,
      marginSeconds,
      redactor,
    );
  } else if (typeof options.getToken === 'function') {
    tokens = createTokenSource(
      withDeadline(options.getToken, timeoutMs),
      clock,
      marginSeconds,
      redactor,
    );
  } else {
    throw new TypeError(
      'createClient: give credentials ({ clientId, clientSecret }) or a getToken function',
    );
  }
  const transport = createTransport({ ...parts, tokens });
  const get = (
    path: string,
    signal: AbortSignal | undefined,
    query?: Record<string, string | number | undefined>,
  ) =>
    transport.json({
      method: 'GET',
      path,
      signal,
      retry: true,
      auth: true,
      ...(query ? { query } : {}),
    });

  const listPage = async <T>(
    path: string,
    pageKey: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Page<T>> => {
    const json = (await get(path, signal, { pageKey })) as {
      items?: unknown;
      nextPageKey?: unknown;
    };
    if (!Array.isArray(json?.items)) throw unexpected('GET', path, 'no items array');
    return {
      items: json.items as T[],
      ...(typeof json.nextPageKey === 'string' && json.nextPageKey !== ''
        ? { nextPageKey: json.nextPageKey }
        : {}),
    };
  };

  const businessAreas = async (call: CallOptions = {}) => {
    const path = '/v1/my/businessareas';
    const json = await get(path, call.signal);
    // The documented schema wraps the list in `response`; the documented sample is a bare array.
    const list = Array.isArray(json) ? json : (json as { response?: unknown })?.response;
    if (!Array.isArray(list))
      throw unexpected('GET', path, 'neither an array nor { response: [...] }');
    return list as BusinessArea[];
  };
  const schemas = (ba: string, call: CallOptions = {}) =>
    paged<SchemaListItem>((key) =>
      listPage(pathOf`/v1/businessareas/${ba}/schemas`, key, call.signal),
    );
  const dataSets = (ba: string, schema: string, call: CallOptions = {}) =>
    paged<DataSet>((key) =>
      listPage(pathOf`/v1/businessareas/${ba}/schemas/${schema}/datasets`, key, call.signal),
    );
  const getSchema = async (ba: string, schema: string, call: CallOptions = {}) => {
    const path = pathOf`/v1/businessareas/${ba}/schemas/${schema}`;
    const json = (await get(path, call.signal)) as Schema;
    if (json === null || typeof json !== 'object' || !Array.isArray(json.fields))
      throw unexpected('GET', path, 'no fields array');
    return json;
  };
  const dataObjects = (input: DataSetRefInput, call: CallOptions = {}) => {
    const ref = dataSetRef(input);
    return paged<DataObject>((key) =>
      listPage(
        pathOf`/v1/businessareas/${ref.businessAreaId}/schemas/${ref.schemaId}/datasets/${ref.dataSetId}/dataobjects`,
        key,
        call.signal,
      ),
    );
  };
  /**
   * The page of the dataset listing each object was last seen on (its `pageKey`, '' for the
   * first), for every object on the pages a walk passed: reading any of them (a conflict in
   * `updateWithRetry`, a lost answer, the next object of a loop) costs one request instead of a
   * walk to it. The interface gives no cheaper way to find a page: page keys are opaque, the
   * listing's order is not documented and search hits carry no `_version`. Bounded by count
   * over all datasets (oldest first); a page that no longer holds the object falls back to the walk.
   */
  const pagesOfListing = new Map<string, Map<string, string>>();
  let remembered = 0;
  const remember = (path: string, id: string, pageKey: string) => {
    let pages = pagesOfListing.get(path);
    if (pages === undefined) pagesOfListing.set(path, (pages = new Map()));
    if (pages.delete(id)) remembered--;
    pages.set(id, pageKey);
    remembered++;
    while (remembered > MAX_REMEMBERED_OBJECTS) {
      const [oldestPath, oldest] = pagesOfListing.entries().next().value!;
      oldest.delete(oldest.keys().next().value!);
      remembered--;
      if (oldest.size === 0) pagesOfListing.delete(oldestPath);
    }
  };
  const forget = (path: string, id: string) => {
    const pages = pagesOfListing.get(path);
    if (pages?.delete(id)) remembered--;
    if (pages?.size === 0) pagesOfListing.delete(path);
  };
  const readObject = async (
    ref: DataObjectRef,
    signal?: AbortSignal,
  ): Promise<DataObject | undefined> => {
    const path = pathOf`/v1/businessareas/${ref.businessAreaId}/schemas/${ref.schemaId}/datasets/${ref.dataSetId}/dataobjects`;
    const known = pagesOfListing.get(path)?.get(ref.dataObjectId);
    if (known !== undefined) {
      const page = await listPage<DataObject>(path, known === '' ? undefined : known, signal);
      const found = page.items.find((item) => item._dataObjectId === ref.dataObjectId);
      if (found !== undefined) return found;
    }
    let pageKey: string | undefined;
    for await (const page of paged<DataObject>(async (k) => {
      pageKey = k;
      return listPage(path, k, signal);
    }).pages()) {
      let found: DataObject | undefined;
      for (const item of page.items) {
        if (typeof item?._dataObjectId === 'string')
          remember(path, item._dataObjectId, pageKey ?? '');
        if (item?._dataObjectId === ref.dataObjectId) found = item;
      }
      if (found !== undefined) return found;
    }
    forget(path, ref.dataObjectId);
    return undefined;
  };

  const resolver = createResolver({
    businessAreas: (signal) => businessAreas({ signal }),
    schemas: (ba, signal) => schemas(ba, { signal }),
    dataSets: (ba, s, signal) => dataSets(ba, s, { signal }),
    getSchema: (ba, s, signal) => getSchema(ba, s, { signal }),
  });
  const writes = createWrites({
    transport,
    read: readObject,
    clock,
    retry,
    conflictAttempts,
    logger: options.logger,
  });

  /** Checks the query as asked; with 'error', a query with errors never leaves. */
  const checkBeforeSending = async (
    text: string,
    mode: CheckMode,
    scope: Scope,
    signal: AbortSignal | undefined,
  ): Promise<Diagnostic[]> => {
    if (mode === 'off') return [];
    const diagnostics = checkText(text, await resolver.schemasIn(scope, signal));
    if (mode === 'error' && hasErrors(diagnostics)) {
      throw new QueryError(
        `the query has errors and was not sent: ${describeDiagnostics(diagnostics.filter((d) => d.severity === 'error'))}`,
        { diagnostics, local: true },
      );
    }
    if (diagnostics.length > 0) {
      try {
        options.logger?.warn?.(
          `the query has ${diagnostics.length} problem(s): ${describeDiagnostics(diagnostics)}`,
        );
      } catch {
        // A broken logger must not break a search.
      }
    }
    return diagnostics;
  };

  const searchPage = async (
    text: string,
    scope: Scope,
    from: number | undefined,
    size: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<SearchPage> => {
    const path = '/dataobjects/search';
    let json: unknown;
    try {
      json = await get(path, signal, {
        query: text,
        businessArea: scope.businessArea,
        schema: scope.schema,
        dataSet: scope.dataSet,
        from,
        size,
      });
    } catch (e) {
      if (e instanceof BadRequestError) {
        const diagnostics = checkText(text, undefined);
        const local =
          diagnostics.length > 0 ? `; locally: ${describeDiagnostics(diagnostics)}` : '';
        throw new QueryError(`${e.message}${local}`, {
          status: e.status,
          body: e.body,
          request: e.request,
          diagnostics,
          local: false,
        });
      }
      throw e;
    }
    const answer = json as { hits?: unknown; total?: unknown };
    if (!Array.isArray(answer?.hits)) throw unexpected('GET', path, 'no hits array');
    const total =
      typeof answer.total === 'number' && Number.isFinite(answer.total)
        ? answer.total
        : (from ?? 0) + answer.hits.length;
    const serviceDiagnostics = diagnosticsIn((answer as { diagnostics?: unknown }).diagnostics);
    return {
      hits: answer.hits as SearchHit[],
      total,
      from: from ?? 0,
      ...(serviceDiagnostics.length > 0 ? { serviceDiagnostics } : {}),
    };
  };

  const scopeOf = (o: Scope): Scope => ({
    businessArea: o.businessArea,
    schema: o.schema,
    dataSet: o.dataSet,
  });

  const pagesOf = async function* (
    query: QueryInput,
    o: SearchAllOptions = {},
  ): AsyncGenerator<SearchPage> {
    const text = queryText(query);
    const scope = scopeOf(o);
    const size = o.pageSize === undefined ? pageSize : whole('pageSize', o.pageSize, 1);
    await checkBeforeSending(text, checkMode(o.check ?? defaultCheck), scope, o.signal);
    yield* walkSearchPages((from, n) => searchPage(text, scope, from, n, o.signal), size);
  };

  const client: MdqClient = {
    baseUrl,
    async search(query, o = {}) {
      const text = queryText(query);
      const scope = scopeOf(o);
      const from = o.from === undefined ? undefined : whole('from', o.from, 0);
      const size = o.size === undefined ? undefined : whole('size', o.size, 1);
      const diagnostics = await checkBeforeSending(
        text,
        checkMode(o.check ?? defaultCheck),
        scope,
        o.signal,
      );
      const page = await searchPage(text, scope, from, size, o.signal);
      return {
        hits: page.hits,
        total: page.total,
        diagnostics,
        serviceDiagnostics: page.serviceDiagnostics ?? [],
      };
    },
    searchPages: pagesOf,
    async *searchAll(query, o = {}) {
      for await (const page of pagesOf(query, o)) yield* page.hits;
    },
    async checkQuery(query, scope = {}) {
      return checkText(queryText(query), await resolver.schemasIn(scopeOf(scope), scope.signal));
    },
    businessAreas,
    schemas,
    getSchema,
    dataSets,
    dataObjects,
    async getDataObject(input, o = {}) {
      const ref = objectRef(input);
      const found = await readObject(ref, o.signal);
      if (found === undefined)
        throw new NotFoundError(
          `no data object '${ref.dataObjectId}' in dataset '${ref.dataSetId}'`,
          { request: `GET ${objectPath(ref)}` },
        );
      return found;
    },
    async createDataObject(input, fields, o = {}) {
      const ref = dataSetRef(input);
      const path = pathOf`/v1/businessareas/${ref.businessAreaId}/schemas/${ref.schemaId}/datasets/${ref.dataSetId}/dataobjects`;
      let answer;
      try {
        answer = await transport.send({
          method: 'POST',
          path,
          body: fields,
          signal: o.signal,
          retry: false,
          auth: true,
          // A gateway may answer 401 after the service created it: the token is renewed, the create not sent again.
          replayAfter401: false,
        });
      } catch (e) {
        if (
          e instanceof NetworkError ||
          e instanceof TimeoutError ||
          (e instanceof AuthError && e.status === 401 && e.request === `POST ${path}`) ||
          // A 5xx or a 429 may come from a proxy after the service created it (an upstream reset before headers).
          (e instanceof ServiceError &&
            e.status !== undefined &&
            (e.status === 429 || e.status >= 500))
        ) {
          throw new WriteOutcomeUnknownError(
            `${e.message}; a create cannot be told apart from one that never happened, so it is not repeated`,
            {
              status: e.status,
              body: e.body,
              request: e.request,
              cause: e,
            },
          );
        }
        throw e;
      }
      let json: { _dataObjectId?: unknown; _version?: unknown; _errors?: unknown };
      try {
        json = JSON.parse(answer.text) as typeof json;
      } catch {
        throw unexpected('POST', path, 'not JSON');
      }
      if (typeof json?._dataObjectId !== 'string')
        throw unexpected('POST', path, 'no _dataObjectId');
      return {
        ...json,
        _dataObjectId: json._dataObjectId,
        _version: typeof json._version === 'number' ? json._version : 1,
        _errors: Array.isArray(json._errors) ? json._errors : [],
      };
    },
    async deleteDataObject(input, o = {}) {
      const ref = objectRef(input);
      const path = objectPath(ref);
      for (let attempt = 1; ; attempt++) {
        try {
          await transport.send({
            method: 'DELETE',
            path,
            signal: o.signal,
            retry: false,
            auth: true,
          });
          return;
        } catch (e) {
          if (o.signal?.aborted) throw o.signal.reason;
          // A 404 after a lost answer: the first delete went through.
          if (e instanceof NotFoundError && attempt > 1) return;
          if (
            !(
              e instanceof NetworkError ||
              e instanceof TimeoutError ||
              (e instanceof ServiceError &&
                e.status !== undefined &&
                retry.statuses.includes(e.status))
            )
          )
            throw e;
          if ((await readObject(ref, o.signal)) === undefined) return;
          if (attempt >= retry.attempts) throw e;
          const wait = retryDelay(retry, attempt - 1, retryAfterOf(e), clock.random);
          if (wait === undefined) throw e;
          await clock.sleep(wait, o.signal);
        }
      }
    },
    update: (input, version, fields, o = {}) =>
      writes.update(objectRef(input), version, fields, o.signal),
    updateWithRetry: (input, change, o = {}) => writes.updateWithRetry(objectRef(input), change, o),
    findBusinessArea: (nameOrId, o = {}) => resolver.businessArea(nameOrId, o.signal),
    findSchema: (ba, nameOrId, o = {}) => resolver.schema(ba, nameOrId, o.signal),
    findDataSet: (ba, schema, nameOrId, o = {}) => resolver.dataSet(ba, schema, nameOrId, o.signal),
    schemasIn: (scope, o = {}) => resolver.schemasIn(scopeOf(scope), o.signal),
  };

  // What inspection and serialisation show: the base URL, nothing that could hold a secret.
  Object.defineProperty(client, Symbol.for('nodejs.util.inspect.custom'), {
    value: () => `MdqClient { baseUrl: '${baseUrl}' }`,
    enumerable: false,
  });
  Object.defineProperty(client, 'toJSON', { value: () => ({ baseUrl }), enumerable: false });
  return client;
}

function unexpected(method: string, path: string, what: string): ServiceError {
  return new ServiceError(`${method} ${path} answered with an unexpected body: ${what}`, {
    request: `${method} ${path}`,
  });
}

const SEVERITIES = new Set(['error', 'warning', 'info', 'hint']);
/** Most diagnostics taken from one answer: the checker reports up to a hundred. */
const MAX_SERVICE_DIAGNOSTICS = 100;

/** The well-formed diagnostics of a search answer (an extension `mdq serve` sends); anything else is ignored. */
function diagnosticsIn(value: unknown): Diagnostic[] {
  if (!Array.isArray(value)) return [];
  const found: Diagnostic[] = [];
  for (const d of value.slice(0, MAX_SERVICE_DIAGNOSTICS)) {
    if (typeof d !== 'object' || d === null) continue;
    const { code, severity, message, span } = d as Record<string, unknown>;
    const start = (span as { start?: unknown } | null)?.start;
    const end = (span as { end?: unknown } | null)?.end;
    if (
      typeof code === 'string' &&
      typeof message === 'string' &&
      typeof severity === 'string' &&
      SEVERITIES.has(severity) &&
      Number.isSafeInteger(start) &&
      Number.isSafeInteger(end)
    )
      found.push({
        code,
        severity: severity as Diagnostic['severity'],
        message,
        span: { start: start as number, end: end as number },
      });
  }
  return found;
}

function checkMode(mode: unknown): CheckMode {
  if (!CHECK_MODES.includes(mode as CheckMode))
    throw new TypeError(`check must be one of ${CHECK_MODES.join(', ')}, not ${String(mode)}`);
  return mode as CheckMode;
}

function whole(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number >= ${min}, not ${String(value)}`);
  return value;
}

function isHit(input: object): input is SearchHit {
  return '_dataObjectId' in input && '_dataSetId' in input;
}

function objectRef(input: ObjectRefInput): DataObjectRef {
  if (input === null || typeof input !== 'object')
    throw new TypeError('a data object is given by its ids or as a search hit');
  const ref = isHit(input)
    ? {
        businessAreaId: input._businessAreaId,
        schemaId: input._schemaId,
        dataSetId: input._dataSetId,
        dataObjectId: input._dataObjectId,
      }
    : {
        businessAreaId: input.businessAreaId,
        schemaId: input.schemaId,
        dataSetId: input.dataSetId,
        dataObjectId: input.dataObjectId,
      };
  for (const [name, value] of Object.entries(ref))
    if (typeof value !== 'string' || value === '')
      throw new TypeError(`the data object's ${name} is missing`);
  return ref;
}

function dataSetRef(input: DataSetRefInput): DataSetRef {
  if (input === null || typeof input !== 'object')
    throw new TypeError('a dataset is given by its ids or by a search hit in it');
  const ref = isHit(input)
    ? {
        businessAreaId: input._businessAreaId,
        schemaId: input._schemaId,
        dataSetId: input._dataSetId,
      }
    : {
        businessAreaId: input.businessAreaId,
        schemaId: input.schemaId,
        dataSetId: input.dataSetId,
      };
  for (const [name, value] of Object.entries(ref))
    if (typeof value !== 'string' || value === '')
      throw new TypeError(`the dataset's ${name} is missing`);
  return ref;
}
