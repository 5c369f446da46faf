/**
 * Which fields, and which spans of their values, made a record match: collected while a
 * matching record is walked again, then merged into one entry per field value with
 * sorted, non-overlapping spans.
 */
import type { Span } from '../language/ast.js';

/** The spans of one field value that matched (`valueIndex` when the field holds an array). */
export interface FieldHighlight {
  readonly field: string;
  readonly valueIndex?: number;
  readonly spans: readonly Span[];
}

export class HighlightSink {
  private readonly entries = new Map<
    string,
    { field: string; index: number | undefined; spans: Span[] }
  >();

  add(field: string, index: number | undefined, start: number, end: number): void {
    const key = index === undefined ? field : `${field}\u0000${index}`;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = { field, index, spans: [] };
      this.entries.set(key, entry);
    }
    entry.spans.push({ start, end });
  }

  result(): FieldHighlight[] {
    const out: FieldHighlight[] = [];
    for (const { field, index, spans } of this.entries.values()) {
      const merged = mergeSpans(spans);
      out.push(
        index === undefined
          ? { field, spans: merged }
          : { field, valueIndex: index, spans: merged },
      );
    }
    return out;
  }
}

/** Sorted, with overlapping and touching spans joined. */
function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && span.start <= last.end) {
      if (span.end > last.end) out[out.length - 1] = { start: last.start, end: span.end };
    } else {
      out.push(span);
    }
  }
  return out;
}
