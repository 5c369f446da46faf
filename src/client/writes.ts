/**
 * Writes that never apply twice and never claim a write they cannot prove.
 *
 * A write is never repeated blindly. When its answer is lost (a dropped connection, a
 * timeout, a 5xx, a 429, a 401 that may have come from a proxy after the service applied
 * it), the object is read again: if its `_version` did not move, the write was not
 * applied, and sending it again is safe (the optimistic lock refuses a copy that arrives
 * late). If it moved by exactly one and holds other values, another writer won: a
 * `VersionConflictError`. If it moved by one and holds the values sent, that fits this
 * write as well as any other writer's that sent the same values from the same version
 * (two processes incrementing one counter from one read send the same number), and the
 * interface carries nothing that tells them apart: the outcome is unknown
 * (`WriteOutcomeUnknownError`, with the object as read), never a success. Only the
 * client's own ledger separates them the other way: when one of its own confirmed writes
 * started from that version, this one did not land (one write per version).
 */
import {
  AuthError,
  BadRequestError,
  NetworkError,
  NotFoundError,
  ServiceError,
  TimeoutError,
  VersionConflictError,
  WriteOutcomeUnknownError,
  retryAfterOf,
} from './errors.js';
import type { Clock, Logger } from './options.js';
import { backoffDelay, MAX_TIMER_MS, retryDelay, type RetryPolicy } from './retry.js';
import type { Transport } from './transport.js';
import { pathOf } from './transport.js';
import type { DataObject, DataObjectRef, FieldValues } from './types.js';

export interface UpdateResult {
  /** The object's version after the update. */
  readonly version: number;
}

export interface UpdateWithRetryResult extends UpdateResult {
  /** The object as read before the change that was applied. */
  readonly previous: DataObject;
  /** The fields sent (nothing was sent when the change returned no fields). */
  readonly fields: FieldValues;
  /** Version conflicts met on the way. */
  readonly conflicts: number;
}

/** Reads the object's current state, or undefined when it is gone. */
export type ReadObject = (
  ref: DataObjectRef,
  signal?: AbortSignal,
) => Promise<DataObject | undefined>;

export interface WriteParts {
  readonly transport: Transport;
  readonly read: ReadObject;
  readonly clock: Clock;
  readonly retry: RetryPolicy;
  readonly conflictAttempts: number;
  readonly logger: Logger | undefined;
}

export function objectPath(ref: DataObjectRef): string {
  return pathOf`/v1/businessareas/${ref.businessAreaId}/schemas/${ref.schemaId}/datasets/${ref.dataSetId}/dataobjects/${ref.dataObjectId}`;
}

/**
 * Failures after which the service may or may not have done the write. A 429 or 503 is
 * among them: a proxy answers 503 after forwarding (an upstream reset before headers), and
 * a 401 may come from a gateway after the service applied the write.
 */
function answerLost(e: unknown): e is ServiceError {
  return (
    e instanceof NetworkError ||
    e instanceof TimeoutError ||
    e instanceof AuthError ||
    (e instanceof ServiceError && (e.status === 429 || (e.status ?? 0) >= 500))
  );
}

/** Worth sending again once a re-read shows the write was not applied (a 500 says the service failed: reported, not repeated). */
function worthAnotherTry(e: unknown, policy: RetryPolicy): boolean {
  return (
    e instanceof NetworkError ||
    e instanceof TimeoutError ||
    (e instanceof ServiceError && e.status !== undefined && policy.statuses.includes(e.status))
  );
}

/** The object moved by one and holds the values sent: this write's doing, or another writer's that sent the same. */
function ambiguous(cause: ServiceError, version: number, current: DataObject) {
  return new WriteOutcomeUnknownError(
    `${cause.message}; the object moved from version ${version} to ${version + 1} and holds the values sent, which another writer sending the same values would leave too, so whether this update was applied cannot be told`,
    { status: cause.status, body: cause.body, request: cause.request, cause, current },
  );
}

