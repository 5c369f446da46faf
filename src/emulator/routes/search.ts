/**
 * GET /dataobjects/search: the query parsed and checked by mdq, matched by mdq's
 * evaluator (one compiled matcher per schema), over every dataset the caller may see
 * and the filters name. Hits come in a stable order: dataset by dataset in the order
 * the datasets are listed (business area, schema, dataset), and within a dataset in the
 * order the data objects were created.
 */
import { check, parse } from '../../index.js';
import { compile } from '../../evaluator/index.js';
import type { Matcher } from '../../evaluator/index.js';
import type { Query } from '../../language/ast.js';
import type { Diagnostic } from '../../language/diagnostic.js';
import type { SchemaResponse } from '../../schema/response.js';
import { Admission } from '../http/admission.js';
import { badRequest, forbidden, type Reply } from '../http/reply.js';
import { HitTexts, searchBody } from '../http/search-body.js';
import type { RouteContext, Route } from '../router.js';
import { msSpentParsing, type DataSetState } from '../store/tenant-store.js';
import { candidates } from '../search/word-index.js';

/** Compiled matchers by schema and query text; schemas never change while the emulator runs. */
class MatcherCache {
  private readonly entries = new Map<string, Matcher>();
  constructor(private readonly limit: number) {}

  get(schema: SchemaResponse, text: string, tree: Query): Matcher {
    const key = `${schema.schemaId}\u0000${text}`;
    let matcher = this.entries.get(key);
    if (matcher !== undefined) {
      // Refresh its place: the map's order is the eviction order.
      this.entries.delete(key);
    } else {
      matcher = compile(tree, { schema });
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, matcher);
    return matcher;
  }
}

const matchers = new WeakMap<RouteContext['store'], MatcherCache>();
/**
 * The schemas of a scope as one array object, so that the checker loads each combination
 * once; per store, as ids are only unique within a tenant (two emulators in one process
 * may serve different schemas under the same ids).
 */
const scopeSchemas = new WeakMap<RouteContext['store'], Map<string, SchemaResponse[]>>();

function nonNegativeInteger(context: RouteContext, name: string, fallback: number): number {
  const text = context.url.searchParams.get(name);
  if (text === null) return fallback;
  if (!/^\d{1,9}$/.test(text.trim()))
    throw badRequest(
      `${name} must be a non-negative integer, not ${JSON.stringify(text.slice(0, 50))}`,
    );
  return Number(text.trim());
}

/** The datasets a search runs over: what the caller may see, narrowed by the filters (names). */
function scope(context: RouteContext): DataSetState[] {
  const access = context.access();
  const { store } = context;
  const params = context.url.searchParams;
  const areaName = params.get('businessArea');
  const schemaName = params.get('schema');
  const dataSetName = params.get('dataSet');
  let dataSets = store.dataSets;
  if (areaName !== null && areaName !== '' && areaName !== 'all') {
    const area = store.areas.find((a) => a.name === areaName);
    if (area !== undefined && !access.area(area))
      throw forbidden(`no access to business area ${JSON.stringify(areaName)}`);
    dataSets = dataSets.filter((d) => d.area.name === areaName);
  }
  dataSets = dataSets.filter((d) => access.area(d.area));
  if (schemaName !== null && schemaName !== '') {
    dataSets = dataSets.filter((d) => d.schema.name === schemaName);
    const denied = dataSets.find((d) => !access.schema(d.schema, d.area));
    if (denied !== undefined && !dataSets.some((d) => access.schema(d.schema, d.area)))
      throw forbidden(`no access to schema ${JSON.stringify(schemaName)}`);
  }
  if (dataSetName !== null && dataSetName !== '') {
    dataSets = dataSets.filter((d) => d.item.dataSetName === dataSetName);
    if (dataSets.length > 0 && !dataSets.some((d) => access.dataSet(d)))
      throw forbidden(`no access to dataset ${JSON.stringify(dataSetName)}`);
  }
  return dataSets.filter((d) => access.dataSet(d));
}

