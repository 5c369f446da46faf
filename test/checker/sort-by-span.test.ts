/** The order of `check`'s diagnostics: by start, then end, ties in report order (sort-by-span.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortBySpan } from '../../src/checker/sort-by-span.js';
import type { Diagnostic } from '../../src/language/diagnostic.js';

const diagnostic = (start: number, end: number, id: number): Diagnostic => ({
  code: 'x',
  severity: 'warning',
  message: String(id),
  span: { start, end },
});

/** Array.prototype.sort is stable: the reference. */
const reference = (ds: readonly Diagnostic[]) =>
  [...ds].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);

const spans = fc.array(fc.tuple(fc.nat(20), fc.nat(4)), { maxLength: 200 });
/** Several runs each in order, as the walk reports them. */
const runs = fc
  .array(
    spans.map((s) => s.sort((a, b) => a[0] - b[0] || a[1] - b[1])),
    { maxLength: 8 },
  )
  .map((rs) => rs.flat());

describe('sortBySpan', () => {
  it('property: the same order as a stable sort, on any list and on lists of runs in order', () => {
    fc.assert(
      fc.property(fc.oneof(spans, runs), (pairs) => {
        const ds = pairs.map(([start, length], id) => diagnostic(start, start + length, id));
        const expected = reference(ds);
        const sorted = sortBySpan([...ds]);
        expect(sorted.map((d) => d.message)).toEqual(expected.map((d) => d.message));
      }),
    );
  });

  it('sorts in place and returns the same array', () => {
    const ds = [5, 3, 9, 1, 7, 2, 8, 6, 4, 0].map((start, id) => diagnostic(start, start + 1, id));
    const same = ds;
    expect(sortBySpan(ds)).toBe(same);
    expect(ds.map((d) => d.span.start)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('two long runs (20 000 repeats reported before 20 000 empty phrases) in one merge', () => {
    const n = 20_000;
    const ds = [
      ...Array.from({ length: n - 1 }, (_, i) => diagnostic(2 * (i + 1), 2 * (i + 1) + 2, i)),
      ...Array.from({ length: n }, (_, i) => diagnostic(2 * i, 2 * i + 2, n + i)),
    ];
    expect(sortBySpan([...ds]).map((d) => d.message)).toEqual(reference(ds).map((d) => d.message));
  });
});
