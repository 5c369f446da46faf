import { describe, expect, it } from 'vitest';
import type { ValueSuggestion } from '../../src/completion/index.js';
import { TenantValues } from '../../src/lsp/tenant-values.js';

const values = (...v: string[]): ValueSuggestion[] => v.map((value) => ({ value }));

/** A provider whose answers the test settles by hand, counting the calls. */
function manual() {
  const calls: {
    field: string;
    prefix: string;
    signal: AbortSignal;
    settle: (v: unknown) => void;
    fail: (e: unknown) => void;
  }[] = [];
  const provider = (field: string, prefix: string, signal: AbortSignal) =>
    new Promise<readonly ValueSuggestion[]>((resolve, reject) => {
      calls.push({ field, prefix, signal, settle: resolve as (v: unknown) => void, fail: reject });
    });
  return { calls, provider };
}

describe('TenantValues (the tenant in completion, never waited on)', () => {
  it('waits at most waitMs, then keeps the answer for the next completion', async () => {
    const { calls, provider } = manual();
    const cache = new TenantValues(provider, { waitMs: 5 });
    expect(await cache.lookup('City', 'B')).toEqual({ values: undefined });
    expect(calls).toHaveLength(1);
    calls[0]!.settle(values('Berlin', 'Bonn'));
    await Promise.resolve();
    expect(await cache.lookup('City', 'B')).toEqual({ values: values('Berlin', 'Bonn') });
    expect(calls).toHaveLength(1); // kept, not asked again
  });

  it('gives an answer that comes within the wait', async () => {
    const cache = new TenantValues(async () => values('Berlin'), { waitMs: 1_000 });
    expect(await cache.lookup('City', '')).toEqual({ values: values('Berlin') });
  });

  it('asks once for concurrent lookups of the same field and prefix', async () => {
    const { calls, provider } = manual();
    const cache = new TenantValues(provider, { waitMs: 1 });
    await Promise.all([
      cache.lookup('City', 'B'),
      cache.lookup('City', 'B'),
      cache.lookup('City', 'Bo'),
    ]);
    expect(calls.map((c) => c.prefix)).toEqual(['B', 'Bo']);
  });

  it('keeps an answer ttlMs and a failure failedTtlMs, then asks again', async () => {
    let now = 0;
    let asked = 0;
    let down = false;
    const cache = new TenantValues(
      async () => {
        asked++;
        if (down) throw new Error('connection refused');
        return values('Berlin');
      },
      { waitMs: 50, ttlMs: 1_000, failedTtlMs: 100, now: () => now },
    );
    expect((await cache.lookup('City', '')).values).toEqual(values('Berlin'));
    now = 999;
    await cache.lookup('City', '');
    expect(asked).toBe(1);
    now = 1_000;
    down = true;
    expect((await cache.lookup('City', '')).values).toEqual([]);
    expect(asked).toBe(2);
    now = 1_099;
    await cache.lookup('City', '');
    expect(asked).toBe(2);
    now = 1_100;
    down = false;
    expect((await cache.lookup('City', '')).values).toEqual(values('Berlin'));
    expect(asked).toBe(3);
  });

  it('gives up a lookup after timeoutMs (its signal aborted), as no values', async () => {
    const { calls, provider } = manual();
    const cache = new TenantValues(provider, { waitMs: 1, timeoutMs: 20 });
    await cache.lookup('City', 'B');
    const signal = calls[0]!.signal;
    signal.addEventListener('abort', () => calls[0]!.fail(signal.reason));
    await new Promise((r) => setTimeout(r, 40));
    expect(signal.aborted).toBe(true);
    expect(await cache.lookup('City', 'B')).toEqual({ values: [] });
  });

  it('keeps at most maxEntries lookups, the oldest dropped first', async () => {
    let asked = 0;
    const cache = new TenantValues(
      async (_field, prefix) => {
        asked++;
        return values(prefix);
      },
      { waitMs: 50, maxEntries: 2 },
    );
    for (const prefix of ['a', 'b', 'c']) await cache.lookup('City', prefix);
    expect(asked).toBe(3);
    await cache.lookup('City', 'c');
    expect(asked).toBe(3);
    await cache.lookup('City', 'a');
    expect(asked).toBe(4);
  });

  it('reads a provider that answers something else than an array as no values', async () => {
    const cache = new TenantValues(() => 'nonsense' as unknown as ValueSuggestion[], {
      waitMs: 50,
    });
    expect(await cache.lookup('City', '')).toEqual({ values: [] });
  });
});
