/**
 * A `fetch` for unit tests: every request is recorded and answered by a handler, in
 * process, without a socket. It honours the signal as the platform's fetch does, so
 * timeouts and aborts behave as they would on the wire. `drop` rejects like a
 * connection that was cut; `hang` never answers.
 */
export interface Recorded {
  readonly method: string;
  readonly url: URL;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export const DROP = Symbol('drop');
export const HANG = Symbol('hang');
export type Answer = Response | typeof DROP | typeof HANG;
export type Handler = (request: Recorded) => Answer | Promise<Answer>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function fakeFetch(handler: Handler) {
  const requests: Recorded[] = [];
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const text = typeof init.body === 'string' ? init.body : undefined;
    const recorded: Recorded = {
      method: init.method ?? 'GET',
      url,
      path: url.pathname,
      headers,
      body: text === undefined ? undefined : JSON.parse(text),
    };
    requests.push(recorded);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw signal.reason;
    const answer = await new Promise<Answer>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      Promise.resolve(handler(recorded)).then(resolve, reject);
    });
    if (answer === DROP)
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    if (answer === HANG) {
      return new Promise<Response>((_, reject) => {
        if (signal === undefined) return;
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    return answer;
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

/** A clock whose sleeps return at once and are recorded; `random` is fixed unless given. */
export function fakeClock(random: () => number = () => 0.5, start = Date.UTC(2026, 10, 22, 12)) {
  const sleeps: number[] = [];
  let now = start;
  return {
    sleeps,
    advance: (ms: number) => void (now += ms),
    clock: {
      now: () => now,
      sleep: async (ms: number, signal?: AbortSignal) => {
        if (signal?.aborted) throw signal.reason;
        sleeps.push(ms);
        now += ms;
      },
      random,
    },
  };
}
