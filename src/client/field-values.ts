/**
 * A field's values as the service holds them, for value completion: one search in the
 * scope, `Field:prefix*` (or `_exists_:Field` before anything is typed), 50 hits, the
 * field's distinct values in the order found, at most 20. Only for fields the schemas
 * know and whose values they do not list: a picklist or a boolean has its values in the
 * schema already (a lookup would offer raw stored values beside them, `ACTIVE` next to
 * `ACT Active`), and a field no schema has would be a lookup for a typo on every keystroke.
 * The same lookup as `<mdq-search-box>`'s (src/element/values.ts) for the language server.
 */
import { exists, query, startsWith, type SchemaIndex, type ValueProvider } from '../index.js';
import type { MdqClient } from './client.js';
import type { SearchScope } from './names.js';

const HITS = 50;
const VALUES = 20;

export interface FieldValuesOptions {
  /** Where the search runs (business area, schema, dataset names); every area the client may see by default. */
  readonly scope?: () => SearchScope;
  /** The schemas in effect: no lookup without them (see above). */
  readonly schema: () => SchemaIndex | undefined;
}

/** A value provider (`completeWithValues`' `values`) that asks the service through `client`. */
export function fieldValues(
  client: Pick<MdqClient, 'search'>,
  options: FieldValuesOptions,
): ValueProvider {
  return async (field, prefix, signal) => {
    const known = options.schema()?.field(field);
    if (known === undefined || known.metadata) return [];
    if (known.picklist !== undefined || known.booleanValues !== undefined) return [];
    const text = query(prefix === '' ? exists(field) : startsWith(field, prefix)).text;
    const page = await client.search(text, {
      ...options.scope?.(),
      from: 0,
      size: HITS,
      check: 'off',
      signal,
    });
    const seen = new Set<string>();
    for (const hit of page.hits) {
      const value = hit[known.name] ?? hit[field];
      for (const v of Array.isArray(value) ? value : [value])
        if (typeof v === 'string' || typeof v === 'number') seen.add(String(v));
    }
    return [...seen].slice(0, VALUES).map((value) => ({ value }));
  };
}
