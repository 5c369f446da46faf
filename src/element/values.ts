/**
 * Value suggestions from the service: what a field holds in the scope, starting with
 * what is typed (one search, `Field:prefix*` or `_exists_:Field`, 50 hits). Only for
 * fields the schemas know and whose values they do not list: a picklist or a boolean
 * has its values in the schema already (a lookup would offer raw stored values beside
 * them, `ACTIVE` next to `ACT Active`), and a field no schema has would be a lookup
 * for a typo on every keystroke.
 */
import { exists, query, startsWith, type SchemaIndex, type ValueProvider } from 'mdq';
import { scopeFilters } from './catalog.js';
import type { SearchBoxClient, SearchScope } from './types.js';

const HITS = 50;
const VALUES = 20;

export function clientValues(
  client: SearchBoxClient,
  scope: () => SearchScope,
  schema: () => SchemaIndex | undefined,
): ValueProvider {
  return async (field, prefix, signal) => {
    const known = schema()?.field(field);
    if (known === undefined || known.metadata) return [];
    if (known.picklist !== undefined || known.booleanValues !== undefined) return [];
    const text = query(prefix === '' ? exists(field) : startsWith(field, prefix)).text;
    const page = await client.search(text, {
      ...scopeFilters(scope()),
      from: 0,
      size: HITS,
      signal,
    });
    const seen = new Set<string>();
    for (const hit of page.hits) {
      const value = hit[field];
      for (const v of Array.isArray(value) ? value : [value])
        if (typeof v === 'string' || typeof v === 'number') seen.add(String(v));
    }
    return [...seen].slice(0, VALUES).map((value) => ({ value }));
  };
}
