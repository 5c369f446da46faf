import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleId } from '../../src/examples/ids.js';

/** The first definition, by the string iterator: the ids it made are the example tenant's, and must not change. */
function byIterator(timestamp: string, seed: string): string {
  let h = 2166136261;
  let hex = '';
  for (let round = 0; hex.length < 30; round++) {
    for (const ch of `${seed}#${round}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    hex += h.toString(16).padStart(8, '0');
  }
  return timestamp.padEnd(17, '0').slice(0, 17) + hex.slice(0, 30);
}

describe('exampleId', () => {
  it('is a 17-digit timestamp and 30 hex digits', () => {
    expect(exampleId('20240115103000123', 'customer/First Name')).toMatch(
      /^20240115103000123[0-9a-f]{30}$/,
    );
    expect(exampleId('2024', 'x')).toMatch(/^20240000000000000[0-9a-f]{30}$/);
  });

  it('gives the ids the string iterator gave, for any seed: surrogate pairs, lone surrogates and all', () => {
    const seed = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'grapheme' }),
      fc.string(),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,20}$/),
        seed,
        (timestamp, s) => exampleId(timestamp, s) === byIterator(timestamp, s),
      ),
      { numRuns: 2000 },
    );
    for (const s of ['\ud83d\ude00', '\ud83d', '\ude00', '\ud83d#', 'a\ud83d\ud83d\ude00b'])
      expect(exampleId('1', s)).toBe(byIterator('1', s));
  });
});
