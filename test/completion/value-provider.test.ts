import { afterEach, describe, expect, it, vi } from 'vitest';
import { complete } from '../../src/completion/complete.js';
import {
  completeWithValues,
  debounceValues,
  mergeValueSuggestions,
  wantsValues,
} from '../../src/completion/value-provider.js';
import type { ValueProvider } from '../../src/completion/types.js';
import { schema, today } from './helpers.js';

const cities: ValueProvider = (field, prefix) =>
  field === 'City'
    ? ['Berlin', 'Bern', 'New York', 'Paris']
        .filter((c) => c.toLowerCase().startsWith(prefix.toLowerCase()))
        .map((value) => ({ value, detail: 'seen recently' }))
    : [];

describe('merging provider values', () => {
  it("adds values after the schema's, written for the place, without repeats", () => {
    const r = complete('Status:', 7, { schema, today });
    const merged = mergeValueSuggestions(r, [
      { value: 'ACT' },
      { value: 'New Code', label: 'New', detail: 'from the service' },
    ]);
    expect(merged.items.map((i) => `${i.label}=${i.insert}`)).toEqual([
      'ACT=ACT',
      'INA=INA',
      'PRO=PRO',
      'BLK=BLK',
      'New="New Code"',
    ]);
    expect(merged.items.map((i) => i.sortText)).toEqual([
      '00000',
      '00001',
      '00002',
      '00003',
      '00004',
    ]);
    expect(merged.items[4]!.detail).toBe('from the service');
  });

  it('quotes in comparisons and inside quotes, escapes bare words, writes range bounds', () => {
    const write = (text: string, value: string) =>
      mergeValueSuggestions(complete(text, text.length, { schema }), [{ value }]).items.find(
        (i) => i.label === value,
      )!.insert;
    expect(write('[City] eq ', 'Berlin')).toBe('"Berlin"');
    expect(write('[Age] eq ', '42')).toBe('42');
    expect(write('City:', 'a:b')).toBe('a\\:b');
    expect(write('City:', 'New York')).toBe('"New York"');
    expect(write('City:"Ne', 'New "Y"')).toBe('"New \\"Y\\""');
    expect(write('City:(Paris OR ', 'Bonn')).toBe('Bonn');
    expect(write('Age:[', '5')).toBe('5');
  });

  it('leaves results that are not about values alone', () => {
    const r = complete('', 0, { schema });
    expect(wantsValues(r)).toBe(false);
    expect(mergeValueSuggestions(r, [{ value: 'x' }])).toBe(r);
    expect(wantsValues(complete('City:', 5, { schema }))).toBe(true);
    expect(wantsValues(complete('Country:(DE OR ', 15, { schema }))).toBe(true);
  });
});

describe('completeWithValues', () => {
  it('asks the provider with the field and the typed prefix', async () => {
    const seen: string[] = [];
    const values: ValueProvider = async (field, prefix) => {
      seen.push(`${field}/${prefix}`);
      return cities(field, prefix, new AbortController().signal);
    };
    const r = await completeWithValues('City:Be', 7, { schema, values });
    expect(seen).toEqual(['City/Be']);
    expect(r.items.map((i) => i.label)).toEqual(['Berlin', 'Bern']);
    expect(r.from).toBe(5);
  });

  it('does not call the provider where no value fits, and survives a failing one', async () => {
    let calls = 0;
    const failing: ValueProvider = () => {
      calls++;
      throw new Error('service down');
    };
    expect((await completeWithValues('[Ag', 3, { schema, values: failing })).items[0]!.label).toBe(
      'Age',
    );
    expect(calls).toBe(0);
    expect(
      (await completeWithValues('Status:', 7, { schema, values: failing })).items,
    ).toHaveLength(4);
    expect(calls).toBe(1);
  });

  it('rejects when its signal is aborted', async () => {
    const controller = new AbortController();
    const slow: ValueProvider = () =>
      new Promise((resolve) => setTimeout(() => resolve([{ value: 'x' }]), 5));
    const pending = completeWithValues('City:', 5, { schema, values: slow }, controller.signal);
    controller.abort(new Error('stale'));
    await expect(pending).rejects.toThrow('stale');
  });
});

describe('debounceValues', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks only for the last of a burst; the ones before resolve to no values', async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    const debounced = debounceValues((_field, prefix) => {
      asked.push(prefix);
      return [{ value: prefix }];
    }, 100);
    const signal = new AbortController().signal;
    const first = debounced('City', 'B', signal);
    const second = debounced('City', 'Be', signal);
    const third = debounced('City', 'Ber', signal);
    await vi.advanceTimersByTimeAsync(150);
    await expect(first).resolves.toEqual([]);
    await expect(second).resolves.toEqual([]);
    await expect(third).resolves.toEqual([{ value: 'Ber' }]);
    expect(asked).toEqual(['Ber']);
  });

  it('aborts a call already running when a newer one comes in, through its signal', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const debounced = debounceValues((_field, prefix, signal) => {
      signals.push(signal);
      return new Promise((resolve) => setTimeout(() => resolve([{ value: prefix }]), 1000));
    }, 10);
    const signal = new AbortController().signal;
    const first = debounced('City', 'B', signal);
    await vi.advanceTimersByTimeAsync(20);
    expect(signals).toHaveLength(1);
    const second = debounced('City', 'Be', signal);
    expect(signals[0]!.aborted).toBe(true);
    await expect(first).resolves.toEqual([]);
    await vi.advanceTimersByTimeAsync(1100);
    await expect(second).resolves.toEqual([{ value: 'Be' }]);
  });

  it("follows the caller's signal", async () => {
    vi.useFakeTimers();
    let asked = 0;
    const debounced = debounceValues(() => {
      asked++;
      return [];
    }, 50);
    const controller = new AbortController();
    const call = debounced('City', 'x', controller.signal);
    const settled = call.catch((e: unknown) => e);
    controller.abort(new Error('closed'));
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled).toMatchObject({ message: 'closed' });
    expect(asked).toBe(0);
  });
});
