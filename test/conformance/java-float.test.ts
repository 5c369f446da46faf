import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { javaFloatToString } from './java-float.js';

describe('javaFloatToString', () => {
  it.each([
    [2, '2.0'],
    [0.5, '0.5'],
    [1.5, '1.5'],
    [0, '0.0'],
    [10, '10.0'],
    [100, '100.0'],
    [0.1, '0.1'],
    [0.001, '0.001'],
    [1e-4, '1.0E-4'],
    [1234567, '1234567.0'],
    [1e7, '1.0E7'],
    [12345678, '1.2345678E7'],
    [-2.5, '-2.5'],
  ])('prints %s as Java does: %s', (value, expected) => {
    expect(javaFloatToString(value)).toBe(expected);
  });

  it('prints an integer below 10^7 with ".0"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (n) => javaFloatToString(n) === `${n}.0`),
    );
  });

  it('reads back as the same 32-bit float', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (f) => {
        const text = javaFloatToString(f);
        expect(Math.fround(Number(text.replace('E', 'e')))).toBe(Math.fround(f));
      }),
    );
  });

  it('writes plain notation exactly between 10^-3 and 10^7', () => {
    fc.assert(
      fc.property(
        fc.float({ noNaN: true, noDefaultInfinity: true, min: 0 }).filter((f) => f > 0),
        (f) => {
          expect(javaFloatToString(f).includes('E')).toBe(!(f >= 1e-3 && f < 1e7));
        },
      ),
    );
  });
});
