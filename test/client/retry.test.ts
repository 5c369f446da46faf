import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY,
  backoffDelay,
  parseRetryAfter,
  retryPolicy,
  sleep,
} from '../../src/client/retry.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('backoff with full jitter', () => {
  it('waits a uniform share of min(cap, base * 2^retry): never more, never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (baseDelayMs, maxDelayMs, retry, r) => {
          const policy = retryPolicy({ baseDelayMs, maxDelayMs });
          const ceiling = baseDelayMs === 0 ? 0 : Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
          const delay = backoffDelay(policy, retry, () => r);
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(ceiling);
          expect(delay).toBe(Math.floor(ceiling * r));
        },
      ),
    );
  });

  it('doubles its ceiling on every retry up to the cap', () => {
    const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });
    const almostOne = () => 0.999999;
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(policy, n, almostOne))).toEqual([
      99, 199, 399, 799, 999, 999,
    ]);
    expect(backoffDelay(policy, 3, () => 0)).toBe(0);
  });

  it('tolerates a random source that misbehaves (NaN, out of range)', () => {
    const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });
    expect(backoffDelay(policy, 0, () => Number.NaN)).toBe(0);
    expect(backoffDelay(policy, 0, () => 7)).toBe(100);
    expect(backoffDelay(policy, 0, () => -1)).toBe(0);
  });

  it('checks the policy it is given', () => {
    expect(retryPolicy(undefined)).toEqual(DEFAULT_RETRY);
    expect(DEFAULT_RETRY.statuses).toEqual([429, 502, 503, 504]);
    expect(() => retryPolicy({ attempts: 0 })).toThrow(RangeError);
    expect(() => retryPolicy({ baseDelayMs: -1 })).toThrow(/baseDelayMs/);
    expect(() => retryPolicy({ maxRetryAfterMs: Number.NaN })).toThrow(/maxRetryAfterMs/);
    expect(retryPolicy({ attempts: 2.7 }).attempts).toBe(2);
  });
});

describe('Retry-After', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('1.5', NOW)).toBe(1500);
  });

  it('reads an HTTP date, in the past meaning no wait', () => {
    expect(parseRetryAfter(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', NOW)).toBe(0);
  });

  it('ignores what is neither', () => {
    for (const value of [
      null,
      undefined,
      '',
      '  ',
      '-5',
      'soon',
      '1e3',
      '12abc',
      'Monday',
      'NaN',
      'Infinity',
    ])
      expect(parseRetryAfter(value, NOW), String(value)).toBeUndefined();
  });

  it('never throws and never answers a negative or non-finite wait', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const ms = parseRetryAfter(value, NOW);
        if (ms !== undefined) {
          expect(Number.isFinite(ms)).toBe(true);
          expect(ms).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe('sleep', () => {
  it('rejects with the signal reason when aborted, before or during the wait', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    await expect(sleep(10, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
    await expect(sleep(1)).resolves.toBeUndefined();
  });
});
