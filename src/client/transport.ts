/**
 * One request to the service, as every operation makes it: the token in the
 * Authorization header (the token alone, never `Bearer ...`), a timeout on each
 * attempt joined to the caller's signal, retries of what is safe to repeat, one
 * replay after a 401 with a renewed token, and every failure as a typed error.
 * Redirects are not followed: a 307 repeats the body (the token request's secret) to
 * wherever it points, and a `fetch` passed in may keep the Authorization header across
 * origins; the service's paths are fixed, so a redirect means the base URL is wrong.
 */
import {
  AuthError,
  BadRequestError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ServiceError,
  TimeoutError,
  type ServiceErrorDetails,
} from './errors.js';
import type { Clock, Logger } from './options.js';
import { loggableHeaders, redactError, type Redactor } from './redact.js';
import { readBody, TooLarge } from './response-body.js';
import { parseRetryAfter, retryDelay, type RetryPolicy } from './retry.js';
import type { TokenSource } from './tokens.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestSpec {
  readonly method: Method;
  /** The path, its segments already encoded (see `pathOf`). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  /** Sent as JSON. */
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
  /** Safe to repeat (reads, the token request): retried on busy statuses, network errors and timeouts. */
  readonly retry: boolean;
  /** Sends the token (every endpoint but the token endpoint). */
  readonly auth: boolean;
  /**
   * After a 401, renew the token and send again once (default true). Writes say false: a
   * gateway may answer 401 after the service applied them; the token is renewed and the
   * `AuthError` thrown, for the caller to find out by reading.
   */
  readonly replayAfter401?: boolean;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface Transport {
  readonly send: (spec: RequestSpec) => Promise<Answer>;
  /** The JSON of a successful answer; a body that is not JSON is a `ServiceError`. */
  readonly json: (spec: RequestSpec) => Promise<unknown>;
}

export interface TransportParts {
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  readonly tokens: TokenSource | undefined;
  readonly timeoutMs: number;
  /** An answer's body larger than this is refused (`ServiceError`), its connection cancelled. */
  readonly maxResponseBytes: number;
  readonly retry: RetryPolicy;
  readonly clock: Clock;
  readonly redactor: Redactor;
  readonly logger: Logger | undefined;
}

/**
 * `/v1/businessareas/{id}/schemas`: each value encoded as one path segment. `.` and `..`
 * cannot be one (URLs resolve them, `%2E` included: `dataobjects/..` would address the
 * dataset), so an id that is one of them is refused.
 */
export function pathOf(strings: TemplateStringsArray, ...ids: readonly string[]): string {
  for (const id of ids)
    if (id === '.' || id === '..')
      throw new TypeError(`'${id}' cannot be an id: a URL path resolves it to another resource`);
  return strings.reduce(
    (path, part, i) => path + part + (i < ids.length ? encodeURIComponent(ids[i]!) : ''),
    '',
  );
}

