/**
 * sharedSlice (src/language/shared-slices.ts): whatever the table holds, and however often
 * a spelling was seen, the string given back is the slice of the text it was asked for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharedSlice } from '../../src/language/shared-slices.js';

const scale = Number(process.env.FC_RUNS ?? 1);

/** Texts of few distinct letters, so that short spellings repeat and collide in the table. */
const text = fc.string({
  unit: fc.constantFrom('a', 'b', '"', ' ', 'é', '\ud83d', '\ude00'),
  minLength: 1,
  maxLength: 40,
});

describe('sharedSlice', () => {
  it('property: gives text.slice(start, end), on first, second and later sightings alike', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, fc.nat(), fc.nat()), { minLength: 1, maxLength: 50 }),
        (asks) => {
          for (let round = 0; round < 3; round++) {
            for (const [t, a, b] of asks) {
              const start = a % (t.length + 1);
              const end = start + (b % (t.length - start + 1));
              expect(sharedSlice(t, start, end)).toBe(t.slice(start, end));
            }
          }
        },
      ),
      { numRuns: 300 * scale },
    );
  });

  it('gives back the same spelling in thousands of different texts (collisions in the table included)', () => {
    for (let i = 0; i < 5000; i++) {
      const word = `w${i % 1500}`;
      const t = `[${word}] eq "${i}"`;
      expect(sharedSlice(t, 1, 1 + word.length)).toBe(word);
      expect(sharedSlice(t, 0, t.indexOf(']') + 1)).toBe(`[${word}]`);
    }
  });
});
