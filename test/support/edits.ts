/** Where text positions land after edits: to tell "this diagnostic is gone" from "another one appeared". */
import type { Span, TextEdit } from '../../src/index.js';

/** Where an offset of the text before `edits` lands in the text after them. */
export function mapOffset(offset: number, edits: readonly TextEdit[]): number {
  return edits.reduce(
    (at, e) =>
      offset >= e.span.end
        ? at + e.text.length - (e.span.end - e.span.start)
        : offset > e.span.start
          ? at - (offset - e.span.start)
          : at,
    offset,
  );
}

export function mapSpan(span: Span, edits: readonly TextEdit[]): Span {
  return { start: mapOffset(span.start, edits), end: mapOffset(span.end, edits) };
}