export function createTransport(parts: TransportParts): Transport {
  const { baseUrl, clock, redactor, retry } = parts;

  const log = (level: keyof Logger, message: string, details?: Record<string, unknown>) => {
    try {
      parts.logger?.[level]?.(redactor.redact(message), details);
    } catch {
      // A broken logger must not break a request.
    }
  };

  const url = (spec: RequestSpec) => {
    const target = new URL(baseUrl + spec.path);
    for (const [name, value] of Object.entries(spec.query ?? {}))
      if (value !== undefined) target.searchParams.set(name, String(value));
    return target.href;
  };

  const failure = (
    spec: RequestSpec,
    status: number,
    text: string,
    headers: Headers,
  ): ServiceError => {
    const body = redactor.redact(text);
    const request = `${spec.method} ${spec.path}`;
    // Redacted again once decoded: the JSON may have written a secret with escapes no form of it matches (`\u0073ecret`).
    // Redacted before it is clipped: trimming or cutting first left a secret's prefix that no form of it matched.
    const said = clip(redactor.redact(serviceMessage(body)));
    const message = `${request} answered ${status}${said === '' ? '' : `: ${said}`}`;
    const details: ServiceErrorDetails = { status, body, request };
    if (status === 400) return new BadRequestError(message, details);
    if (status === 401) return new AuthError(message, details);
    if (status === 403) return new PermissionError(message, details);
    if (status === 404) return new NotFoundError(message, details);
    const retryAfterMs = parseRetryAfter(headers.get('retry-after'), clock.now());
    if (status === 429) return new RateLimitError(message, { ...details, retryAfterMs });
    if (status >= 500) return new ServerError(message, { ...details, retryAfterMs });
    return new ServiceError(message, details);
  };

  const redirected = (spec: RequestSpec, response: Response, from: string): ServiceError => {
    const location = response.headers.get('location');
    let where = '';
    if (location !== null) {
      try {
        const to = new URL(location, from);
        // Its origin and path: enough to set baseUrl right, and no user:password@ nor query to leak.
        where = ` to ${redactor.redact(to.origin + to.pathname)}`;
      } catch {
        // A Location that is not a URL: the status alone says enough.
      }
    }
    const status = response.type === 'opaqueredirect' ? undefined : response.status;
    return new ServiceError(
      `${spec.method} ${spec.path} was redirected${where}${status === undefined ? '' : ` (${status})`}: the client follows no redirect, so that neither the token nor the secret goes elsewhere; give the service's own address as baseUrl`,
      { status, request: `${spec.method} ${spec.path}` },
    );
  };

  /** Sends the request (retried as `spec` says); `read` takes the answer while its token is still held, so the redactor knows it. */
  const exchange = async <T>(spec: RequestSpec, read: (answer: Answer) => T): Promise<T> => {
    const request = `${spec.method} ${spec.path}`;
    let replayed = false;
    for (let attempt = 1; ; attempt++) {
      if (spec.signal?.aborted) throw spec.signal.reason;
      const lease = spec.auth && parts.tokens ? await parts.tokens.get(spec.signal) : undefined;
      const token = lease?.token;
      let failed: ServiceError;
      let retryAfterMs: number | undefined;
      try {
        const headers: Record<string, string> = { Accept: 'application/json' };
        if (token !== undefined) headers.Authorization = token;
        if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
        const timeout = AbortSignal.timeout(parts.timeoutMs);
        const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;
        const started = clock.now();
        try {
          const response = await parts.fetch(url(spec), {
            method: spec.method,
            headers,
            ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
            redirect: 'manual',
            signal,
          });
          let text: string;
          try {
            text = await readBody(response, parts.maxResponseBytes);
          } catch (e) {
            // Not retried: the same request would bring the same flood.
            if (e instanceof TooLarge)
              throw new ServiceError(
                `${request} answered ${response.status} with a body larger than ${e.limit} bytes (maxResponseBytes)`,
                { status: response.status, request },
              );
            throw e;
          }
          log('debug', `${request} ${response.status}`, {
            attempt,
            ms: clock.now() - started,
            headers: loggableHeaders(response.headers, redactor),
          });
          // A browser shows a manual redirect as an opaque answer of status 0.
          if (
            response.type === 'opaqueredirect' ||
            (response.status >= 300 && response.status < 400)
          )
            throw redirected(spec, response, url(spec));
          if (response.status < 400)
            return read({ status: response.status, headers: response.headers, text });
          if (response.status === 401 && token !== undefined && !replayed) {
            // The token expired or was revoked: renew once and replay once (the service did nothing with the request).
            parts.tokens!.invalidate(token);
            if (spec.replayAfter401 === false)
              throw failure(spec, response.status, text, response.headers);
            replayed = true;
            attempt--;
            log('debug', `${request} 401: renewing the token and replaying`);
            continue;
          }
          failed = failure(spec, response.status, text, response.headers);
          if (!spec.retry || !retry.statuses.includes(response.status)) throw failed;
          retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), clock.now());
        } catch (e) {
          if (e instanceof ServiceError) throw e;
          if (spec.signal?.aborted) throw spec.signal.reason;
          failed = timeout.aborted
            ? new TimeoutError(`${request} gave no answer within ${parts.timeoutMs} ms`, {
                request,
                cause: redactError(e, redactor),
              })
            : new NetworkError(`${request} failed: ${redactor.redact(describe(e))}`, {
                request,
                cause: redactError(e, redactor),
              });
          if (!spec.retry) throw failed;
        }
      } finally {
        // The attempt's answer, error and log lines are made: the token may be forgotten (unless another request holds it).
        lease?.release();
      }
      if (attempt >= retry.attempts) throw failed;
      const delay = retryDelay(retry, attempt - 1, retryAfterMs, clock.random);
      if (delay === undefined) {
        log(
          'warn',
          `${request}: the service asks to wait ${retryAfterMs} ms, more than the ${retry.maxRetryAfterMs} ms allowed; giving up`,
        );
        throw failed;
      }
      log(
        'warn',
        `${request}: ${failed.status ?? failed.name}; retrying in ${delay} ms (attempt ${attempt + 1} of ${retry.attempts})`,
        { attempt, delay },
      );
      await clock.sleep(delay, spec.signal);
    }
  };

  return {
    send: (spec) => exchange(spec, (answer) => answer),
    json: (spec) =>
      exchange(spec, (answer) => {
        try {
          return JSON.parse(answer.text) as unknown;
        } catch {
          throw new ServiceError(
            `${spec.method} ${spec.path} answered ${answer.status} with a body that is not JSON`,
            {
              status: answer.status,
              body: redactor.redact(answer.text),
              request: `${spec.method} ${spec.path}`,
            },
          );
        }
      }),
  };
}

/** The service's own words, not yet redacted nor clipped: the `message` of a JSON body, or a plain-text body on one line. */
function serviceMessage(body: string): string {
  try {
    const json: unknown = JSON.parse(body);
    if (
      json !== null &&
      typeof json === 'object' &&
      typeof (json as { message?: unknown }).message === 'string'
    )
      return (json as { message: string }).message;
  } catch {
    // Not JSON: the text itself, when it is short and on one line.
  }
  return body.length > 0 && !body.includes('\n') && !body.trimStart().startsWith('<') ? body : '';
}

/** One line of at most 200 characters: a message goes into a log line or a terminal, so the service's control characters and line breaks become spaces. */
function clip(text: string): string {
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}...` : line;
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  // fetch says "fetch failed" and keeps the reason (ECONNRESET, ECONNREFUSED) in its cause.
  const cause =
    e.cause instanceof Error
      ? `: ${(e.cause as Error & { code?: unknown }).code ?? e.cause.message}`
      : '';
  return `${e.message}${cause}`;
}
