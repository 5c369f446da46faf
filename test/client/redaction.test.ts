/**
 * The client secret and the tokens never show: not in an error's message, body, stack,
 * cause, `util.inspect` or `JSON.stringify`, not in a log line, not in the client
 * object itself. Every output of every failure scenario is searched for them, even
 * when the service echoes them back in its answers.
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ServiceError, createClient, type Logger } from '../../src/client/index.js';
import {
  DROP,
  HANG,
  fakeClock,
  fakeFetch,
  json,
  type Answer,
  type Recorded,
} from './support/fake-fetch.js';

const SECRET = 'S3cr3t-never-shown-9f8e7d';
const TOKEN = 'eyJhbGciOi.token-never-shown.Zm9v';

/** Every way a value can leak out of an error or an object. */
function outputs(value: unknown): string[] {
  const out = [
    inspect(value, { depth: Infinity, showHidden: true, getters: true }),
    JSON.stringify(value) ?? '',
    String(value),
  ];
  if (value instanceof Error) {
    out.push(value.message, value.stack ?? '');
    let cause: unknown = value.cause;
    while (cause !== undefined) {
      out.push(...outputs(cause));
      cause = cause instanceof Error ? cause.cause : undefined;
    }
    if (value instanceof ServiceError) out.push(value.body, value.request ?? '');
  }
  return out;
}

function capture() {
  const lines: string[] = [];
  const logger: Logger = Object.fromEntries(
    (['debug', 'info', 'warn', 'error'] as const).map((level) => [
      level,
      (message: string, details?: unknown) =>
        void lines.push(
          `${level} ${message} ${JSON.stringify(details)} ${inspect(details, { depth: Infinity })}`,
        ),
    ]),
  );
  return { lines, logger };
}

