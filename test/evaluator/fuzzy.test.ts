import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/evaluator/index.js';
import { withinEdits } from '../../src/evaluator/fuzzy.js';

const scale = Number(process.env.FC_RUNS ?? 1);

/** The optimal-string-alignment distance over the whole table: the definition the banded one must agree with. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('withinEdits', () => {
  // A small alphabet, so that near words (and swaps) are common.
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 12 });

  it('agrees with the full distance table, call after call (the rows are reused)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, word, fc.integer({ min: 0, max: 3 })), {
          minLength: 1,
          maxLength: 5,
        }),
        (pairs) => {
          for (const [a, b, max] of pairs)
            expect(withinEdits(a, b, max), `${a} ~${max} ${b}`).toBe(distance(a, b) <= max);
        },
      ),
      { numRuns: 3000 * scale },
    );
  });

  it('answers on long words (the band keeps them linear)', () => {
    const long = 'ab'.repeat(10_000);
    expect(withinEdits(long, `${long}x`, 2)).toBe(true);
    expect(withinEdits(`x${long}`, `${long}y`, 2)).toBe(true);
    expect(withinEdits(`xy${long}`, `${long}zw`, 2)).toBe(false);
    expect(withinEdits(`${long}ba`, `${long}ab`, 1)).toBe(true); // a swap at the end
    expect(compile(`${'a'.repeat(10_000)}b~2`)({ x: `${'a'.repeat(10_000)}c` })).toBe(true);
    expect(compile(`x:${'a'.repeat(10_000)}bcde~2`)({ x: `${'a'.repeat(10_000)}c` })).toBe(false);
  });
});
