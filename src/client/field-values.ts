/**
 * A field's values as the service holds them, for the language server's value completion:
 * the core's lookup (`searchedValues`, the one `<mdq-search-box>` runs) through this client,
 * in the scope, the query not checked again (the builder wrote it).
 */
import type { SchemaIndex } from '../index.js';
import { searchedValues, type ValueProvider } from '../completion/index.js';
import type { MdqClient } from './client.js';
import type { SearchScope } from './names.js';

export interface FieldValuesOptions {
  /** Where the search runs (business area, schema, dataset names); every area the client may see by default. */
  readonly scope?: () => SearchScope;
  /** The schemas in effect: no lookup without them. */
  readonly schema: () => SchemaIndex | undefined;
}

/** A value provider (`completeWithValues`' `values`) that asks the service through `client`. */
export function fieldValues(
  client: Pick<MdqClient, 'search'>,
  options: FieldValuesOptions,
): ValueProvider {
  return searchedValues(
    (text, page) => client.search(text, { ...options.scope?.(), ...page, check: 'off' }),
    options.schema,
  );
}
