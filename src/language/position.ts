/** Offsets to 1-based line and column numbers, for messages and compiler-style output. */

export interface LineColumn {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column, in UTF-16 code units. */
  readonly column: number;
}

/** Line and column of `offset` in `text`; lines end at `\n` (a `\r\n` pair counts as one break). */
export function lineColumn(text: string, offset: number): LineColumn {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(offset, 0), text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}

/** `line:column` of `offset`, as used in messages ("missing ')' to close '(' at 1:7"). */
export function formatPosition(text: string, offset: number): string {
  const { line, column } = lineColumn(text, offset);
  return `${line}:${column}`;
}

/** The full text of the line holding `offset`, and the offset where that line starts. */
export function lineAt(text: string, offset: number): { readonly text: string; readonly start: number } {
  const start = text.lastIndexOf('\n', Math.max(offset - 1, 0)) + 1;
  const startOfLine = offset === 0 ? 0 : start;
  let end = text.indexOf('\n', startOfLine);
  if (end === -1) end = text.length;
  return { text: text.slice(startOfLine, end).replace(/\r$/, ''), start: startOfLine };
}
