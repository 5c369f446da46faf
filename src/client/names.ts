/**
 * Names where people think in names, ids where the paths need them. Business areas,
 * schemas and datasets are found by id or by name (exact first, then ignoring case
 * when that is unambiguous) through the list endpoints; the lists and the Get Schema
 * responses are cached for the client's life, one request per list however many
 * callers ask at once. A shared request takes no caller's signal: one caller that gives
 * up must not fail the others waiting on the same list.
 */
import { abandonable } from './abandonable.js';
import { NotFoundError } from './errors.js';
import type { Paged } from './paging.js';
import type { BusinessArea, DataSet, Schema, SchemaListItem } from './types.js';

export interface Lister {
  readonly businessAreas: (signal?: AbortSignal) => Promise<BusinessArea[]>;
  readonly schemas: (businessAreaId: string, signal?: AbortSignal) => Paged<SchemaListItem>;
  readonly dataSets: (
    businessAreaId: string,
    schemaId: string,
    signal?: AbortSignal,
  ) => Paged<DataSet>;
  readonly getSchema: (
    businessAreaId: string,
    schemaId: string,
    signal?: AbortSignal,
  ) => Promise<Schema>;
}

/** The names (or ids) of a search's filters. */
export interface SearchScope {
  readonly businessArea?: string | undefined;
  readonly schema?: string | undefined;
  readonly dataSet?: string | undefined;
}

/**
 * @deprecated Renamed {@link SearchScope} (the builder's `scope()` is another thing); this
 * alias goes in the next release.
 */
export type Scope = SearchScope;

export interface Resolver {
  readonly businessArea: (nameOrId: string, signal?: AbortSignal) => Promise<BusinessArea>;
  readonly schema: (
    businessArea: string,
    nameOrId: string,
    signal?: AbortSignal,
  ) => Promise<SchemaListItem & { readonly businessAreaId: string }>;
  readonly dataSet: (
    businessArea: string,
    schema: string,
    nameOrId: string,
    signal?: AbortSignal,
  ) => Promise<DataSet>;
  /** The Get Schema responses a search over this scope runs on (every schema of the business areas when no schema is named). */
  readonly schemasIn: (scope: Scope, signal?: AbortSignal) => Promise<Schema[]>;
}

export function createResolver(lister: Lister): Resolver {
  const cache = new Map<string, Promise<unknown>>();
  // One request per key; a failure is not cached, so the next caller tries again.
  function once<T>(
    key: string,
    load: () => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let hit = cache.get(key) as Promise<T> | undefined;
    if (hit === undefined) {
      hit = load();
      cache.set(key, hit);
      hit.catch(() => cache.delete(key));
    }
    return abandonable(hit, signal);
  }

  const areas = (signal?: AbortSignal) => once('areas', () => lister.businessAreas(), signal);
  const schemaList = (baId: string, signal?: AbortSignal) =>
    once(`schemas ${baId}`, () => lister.schemas(baId).toArray(), signal);
  const dataSetList = (baId: string, schemaId: string, signal?: AbortSignal) =>
    once(`datasets ${baId} ${schemaId}`, () => lister.dataSets(baId, schemaId).toArray(), signal);
  const detail = (baId: string, schemaId: string, signal?: AbortSignal) =>
    once(`schema ${baId} ${schemaId}`, () => lister.getSchema(baId, schemaId), signal);

  const businessArea = async (nameOrId: string, signal?: AbortSignal) =>
    pick(
      await areas(signal),
      nameOrId,
      (a) => a.businessAreaId,
      (a) => a.name,
      'business area',
    );
  const schema = async (ba: string, nameOrId: string, signal?: AbortSignal) => {
    const area = await businessArea(ba, signal);
    const item = pick(
      await schemaList(area.businessAreaId, signal),
      nameOrId,
      (s) => s.schemaId,
      (s) => s.name,
      `schema of business area '${area.name}'`,
    );
    return { ...item, businessAreaId: area.businessAreaId };
  };
  const dataSet = async (
    ba: string,
    schemaName: string,
    nameOrId: string,
    signal?: AbortSignal,
  ) => {
    const s = await schema(ba, schemaName, signal);
    return pick(
      await dataSetList(s.businessAreaId, s.schemaId, signal),
      nameOrId,
      (d) => d.dataSetId,
      (d) => d.dataSetName,
      `dataset of schema '${s.name}'`,
    );
  };

  return {
    businessArea,
    schema,
    dataSet,
    async schemasIn(scope, signal) {
      const all = scope.businessArea === undefined || scope.businessArea === 'all';
      const chosen = all ? await areas(signal) : [await businessArea(scope.businessArea!, signal)];
      const lists = await Promise.all(
        chosen.map(async (area) => {
          const items =
            scope.schema === undefined
              ? await schemaList(area.businessAreaId, signal)
              : await schemaIn(area.businessAreaId, scope.schema, all);
          return items.map((s) => ({ baId: area.businessAreaId, schemaId: s.schemaId }));
        }),
      );
      return Promise.all(lists.flat().map(({ baId, schemaId }) => detail(baId, schemaId, signal)));

      // Across every business area, a schema name may live in some of them only.
      async function schemaIn(baId: string, name: string, acrossAll: boolean) {
        const items = await schemaList(baId, signal);
        if (acrossAll) return items.filter((s) => s.name === name || s.schemaId === name);
        return [
          pick(
            items,
            name,
            (s) => s.schemaId,
            (s) => s.name,
            'schema',
          ),
        ];
      }
    },
  };
}

/** The item with this id, or this name, or this name in another case when only one has it. */
function pick<T>(
  items: readonly T[],
  wanted: string,
  idOf: (item: T) => string,
  nameOf: (item: T) => string,
  what: string,
): T {
  const found =
    items.find((item) => idOf(item) === wanted) ??
    items.find((item) => nameOf(item) === wanted) ??
    only(
      items.filter(
        (item) =>
          typeof nameOf(item) === 'string' && nameOf(item).toLowerCase() === wanted.toLowerCase(),
      ),
    );
  if (found !== undefined) return found;
  const names = items.map(nameOf).filter((n) => typeof n === 'string');
  const known =
    names.length === 0
      ? 'there are none'
      : `known: ${names
          .slice(0, 20)
          .map((n) => `'${n}'`)
          .join(', ')}${names.length > 20 ? ', ...' : ''}`;
  throw new NotFoundError(`no ${what} named '${wanted}' (${known})`);
}

function only<T>(items: readonly T[]): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}
