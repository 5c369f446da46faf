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
/** A character that makes V8 keep a string at two bytes per character. */
const NOT_LATIN1 = /[^\x00-\xff]/;
/** `found` when a chunk holds no further match. */
const NONE = 0x7fffffff;

const bounds = /* @__PURE__ */ wordBounds();

/**
 * Between two letters (1) or two digits (2), which ASCII characters join them into one word
 * (UAX #29 WB6, WB7, WB11, WB12): ':' letters, ',' and ';' digits, '.' and "'" both (3).
 * The other characters that are neither letters nor digits never take part in a word (0),
 * but '_' (ExtendNumLet), which the full segmentation handles (JOIN_OTHER).
 */
const JOIN_OTHER = 255;
const JOINS = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  table[58] = 1;
  table[44] = 2;
  table[59] = 2;
  table[46] = 3;
  table[39] = 3;
  table[95] = JOIN_OTHER;
  return table;
})();

/** 1 for an ASCII letter, 2 for a digit, else 0. */
function letterOrDigit(c: number): number {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? 1 : c >= 48 && c <= 57 ? 2 : 0;
}

/**
 * Writes a chunk's text. ASCII values (most master data) are lower-cased byte by byte
 * into a buffer that is decoded once per chunk, so a token costs no string of its own:
 * strings made per token (and a rope joining them) were most of the cost of building, in
 * allocation and collection. Other values are analysed and their tokens added as strings.
 */
class ChunkWriter {
  private bytes = new Uint8Array(1 << 16);
  /** Bytes written and not yet decoded. */
  private used = 0;
  /** The chunk's text decoded so far (ahead of the bytes). */
  private decoded = '';
  /** False once a token holding SEP was met (the text cannot be kept). */
  ok = true;

  get length(): number {
    return this.decoded.length + this.used;
  }

  /** Appends the tokens of one value (not empty), as laid out above. */
  value(value: string): void {
    const n = value.length;
    // Past the bound (lower-casing may make text up to 3 times longer) nothing is kept: no string of more than V8's longest is ever made.
    if (this.length + 4 * n + 2 > MAX_CHARS) {
      this.ok = false;
      return;
    }
    // At most SEP before each token, SEP after the last, and the characters.
    if (this.used + 2 * n + 2 > this.bytes.length) this.grow(this.used + 2 * n + 2);
    const bytes = this.bytes;
    // The usual ASCII value (a name, a code, a number, a date, an e-mail address, a sentence)
    // is segmented here as it is lower-cased and copied, in one pass: runs of letters and
    // digits are words, joined across '.', ':', "'", ',' and ';' as UAX #29 joins them (by the
    // characters on either side), and every other character breaks. '_' or a character
    // beyond ASCII sends the value to the full segmentation below.
    let at = this.used;
    let inWord = false;
    /** The class of the character before (1 letter, 2 digit, 0 other). */
    let before = 0;
    let i = 0;
    for (; i < n; i++) {
      let c = value.charCodeAt(i);
      if (c >= 65 && c <= 90) c += 32;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        if (!inWord) {
          bytes[at++] = SEP_CODE;
          inWord = true;
        }
        bytes[at++] = c;
        before = c >= 97 ? 1 : 2;
        continue;
      }
      if (c >= 128) break;
      const joins = JOINS[c]!;
      if (joins === JOIN_OTHER) break;
      if (
        before !== 0 &&
        (joins & before) !== 0 &&
        letterOrDigit(i + 1 < n ? value.charCodeAt(i + 1) : 0) === before
      ) {
        bytes[at++] = c;
      } else {
        inWord = false;
      }
      before = 0;
    }
    if (i === n) {
      if (at > this.used) {
        bytes[at++] = SEP_CODE;
        this.used = at;
      }
      return;
    }
    if (isAscii(value)) this.asciiTokens(value);
    else this.tokens(analyse(value).tokens);
  }

  /** An ASCII value's tokens, as the ASCII segmentation finds them (analysis.ts takes the same path). */
  private asciiTokens(value: string): void {
    const count = asciiWordBounds(value, bounds);
    if (count === 0) return;
    const { bytes } = this;
    const { starts, ends } = bounds;
    let at = this.used;
    for (let t = 0; t < count; t++) {
      bytes[at++] = SEP_CODE;
      for (let i = starts[t]!, end = ends[t]!; i < end; i++) {
        const c = value.charCodeAt(i);
        bytes[at++] = c >= 65 && c <= 90 ? c + 32 : c;
      }
    }
    bytes[at++] = SEP_CODE;
    this.used = at;
  }

  /** Tokens of other text, as strings. */
  private tokens(tokens: readonly string[]): void {
    if (tokens.length === 0) return;
    let text = this.flush();
    for (const token of tokens) {
      if (token.includes(SEP)) this.ok = false;
      text += SEP + token;
    }
    this.decoded = text + SEP;
  }

  private grow(size: number): void {
    const bytes = new Uint8Array(Math.max(size, 2 * this.bytes.length));
    bytes.set(this.bytes.subarray(0, this.used));
    this.bytes = bytes;
  }

  /** The text so far, with the bytes decoded. */
  private flush(): string {
    if (this.used > 0) {
      this.decoded += decodeAscii(this.bytes.subarray(0, this.used));
      this.used = 0;
    }
    return this.decoded;
  }

  /** The chunk's text, flat, and a new chunk begun. */
  text(): string {
    const text = this.flush();
    // A search flattens its subject (the text may be a rope of decoded pieces and tokens); its answer is used (a chunk starts with SEP, or is empty), so no compiler drops it.
    if (text.indexOf(SEP) > 0) this.ok = false;
    this.decoded = '';
    return text;
  }
}

