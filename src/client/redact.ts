/**
 * Keeping secrets out of every output. The client secret and every token the client
 * may still send or receive are known to a redactor (kept in a closure, so they are
 * invisible to `util.inspect` and `JSON.stringify`); any text that leaves the client (an
 * error's message and body, a log line) goes through it. Headers are logged by
 * allow-list only, as Azure's pipeline sanitizer does.
 */

export const REDACTED = '[REDACTED]';

export interface Redactor {
  /** Remembers a value for the client's life (the client secret). */
  readonly add: (secret: string) => void;
  /**
   * Remembers a token while it is held (the token cache, each request attempt that sends
   * it); the returned function lets go, once. A token nobody holds is still remembered
   * among the last `RECENT_TOKENS` let go, so memory stays bounded by the tokens in use.
   */
  readonly hold: (token: string) => () => void;
  /** The text with every known secret replaced by `[REDACTED]`. */
  readonly redact: (text: string) => string;
  /** The same for a lower-cased text (a header name, which `Headers` lower-cases), matching the secrets lower-cased. */
  readonly redactLowerCase: (text: string) => string;
  /** How many tokens are remembered (held or recent): for tests of the bound. */
  readonly tokenCount: () => number;
}

/** Secrets shorter than this are not scrubbed from text: replacing every "a" would garble everything and hide nothing. */
const MIN_SECRET_LENGTH = 4;
/** Tokens let go that are still remembered: an answer read just after its request let go of its token is redacted too. */
export const RECENT_TOKENS = 8;

/** A string as the inside of a JSON string literal. */
const jsonEscaped = (text: string): string => JSON.stringify(text).slice(1, -1);

/**
 * A secret and the forms a service that echoes it writes: inside a JSON string (`"` as `\"`,
 * `\` as `\\`), and escaped twice (the request's JSON body quoted in its JSON message). A
 * message is decoded before it is shown and redacted again then, whatever its escapes.
 */
function forms(secret: string): string[] {
  const escaped = jsonEscaped(secret);
  return [secret, escaped, jsonEscaped(escaped)].filter(
    (form, i, all) => form.length >= MIN_SECRET_LENGTH && all.indexOf(form) === i,
  );
}

function scrub(text: string, secrets: string[]): string {
  // Longest first: a secret inside a longer one (a token that contains the client secret) must not leave the rest of the longer one.
  secrets.sort((a, b) => b.length - a.length);
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

export function createRedactor(): Redactor {
  const permanent = new Set<string>();
  /** Tokens held, with how many holders each has. */
  const held = new Map<string, number>();
  /** Tokens let go, oldest first. */
  const recent: string[] = [];
  /** The forms of each token held or recent, made once (a token may be long, and every text that leaves is redacted). */
  const formsOf = new Map<string, string[]>();
  const known = () => {
    const secrets = [...permanent];
    for (const tokenForms of formsOf.values()) secrets.push(...tokenForms);
    return secrets;
  };
  return {
    add(secret) {
      for (const form of forms(secret)) permanent.add(form);
    },
    hold(token) {
      held.set(token, (held.get(token) ?? 0) + 1);
      if (!formsOf.has(token)) formsOf.set(token, forms(token));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const holders = held.get(token)! - 1;
        if (holders > 0) {
          held.set(token, holders);
          return;
        }
        held.delete(token);
        const at = recent.indexOf(token);
        if (at >= 0) recent.splice(at, 1);
        recent.push(token);
        const forgotten = recent.length > RECENT_TOKENS ? recent.shift()! : undefined;
        if (forgotten !== undefined && !held.has(forgotten)) formsOf.delete(forgotten);
      };
    },
    redact: (text) => scrub(text, known()),
    redactLowerCase: (text) =>
      scrub(
        text,
        known().map((secret) => secret.toLowerCase()),
      ),
    tokenCount: () => formsOf.size,
  };
}

/** How deep a cause chain is copied: the reason for a failure sits in the first link or two. */
const MAX_CAUSE_DEPTH = 4;

/**
 * A copy of an error that may hold a secret (fetch's own, or a custom fetch's that keeps the
 * request and its headers, as ky's `HTTPError` does), safe to hang on a `cause`: its name,
 * code, message, stack and cause chain redacted, and none of its other properties.
 */
export function redactError(e: unknown, redactor: Redactor, depth = 0): Error {
  if (!(e instanceof Error)) return new Error(redactor.redact(String(e)));
  const cause =
    e.cause !== undefined && depth < MAX_CAUSE_DEPTH
      ? { cause: redactError(e.cause, redactor, depth + 1) }
      : undefined;
  const copy = new Error(redactor.redact(e.message), cause);
  copy.name = redactor.redact(e.name);
  copy.stack = redactor.redact(e.stack ?? `${e.name}: ${e.message}`);
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number')
    Object.assign(copy, { code: typeof code === 'string' ? redactor.redact(code) : code });
  return copy;
}

/** The request headers a log line may show; every other header is `[REDACTED]`. */
const LOGGABLE_HEADERS = new Set([
  'accept',
  'content-type',
  'content-length',
  'retry-after',
  'date',
  'x-request-id',
]);

/** The headers for a log line: values by allow-list, and every name and allowed value redacted too (a service may echo a token in either). */
export function loggableHeaders(
  headers: Pick<Headers, 'forEach'>,
  redactor: Redactor,
): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    const lower = name.toLowerCase();
    out[redactor.redactLowerCase(lower)] = LOGGABLE_HEADERS.has(lower)
      ? redactor.redact(value)
      : REDACTED;
  });
  return out;
}