/** A service that echoes the secret and the token in every answer it can. */
function echoing(answer: (r: Recorded) => Answer) {
  return fakeFetch((r) => {
    if (r.path === '/oauth2/token') {
      const body = r.body as { client_secret: string };
      if (body.client_secret !== SECRET)
        return json({ message: `bad secret ${body.client_secret}` }, 401);
      return json({ access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' });
    }
    return answer(r);
  });
}

const scenarios: Record<string, (r: Recorded) => Answer> = {
  'a 400 echoing the token': (r) =>
    json({ message: `bad request with ${r.headers.authorization}` }, 400),
  'a 401 echoing the token, twice': (r) =>
    json({ message: `token ${r.headers.authorization} expired` }, 401),
  'a 403 with the token in plain text': (r) =>
    new Response(`forbidden for ${r.headers.authorization}`, { status: 403 }),
  'a 500 echoing everything': (r) =>
    json({ message: 'boom', headers: r.headers, secret: SECRET }, 500),
  'a 503 forever': (r) =>
    json({ message: `busy ${r.headers.authorization}` }, 503, { 'retry-after': '0' }),
  'a 429 asking for too long a wait': (r) =>
    json({ message: `later ${r.headers.authorization}` }, 429, { 'retry-after': '99999' }),
  'a 503 whose headers echo the token, in a logged header and as a header name': (r) =>
    json({ message: 'busy' }, 503, {
      'retry-after': '0',
      'x-request-id': r.headers.authorization!,
      [r.headers.authorization!]: 'x',
      'content-type': `application/json; t=${r.headers.authorization}`,
    }),
  'a dropped connection': () => DROP,
  'no answer at all': () => HANG,
  'a success that is not JSON': (r) =>
    new Response(`<html>${r.headers.authorization}</html>`, { status: 200 }),
  'a fetch whose error keeps the request, as ky does': (r) => {
    throw leakyFetchError(r, SECRET);
  },
  'a fetch that rejects with a string': (r) => {
    throw `failed with ${r.headers.authorization}`;
  },
};

/** An error as a fetch wrapper may throw one: the request's headers kept on it, the token in its message and in its cause. */
function leakyFetchError(r: Recorded, secret: string): Error {
  const inner = Object.assign(new Error(`socket closed while sending ${r.headers.authorization}`), {
    code: 'ECONNRESET',
    headers: r.headers,
  });
  return Object.assign(
    new TypeError(`request with ${r.headers.authorization} failed (${secret})`, { cause: inner }),
    {
      name: 'HTTPError',
      request: { headers: r.headers },
      options: {
        headers: { Authorization: r.headers.authorization },
        json: { client_secret: secret },
      },
    },
  );
}

describe('no secret and no token in any output', () => {
  it.each(Object.entries(scenarios))(
    '%s: not in the error, the logs or the client',
    async (_, answer) => {
      const { fetch } = echoing(answer);
      const { lines, logger } = capture();
      const client = createClient({
        baseUrl: 'http://service.test',
        credentials: { clientId: 'app', clientSecret: SECRET },
        fetch,
        logger,
        timeoutMs: 20,
        clock: fakeClock().clock,
      });
      const error = await client.businessAreas().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      const texts = [...outputs(error), ...outputs(client), ...lines];
      expect(texts.join('\n').length).toBeGreaterThan(100);
      for (const text of texts) {
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(TOKEN);
        // Header names are lower-cased on the way: a token there is found in that form too.
        expect(text).not.toContain(TOKEN.toLowerCase());
      }
    },
  );

  it("keeps a failed fetch's reason (its code and redacted message) on the cause, and nothing else of it", async () => {
    const { fetch } = echoing(scenarios['a fetch whose error keeps the request, as ky does']!);
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'app', clientSecret: SECRET },
      fetch,
      retry: { attempts: 1 },
    });
    const error = (await client.businessAreas().catch((e: unknown) => e)) as Error & {
      cause: Error & { cause: Error & { code?: string } };
    };
    expect(error.message).toBe(
      'GET /v1/my/businessareas failed: request with [REDACTED] failed ([REDACTED]): ECONNRESET',
    );
    expect(error.cause.name).toBe('HTTPError');
    expect(error.cause.message).toBe('request with [REDACTED] failed ([REDACTED])');
    expect(Object.keys(error.cause)).toEqual(['name']);
    expect(Object.keys(error.cause.cause).sort()).toEqual(['code', 'name']);
    expect(error.cause.cause.message).toBe('socket closed while sending [REDACTED]');
    expect(error.cause.cause.code).toBe('ECONNRESET');
  });

  it('law: for any secret and token, no failure shows either in an error, its causes, a log line or the client', async () => {
    // Any printable text (quotes and backslashes too, which a JSON body escapes), behind a prefix no output holds by chance.
    const opaque = fc.string({ minLength: 6, maxLength: 30 }).map((text) => `Q9${text}`);
    const failures: Record<string, (r: Recorded, secret: string) => Answer> = {
      echo400: (r) => json({ message: `bad ${r.headers.authorization}` }, 400),
      echo401: (r) => json({ message: `expired ${r.headers.authorization}` }, 401),
      echo503: (r, secret) =>
        json({ message: `busy ${r.headers.authorization} ${secret}` }, 503, { 'retry-after': '0' }),
      html: (r) => new Response(`<p>${r.headers.authorization}</p>`, { status: 200 }),
      leakyFetch: (r, secret) => {
        throw leakyFetchError(r, secret);
      },
      drop: () => DROP,
      hang: () => HANG,
    };
    await fc.assert(
      fc.asyncProperty(
        opaque,
        opaque,
        fc.constantFrom(...Object.keys(failures)),
        async (secret, token, failure) => {
          fc.pre(!secret.includes(token) && !token.includes(secret));
          const { fetch } = fakeFetch((r) => {
            if (r.path === '/oauth2/token')
              return json({
                access_token: token,
                expires_in: 3600,
                echoed: (r.body as { client_secret: string }).client_secret,
              });
            return failures[failure]!(r, secret);
          });
          const { lines, logger } = capture();
          const client = createClient({
            baseUrl: 'http://service.test',
            credentials: { clientId: 'app', clientSecret: secret },
            fetch,
            logger,
            timeoutMs: 5,
            clock: fakeClock().clock,
          });
          const error = await client.businessAreas().catch((e: unknown) => e);
          expect(error).toBeInstanceOf(ServiceError);
          for (const text of [...outputs(error), ...outputs(client), ...lines]) {
            expect(text).not.toContain(secret);
            expect(text).not.toContain(token);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a token still in use by a slow request stays redacted however many tokens are issued meanwhile (the redactor forgot all but the last 15)', async () => {
    const tokens: string[] = [];
    const uses = new Map<string, number>();
    let finishSlow!: () => void;
    let slowToken: string | undefined;
    const slowDone = new Promise<void>((resolve) => (finishSlow = resolve));
    const { fetch } = fakeFetch(async (r) => {
      const token = r.headers.authorization!;
      const used = (uses.get(token) ?? 0) + 1;
      uses.set(token, used);
      if (r.path === '/v1/businessareas/slow/schemas') {
        slowToken = token;
        await slowDone;
        return json({ message: `failed for ${token}` }, 500);
      }
      // Each token is refused on its second use: every request renews it once.
      return used > 1 ? json({ message: `expired: ${token}` }, 401) : json({ items: [] });
    });
    const { lines, logger } = capture();
    const client = createClient({
      baseUrl: 'http://service.test',
      getToken: async () => {
        tokens.push(`Q9tok-${tokens.length}-never-shown`);
        return { accessToken: tokens.at(-1)!, expiresInSeconds: 3600 };
      },
      fetch,
      logger,
      retry: { attempts: 1 },
    });
    for (let i = 0; i < 5; i++) await client.schemas(`before${i}`).toArray();
    const slow = client
      .schemas('slow')
      .toArray()
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(slowToken).toBeDefined());
    for (let i = 0; i < 60; i++) await client.schemas(`fast${i}`).toArray();
    expect(tokens.length).toBeGreaterThan(50);
    finishSlow();
    const error = await slow;
    expect(error).toBeInstanceOf(ServiceError);
    expect(slowToken).toBe(tokens[4]);
    expect((error as ServiceError).body).toBe('{"message":"failed for [REDACTED]"}');
    for (const text of [...outputs(error), ...outputs(client), ...lines])
      for (const token of tokens) expect(text).not.toContain(token);
  });

  it('a secret with quotes and backslashes echoed inside a JSON body is not in the error body in its JSON form either', async () => {
    const secret = 'S3cr"et\\Value/é';
    const { fetch } = fakeFetch((r) =>
      json({ message: `bad secret ${(r.body as { client_secret: string }).client_secret}` }, 401),
    );
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'app', clientSecret: secret },
      fetch,
    });
    const error = (await client.businessAreas().catch((e: unknown) => e)) as ServiceError;
    expect(error.body).toBe('{"message":"bad secret [REDACTED]"}');
    for (const text of outputs(error)) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
    }
  });

  it('a service that quotes the request body inside its JSON message: the message decoded shows no secret (it showed the JSON form: sec\\\\ret)', async () => {
    const secret = 'sec.*+?^${}()|[]\\ret';
    const { fetch } = fakeFetch((r) =>
      json({ message: `bad request ${JSON.stringify(r.body)}` }, 500),
    );
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'app', clientSecret: secret },
      fetch,
    });
    const error = (await client.businessAreas().catch((e: unknown) => e)) as ServiceError;
    expect(error.message).toBe(
      'POST /oauth2/token answered 500: bad request {"client_id":"app","client_secret":"[REDACTED]"}',
    );
    // The body keeps the echo escaped twice: that form is scrubbed too.
    expect(error.body).toBe(
      '{"message":"bad request {\\"client_id\\":\\"app\\",\\"client_secret\\":\\"[REDACTED]\\"}"}',
    );
    for (const text of outputs(error)) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
    }
  });

  it('law: whatever the secret and however a service encodes its echo (quoted twice, \\/ for /, \\u escapes), the decoded message shows neither it nor its JSON form, nor does any output', async () => {
    // JSON as common encoders write it: JSON.stringify, PHP's json_encode (\/), Python's ensure_ascii (\u00e9), Jackson's (\u00E9), and every character escaped.
    const escapeAll = (text: string) =>
      Array.from(
        { length: text.length },
        (_, i) => `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`,
      ).join('');
    const encoders: Record<string, (message: string) => string> = {
      plain: (m) => JSON.stringify({ message: m }),
      php: (m) => JSON.stringify({ message: m }).replaceAll('/', '\\/'),
      ascii: (m) =>
        JSON.stringify({ message: m }).replace(
          /[^\u0000-\u007f]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        ),
      asciiUpper: (m) =>
        JSON.stringify({ message: m }).replace(
          /[^\u0000-\u007f]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
        ),
      everyCharacter: (m) => `{"message":"${escapeAll(m)}"}`,
    };
    const secrets = fc
      .string({ unit: 'grapheme', minLength: 4, maxLength: 20 })
      .map((text) => `Q9${text}`);
    await fc.assert(
      fc.asyncProperty(
        secrets,
        fc.constantFrom(...Object.keys(encoders)),
        fc.boolean(),
        async (secret, encoder, quoteBody) => {
          const { fetch } = fakeFetch((r) => {
            const echoed = quoteBody
              ? `bad request ${JSON.stringify(r.body)}`
              : `bad secret ${(r.body as { client_secret: string }).client_secret}`;
            return new Response(encoders[encoder]!(echoed), {
              status: 500,
              headers: { 'content-type': 'application/json' },
            });
          });
          const client = createClient({
            baseUrl: 'http://service.test',
            credentials: { clientId: 'app', clientSecret: secret },
            fetch,
          });
          const error = (await client.businessAreas().catch((e: unknown) => e)) as ServiceError;
          expect(error).toBeInstanceOf(ServiceError);
          expect(error.message).toContain('[REDACTED]');
          for (const text of outputs(error)) {
            expect(text).not.toContain(secret);
            expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  const everyCharacterEscaped = (text: string) =>
    Array.from(
      { length: text.length },
      (_, i) => `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`,
    ).join('');

  it('regression (FC_SEED=-511897851): a secret the message clip would trim or cut is redacted whole, before the clip', async () => {
    // The message was trimmed and cut at 200 characters before it was redacted: "Q9    " showed as "Q9", and a secret cut at the clip showed its first part.
    for (const [secret, prefix] of [
      ['Q9    ', ''],
      ['Zx7secretQ\u0001', ''],
      ['Kp4longsecret', 'x'.repeat(195)],
    ] as const) {
      const { fetch } = fakeFetch(
        () =>
          // Every character escaped (\\u0051...): the raw body holds no form of the secret, only the decoded message does.
          new Response(`{"message":"${everyCharacterEscaped(`${prefix}bad secret ${secret}`)}"}`, {
            status: 500,
            headers: { 'content-type': 'application/json' },
          }),
      );
      const client = createClient({
        baseUrl: 'http://service.test',
        credentials: { clientId: 'app', clientSecret: secret },
        fetch,
      });
      const error = (await client.businessAreas().catch((e: unknown) => e)) as ServiceError;
      expect(error).toBeInstanceOf(ServiceError);
      expect(error.message).not.toContain(secret.trim().slice(0, 4));
      if (prefix === '') expect(error.message).toContain('[REDACTED]');
    }
  });

  it('refused credentials: the secret sent is not in the error, even when the service repeats it', async () => {
    const { fetch } = echoing(() => json([]));
    const { lines, logger } = capture();
    const wrong = `${SECRET}-wrong`;
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'app', clientSecret: wrong },
      fetch,
      logger,
    });
    const error = await client.businessAreas().catch((e: unknown) => e);
    for (const text of [...outputs(error), ...outputs(client), ...lines])
      expect(text).not.toContain(wrong);
    expect(inspect(error)).toContain('[REDACTED]');
  });

  it('the client itself shows its base URL only', async () => {
    const { fetch } = echoing(() => json([]));
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'app', clientSecret: SECRET },
      fetch,
    });
    await client.businessAreas();
    expect(JSON.stringify(client)).toBe('{"baseUrl":"http://service.test"}');
    expect(inspect(client)).toBe("MdqClient { baseUrl: 'http://service.test' }");
    for (const text of outputs(client)) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(TOKEN);
    }
  });

  it('the harness would see a leak: an error built with the token shows it', () => {
    const leaky = new ServiceError(`oops ${TOKEN}`, { body: SECRET });
    expect(outputs(leaky).some((t) => t.includes(TOKEN))).toBe(true);
    expect(outputs(leaky).some((t) => t.includes(SECRET))).toBe(true);
  });

  it('a logger sees requests and retries, with headers by allow-list', async () => {
    let first = true;
    const { fetch } = echoing(() => {
      if (first)
        return ((first = false), json({}, 503, { 'x-secret-header': TOKEN, 'retry-after': '0' }));
      return json([]);
    });
    const { lines, logger } = capture();
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'app', clientSecret: SECRET },
      fetch,
      logger,
      clock: fakeClock().clock,
    });
    await client.businessAreas();
    expect(
      lines.some((l) => l.startsWith('warn GET /v1/my/businessareas: 503; retrying in 0 ms')),
    ).toBe(true);
    expect(lines.some((l) => l.includes('"x-secret-header":"[REDACTED]"'))).toBe(true);
    for (const line of lines) expect(line).not.toContain(TOKEN);
  });
});