export function createWrites(parts: WriteParts) {
  const { transport, read, clock, retry } = parts;
  const lock = createLocks();
  const ledgers = new Map<string, Ledger>();
  const ledger = (key: string) => {
    let found = ledgers.get(key);
    if (found === undefined) {
      found = createLedger();
      // Bounded: a long-lived client writing many objects forgets the oldest.
      if (ledgers.size >= MAX_LEDGERS) ledgers.delete(ledgers.keys().next().value!);
      ledgers.set(key, found);
    }
    return found;
  };

  const warn = (message: string) => {
    try {
      parts.logger?.warn?.(message);
    } catch {
      // A broken logger must not break a write.
    }
  };

  /** Tells whether a write of `fields` at `version` happened, from the object's state now. */
  async function applied(
    ref: DataObjectRef,
    version: number,
    fields: FieldValues,
    cause: ServiceError,
    mine: Ledger,
    signal?: AbortSignal,
  ): Promise<{ applied: false; current: DataObject }> {
    let current: DataObject | undefined;
    try {
      current = await read(ref, signal);
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      throw new WriteOutcomeUnknownError(
        `${cause.message}; reading the object again to learn whether the update was applied failed too (${e instanceof Error ? e.message : String(e)})`,
        {
          status: cause.status,
          body: cause.body,
          request: cause.request,
          cause,
        },
      );
    }
    if (current === undefined)
      throw new NotFoundError(`${cause.request ?? 'the update'}: the data object is gone`, {
        request: cause.request,
        cause,
      });
    const now = current._version;
    if (now === version) return { applied: false, current };
    if (now === version + 1 && holds(current, fields) && !mine.has(version))
      throw ambiguous(cause, version, current);
    if (now === version + 1 || now < version) {
      throw new VersionConflictError(
        `${cause.request}: the update at version ${version} was not applied; the object is at version ${now}`,
        {
          status: cause.status,
          body: cause.body,
          request: cause.request,
          sentVersion: version,
          currentVersion: now,
          current,
        },
      );
    }
    throw new WriteOutcomeUnknownError(
      `${cause.message}; the object has moved from version ${version} to ${now} since, so whether this update was applied cannot be told`,
      { status: cause.status, body: cause.body, request: cause.request, cause },
    );
  }

  /** Sends `_version` and the fields, exactly; resolves a lost answer by reading the object again. */
  async function update(
    ref: DataObjectRef,
    version: number,
    fields: FieldValues,
    signal?: AbortSignal,
    sent: InFlight = { unresolved: false },
  ): Promise<UpdateResult> {
    if (!Number.isInteger(version) || version < 0)
      throw new TypeError(`update: the version must be a whole number, not ${String(version)}`);
    if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
      throw new TypeError('update: the fields are an object keyed by field name');
    if (Object.hasOwn(fields, '_version'))
      throw new TypeError('update: give the version as its own argument, not as a field');
    const body = { ...fields, _version: version };
    const path = objectPath(ref);
    const key = `${ref.businessAreaId}/${ref.schemaId}/${ref.dataSetId}/${ref.dataObjectId}`;
    return lock(key, signal, async () => {
      const mine = ledger(key);
      const done = () => {
        mine.add(version);
        return { version: version + 1 };
      };
      let uncertain = false;
      let renewed = false;
      for (let attempt = 1; ; attempt++) {
        try {
          sent.unresolved = true;
          await transport.send({
            method: 'PUT',
            path,
            body,
            signal,
            retry: false,
            auth: true,
            replayAfter401: false,
          });
          return done();
        } catch (e) {
          if (signal?.aborted) {
            // Cut while the write was on its way: it may have been applied.
            throw new WriteOutcomeUnknownError(
              `PUT ${path} was aborted before its answer came, so whether it was applied cannot be told`,
              { request: `PUT ${path}`, cause: signal.reason },
            );
          }
          if (e instanceof BadRequestError) {
            // A 400 is a stale version or a bad body: the object's version tells which (and whether an earlier, lost attempt landed).
            let current: DataObject | undefined;
            try {
              current = await read(ref, signal);
            } catch {
              throw e;
            }
            if (current === undefined)
              throw new NotFoundError(`${e.request}: the data object is gone`, {
                request: e.request,
                cause: e,
              });
            if (
              uncertain &&
              current._version === version + 1 &&
              holds(current, fields) &&
              !mine.has(version)
            )
              throw ambiguous(e, version, current);
            // A 400 is an answer: this attempt was refused, and no earlier one landed.
            sent.unresolved = false;
            if (current._version !== version) {
              throw new VersionConflictError(
                `${e.request}: version ${version} is stale; the object is at version ${current._version}`,
                {
                  status: e.status,
                  body: e.body,
                  request: e.request,
                  sentVersion: version,
                  currentVersion: current._version,
                  current,
                },
              );
            }
            throw e;
          }
          if (!answerLost(e)) throw e;
          const failed = e;
          // Throws unless the object shows the write was not applied.
          await applied(ref, version, fields, failed, mine, signal);
          sent.unresolved = false;
          uncertain = true;
          if (failed instanceof AuthError) {
            // The read renewed the token (the transport replays no write after a 401): one replay, as for a read.
            if (renewed) throw failed;
            renewed = true;
            attempt--;
            continue;
          }
          if (!worthAnotherTry(failed, retry) || attempt >= retry.attempts) throw failed;
          const wait = retryDelay(retry, attempt - 1, retryAfterOf(failed), clock.random);
          if (wait === undefined) throw failed;
          warn(
            `${failed.request}: ${failed.message}; the update was not applied; sending it again in ${wait} ms`,
          );
          await clock.sleep(wait, signal);
        }
      }
    });
  }

  /** Reads, applies `change`, sends; on a version conflict reads again and repeats (bounded, with backoff). */
  async function updateWithRetry(
    ref: DataObjectRef,
    change: (current: DataObject) => FieldValues | undefined | Promise<FieldValues | undefined>,
    options: {
      readonly signal?: AbortSignal | undefined;
      readonly attempts?: number | undefined;
      readonly deadlineMs?: number | undefined;
    } = {},
  ): Promise<UpdateWithRetryResult> {
    const attempts = options.attempts ?? parts.conflictAttempts;
    // NaN would never be reached: conflicts retried forever.
    if (!Number.isSafeInteger(attempts) || attempts < 1)
      throw new RangeError(
        `updateWithRetry: attempts must be a whole number >= 1, not ${String(attempts)}`,
      );
    const { deadlineMs } = options;
    if (
      deadlineMs !== undefined &&
      !(typeof deadlineMs === 'number' && deadlineMs > 0 && deadlineMs <= MAX_TIMER_MS)
    )
      throw new RangeError(
        `updateWithRetry: deadlineMs must be a number of milliseconds > 0 and <= ${MAX_TIMER_MS}, not ${String(deadlineMs)}`,
      );
    if (deadlineMs === undefined) return conflictLoop(ref, change, attempts, options.signal);
    // The deadline aborts whatever is under way (a read, a wait, a write): a write it cuts on its way is a WriteOutcomeUnknownError, any other cut a TimeoutError (nothing applied).
    const deadline = AbortSignal.timeout(Math.ceil(deadlineMs));
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    const sent: InFlight = { unresolved: false };
    try {
      return await conflictLoop(ref, change, attempts, signal, sent);
    } catch (e) {
      if (!deadline.aborted || options.signal?.aborted || e instanceof WriteOutcomeUnknownError)
        throw e;
      if (sent.unresolved)
        throw new WriteOutcomeUnknownError(
          `updateWithRetry of ${objectPath(ref)} reached its deadline of ${deadlineMs} ms while the outcome of a write was not yet known`,
          { request: `PUT ${objectPath(ref)}`, cause: e },
        );
      throw new TimeoutError(
        `updateWithRetry of ${objectPath(ref)} did not finish within its deadline of ${deadlineMs} ms`,
        { request: `PUT ${objectPath(ref)}`, cause: e },
      );
    }
  }

  async function conflictLoop(
    ref: DataObjectRef,
    change: (current: DataObject) => FieldValues | undefined | Promise<FieldValues | undefined>,
    attempts: number,
    signal: AbortSignal | undefined,
    sent: InFlight = { unresolved: false },
  ): Promise<UpdateWithRetryResult> {
    let current: DataObject | undefined;
    for (let attempt = 1; ; attempt++) {
      current ??= await read(ref, signal);
      if (current === undefined)
        throw new NotFoundError(`${objectPath(ref)}: no such data object`, {
          request: `GET ${objectPath(ref)}`,
        });
      const fields = await change(current);
      if (fields === undefined)
        return { version: current._version, previous: current, fields: {}, conflicts: attempt - 1 };
      try {
        const result = await update(ref, current._version, fields, signal, sent);
        return { ...result, previous: current, fields, conflicts: attempt - 1 };
      } catch (e) {
        if (!(e instanceof VersionConflictError) || attempt >= attempts) throw e;
        await clock.sleep(backoffDelay(retry, attempt - 1, clock.random), signal);
        // The object read with the conflict may be old by now; a fresh read after the wait costs one request.
        current = undefined;
      }
    }
  }

  return { update, updateWithRetry };
}

