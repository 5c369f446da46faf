/** Which answers may wait to be read at once: the budget with its reserve for small answers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnsentBudget, type Room } from '../../../src/emulator/http/unsent-budget.js';

type Step = { take: number } | { give: number };

describe('UnsentBudget', () => {
  it('never lets large answers take the reserve, never holds more than the budget, refuses only for those reasons, and gives everything back', () => {
    const step = fc.oneof(
      fc.record({ take: fc.oneof(fc.nat(300), fc.nat(5000)) }),
      fc.record({ give: fc.nat() }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.array(step, { maxLength: 60 }),
        (max, steps: Step[]) => {
          const budget = new UnsentBudget(max);
          const reserve = budget.reserve;
          const held: Room[] = [];
          for (const s of steps) {
            if ('give' in s) {
              if (held.length > 0) budget.give(held.splice(s.give % held.length, 1)[0]!);
            } else {
              const before = budget.waiting;
              const wasEmpty = before.total === 0;
              const room = budget.take(s.take);
              if (s.take <= reserve) {
                // A small answer is refused only when the answers waiting fill the budget; large ones never hold the reserve.
                expect(room === undefined).toBe(before.total + s.take > max);
                if (room === undefined)
                  expect(before.total - before.large + s.take).toBeGreaterThan(reserve);
              } else {
                const counted = Math.min(s.take, max - reserve);
                expect(room === undefined).toBe(
                  before.large + counted > max - reserve || before.total + counted > max,
                );
              }
              // With nothing waiting, any answer goes, however large.
              if (wasEmpty) expect(room).toBeDefined();
              if (room !== undefined) held.push(room);
            }
            const { total, large } = budget.waiting;
            expect(total).toBe(held.reduce((sum, r) => sum + r.bytes, 0));
            expect(total).toBeLessThanOrEqual(max);
            expect(large).toBeLessThanOrEqual(max - reserve);
          }
          for (const room of held) budget.give(room);
          expect(budget.waiting).toEqual({ total: 0, large: 0 });
        },
      ),
    );
  });

  it('lets small answers through while one answer larger than the whole budget waits (they were all refused)', () => {
    const budget = new UnsentBudget(1024);
    const huge = budget.take(10_000)!;
    expect(huge).toEqual({ bytes: 1024 - 128, large: true });
    expect(budget.take(200)).toBeUndefined();
    for (let i = 0; i < 4; i++) expect(budget.take(32)).toBeDefined();
    expect(budget.take(1)).toBeUndefined();
    budget.give(huge);
    expect(budget.take(200)).toBeDefined();
  });
});
