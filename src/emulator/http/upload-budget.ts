/**
 * The bytes of request bodies being received, over every request at once. Each body has
 * its own limit (413 beyond), but a thousand slow uploads just under it would still fill
 * the memory: past the budget a request is answered 503 with Retry-After (sent again later).
 * Bytes are counted as they arrive, not as declared, so a client that declares a large
 * body and sends nothing holds none of the budget.
 */
import { ApiError } from './reply.js';

export class UploadBudget {
  private inUse = 0;

  constructor(
    /** Largest single body (413 beyond). */
    readonly maxBodyBytes: number,
    /** Largest sum of the bodies being received at once (503 beyond). */
    readonly maxTotalBytes: number,
  ) {}

  /**
   * Judges a declared Content-Length before the body is read (or asked for, under
   * `Expect: 100-continue`): the 413 past one body's limit, the 503 past what the budget
   * can take now. An unknown length passes: its bytes are counted as they arrive.
   */
  admit(declared: number): void {
    if (!Number.isFinite(declared)) return;
    if (declared > this.maxBodyBytes) throw bodyTooLarge(this.maxBodyBytes);
    this.check(declared);
  }

  /** Throws the 503 when `bytes` more cannot be received now. */
  check(bytes: number): void {
    if (bytes > this.maxTotalBytes - this.inUse) throw busy();
  }

  /** Takes `bytes` from the budget, or throws the 503 when they are not there. */
  take(bytes: number): void {
    this.check(bytes);
    this.inUse += bytes;
  }

  /** Gives back what `take` took, once the body is read (or refused, or cut off). */
  give(bytes: number): void {
    this.inUse -= bytes;
  }
}

/** The 413 of a body over `limit` bytes, declared or counted. */
export function bodyTooLarge(limit: number): ApiError {
  return new ApiError(413, `the request body is larger than ${limit} bytes`);
}

function busy(): ApiError {
  return new ApiError(
    503,
    'the emulator is receiving too many request bodies at once; send the request again shortly',
    {},
    { 'Retry-After': '1' },
  );
}
