/**
 * A `.mdq` file holds one query, or several separated by blank lines: each block is
 * checked, completed, highlighted and formatted on its own. A block runs from the start
 * of its first non-blank line to the end of its last one, so it always starts at a line
 * start: positions inside it map to the document by adding its first line.
 */

import { lastAtOrBefore } from '../language/binary-search.js';

export interface Block {
  /** Offset of the block's first character in the document (a line start). */
  readonly start: number;
  readonly end: number;
  /** The document's line the block starts on (0-based). */
  readonly line: number;
  readonly text: string;
  /**
   * Set for a query held in a JSON string (json-searches.ts): `starts[i]` is the document
   * offset of the text's code unit `i` (through escapes), `starts[text.length]` the closing
   * quote's. Absent, code unit `i` is at `start + i`.
   */
  readonly json?: { readonly starts: readonly number[] };
}

/** The document offset of the block's code unit `i`. */
export function documentOffset(block: Block, i: number): number {
  return block.json
    ? block.json.starts[Math.max(0, Math.min(i, block.text.length))]!
    : block.start + i;
}

/** The block's code unit at document offset `offset` (inside an escape: that code unit). */
export function blockOffset(block: Block, offset: number): number {
  return block.json ? lastAtOrBefore(block.json.starts, offset) : offset - block.start;
}

/** `text` as the block's document writes it: escaped for a JSON string. */
export function written(block: Block, text: string): string {
  return block.json ? JSON.stringify(text).slice(1, -1) : text;
}

const BLANK = /^[ \t\r\u3000]*$/;

/** The blocks of `text`, in order, in one pass over its lines. */
export function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let start = -1;
  let startLine = 0;
  let end = 0;
  let line = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const blank = BLANK.test(text.slice(lineStart, lineEnd));
    if (!blank) {
      if (start === -1) {
        start = lineStart;
        startLine = line;
      }
      end = lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
    } else if (start !== -1) {
      blocks.push({ start, end, line: startLine, text: text.slice(start, end) });
      start = -1;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
    line++;
  }
  if (start !== -1) blocks.push({ start, end, line: startLine, text: text.slice(start, end) });
  return blocks;
}

/** The block holding `offset` (its end included: the cursor right after a query), if any. */
export function blockAt(blocks: readonly Block[], offset: number): Block | undefined {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const block = blocks[mid]!;
    if (offset < block.start) hi = mid - 1;
    else if (offset > block.end) lo = mid + 1;
    else return block;
  }
  return undefined;
}

/** The blocks that overlap `[from, to]`. */
export function blocksIn(blocks: readonly Block[], from: number, to: number): Block[] {
  return blocks.filter((b) => b.end >= from && b.start <= to);
}
