/**
 * When and how long to wait before repeating a request (AWS SDK v3's standard retry,
 * ky's Retry-After): bounded attempts, exponential backoff with full jitter under a
 * cap, `Retry-After` honoured in seconds or as an HTTP date up to a maximum, and only
 * where repeating is safe: reads (search is a read) and the token request, never a write.
 */

/** The longest wait a timer can hold (2^31 - 1 ms, about 24.8 days): beyond it Node fires at once (and `AbortSignal.timeout` throws past 2^32). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RetryPolicy {
  /** Attempts in all, the first included (1 = never retry). Default 4. */
  readonly attempts: number;
  /** The backoff's first ceiling, doubled on every retry. Default 200 ms. */
  readonly baseDelayMs: number;
  /** The backoff's cap. Default 10 s. */
  readonly maxDelayMs: number;
  /** The longest `Retry-After` the client waits for; a longer one ends the retries. Default 60 s. */
  readonly maxRetryAfterMs: number;
  /** The statuses worth another attempt. Default 429, 502, 503, 504 (a 500 says the service failed, not that it is busy). */
  readonly statuses: readonly number[];
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  statuses: [429, 502, 503, 504],
};

/** The policy with the given overrides, each checked (a bad value is a programming error, thrown at once). */
export function retryPolicy(overrides: Partial<RetryPolicy> | undefined): RetryPolicy {
  const policy = { ...DEFAULT_RETRY, ...overrides };
  const requireWhole = (name: keyof RetryPolicy, min: number, max = Number.MAX_VALUE) => {
    const value = policy[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      throw new RangeError(
        `retry.${name} must be a number >= ${min}${max < Number.MAX_VALUE ? ` and <= ${max}` : ''}, not ${String(value)}`,
      );
    }
  };
  requireWhole('attempts', 1);
  // Waits beyond a timer's range would fire at once: a retry storm instead of a pause.
  requireWhole('baseDelayMs', 0, MAX_TIMER_MS);
  requireWhole('maxDelayMs', 0, MAX_TIMER_MS);
  requireWhole('maxRetryAfterMs', 0, MAX_TIMER_MS);
  return { ...policy, attempts: Math.floor(policy.attempts), statuses: [...policy.statuses] };
}

/**
 * Full jitter: a uniformly random wait between 0 and min(cap, base * 2^retry), where
 * `retry` counts from 0 for the first retry. `random` returns a number in [0, 1).
 */
export function backoffDelay(policy: RetryPolicy, retry: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(retry, 52));
  const r = random();
  return Math.floor(ceiling * (Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0));
}

/**
 * The wait before retry number `retry` (counted from 0): what `Retry-After` asked for, or
 * the backoff when it said nothing; undefined when it asks for more than `maxRetryAfterMs`,
 * which ends the retries (sending sooner than asked would only be refused again).
 */
export function retryDelay(
  policy: RetryPolicy,
  retry: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number | undefined {
  if (retryAfterMs !== undefined)
    return retryAfterMs > policy.maxRetryAfterMs ? undefined : retryAfterMs;
  return backoffDelay(policy, retry, random);
}

/**
 * A `Retry-After` header in milliseconds from `now`: delta-seconds (`120`) or an HTTP
 * date (`Wed, 21 Oct 2015 07:28:00 GMT`). A date in the past means no wait. Anything
 * else (absent, negative, garbage) is `undefined`: the header is ignored.
 */
export function parseRetryAfter(
  header: string | null | undefined,
  now: number,
): number | undefined {
  if (header === null || header === undefined) return undefined;
  const value = header.trim();
  if (value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) {
    const seconds = Number(value);
    return Number.isFinite(seconds) ? Math.ceil(seconds * 1000) : undefined;
  }
  // A date must name a weekday or a month: `Date.parse` alone reads "1" or "-5" as years.
  if (!/[a-z]{3}/i.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
