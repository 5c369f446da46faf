/** The ends of the range a relation, a one-sided comparison or a Range node means, as both engines read them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openRange, rangeEnds } from '../../src/engines/range-ends.js';
import { parseOrThrow } from '../../src/index.js';

describe('openRange', () => {
  it('bounds the side the operator names, inclusive for the operators with =', () => {
    expect(openRange('>', '5')).toEqual({ lower: { text: '5', inclusive: false }, upper: null });
    expect(openRange('<=', '5')).toEqual({ lower: null, upper: { text: '5', inclusive: true } });
  });

  it('reads a bracket comparison as the relation of the same meaning', () => {
    const pairs = [
      ['gt', '>'],
      ['ge', '>='],
      ['lt', '<'],
      ['le', '<='],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.string(), ([named, symbol], text) => {
        expect(openRange(named, text)).toEqual(openRange(symbol, text));
      }),
    );
  });

  it('is the Range node with the other end open', () => {
    const body = (query: string) => {
      const tree = parseOrThrow(query);
      if (tree.body?.kind !== 'Field' || tree.body.value.kind !== 'Range') throw new Error(query);
      return tree.body.value;
    };
    expect(rangeEnds(body('a:{5 TO *]'))).toEqual(openRange('>', '5'));
    expect(rangeEnds(body('a:[* TO 5]'))).toEqual(openRange('<=', '5'));
    expect(rangeEnds(body('a:[1 TO 5}'))).toEqual({
      lower: { text: '1', inclusive: true },
      upper: { text: '5', inclusive: false },
    });
  });
});
