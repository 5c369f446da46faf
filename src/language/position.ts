/** Offsets to 1-based line and column numbers, for messages and compiler-style output. */
import { lastAtOrBefore } from './binary-search.js';

export interface LineColumn {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column, in UTF-16 code units. */
  readonly column: number;
}

/** The offsets where the lines of the last text asked about start, found once per text. */
let cachedText = '';
let cachedLineStarts: number[] = [0];

function lineStarts(text: string): number[] {
  if (text !== cachedText) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    cachedLineStarts = starts;
  }
  // Keep the caller's string: comparing it with an equal copy would cost its length again.
  cachedText = text;
  return cachedLineStarts;
}

/** Line and column of `offset` in `text`; lines end at `\n` (a `\r\n` pair counts as one break). */
export function lineColumn(text: string, offset: number): LineColumn {
  const end = Math.min(Math.max(offset, 0), text.length);
  const starts = lineStarts(text);
  const index = lastAtOrBefore(starts, end);
  return { line: index + 1, column: end - starts[index]! + 1 };
}

/** `line:column` of `offset`, as used in messages ("missing ')' to close '(' at 1:7"). */
export function formatPosition(text: string, offset: number): string {
  const { line, column } = lineColumn(text, offset);
  return `${line}:${column}`;
}

/** The full text of the line holding `offset`, and the offset where that line starts. */
export function lineAt(
  text: string,
  offset: number,
): { readonly text: string; readonly start: number } {
  const starts = lineStarts(text);
  const index = lastAtOrBefore(starts, Math.min(Math.max(offset, 0), text.length));
  const startOfLine = starts[index]!;
  const end = index + 1 < starts.length ? starts[index + 1]! - 1 : text.length;
  return { text: text.slice(startOfLine, end).replace(/\r$/, ''), start: startOfLine };
}
