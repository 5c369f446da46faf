/**
 * What a route answers: a status, headers and a body, kept apart from the socket so
 * that faults can hold an answer back (a dropped connection after the change).
 */

export interface Reply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON-serialisable value, a prepared Buffer (static files), or undefined for no body. */
  readonly body?: unknown;
}

/** A JSON answer. */
export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, body, headers };
}

/** The 204 of updates and deletes. */
export const NO_CONTENT: Reply = { status: 204 };

/** An error the client caused or should know about, answered as `{ message, ...extra }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  toReply(): Reply {
    return {
      status: this.status,
      body: { message: this.message, ...this.extra },
      headers: this.headers,
    };
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new ApiError(400, message, extra);
export const notFound = (message: string) => new ApiError(404, message);
export const forbidden = (message: string) => new ApiError(403, message);