/** Whether a write of this call was sent and neither confirmed nor shown not applied (what a deadline cutting it in must report). */
interface InFlight {
  unresolved: boolean;
}

const MAX_LEDGERS = 1024;
const MAX_VERSIONS = 256;

/** The versions this client's own confirmed writes of one object started from. */
interface Ledger {
  readonly has: (version: number) => boolean;
  readonly add: (version: number) => void;
}

function createLedger(): Ledger {
  const versions = new Set<number>();
  return {
    has: (version) => versions.has(version),
    add(version) {
      if (versions.size >= MAX_VERSIONS) versions.delete(versions.values().next().value!);
      versions.add(version);
    },
  };
}

/** The object holds every value sent (numbers and their text compare equal: services normalise). */
function holds(current: DataObject, fields: FieldValues): boolean {
  return Object.entries(fields).every(([name, value]) => same(current[name], value));
}

function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (
    (typeof a === 'number' || typeof a === 'string') &&
    (typeof b === 'number' || typeof b === 'string')
  )
    return String(a) === String(b);
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (
    a !== null &&
    b !== null &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    !Array.isArray(a) &&
    !Array.isArray(b)
  ) {
    const keys = Object.keys(b);
    return (
      keys.length === Object.keys(a).length &&
      keys.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return false;
}

/** One write at a time per key; a caller whose signal aborts stops waiting, without breaking the queue. */
function createLocks() {
  const tails = new Map<string, Promise<void>>();
  return async function withLock<T>(
    key: string,
    signal: AbortSignal | undefined,
    run: () => Promise<T>,
  ): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    tails.set(key, tail);
    const finish = () => {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    };
    try {
      await waitFor(previous, signal);
    } catch (e) {
      // Our turn is given up: release it once the writes before us are done.
      void previous.then(finish);
      throw e;
    }
    try {
      return await run();
    } finally {
      finish();
    }
  };
}

function waitFor(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
