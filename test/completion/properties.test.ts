/** Laws of the completion engine, over arbitrary text and every offset. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { complete } from '../../src/completion/complete.js';
import { highlight } from '../../src/completion/highlight.js';
import { hover } from '../../src/completion/hover.js';
import { schema, today } from './helpers.js';

/** Query-like text: pieces of the language glued at random, plus arbitrary strings. */
const piece = fc.constantFrom(
  ' ', '  ', '(', ')', '[', ']', '{', '}', ':', '"', '/', '\\', '~', '^', '*', '?', '>', '>=', '<', '!', '-', '+', '&&', '||',
  'AND', 'OR', 'NOT', 'and', 'or', 'not', 'TO', 'eq', 'gt', 'contains', '_exists_', 'a', 'Berlin', '2020-01-01', '18', 'é', '\u3000',
  'Status', 'First Name', 'First\\ Name', '[First Name]', 'Country', 'VIP', 'Launch\\ Date', 'ACT', '\\u00e9', '\n',
);
export const queryText = fc.oneof(
  { weight: 4, arbitrary: fc.array(piece, { maxLength: 14 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

describe('completion laws', () => {
  it('complete never throws, and from <= offset <= to within the text, at every offset', () => {
    fc.assert(
      fc.property(queryText, (text) => {
        for (let offset = 0; offset <= text.length; offset++) {
          const r = complete(text, offset, { schema, today });
          expect(r.from).toBeGreaterThanOrEqual(0);
          expect(r.from).toBeLessThanOrEqual(offset);
          expect(r.to).toBeGreaterThanOrEqual(offset);
          expect(r.to).toBeLessThanOrEqual(text.length);
          for (const item of r.items) {
            expect(typeof item.insert).toBe('string');
            if (item.cursor !== undefined) expect(item.cursor).toBeLessThanOrEqual(item.insert.length);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('hover never throws, and covers the offset within the text', () => {
    fc.assert(
      fc.property(queryText, (text) => {
        for (let offset = 0; offset <= text.length; offset++) {
          const h = hover(text, offset, { schema });
          if (h === null) continue;
          expect(h.from).toBeLessThanOrEqual(offset);
          expect(h.to).toBeGreaterThanOrEqual(offset);
          expect(h.to).toBeLessThanOrEqual(text.length);
          expect(h.contents.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('highlight returns sorted, non-overlapping, non-empty tokens within the text', () => {
    fc.assert(
      fc.property(queryText, (text) => {
        const tokens = highlight(text);
        let end = 0;
        for (const t of tokens) {
          expect(t.start).toBeGreaterThanOrEqual(end);
          expect(t.end).toBeGreaterThan(t.start);
          end = t.end;
        }
        expect(end).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 300 },
    );
  });
});