function schemasOf(
  store: RouteContext['store'],
  dataSets: readonly DataSetState[],
): SchemaResponse[] {
  const schemas = [...new Set(dataSets.map((d) => d.schema))];
  const key = schemas.map((s) => s.schemaId).join('\u0000');
  let byKey = scopeSchemas.get(store);
  if (byKey === undefined) scopeSchemas.set(store, (byKey = new Map()));
  let shared = byKey.get(key);
  if (shared === undefined) {
    shared = schemas;
    if (byKey.size < 1000) byKey.set(key, shared);
  }
  return shared;
}

/** The 400 of a search that ran past `maxQueryMs`, saying how far it got. */
function overBudget(context: RouteContext, examined: number) {
  return badRequest(
    `the query ran past its budget of ${context.settings.maxQueryMs} ms after examining ${examined} data objects; ` +
      'narrow it (a field instead of full text, fewer or longer wildcard patterns, a dataset filter)',
  );
}

/** One diagnostic per code and place: the checker and the evaluator word the same finding differently. */
const key = (d: Diagnostic) => `${d.code}\u0000${d.span.start}\u0000${d.span.end}`;

/** A diagnostic as JSON: what a client needs to show it, nothing more. */
function plain(d: Diagnostic) {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    span: d.span,
    ...(d.fixes ? { fixes: d.fixes } : {}),
  };
}

/** What a search asks for, read and checked once for every store: the query, its window, its datasets. */
export interface SearchRequest {
  readonly text: string;
  readonly tree: Query;
  readonly from: number;
  readonly size: number;
  readonly dataSets: readonly DataSetState[];
  readonly schemas: readonly SchemaResponse[];
}

export function searchRequest(context: RouteContext): SearchRequest {
  context.access();
  const text = context.url.searchParams.get('query');
  if (text === null || text.trim() === '')
    throw badRequest('the query parameter is required (for example query=John)');
  const from = nonNegativeInteger(context, 'from', 0);
  const size = nonNegativeInteger(context, 'size', 10);
  const window = context.settings.maxResultWindow;
  if (from + size > window)
    throw badRequest(
      `from + size must not exceed ${window} (the result window); narrow the query instead of paging this deep`,
    );
  // Lucene refuses more than maxClauseCount clauses; here it also bounds what one request can cost.
  const parsed = parse(text, { maxClauses: context.settings.maxQueryClauses });
  const syntaxErrors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (syntaxErrors.length > 0) {
    const first = syntaxErrors[0]!;
    throw badRequest(`invalid query syntax at ${first.span.start}: ${first.message}`, {
      diagnostics: parsed.diagnostics.map(plain),
    });
  }
  const dataSets = scope(context);
  return {
    text,
    tree: parsed.ast,
    from,
    size,
    dataSets,
    schemas: schemasOf(context.store, dataSets),
  };
}

/**
 * What mdq's checker says about the query, kept per scope (the shared schema array of
 * `schemasOf`) and query text: the same query, searched again, is not checked again
 * (at 100 000 objects the check was about a fifth of a selective search's cost).
 */
const checks = new WeakMap<readonly SchemaResponse[], Map<string, readonly Diagnostic[]>>();
const CHECKS_KEPT = 200;

function checked(request: SearchRequest): readonly Diagnostic[] {
  let byText = checks.get(request.schemas);
  if (byText === undefined) checks.set(request.schemas, (byText = new Map()));
  let found = byText.get(request.text);
  if (found === undefined) {
    found = check(request.tree, { schema: request.schemas });
    // The oldest first out: the map's order is the order of insertion.
    if (byText.size >= CHECKS_KEPT) byText.delete(byText.keys().next().value!);
    byText.set(request.text, found);
  }
  return found;
}

/**
 * The search's answer. An emulator extension: what mdq's checker says about the query (the
 * service silently matches nothing), and what the store could not evaluate (`found`: an invalid
 * regex, a clause PostgreSQL cannot mean alike), each said once.
 */
