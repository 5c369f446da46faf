/**
 * Access tokens as the service wants them (Azure's token cycler): cached, renewed a
 * margin before `expires_in` runs out, and one refresh shared by every request that
 * needs a token at that moment (single flight). A 401 invalidates the token that was
 * refused, so the replay gets a fresh one; a token another request already renewed is kept.
 */
import { abandonable } from './abandonable.js';
import { TimeoutError } from './errors.js';
import type { Clock, GetToken, TokenAnswer } from './options.js';
import type { Redactor } from './redact.js';

/** A token for one request attempt; `release` once the attempt's answer (or failure) has been read. */
export interface Lease {
  readonly token: string;
  readonly release: () => void;
}

export interface TokenSource {
  /** A valid token: the cached one, or one refresh shared with every concurrent caller. The redactor knows it until released. */
  readonly get: (signal?: AbortSignal) => Promise<Lease>;
  /** The service refused this token: the next `get` renews it (unless it was renewed already). */
  readonly invalidate: (token: string) => void;
}

interface Held {
  readonly token: string;
  /** When to renew (ms since the epoch); Infinity when the lifetime is unknown (renewed on a 401 only). */
  readonly renewAt: number;
  /** The cache's own hold on the token in the redactor, let go when the token is replaced or refused. */
  readonly release: () => void;
}

/** Fetches a token: from credentials, the token endpoint's JSON read into a `TokenAnswer`. */
export type FetchToken = (request: { readonly forceRefresh: boolean }) => Promise<TokenAnswer>;

/**
 * The user's `getToken`, given at most `timeoutMs` (a `TimeoutError` after that). Its
 * refresh is shared by every waiting request, so without a deadline one supplier that never
 * settles would hang every call of the client for good. Its `signal` aborts at the deadline,
 * so the supplier may cancel its own request; an answer that comes later is dropped unseen.
 */
export function withDeadline(getToken: GetToken, timeoutMs: number): FetchToken {
  return ({ forceRefresh }) => {
    const deadline = new AbortController();
    return new Promise<TokenAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        // The message names the supplier and the option only: never a token.
        reject(new TimeoutError(`getToken gave no token within ${timeoutMs} ms (timeoutMs)`));
        deadline.abort(new TimeoutError('the client stopped waiting for getToken'));
      }, timeoutMs);
      // A supplier that throws at once is a rejection like any other.
      new Promise<TokenAnswer>((answer) =>
        answer(getToken({ forceRefresh, signal: deadline.signal })),
      ).then(
        (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });
  };
}

export function createTokenSource(
  fetchToken: FetchToken,
  clock: Clock,
  marginSeconds: number,
  redactor: Redactor,
): TokenSource {
  let held: Held | undefined;
  let pending: Promise<Held> | undefined;
  let refused = false;

  const renew = async (): Promise<Held> => {
    const forceRefresh = refused;
    const answer = await fetchToken({ forceRefresh });
    const token = typeof answer === 'string' ? answer : answer?.accessToken;
    if (typeof token !== 'string' || token === '')
      throw new TypeError('the token supplier gave no token');
    const release = redactor.hold(token);
    const lifetime = typeof answer === 'string' ? undefined : answer.expiresInSeconds;
    const renewAt =
      typeof lifetime === 'number' && Number.isFinite(lifetime) && lifetime > 0
        ? clock.now() + (lifetime - Math.min(marginSeconds, lifetime / 10)) * 1000
        : Number.POSITIVE_INFINITY;
    refused = false;
    return { token, renewAt, release };
  };
  const lease = (h: Held): Lease => ({ token: h.token, release: redactor.hold(h.token) });

  return {
    async get(signal) {
      if (held !== undefined && clock.now() < held.renewAt) return lease(held);
      if (pending === undefined) {
        // Shared by every caller, so no caller's signal may cancel it; each caller can still stop waiting.
        pending = renew().then(
          (fresh) => {
            held?.release();
            held = fresh;
            pending = undefined;
            return fresh;
          },
          (e: unknown) => {
            pending = undefined;
            throw e;
          },
        );
      }
      return lease(await abandonable(pending, signal));
    },
    invalidate(token) {
      if (held?.token === token) {
        held.release();
        held = undefined;
        refused = true;
      }
    },
  };
}
