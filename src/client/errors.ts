/**
 * The client's typed errors. Each carries the HTTP status (when the service answered),
 * a message a person understands, and the raw body, redacted: the client secret and
 * tokens never appear in a message, a body, `util.inspect` or `JSON.stringify` of an error.
 */
import type { Diagnostic } from '../language/diagnostic.js';
import type { DataObject } from './types.js';

export interface ServiceErrorDetails {
  /** The HTTP status, when the service answered. */
  readonly status?: number | undefined;
  /** The raw body of the answer (redacted), '' when there was none. */
  readonly body?: string | undefined;
  /** `GET /dataobjects/search`, say: the method and path, never the host's credentials. */
  readonly request?: string | undefined;
  readonly cause?: unknown;
}

/** Every error the client throws for a request that failed. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly status: number | undefined;
  readonly body: string;
  readonly request: string | undefined;

  constructor(message: string, details: ServiceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.body = details.body ?? '';
    this.request = details.request;
  }

  /** What `JSON.stringify` shows: the public facts, never a stack or a cause's internals. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      request: this.request,
      body: this.body,
    };
  }
}

/** 401: the credentials were refused, or a token was refused twice. */
export class AuthError extends ServiceError {
  override name = 'AuthError';
}

/** 403: the application client lacks the permission. */
export class PermissionError extends ServiceError {
  override name = 'PermissionError';
}

/** 404: the resource does not exist or is outside the client's grant. */
export class NotFoundError extends ServiceError {
  override name = 'NotFoundError';
}

/** A 400 that is not a version conflict nor a search query error: a malformed body or parameter. */
export class BadRequestError extends ServiceError {
  override name = 'BadRequestError';
}

/** The update's `_version` was stale: the object moved on (its current version is known when it could be read). */
export class VersionConflictError extends ServiceError {
  override name = 'VersionConflictError';
  readonly sentVersion: number;
  readonly currentVersion: number | undefined;
  /** The object as read when the conflict was told apart (not part of `toJSON`). */
  readonly current: DataObject | undefined;

  constructor(
    message: string,
    details: ServiceErrorDetails & {
      sentVersion: number;
      currentVersion?: number | undefined;
      current?: DataObject | undefined;
    },
  ) {
    super(message, details);
    this.sentVersion = details.sentVersion;
    this.currentVersion = details.currentVersion;
    this.current = details.current;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      sentVersion: this.sentVersion,
      currentVersion: this.currentVersion,
    };
  }
}

/** The query was refused: by the service (400 on search) or, with `check: 'error'`, before it was sent. */
export class QueryError extends ServiceError {
  override name = 'QueryError';
  /** The local diagnostics of the query (syntax, and the schema's rules when the schemas were at hand). */
  readonly diagnostics: readonly Diagnostic[];
  /** True when the query never left: the local check found errors. */
  readonly local: boolean;

  constructor(
    message: string,
    details: ServiceErrorDetails & { diagnostics: readonly Diagnostic[]; local: boolean },
  ) {
    super(message, details);
    this.diagnostics = details.diagnostics;
    this.local = details.local;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), local: this.local, diagnostics: this.diagnostics };
  }
}

/** 429, after the retries ran out (or the service asked to wait longer than the client may). */
export class RateLimitError extends ServiceError {
  override name = 'RateLimitError';
  /** How long the service asked to wait, when it said so. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    details: ServiceErrorDetails & { retryAfterMs?: number | undefined },
  ) {
    super(message, details);
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** 5xx, after the retries ran out (500 is never retried: the service says it failed, not that it is busy). */
export class ServerError extends ServiceError {
  override name = 'ServerError';
  /** How long the service asked to wait (a 503 may say), when it said so. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    details: ServiceErrorDetails & { retryAfterMs?: number | undefined },
  ) {
    super(message, details);
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** How long the service asked to wait, when it said so (a 429, a 503). */
export function retryAfterOf(e: unknown): number | undefined {
  return e instanceof RateLimitError || e instanceof ServerError ? e.retryAfterMs : undefined;
}

/** The connection failed or was dropped before an answer arrived. */
export class NetworkError extends ServiceError {
  override name = 'NetworkError';
}

/** No answer within the client's timeout. */
export class TimeoutError extends ServiceError {
  override name = 'TimeoutError';
}

/**
 * A write whose answer was lost, and whose outcome could not be told by reading the
 * object again (the object could not be read, others changed it in between, or it holds
 * the values sent, as another writer's identical change would leave it). The client
 * neither claims success nor retries it blindly.
 */
export class WriteOutcomeUnknownError extends ServiceError {
  override name = 'WriteOutcomeUnknownError';
  /** The object as read when the outcome could not be told (not part of `toJSON`), when it could be read. */
  readonly current: DataObject | undefined;

  constructor(
    message: string,
    details: ServiceErrorDetails & { current?: DataObject | undefined },
  ) {
    super(message, details);
    this.current = details.current;
  }
}

/** Why a walk over search pages could not be completed. */
export type IncompleteWalkReason =
  /** The service answered the same page for another offset while its total stood still. */
  | 'repeated-page'
  /** `MAX_STALE_PAGES` pages in a row brought nothing new (the same hits, a growing total). */
  | 'stalled'
  /** A page came empty while its total said more hits were left. */
  | 'short-page'
  /** The result shrank under a walk whose hits carry no `_dataObjectId`: re-reading would give some twice. */
  | 'shrank';

/**
 * A walk over search pages (`searchAll`, `searchPages`) that gave every hit it could but
 * cannot vouch that it saw them all. Thrown after the last hit, so nothing given is lost.
 */
export class IncompleteWalkError extends ServiceError {
  override name = 'IncompleteWalkError';
  readonly reason: IncompleteWalkReason;
  /** Hits given before the walk stopped. */
  readonly delivered: number;

  constructor(
    message: string,
    details: ServiceErrorDetails & { reason: IncompleteWalkReason; delivered: number },
  ) {
    super(message, details);
    this.reason = details.reason;
    this.delivered = details.delivered;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason, delivered: this.delivered };
  }
}