let decoder: TextDecoder | null | undefined;

/** ASCII bytes as a string: UTF-8 decoding keeps them as they are, and a native decoder makes a one-byte string at memory speed. */
function decodeAscii(bytes: Uint8Array): string {
  if (decoder === undefined) decoder = typeof TextDecoder === 'function' ? new TextDecoder() : null;
  if (decoder !== null) return decoder.decode(bytes);
  let text = '';
  for (let i = 0; i < bytes.length; i += 4096)
    text += String.fromCharCode(...bytes.subarray(i, i + 4096));
  return text;
}

export class FullTextTable {
  private constructor(
    private readonly chunks: readonly string[],
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
  ) {}

  /** Estimated bytes held: one per character (two in a chunk beyond Latin-1), 8 per record. */
  get bytes(): number {
    let bytes = 8 * this.starts.length;
    for (const chunk of this.chunks)
      bytes += NOT_LATIN1.test(chunk) ? 2 * chunk.length : chunk.length;
    return bytes;
  }

  /** The words of `records`, or null when they cannot be kept (too much text, or a token holding SEP). */
  static of(records: readonly DataRecord[]): FullTextTable | null {
    const n = records.length;
    const starts = new Int32Array(n);
    const ends = new Int32Array(n);
    const chunks: string[] = [];
    const writer = new ChunkWriter();
    const addValue = (value: string): void => writer.value(value);
    let total = 0;
    for (let r = 0; r < n; r++) {
      if (r > 0 && r >>> CHUNK_BITS !== (r - 1) >>> CHUNK_BITS) {
        total += writer.length;
        chunks.push(writer.text());
      }
      starts[r] = writer.length;
      forEachFullText(records[r]!, addValue);
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
  while (at !== -1 && (at === 0 || text.charCodeAt(at - 1) !== SEP_CODE))
    at = text.indexOf(needle, at + 1);
  return at === -1 ? NONE : at;
}

/** True when words can be searched in the table's text (none holds SEP; the analyser never makes one that does). */
export function searchable(words: readonly string[]): boolean {
  return words.length > 0 && words.every((word) => word.length > 0 && !word.includes(SEP));
}
