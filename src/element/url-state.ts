/**
 * The query and scope in the page's address (`sync-url`), so a search can be
 * bookmarked and sent: `?q=...&businessArea=...&schema=...&dataSet=...`. Other
 * parameters and the fragment are kept as they are.
 */
import type { SearchScope } from './types.js';

export interface UrlState {
  readonly query: string | undefined;
  readonly scope: SearchScope;
}

const SCOPE_KEYS = ['businessArea', 'schema', 'dataSet'] as const;

export function readUrlState(href: string): UrlState {
  const params = new URL(href).searchParams;
  const scope: Record<string, string> = {};
  for (const key of SCOPE_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') scope[key] = value;
  }
  return { query: params.get('q') ?? undefined, scope };
}

/** `href` with the state's parameters set (or removed when empty), everything else unchanged. */
export function writeUrlState(href: string, state: UrlState): string {
  const url = new URL(href);
  const set = (key: string, value: string | undefined) => {
    if (value === undefined || value === '') url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  };
  set('q', state.query);
  for (const key of SCOPE_KEYS) set(key, state.scope[key]);
  return url.toString();
}
