/** The shapes the elements share with their hosts: the scope, saved searches, the history store, the client they need, and their events' details. */
import type { Diagnostic, Query, SchemaInput } from 'mdq';
import type { MdqClient } from 'mdq/client';

/** Where a search runs, by name (as the service's search filters take them). Unset: everywhere. */
export interface SearchScope {
  readonly businessArea?: string;
  readonly schema?: string;
  readonly dataSet?: string;
}

/** A named search the host offers (a team's usual queries); chosen from the completion list. */
export interface SavedSearch {
  readonly name: string;
  readonly query: string;
  readonly description?: string;
}

/** Where recent queries are kept: synchronous, so the list is there when the box opens. localStorage by default. */
export interface HistoryStorage {
  load(): readonly string[];
  save(queries: readonly string[]): void;
}

/** What the elements ask of a client: the part of `mdq/client`'s that lists the tenant and searches. */
export type SearchBoxClient = Pick<
  MdqClient,
  'businessAreas' | 'schemas' | 'getSchema' | 'dataSets' | 'search'
>;

/** `mdq-search`: the query was submitted (Enter, the Search button, `search()`, a history or saved search chosen). */
export interface SearchDetail {
  readonly text: string;
  /** The parsed query (its `body` is null for an empty text). */
  readonly tree: Query;
  /** False when the text has syntax errors: the host should not send it. */
  readonly valid: boolean;
  readonly scope: SearchScope;
}

/** `mdq-change`: the text or the scope changed. */
export interface ChangeDetail {
  readonly text: string;
  readonly scope: SearchScope;
}

/** `mdq-diagnostics`: the checker's verdict on the text, after a pause in typing. */
export interface DiagnosticsDetail {
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

export interface MdqSearchEventMap {
  'mdq-search': CustomEvent<SearchDetail>;
  'mdq-change': CustomEvent<ChangeDetail>;
  'mdq-diagnostics': CustomEvent<DiagnosticsDetail>;
}

export type { SchemaInput };
