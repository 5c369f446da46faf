/** pageKey paging of a list that changes between pages: removed items hidden, new ones added at the end. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stablePage, type Page } from '../../../src/emulator/http/paging.js';

interface Item {
  readonly id: number;
  deleted: boolean;
}

describe('stablePage', () => {
  it('shows every item that is there from the first page to the last exactly once, in order, whatever is removed or added between pages', () => {
    const change = fc.oneof(fc.record({ remove: fc.nat() }), fc.record({ add: fc.constant(true) }));
    fc.assert(
      fc.property(
        fc.nat(40),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.array(change, { maxLength: 4 }), { maxLength: 30 }),
        (initial, size, changes) => {
          const items: Item[] = Array.from({ length: initial }, (_, id) => ({
            id,
            deleted: false,
          }));
          const removed = new Set<number>();
          const seen: number[] = [];
          let key: string | null = null;
          for (let step = 0; ; step++) {
            const result: Page<Item> = stablePage(
              items,
              (item) => !item.deleted,
              key,
              size,
              'list',
            );
            expect(result.items.length).toBeLessThanOrEqual(size);
            expect(result.items.every((item) => !item.deleted)).toBe(true);
            seen.push(...result.items.map((item) => item.id));
            if (result.nextPageKey === undefined) break;
            expect(result.items.length).toBe(size);
            key = result.nextPageKey;
            for (const c of changes[step] ?? []) {
              if ('add' in c) items.push({ id: items.length, deleted: false });
              else if (items.length > 0) {
                items[c.remove % items.length]!.deleted = true;
                removed.add(c.remove % items.length);
              }
            }
          }
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen).toEqual([...seen].sort((a, b) => a - b));
          const stayed = items
            .filter((item) => item.id < initial && !removed.has(item.id))
            .map((item) => item.id);
          for (const id of stayed) expect(seen).toContain(id);
        },
      ),
    );
  });

  it('refuses a key of another list, as page does', () => {
    const items = [
      { id: 0, deleted: false },
      { id: 1, deleted: false },
    ];
    const key = stablePage(items, () => true, null, 1, 'a').nextPageKey!;
    expect(() => stablePage(items, () => true, key, 1, 'b')).toThrow(/invalid pageKey/);
  });
});
