/**
 * Value suggestions from the service for the search box: the core's lookup
 * (`searchedValues`, the one the language server runs) through the host's client, in the
 * box's scope, the query not checked again (the builder wrote it).
 */
import type { SchemaIndex } from 'mdq';
import { searchedValues, type ValueProvider } from 'mdq/completion';
import { scopeFilters } from './catalog.js';
import type { SearchBoxClient, SearchScope } from './types.js';

export function clientValues(
  client: SearchBoxClient,
  scope: () => SearchScope,
  schema: () => SchemaIndex | undefined,
): ValueProvider {
  return searchedValues(
    (text, page) => client.search(text, { ...scopeFilters(scope()), ...page, check: 'off' }),
    schema,
  );
}
