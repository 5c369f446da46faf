/**
 * The public shapes of the emulator: how to start it, who may use it, and which
 * faults to inject. Node-only; exported from the `mdq/emulator` subpath.
 */

/** How `startEmulator` runs. Every property is optional; the defaults serve the example tenant in memory. */
export interface EmulatorOptions {
  /** TCP port; 0 (the default from code) picks a free one. */
  readonly port?: number;
  /** Interface to listen on; `127.0.0.1` by default. */
  readonly host?: string;
  /**
   * Names besides `localhost`, IP addresses and `host` that a request's `Host` header may
   * carry; any other is refused with a 403 (a guard against DNS rebinding).
   */
  readonly allowedHosts?: readonly string[];
  /** Keep the tenant in this folder (see the README for its layout); an empty or missing folder is seeded. */
  readonly dataDir?: string;
  /**
   * Keep the data objects in PostgreSQL instead of memory and the data folder: a
   * `postgres://` URL (needs the `pg` package), or a connection of your own such as a PGlite
   * instance. An empty database is seeded with the example tenant (or `records`); search runs
   * as SQL compiled by mdq/sql, and updates are locked by the database. Not with `dataDir`.
   */
  readonly database?: string | EmulatorDatabase;
  /** Never write to disk, even with `dataDir` (it is only read). */
  readonly inMemory?: boolean;
  /** Application clients and their grants; the demo client alone when absent. */
  readonly clients?: readonly ClientGrant[];
  /** Token lifetime for clients that do not set their own; 3600 by default. */
  readonly tokenTtlSeconds?: number;
  /** Page size of the schema and dataset lists (`pageKey` paging); 2 by default, so the example tenant pages. */
  readonly pageSize?: number;
  /** Page size of the data object list; 100 by default. */
  readonly dataObjectPageSize?: number;
  /** Largest `from + size` a search accepts; 10 000 by default. */
  readonly maxResultWindow?: number;
  /** Most clauses a search query may have; 1 024 by default, Lucene's `maxClauseCount` (400 `too-many-clauses` beyond). */
  readonly maxQueryClauses?: number;
  /**
   * How long one search may run, in milliseconds; 10 000 by default. A search past it is
   * refused with a 400 that says so (its memory is bounded apart from this: hits are kept
   * for the requested page only, and the evaluator's analysis cache by its byte budget).
   */
  readonly maxQueryMs?: number;
  /** Most searches waiting for their turn at once; 64 by default (503 with Retry-After beyond). */
  readonly maxQueuedSearches?: number;
  /** Longest a search may wait for its turn, in milliseconds; 1 000 by default (then 503 with Retry-After). */
  readonly maxSearchWaitMs?: number;
  /** Largest request body in bytes; 1 MiB by default (413 beyond). */
  readonly maxBodyBytes?: number;
  /** Most bytes of request bodies being received at once, over all requests; 64 MiB (or `maxBodyBytes` if larger) by default (503 with Retry-After beyond). */
  readonly maxUploadBytes?: number;
  /** Faults to inject from the start (off by default). */
  readonly faults?: FaultConfig;
  /** No request log; true by default from code, false for `mdq serve`. */
  readonly quiet?: boolean;
  /** Where log lines go (one per request); standard error by default. */
  readonly log?: (line: string) => void;
  /** Instead of the example data, generate this many data objects (for load tests), spread over the example datasets. */
  readonly records?: number;
  /** Seed of the generated data; 1 by default. */
  readonly seed?: number;
  /** Serve the static site in this folder at `/` for GET paths that are not API routes. */
  readonly staticDir?: string;
  /** Answer GET /v1/my/businessareas with the bare array the interface's sample shows instead of `{ response: [...] }`. */
  readonly bareArrayBusinessAreas?: boolean;
  /** Bytes of journal after which it is compacted into the data files; 4 MiB by default. */
  readonly compactAfterBytes?: number;
  /** How long `close()` lets requests under way finish before it cuts their connections; 5 000 ms by default. */
  readonly shutdownGraceMs?: number;
  /** How long an answer may take to be sent; a client that reads it no faster (or not at all) has its connection reset, so it cannot hold the answer in memory. 30 000 ms by default. */
  readonly sendTimeoutMs?: number;
  /** Most bytes of answers not yet sent, over all connections; 256 MiB by default (503 with Retry-After beyond; an eighth is kept for answers no larger than that, which large answers never take; one answer larger than the rest still goes when no other large one waits). */
  readonly maxUnsentBytes?: number;
}

/** A PostgreSQL connection for `database` (a PGlite instance has this shape); the caller closes it. */
export interface EmulatorDatabase {
  query(text: string, params?: unknown[]): Promise<{ readonly rows: unknown[] }>;
  /** Several statements without parameters in one string. */
  exec(text: string): Promise<unknown>;
  transaction<T>(
    work: (tx: {
      query(text: string, params?: unknown[]): Promise<{ readonly rows: unknown[] }>;
    }) => Promise<T>,
  ): Promise<T>;
}

/** A running emulator. */
export interface Emulator {
  /** The base URL, e.g. `http://127.0.0.1:8787` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** The credentials of the built-in demo client (when no `clients` were given). */
  readonly demoClient: { readonly clientId: string; readonly clientSecret: string };
  /**
   * Settles when the word index of every dataset is built (in the background from start-up,
   * between requests; searches meanwhile find the same hits, at a scan's cost) or the emulator
   * is closed. Await it before measuring or load-testing searches.
   */
  readonly indexed: Promise<void>;
  /** Replace the fault configuration (null turns faults off). */
  setFaults(config: FaultConfig | null): void;
  /**
   * Stop accepting requests, give the ones under way `shutdownGraceMs` to finish, write
   * everything, close. Idle connections close at once; a request arriving meanwhile is a 503.
   */
  close(): Promise<void>;
}

/** What one business area grant allows; a bare string grants the whole area (by name or id). */
export interface AreaGrant {
  /** Business area name or id. */
  readonly businessArea: string;
  /** Only these schemas (names or ids); all when absent. */
  readonly schemas?: readonly string[];
  /** Only these datasets (names or ids); all when absent. */
  readonly dataSets?: readonly string[];
  /** `read` forbids create, update and delete (403); `write` by default. */
  readonly access?: 'read' | 'write';
}

/** An application client: its credentials, token lifetime and what it may access. */
export interface ClientGrant {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly tokenTtlSeconds?: number;
  /** `'*'` for every business area, or a list of grants. */
  readonly businessAreas: '*' | readonly (string | AreaGrant)[];
}

export interface FaultConfig {
  /** Seed of the fault dice, so a failing test replays; 1 by default. */
  readonly seed?: number;
  readonly rules: readonly FaultRule[];
}

export interface FaultRule {
  /**
   * `METHOD /path` with `*` matching any characters (also `/`), e.g. `GET /dataobjects/search`,
   * `* /v1/businessareas/*`; absent means every route. The path is matched without the query string.
   */
  readonly route?: string;
  /** Added latency before the request is handled. */
  readonly latencyMs?: number;
  /** Answer this status instead of handling the request. */
  readonly status?: 429 | 500 | 502 | 503 | 504;
  /** `Retry-After` header sent with `status` (seconds or an HTTP date). */
  readonly retryAfter?: number | string;
  /** Chance that the rule applies to a matching request; 1 by default. */
  readonly probability?: number;
  /** Destroy the connection before handling, or after the change was applied (a lost answer). */
  readonly drop?: 'before' | 'after';
  /** Expire every token now (the request then answers 401). */
  readonly expireTokens?: boolean;
  /** Only the next N matching requests. */
  readonly times?: number;
}
