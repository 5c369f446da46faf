/** What `createClient` takes, and the defaults it fills in. */
import type { CheckMode } from './local-check.js';
import type { RetryPolicy } from './retry.js';
import { sleep } from './retry.js';

/** Application client credentials, as issued by the tenant administrator. */
export interface Credentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** A token from `getToken`: the token alone, or with its lifetime. */
export type TokenAnswer =
  | string
  | { readonly accessToken: string; readonly expiresInSeconds?: number };

/**
 * Gets a token for apps that must not hold a secret (a browser asks its own backend). `forceRefresh` after the service refused the last one.
 * Given `timeoutMs` to answer (then the call fails with a `TimeoutError`); `signal` aborts at that deadline. One refresh serves every
 * request waiting at the time, so a caller's own signal only stops that caller waiting, not the refresh.
 */
export type GetToken = (request: {
  readonly forceRefresh: boolean;
  readonly signal?: AbortSignal | undefined;
}) => Promise<TokenAnswer>;

/** Any of these may be left out: `logger: console` works. Lines never hold a secret or a token. */
export interface Logger {
  debug?(message: string, details?: Record<string, unknown>): void;
  info?(message: string, details?: Record<string, unknown>): void;
  warn?(message: string, details?: Record<string, unknown>): void;
  error?(message: string, details?: Record<string, unknown>): void;
}

/** Time and chance, injectable so tests can drive backoff without waiting. */
export interface Clock {
  readonly now: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1), for the backoff's jitter. */
  readonly random: () => number;
}

export interface ClientOptions {
  /** The service's base URL, e.g. `https://tenant.example.com/api`; paths are appended to it. */
  readonly baseUrl: string;
  /** Client credentials, exchanged for tokens at `tokenPath`. Give these or `getToken`. */
  readonly credentials?: Credentials;
  /** A token supplier instead of credentials (browsers). */
  readonly getToken?: GetToken;
  /** The token endpoint: `/oauth2/token` (the default) or `/v1/oauth2/token`. */
  readonly tokenPath?: string;
  /** Renew a token this long before it expires (capped at a tenth of its lifetime). Default 60. */
  readonly refreshMarginSeconds?: number;
  /** Each attempt of a request gives up after this long (`TimeoutError`). Default 30 000; at most 2^31 - 1 (a timer's range). */
  readonly timeoutMs?: number;
  /** An answer's body larger than this many bytes is refused with a `ServiceError` (its connection cancelled) instead of filling the memory. Default 64 MiB. */
  readonly maxResponseBytes?: number;
  /** Retries of reads: attempts, backoff, `Retry-After` limit, statuses. */
  readonly retry?: Partial<RetryPolicy>;
  /** Attempts of `updateWithRetry` on version conflicts. Default 10. */
  readonly conflictAttempts?: number;
  /** Page size of `searchAll`. Default 100. */
  readonly pageSize?: number;
  /** Check queries locally before sending them (per call too). Default 'off'. */
  readonly check?: CheckMode;
  /** The `fetch` to use; the platform's by default. */
  readonly fetch?: typeof fetch;
  readonly logger?: Logger;
  /** For tests: the clock, sleep and randomness of backoff. */
  readonly clock?: Partial<Clock>;
}

export const DEFAULTS = {
  tokenPath: '/oauth2/token',
  refreshMarginSeconds: 60,
  timeoutMs: 30_000,
  conflictAttempts: 10,
  pageSize: 100,
} as const;

export function resolveClock(clock: Partial<Clock> | undefined): Clock {
  return {
    now: clock?.now ?? Date.now,
    sleep: clock?.sleep ?? sleep,
    random: clock?.random ?? Math.random,
  };
}

/**
 * The base URL without a trailing slash; a URL that cannot be parsed is a programming error.
 * Paths are appended to it as text, so a query or a fragment would swallow them.
 */
export function normaliseBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '')
    throw new TypeError('createClient: baseUrl is required (e.g. http://127.0.0.1:8080)');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    // Echoed without what may be user:password@ (the text may come from an environment variable).
    throw new TypeError(
      `createClient: baseUrl is not a URL: ${baseUrl.replace(/\/\/[^/]*@/, '//[REDACTED]@')}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`createClient: baseUrl must be http or https, not ${url.protocol}`);
  if (url.username !== '' || url.password !== '')
    throw new TypeError(
      'createClient: baseUrl must not hold credentials; give them as `credentials`',
    );
  // `href`, not `search` and `hash`: those are '' for a bare `?` or `#`, which swallow paths all the same.
  if (/[?#]/.test(url.href))
    throw new TypeError(
      'createClient: baseUrl must not have a query or a fragment: the paths of the service are appended to it',
    );
  return url.href.replace(/\/+$/, '');
}

export function positive(
  name: string,
  value: number | undefined,
  fallback: number,
  max = Number.MAX_VALUE,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > max) {
    throw new RangeError(
      `createClient: ${name} must be a positive number${max < Number.MAX_VALUE ? ` of at most ${max}` : ''}, not ${String(value)}`,
    );
  }
  return value;
}

/** A number of seconds >= 0 (a margin); NaN or a negative number would renew a token on every request, or only after it expired. */
export function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new RangeError(`createClient: ${name} must be a number >= 0, not ${String(value)}`);
  return value;
}
