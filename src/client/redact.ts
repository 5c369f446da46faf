/**
 * Keeping secrets out of every output. The client secret and each token the client
 * has held are known to a redactor (kept in a closure, so they are invisible to
 * `util.inspect` and `JSON.stringify`); any text that leaves the client (an error's
 * message and body, a log line) goes through it. Headers are logged by allow-list
 * only, as Azure's pipeline sanitizer does.
 */

export const REDACTED = '[REDACTED]';

export interface Redactor {
  /** Remembers a value that must never be shown (a secret, a token). */
  readonly add: (secret: string) => void;
  /** The text with every known secret replaced by `[REDACTED]`. */
  readonly redact: (text: string) => string;
}

/** Secrets shorter than this are not scrubbed from text: replacing every "a" would garble everything and hide nothing. */
const MIN_SECRET_LENGTH = 4;
/** Tokens are renewed for the client's whole life; remembering the last few (each in two forms) covers every one still in use. */
const MAX_SECRETS = 32;

export function createRedactor(): Redactor {
  const secrets: string[] = [];
  const remember = (secret: string) => {
    if (secret.length < MIN_SECRET_LENGTH || secrets.includes(secret)) return;
    // The client secret is added first (with its JSON form) and stays; old tokens make room for new ones.
    if (secrets.length >= MAX_SECRETS) secrets.splice(2, 1);
    secrets.push(secret);
  };
  return {
    add(secret) {
      remember(secret);
      // A service that echoes it inside a JSON body writes `"` as `\"` and `\` as `\\`: that form is the secret too.
      remember(JSON.stringify(secret).slice(1, -1));
    },
    redact(text) {
      let out = text;
      for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
      return out;
    },
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
  const cause = e.cause !== undefined && depth < MAX_CAUSE_DEPTH ? { cause: redactError(e.cause, redactor, depth + 1) } : undefined;
  const copy = new Error(redactor.redact(e.message), cause);
  copy.name = redactor.redact(e.name);
  copy.stack = redactor.redact(e.stack ?? `${e.name}: ${e.message}`);
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code: typeof code === 'string' ? redactor.redact(code) : code });
  return copy;
}

/** The request headers a log line may show; every other header is `[REDACTED]`. */
const LOGGABLE_HEADERS = new Set(['accept', 'content-type', 'content-length', 'retry-after', 'date', 'x-request-id']);

export function loggableHeaders(headers: Pick<Headers, 'forEach'>): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name.toLowerCase()] = LOGGABLE_HEADERS.has(name.toLowerCase()) ? value : REDACTED;
  });
  return out;
}
