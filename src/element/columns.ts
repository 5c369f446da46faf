/**
 * Column order and headers for search hits: the metadata people read (schema,
 * dataset) first, then the fields that matched, then the rest, the long object id
 * last; headers in words ("Schema", not `_schemaName`).
 */
import type { FieldHighlight } from 'mdq/evaluator';

type Hit = Readonly<Record<string, unknown>>;

const METADATA_HEADERS: Readonly<Record<string, string>> = {
  _schemaName: 'Schema',
  _dataSetName: 'Dataset',
  _businessAreaName: 'Business area',
  _dataObjectId: 'Object id',
  _schemaId: 'Schema id',
  _dataSetId: 'Dataset id',
  _businessAreaId: 'Business area id',
  _version: 'Version',
};

const LEADING = ['_schemaName', '_dataSetName'];
const TRAILING = ['_dataObjectId'];

/** The header for a hit's key: schema field names are already words; a metadata key gets its name. */
export function columnHeader(key: string): string {
  const known = METADATA_HEADERS[key];
  if (known !== undefined) return known;
  if (!key.startsWith('_')) return key;
  const words = key
    .slice(1)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The columns to show for `hits`, given where each matched. */
export function columnsFor(hits: readonly Hit[], marks: readonly (readonly FieldHighlight[])[]) {
  const columns: string[] = LEADING.filter((c) => hits.some((h) => c in h));
  const add = (key: string) => void (columns.includes(key) || columns.push(key));
  for (const m of marks.flat()) if (hits.some((h) => m.field in h)) add(m.field);
  for (const hit of hits) for (const key of Object.keys(hit)) if (!key.startsWith('_')) add(key);
  for (const key of TRAILING) if (hits.some((h) => key in h)) add(key);
  return columns;
}
