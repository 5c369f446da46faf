/**
 * Path identifiers to resources, as the caller may see them: a resource that does not
 * exist and one outside the caller's grant both answer 404, as the interface allows.
 */
import type { BusinessAreaResponse, SchemaResponse } from '../../schema/response.js';
import { forbidden, notFound } from '../http/reply.js';
import type { RouteContext } from '../router.js';
import type { DataSetState, StoredObject } from '../store/tenant-store.js';

export function visibleArea(context: RouteContext): BusinessAreaResponse {
  const id = context.params.businessAreaId!;
  const area = context.store.areas.find((a) => a.businessAreaId === id);
  if (area === undefined || !context.access().area(area))
    throw notFound(`business area ${JSON.stringify(id)} does not exist or is not accessible`);
  return area;
}

export function visibleSchema(context: RouteContext): SchemaResponse {
  const area = visibleArea(context);
  const id = context.params.schemaId!;
  const schema = context.store.schemas.find(
    (s) => s.schemaId === id && s.businessAreaId === area.businessAreaId,
  );
  if (schema === undefined || !context.access().schema(schema, area))
    throw notFound(
      `schema ${JSON.stringify(id)} does not exist in this business area or is not accessible`,
    );
  return schema;
}

export function visibleDataSet(context: RouteContext): DataSetState {
  const schema = visibleSchema(context);
  const id = context.params.dataSetId!;
  const dataSet = context.store.dataSet(id);
  if (dataSet === undefined || dataSet.schema !== schema || !context.access().dataSet(dataSet)) {
    throw notFound(
      `dataset ${JSON.stringify(id)} does not exist in this schema or is not accessible`,
    );
  }
  return dataSet;
}

/** The dataset, when the caller may also change it (403 otherwise). */
export function writableDataSet(context: RouteContext): DataSetState {
  const dataSet = visibleDataSet(context);
  if (!context.access().write(dataSet))
    throw forbidden(
      `client ${JSON.stringify(context.access().clientId)} may read but not change dataset ${JSON.stringify(dataSet.item.dataSetName)}`,
    );
  return dataSet;
}

export function visibleObject(context: RouteContext, dataSet: DataSetState): StoredObject {
  const id = context.params.dataObjectId!;
  const object = dataSet.byId.get(id);
  if (object === undefined || object.deleted)
    throw notFound(`data object ${JSON.stringify(id)} does not exist in this dataset`);
  return object;
}
