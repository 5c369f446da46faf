/** applyEdits: one pass over the text, the same result as applying the edits back to front one by one. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { applyEdits, type TextEdit } from '../../src/language/diagnostic.js';

/** The definition: sorted back to front (ties in input order), each spliced in turn. */
function oneByOne(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end);
  let out = text;
  for (const edit of sorted)
    out = out.slice(0, edit.span.start) + edit.text + out.slice(edit.span.end);
  return out;
}

/** A text and non-overlapping edits on it (insertions may share an offset), in random order. */
const textAndEdits = fc.string({ maxLength: 30 }).chain((text) =>
  fc
    .array(fc.tuple(fc.nat(text.length), fc.nat(3), fc.string({ maxLength: 3 })), { maxLength: 8 })
    .map((raw) => {
      const edits: TextEdit[] = [];
      for (const [start, length, insert] of raw) {
        const end = Math.min(text.length, start + length);
        const clash = edits.some((e) =>
          start === end && e.span.start === e.span.end
            ? false
            : start < e.span.end && e.span.start < end,
        );
        if (!clash) edits.push({ span: { start, end }, text: insert });
      }
      return { text, edits };
    })
    .chain(({ text, edits }) =>
      fc
        .shuffledSubarray(edits, { minLength: edits.length })
        .map((shuffled) => ({ text, edits: shuffled })),
    ),
);

it('agrees with applying the edits one by one (property)', () => {
  fc.assert(
    fc.property(textAndEdits, ({ text, edits }) => {
      expect(applyEdits(text, edits)).toBe(oneByOne(text, edits));
    }),
    { numRuns: 1000 },
  );
});

it('applies 100 000 edits in one pass (issue 9: one splice per edit was quadratic)', () => {
  const text = 'a '.repeat(100_000);
  const edits = Array.from({ length: 100_000 }, (_, i) => ({
    span: { start: 2 * i, end: 2 * i + 1 },
    text: 'b',
  }));
  expect(applyEdits(text, edits)).toBe('b '.repeat(100_000));
});
