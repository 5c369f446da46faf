/**
 * A tenant's values in completion without ever waiting on the tenant: each lookup
 * (field and typed prefix) is asked once and its answer kept for a while; completion
 * waits for it at most `waitMs`, then answers with the schema's items alone, marked
 * incomplete so the editor asks again as the person types, and by then the answer is
 * kept. A failed or timed-out lookup is kept as "no values" for a shorter while, so a
 * tenant that is down costs one request per lookup per `failedTtlMs`, never a stall.
 */
import type { ValueProvider, ValueSuggestion } from '../completion/index.js';

export interface TenantValuesOptions {
  /** How long completion waits for a lookup not yet kept (default 150 ms). */
  readonly waitMs?: number;
  /** How long an answer is kept (default 60 s). */
  readonly ttlMs?: number;
  /** How long a failure is kept (default 10 s). */
  readonly failedTtlMs?: number;
  /** How long one lookup may take before it is given up (default 5 s). */
  readonly timeoutMs?: number;
  /** Lookups kept at most (default 500; the oldest go first). */
  readonly maxEntries?: number;
  readonly now?: () => number;
}

interface Kept {
  /** Settles to the values (never rejects). */
  readonly answer: Promise<readonly ValueSuggestion[]>;
  values?: readonly ValueSuggestion[];
  expires: number;
}

export interface TenantLookup {
  /** The values when they arrived within the wait; `undefined` when still on the way. */
  readonly values: readonly ValueSuggestion[] | undefined;
}

export class TenantValues {
  private readonly kept = new Map<string, Kept>();
  private readonly waitMs: number;
  private readonly ttlMs: number;
  private readonly failedTtlMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly provider: ValueProvider,
    options: TenantValuesOptions = {},
  ) {
    this.waitMs = options.waitMs ?? 150;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.failedTtlMs = options.failedTtlMs ?? 10_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** The tenant's values of `field` starting with `prefix`, waiting at most `waitMs`. */
  async lookup(field: string, prefix: string): Promise<TenantLookup> {
    const key = `${field}\u0000${prefix}`;
    let entry = this.kept.get(key);
    if (entry !== undefined && entry.values !== undefined && entry.expires <= this.now()) {
      this.kept.delete(key);
      entry = undefined;
    }
    if (entry === undefined) {
      entry = this.ask(field, prefix);
      this.kept.set(key, entry);
      while (this.kept.size > this.maxEntries)
        this.kept.delete(this.kept.keys().next().value as string);
    }
    if (entry.values !== undefined) return { values: entry.values };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.waitMs);
    });
    const values = await Promise.race([entry.answer, waited]);
    clearTimeout(timer);
    return { values };
  }

  private ask(field: string, prefix: string): Kept {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error('the tenant took too long')),
      this.timeoutMs,
    );
    const entry: Kept = {
      expires: Number.POSITIVE_INFINITY,
      answer: Promise.resolve()
        .then(() => this.provider(field, prefix, controller.signal))
        .then(
          (values) => {
            entry.values = Array.isArray(values) ? values : [];
            entry.expires = this.now() + this.ttlMs;
            return entry.values;
          },
          () => {
            entry.values = [];
            entry.expires = this.now() + this.failedTtlMs;
            return entry.values;
          },
        )
        .finally(() => clearTimeout(timer)),
    };
    return entry;
  }
}
