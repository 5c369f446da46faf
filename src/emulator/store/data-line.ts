/**
 * A data object's line read without JSON.parse (issue 30, item 9: start-up). The store writes
 * every line as `{"_dataObjectId":"<id>","_version":<n>[,"_deleted":true][,<fields>]}`
 * (`TenantStore.fileRecord`: its key order is the contract this file reads; JavaScript puts a
 * field with an integer-like name such as "0" first, and such a line is parsed), so start-up
 * learns an object's id, version and deletion from that prefix and keeps the rest of the
 * line as bytes, parsed on first access (`Stored`). A line of any other shape (edited by hand,
 * an id with an escape, a field whose name starts with `_`, a torn last line) is parsed at
 * start-up as before, and refused there when it is not a JSON object.
 */

/** A data object file's bytes, held while some of its lines are not parsed yet. */
export interface DataFile {
  readonly path: string;
  readonly bytes: Buffer;
  /** The lines found not to be JSON on first access, by start offset: each is reported once. */
  readonly unreadable: Map<number, Error>;
}

/** A line in the writer's shape: what start-up needs of it, and where the rest is. */
export class DataLine {
  constructor(
    readonly id: string,
    readonly version: number,
    readonly deleted: boolean,
    readonly file: DataFile,
    readonly start: number,
    readonly end: number,
  ) {}
}

const PREFIX = bytesOf('{"_dataObjectId":"');
const VERSION = bytesOf('","_version":');
const DELETED = bytesOf('"_deleted":true');
/** `"_`: another metadata key (or a field named with `_`) past the prefix; such a line is parsed at start-up. */
const MARK = bytesOf('"_');

function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function at(bytes: Buffer, position: number, text: Uint8Array): boolean {
  if (position + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[position + i] !== text[i]) return false;
  return true;
}

/**
 * Reads the lines of one file in order; `scan` is called with each line's span (ascending),
 * so the search for `"_` past the prefixes runs through the file once (`nextMark`).
 */
export class LineScanner {
  /** The first `"_` at or after the last position asked from: ahead of the line, it still holds. */
  private nextMark = -1;

  constructor(readonly file: DataFile) {}

  /** The line `[start, end)` as the writer writes it, or undefined when it is not in that shape. */
  scan(start: number, end: number): DataLine | undefined {
    const { bytes } = this.file;
    if (end - start < PREFIX.length + VERSION.length + 2 || bytes[end - 1] !== 0x7d /* } */)
      return undefined;
    if (!at(bytes, start, PREFIX)) return undefined;
    const idStart = start + PREFIX.length;
    let i = idStart;
    let ascii = true;
    for (; i < end; i++) {
      const b = bytes[i]!;
      if (b === 0x22 /* " */) break;
      if (b >= 0x80) ascii = false;
      // An escape, or a control character (not JSON): the line is parsed, as before.
      if (b === 0x5c /* \ */ || b < 0x20) return undefined;
    }
    if (i === idStart || !at(bytes, i, VERSION)) return undefined;
    const idEnd = i;
    i += VERSION.length;
    // A version of 1 to 16 digits without a leading zero (JSON's integers), a safe integer from 1 on.
    const digits = i;
    let version = 0;
    while (i < end && bytes[i]! >= 0x30 && bytes[i]! <= 0x39 && i - digits < 16)
      version = version * 10 + (bytes[i++]! - 0x30);
    if (i === digits || bytes[digits] === 0x30 || !Number.isSafeInteger(version)) return undefined;
    let deleted = false;
    if (bytes[i] === 0x2c /* , */ && at(bytes, i + 1, DELETED)) {
      deleted = true;
      i += 1 + DELETED.length;
    }
    if (bytes[i] === 0x7d /* } */) {
      if (i !== end - 1) return undefined;
    } else if (bytes[i] !== 0x2c /* , */) return undefined;
    if (this.nextMark < i) this.nextMark = bytes.indexOf(MARK, i);
    if (this.nextMark >= 0 && this.nextMark < end) return undefined;
    return new DataLine(
      bytes.toString(ascii ? 'latin1' : 'utf8', idStart, idEnd),
      version,
      deleted,
      this.file,
      start,
      end,
    );
  }
}

/** The 1-based number of the line starting at `start` (found only when a line is reported). */
export function lineNumber(bytes: Buffer, start: number): number {
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < start; i = bytes.indexOf(0x0a, i + 1)) line++;
  return line;
}
