/**
 * Laws of the pure parts: the address round trip (`sync-url`) and the history list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readUrlState, remember, writeUrlState } from '../../src/element/index.js';

const name = fc.string({ minLength: 1, maxLength: 20 });

describe('the query and scope in the address', () => {
  it('reads back what it wrote, keeping the other parameters and the fragment', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.record({ businessArea: name, schema: name, dataSet: name }, { requiredKeys: [] }),
        (query, scope) => {
          const href = writeUrlState('https://app.example/search?tab=2#top', { query, scope });
          const read = readUrlState(href);
          expect(read.query).toBe(query === '' ? undefined : query);
          expect(read.scope).toEqual(scope);
          const url = new URL(href);
          expect(url.searchParams.get('tab')).toBe('2');
          expect(url.hash).toBe('#top');
        },
      ),
    );
  });

  it('removes what is empty', () => {
    const href = writeUrlState('https://app.example/?q=a&schema=S', { query: '', scope: {} });
    expect(href).toBe('https://app.example/');
  });
});

describe('the history list', () => {
  it('puts the query first, once, and keeps at most the limit', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() === s && s !== ''),
          { maxLength: 30 },
        ),
        fc.string({ maxLength: 8 }),
        fc.integer({ min: 1, max: 25 }),
        (queries, text, limit) => {
          const next = remember(queries, text, limit);
          if (text.trim() === '') {
            expect(next).toBe(queries);
            return;
          }
          expect(next[0]).toBe(text.trim());
          expect(new Set(next).size).toBe(next.length);
          expect(next.length).toBeLessThanOrEqual(limit);
          // The others keep their order.
          const rest = queries.filter((q) => q !== text.trim()).slice(0, limit - 1);
          expect(next.slice(1)).toEqual(rest);
        },
      ),
    );
  });
});
