/**
 * `EmulatorOptions` checked and completed in one place, before anything starts: every
 * number is validated here (a NaN or a negative size would otherwise surface later as a
 * journal that compacts on every write, a timer that fires at once, or `listen`'s own
 * RangeError), and every default is written down once.
 */
import { checkRecordCount } from './data/generate.js';
import { DEFAULT_MAX_UNSENT_BYTES, DEFAULT_SEND_TIMEOUT_MS } from './http/outbox.js';
import type { Settings } from './router.js';
import type { EmulatorOptions } from './types.js';

/** An option of `startEmulator` that is out of its range; `option` names it, as `EmulatorOptions` spells it. */
export class EmulatorOptionError extends RangeError {
  override readonly name = 'EmulatorOptionError';

  constructor(
    readonly option: keyof EmulatorOptions,
    readonly requirement: string,
  ) {
    super(`${option} ${requirement}`);
  }
}

/** What the server itself runs by, beside the routes' `Settings`. */
export interface ServerSettings extends Settings {
  readonly port: number;
  readonly tokenTtlSeconds: number;
  readonly shutdownGraceMs: number;
  readonly sendTimeoutMs: number;
  readonly maxUnsentBytes: number;
  readonly compactAfterBytes: number;
}

/** The default budget of all request bodies being received at once: 64 one-MiB bodies. */
export const DEFAULT_UPLOAD_BYTES = 64 * 1024 * 1024;
const DEFAULT_BODY_BYTES = 1024 * 1024;
const DEFAULT_COMPACT_AFTER_BYTES = 4 * 1024 * 1024;
/** A timer's range: Node fires a longer delay at once (with a warning). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The highest TCP port: a higher one made `listen` throw a RangeError of its own. */
export const MAX_PORT = 65_535;

/** `value` when it is an integer within [min, max], `fallback` when absent; otherwise an `EmulatorOptionError`. */
function integerOption(
  options: EmulatorOptions,
  option: keyof EmulatorOptions,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const value = options[option];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `between ${min} and ${max}`;
    throw new EmulatorOptionError(
      option,
      `must be an integer ${range}, not ${typeof value === 'number' ? value : typeof value}`,
    );
  }
  return value;
}

export function settingsOf(options: EmulatorOptions): ServerSettings {
  const maxBodyBytes = integerOption(options, 'maxBodyBytes', DEFAULT_BODY_BYTES, 1);
  const maxUploadBytes = integerOption(
    options,
    'maxUploadBytes',
    Math.max(DEFAULT_UPLOAD_BYTES, maxBodyBytes),
    1,
  );
  if (maxUploadBytes < maxBodyBytes) {
    throw new EmulatorOptionError(
      'maxUploadBytes',
      `(${maxUploadBytes}) must be at least maxBodyBytes (${maxBodyBytes}): no body that large could ever be received`,
    );
  }
  const ttl = options.tokenTtlSeconds ?? 3600;
  // Seconds may be fractional (tests use short lives); a token must live, and its expiry be a date.
  if (typeof ttl !== 'number' || !(ttl > 0 && ttl <= 100 * 365 * 24 * 3600)) {
    throw new EmulatorOptionError(
      'tokenTtlSeconds',
      `must be a positive number of seconds of at most 100 years, not ${typeof ttl === 'number' ? ttl : typeof ttl}`,
    );
  }
  if (options.records !== undefined) checkRecordCount(options.records);
  integerOption(options, 'seed', 1, 0);
  return {
    port: integerOption(options, 'port', 0, 0, MAX_PORT),
    tokenTtlSeconds: ttl,
    pageSize: integerOption(options, 'pageSize', 2, 1),
    dataObjectPageSize: integerOption(options, 'dataObjectPageSize', 100, 1),
    maxResultWindow: integerOption(options, 'maxResultWindow', 10_000, 1),
    maxQueryClauses: integerOption(options, 'maxQueryClauses', 1024, 1),
    maxQueryMs: integerOption(options, 'maxQueryMs', 10_000, 1, MAX_TIMER_MS),
    maxQueuedSearches: integerOption(options, 'maxQueuedSearches', 64, 1),
    maxSearchWaitMs: integerOption(options, 'maxSearchWaitMs', 1000, 0, MAX_TIMER_MS),
    maxBodyBytes,
    maxUploadBytes,
    shutdownGraceMs: integerOption(options, 'shutdownGraceMs', 5000, 0, 600_000),
    sendTimeoutMs: integerOption(
      options,
      'sendTimeoutMs',
      DEFAULT_SEND_TIMEOUT_MS,
      1,
      MAX_TIMER_MS,
    ),
    maxUnsentBytes: integerOption(options, 'maxUnsentBytes', DEFAULT_MAX_UNSENT_BYTES, 1),
    compactAfterBytes: integerOption(options, 'compactAfterBytes', DEFAULT_COMPACT_AFTER_BYTES, 1),
    bareArrayBusinessAreas: options.bareArrayBusinessAreas ?? false,
    staticDir: options.staticDir,
  };
}
