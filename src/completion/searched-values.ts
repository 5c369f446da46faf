/**
 * A field's values as the service holds them, for value completion: one search,
 * `Field:prefix*` (or `_exists_:Field` before anything is typed), 50 hits, the field's
 * distinct values in the order found, at most 20. Only for fields the schemas know and
 * whose values they do not list: a picklist or a boolean has its values in the schema
 * already (a lookup would offer raw stored values beside them, `ACTIVE` next to
 * `ACT Active`), and a field no schema has would be a lookup for a typo on every keystroke.
 *
 * The one lookup of `<mdq-search-box>` (src/element/values.ts) and of the language server
 * (src/client/field-values.ts): each brings its search, with its scope.
 */
import { exists, startsWith } from '../builder/factories.js';
import { query } from '../builder/query.js';
import type { SchemaIndex } from '../schema/schema.js';
import type { ValueProvider } from './types.js';

const HITS = 50;
const VALUES = 20;

/** The search a lookup runs: the query text, the first 50 hits; the hits as records. */
export type ValueSearch = (
  text: string,
  page: { readonly from: 0; readonly size: number; readonly signal: AbortSignal },
) => Promise<{ readonly hits: readonly Readonly<Record<string, unknown>>[] }>;

/** A value provider (`completeWithValues`' `values`) that asks `search`, given the schemas in effect. */
export function searchedValues(
  search: ValueSearch,
  schema: () => SchemaIndex | undefined,
): ValueProvider {
  return async (field, prefix, signal) => {
    const known = schema()?.field(field);
    if (known === undefined || known.metadata) return [];
    if (known.picklist !== undefined || known.booleanValues !== undefined) return [];
    const text = query(prefix === '' ? exists(field) : startsWith(field, prefix)).text;
    const page = await search(text, { from: 0, size: HITS, signal });
    const seen = new Set<string>();
    for (const hit of page.hits) {
      const value = hit[known.name] ?? hit[field];
      for (const v of Array.isArray(value) ? value : [value])
        if (typeof v === 'string' || typeof v === 'number') seen.add(String(v));
    }
    return [...seen].slice(0, VALUES).map((value) => ({ value }));
  };
}
