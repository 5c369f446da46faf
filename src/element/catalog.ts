/**
 * The tenant as the scope pickers and the checker need it, loaded once through the
 * client: the business areas, each one's schemas (the client follows the list's
 * pages) and every schema's fields (Get Schema), all requests at once.
 */
import type { SchemaResponse } from 'mdq';
import type { SearchBoxClient, SearchScope } from './types.js';

export interface Named {
  readonly id: string;
  readonly name: string;
}

export interface Catalog {
  readonly businessAreas: readonly Named[];
  /** Schemas by business area id. */
  readonly schemasOf: ReadonlyMap<string, readonly Named[]>;
  /** Get Schema responses by schema id. */
  readonly details: ReadonlyMap<string, SchemaResponse>;
}

export async function loadCatalog(client: SearchBoxClient, signal?: AbortSignal): Promise<Catalog> {
  const options = signal === undefined ? {} : { signal };
  const businessAreas = (await client.businessAreas(options)).map((b) => ({
    id: b.businessAreaId,
    name: b.name,
  }));
  const schemasOf = new Map<string, Named[]>();
  const details = new Map<string, SchemaResponse>();
  await Promise.all(
    businessAreas.map(async (ba) => {
      const schemas = (await client.schemas(ba.id, options).toArray()).map((s) => ({
        id: s.schemaId,
        name: s.name,
      }));
      schemasOf.set(ba.id, schemas);
      const responses = await Promise.all(
        schemas.map((s) => client.getSchema(ba.id, s.id, options)),
      );
      responses.forEach((detail, i) => void details.set(schemas[i]!.id, detail));
    }),
  );
  return { businessAreas, schemasOf, details };
}

/** Lists a schema's datasets through `client`, each list fetched once (a failed one is asked again next time). */
export type DataSetLister = (businessAreaId: string, schemaId: string) => Promise<readonly Named[]>;

export function dataSetLister(client: SearchBoxClient): DataSetLister {
  const lists = new Map<string, Promise<readonly Named[]>>();
  return (businessAreaId, schemaId) => {
    const key = JSON.stringify([businessAreaId, schemaId]);
    let list = lists.get(key);
    if (list === undefined) {
      list = client
        .dataSets(businessAreaId, schemaId)
        .toArray()
        .then((dataSets) => dataSets.map((d) => ({ id: d.dataSetId, name: d.dataSetName })));
      lists.set(key, list);
      list.catch(() => lists.delete(key));
    }
    return list;
  };
}

/** The business area and schema of `scope` (by name), where the catalog has them. */
export function resolveScope(
  catalog: Catalog,
  scope: SearchScope,
): { businessArea?: Named; schema?: Named } {
  const businessArea = catalog.businessAreas.find((b) => b.name === scope.businessArea);
  const schema =
    businessArea === undefined
      ? undefined
      : catalog.schemasOf.get(businessArea.id)?.find((s) => s.name === scope.schema);
  return {
    ...(businessArea === undefined ? {} : { businessArea }),
    ...(schema === undefined ? {} : { schema }),
  };
}

/** The schemas a query in `scope` runs against: the chosen one, those of the chosen area, or all. */
export function schemasInScope(catalog: Catalog, scope: SearchScope): SchemaResponse[] {
  const { businessArea, schema } = resolveScope(catalog, scope);
  const ids = schema
    ? [schema.id]
    : (businessArea ? [businessArea] : catalog.businessAreas).flatMap((ba) =>
        (catalog.schemasOf.get(ba.id) ?? []).map((s) => s.id),
      );
  return ids
    .map((id) => catalog.details.get(id))
    .filter((s): s is SchemaResponse => s !== undefined);
}

/** Says where a search runs, for status lines: "all business areas", "customer › Customer › Retail". */
export function describeScope(scope: SearchScope): string {
  const parts = [scope.businessArea, scope.schema, scope.dataSet].filter(
    (p): p is string => p !== undefined && p !== '',
  );
  return parts.length === 0 ? 'all business areas' : parts.join(' › ');
}

/** The scope as the client's search filters take it. */
export function scopeFilters(scope: SearchScope): SearchScope {
  return {
    ...(scope.businessArea ? { businessArea: scope.businessArea } : {}),
    ...(scope.schema ? { schema: scope.schema } : {}),
    ...(scope.dataSet ? { dataSet: scope.dataSet } : {}),
  };
}
