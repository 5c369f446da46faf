/** ScratchStack (src/language/scratch-stack.ts): nested lists built on one stack come out exactly as pushed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScratchStack } from '../../src/language/scratch-stack.js';

/** A tree of lists: each list holds numbers and nested lists, built depth-first as a parser does. */
type Nested = { items: (number | Nested)[] };
const nested: fc.Arbitrary<Nested> = fc.letrec<{ list: Nested }>((tie) => ({
  list: fc.record({
    items: fc.array(fc.oneof({ depthSize: 'small' }, fc.integer(), tie('list')), { maxLength: 6 }),
  }),
})).list;

describe('ScratchStack', () => {
  it('property: each list taken holds exactly what was pushed since its mark, in order, with nested lists taken in between', () => {
    fc.assert(
      fc.property(nested, (tree) => {
        const stack = new ScratchStack<unknown>();
        stack.push('below');
        // Builds `list` on the stack as the fast path does: a nested list is built and taken before the outer list pushes it.
        const build = (list: Nested): unknown[] => {
          const from = stack.mark();
          const pushed: unknown[] = [];
          for (const item of list.items) {
            const value = typeof item === 'number' ? item : build(item);
            stack.push(value);
            pushed.push(value);
            expect(stack.top()).toBe(value);
          }
          const taken = stack.take(from);
          expect(taken).toHaveLength(pushed.length);
          taken.forEach((value, i) => expect(value).toBe(pushed[i]));
          expect(stack.mark()).toBe(from);
          return taken;
        };
        const plain = (list: Nested): unknown[] =>
          list.items.map((item) => (typeof item === 'number' ? item : plain(item)));
        expect(build(tree)).toEqual(plain(tree));
        // What was below the lists is still there, and only it.
        expect(stack.mark()).toBe(1);
        expect(stack.top()).toBe('below');
      }),
    );
  });

  it('take returns a new array each time, not the stack itself', () => {
    const stack = new ScratchStack<number>();
    stack.push(1);
    const first = stack.take(0);
    stack.push(2);
    const second = stack.take(0);
    expect(first).toEqual([1]);
    expect(second).toEqual([2]);
    expect(first).not.toBe(second);
  });

  it('keeps its storage for the next lists: a list as long as an earlier one grows nothing', () => {
    const stack = new ScratchStack<number>();
    for (let i = 0; i < 1000; i++) stack.push(i);
    expect(stack.take(0)).toHaveLength(1000);
    const capacity = stack.capacity;
    expect(capacity).toBeGreaterThanOrEqual(1000);
    for (let i = 0; i < 1000; i++) stack.push(-i);
    expect(stack.capacity).toBe(capacity);
    const again = stack.take(0);
    expect(again[999]).toBe(-999);
    expect(again).toHaveLength(1000);
  });

  it('pop takes the top item off, and the list below it is taken whole', () => {
    const stack = new ScratchStack<string>();
    stack.push('a');
    stack.push('b');
    stack.push('c');
    expect(stack.pop()).toBe('c');
    expect(stack.top()).toBe('b');
    expect(stack.take(0)).toEqual(['a', 'b']);
  });

  it('clear empties it, whatever lists were left half-built', () => {
    const stack = new ScratchStack<string>();
    stack.push('a');
    stack.mark();
    stack.push('b');
    stack.clear();
    expect(stack.mark()).toBe(0);
    stack.push('c');
    expect(stack.take(0)).toEqual(['c']);
  });
});