export function searchReply(
  request: SearchRequest,
  hits: readonly unknown[],
  total: number,
  found: Iterable<Diagnostic>,
): Reply {
  const diagnostics = request.schemas.length > 0 ? [...checked(request)] : [];
  // A field one schema of the scope lacks is no problem of the query: the checker judges
  // names against the whole scope, so the stores' unknown-field findings are left out.
  const said = new Set(diagnostics.map(key));
  for (const d of found) {
    if (d.code === 'unknown-field' || said.has(key(d))) continue;
    said.add(key(d));
    diagnostics.push(d);
  }
  return searchBody(
    hitTexts,
    hits as readonly object[],
    total,
    diagnostics.length > 0 ? diagnostics.map(plain) : undefined,
  );
}

/** Each hit's JSON, kept between answers (search-body.ts). */
const hitTexts = new HitTexts();

export const searchRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/dataobjects/search',
    handler(context) {
      let admission = admissions.get(context.store);
      if (admission === undefined)
        admissions.set(
          context.store,
          (admission = new Admission(
            context.settings.maxQueuedSearches,
            context.settings.maxSearchWaitMs,
          )),
        );
      return admission.run(() => search(context));
    },
  },
];

/** Searches of each store wait their turn here (admission.ts). */
const admissions = new WeakMap<RouteContext['store'], Admission>();

/** The objects of each dataset not deleted, and the dataset's `changes` they were counted at. */
const liveCounts = new WeakMap<DataSetState, { readonly changes: number; readonly live: number }>();

function liveCount(dataSet: DataSetState): number {
  const known = liveCounts.get(dataSet);
  if (known !== undefined && known.changes === dataSet.changes) return known.live;
  let live = 0;
  for (const object of dataSet.objects) if (!object.deleted) live++;
  liveCounts.set(dataSet, { changes: dataSet.changes, live });
  return live;
}

/** One search of the in-memory store, in its turn. */
function search(context: RouteContext): Reply {
  const request = searchRequest(context);
  const { from, size, tree } = request;
  let cache = matchers.get(context.store);
  if (cache === undefined) matchers.set(context.store, (cache = new MatcherCache(200)));
  const bySchema = new Map<SchemaResponse, Matcher>();
  for (const schema of request.schemas) bySchema.set(schema, cache.get(schema, request.text, tree));
  const hits: unknown[] = [];
  const end = from + size;
  let total = 0;
  const deadline = performance.now() + context.settings.maxQueryMs;
  // Lines parsed on first access during the search are the store's loading, not the query's cost.
  const parsedBefore = msSpentParsing();
  let examined = 0;
  // `*:*` matches every object: no matcher to call, only the deleted ones to skip.
  const everything = tree.body?.kind === 'MatchAll';
  for (const dataSet of request.dataSets) {
    const { objects } = dataSet;
    if (everything) {
      // Its page, then the count of the objects not deleted (kept until the dataset changes): not a pass over all of them.
      const before = total;
      const live = liveCount(dataSet);
      if (before + live > from && before < end)
        for (const object of objects) {
          if (object.deleted) continue;
          if (total >= from) hits.push(object.hit);
          if (++total >= end) break;
        }
      total = before + live;
      continue;
    }
    const matches = bySchema.get(dataSet.schema)!;
    // The objects holding a word the query requires (word-index.ts), or all of them.
    const positions = candidates(dataSet, tree);
    const count = positions === null ? objects.length : positions.length;
    for (let k = 0; k < count; k++) {
      const object = objects[positions === null ? k : positions[k]!]!;
      // A query's own budget: one pattern over every value must not hold the emulator for minutes.
      if (
        (++examined & 255) === 0 &&
        performance.now() - (msSpentParsing() - parsedBefore) > deadline
      )
        throw overBudget(context, examined);
      if (object.deleted || !matches(object.hit)) continue;
      if (total >= from && total < end) hits.push(object.hit);
      total++;
    }
  }
  return searchReply(
    request,
    hits,
    total,
    [...bySchema.values()].flatMap((m) => m.diagnostics),
  );
}
