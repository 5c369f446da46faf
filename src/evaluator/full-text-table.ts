/**
 * The words of every record of a table (record-table.ts), for full-text terms and exact
 * phrases. A full-text term has to look at every value of every record, which costs a
 * walk of the record and a scan of each value per query; from the second query on an
 * array on, the analysed words are kept instead, as one text per chunk of records that
 * a native `indexOf` searches at memory speed.
 *
 * The text holds each value's tokens (lower-cased, as the analyser gives them) in order,
 * each one preceded by SEP, and a value ends with SEP:
 *   `\x01new\x01york\x01` `\x01tags\x01` ...
 * No token holds SEP (segmentation never puts a control character in a word; checked
 * where text is not ASCII), so `w1 SEP w2 SEP ... wk SEP` preceded by SEP occurs exactly
 * where tokens w1..wk are consecutive in one value: two values (and two records) meet at
 * `SEP SEP`, which no phrase contains. A record is the span [starts[r], ends[r]) of its
 * chunk's text.
 *
 * Memory: about one byte per character of the records' words plus one per word (two
 * per character in a chunk holding a character beyond Latin-1), and 8 bytes per record;
 * more than MAX_CHARS in all and no text is kept (the records are then tested one by one).
 */
import { analyse } from './analysis.js';
import { asciiWordBounds, isAscii, wordBounds } from './ascii-words.js';
import type { RowTest } from './clause.js';
import type { DataRecord } from './record.js';
import { forEachFullText } from './record-texts.js';

const SEP = '\u0001';
const SEP_CODE = 1;
/** Records per chunk of text: a chunk is searched from a record's start, and stays far below V8's longest string. */
const CHUNK_BITS = 10;
/** The most characters kept for one array (about 256 MB). */
const MAX_CHARS = 1 << 28;
/** `found` when a chunk holds no further match. */
const NONE = 0x7fffffff;

const bounds = wordBounds();

/**
 * Writes a chunk's text. Adding piece by piece makes a rope of short strings, which is
 * flattened when the chunk is done: kept as ropes until the first search, the ropes of
 * all chunks would outlive the young generation and the collector would pay for
 * millions of nodes (and `Array.prototype.join` of the pieces is slower still).
 */
class ChunkWriter {
  private chunk = '';
  /** False once a token holding SEP was met (the text cannot be kept). */
  ok = true;

  get length(): number {
    return this.chunk.length;
  }

  /** Appends the tokens of one value, as laid out above. */
  value(value: string): void {
    let chunk = this.chunk;
    if (isAscii(value)) {
      // ASCII lower-cases character by character, so slices of the lower-cased value are the tokens analyse() gives.
      const count = asciiWordBounds(value, bounds);
      if (count === 0) return;
      const lower = value.toLowerCase();
      const { starts, ends } = bounds;
      // The usual value is one word (a name, a code, a number): no slice.
      if (count === 1 && starts[0] === 0 && ends[0] === value.length) chunk += SEP + lower;
      else for (let t = 0; t < count; t++) chunk += SEP + lower.slice(starts[t]!, ends[t]!);
    } else {
      const { tokens } = analyse(value);
      if (tokens.length === 0) return;
      for (const token of tokens) {
        if (token.includes(SEP)) this.ok = false;
        chunk += SEP + token;
      }
    }
    this.chunk = chunk + SEP;
  }

  /** The chunk's text, flat, and a new chunk begun. */
  text(): string {
    const text = this.chunk;
    // A search flattens its subject; its answer is used (a chunk starts with SEP, or is empty), so no compiler drops it.
    if (text.indexOf(SEP) > 0) this.ok = false;
    this.chunk = '';
    return text;
  }
}

export class FullTextTable {
  private constructor(
    private readonly chunks: readonly string[],
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
  ) {}

  /** The words of `records`, or null when they cannot be kept (too much text, or a token holding SEP). */
  static of(records: readonly DataRecord[]): FullTextTable | null {
    const n = records.length;
    const starts = new Int32Array(n);
    const ends = new Int32Array(n);
    const chunks: string[] = [];
    const writer = new ChunkWriter();
    const visit = (value: string): void => writer.value(value);
    let total = 0;
    for (let r = 0; r < n; r++) {
      if (r > 0 && r >>> CHUNK_BITS !== (r - 1) >>> CHUNK_BITS) {
        total += writer.length;
        chunks.push(writer.text());
      }
      starts[r] = writer.length;
      forEachFullText(records[r]!, visit);
      if (!writer.ok || total + writer.length > MAX_CHARS) return null;
      ends[r] = writer.length;
    }
    chunks.push(writer.text());
    if (!writer.ok) return null;
    return new FullTextTable(chunks, starts, ends);
  }

  /**
   * A row test for `words` (the query's tokens) in consecutive positions of one value:
   * one word, or an exact phrase. Rows are asked in increasing order (filter's loop), so
   * the test keeps the next match in the row's chunk and searches again only past it: a
   * pass over all rows reads each chunk about once. Asked out of order it searches
   * again, and answers the same.
   */
  rowTest(words: readonly string[]): RowTest {
    const { chunks, starts, ends } = this;
    const needle = words.join(SEP) + SEP;
    let chunk = -1;
    let from = 0;
    let found = NONE;
    return (row) => {
      const start = starts[row]!;
      const c = row >>> CHUNK_BITS;
      // The cached match holds when it was searched for in this chunk from at or before this row, and lies at or after it.
      if (c !== chunk || start < from || found < start) {
        found = search(chunks[c]!, needle, start);
        chunk = c;
        from = start;
      }
      return found < ends[row]!;
    };
  }
}

/** The first place at or after `from` where `needle` starts at a token (right after SEP), or NONE. */
function search(text: string, needle: string, from: number): number {
  let at = text.indexOf(needle, from);
  while (at !== -1 && (at === 0 || text.charCodeAt(at - 1) !== SEP_CODE)) at = text.indexOf(needle, at + 1);
  return at === -1 ? NONE : at;
}

/** True when words can be searched in the table's text (none holds SEP; the analyser never makes one that does). */
export function searchable(words: readonly string[]): boolean {
  return words.length > 0 && words.every((word) => word.length > 0 && !word.includes(SEP));
}
