/**
 * Query text as code holds it: a string literal or a template literal's parts, with
 * JavaScript escapes. `QueryText` is the text the checker sees (cooked, interpolations
 * replaced by a placeholder word) and, for each of its code units, where in the source
 * file it was written, so a diagnostic's span maps to the exact characters of the literal.
 */

export interface QueryText {
  readonly text: string;
  /** Source offset where code unit `i` of `text` starts; `starts[text.length]` is where the text ends. */
  readonly starts: readonly number[];
  /** Source offset where code unit `i` of `text` ends (after its escape sequence). */
  readonly ends: readonly number[];
  /** Spans of `text` that stand for interpolations: nothing there is reported or fixed. */
  readonly holes: readonly { readonly start: number; readonly end: number }[];
}

/** Where an interpolation stands in the checked text: one word, so `field:${value}` stays a clause. */
export const HOLE = 'x';

/** The escape at `raw[i]` (a backslash): the code units it cooks to, and its length in the source. */
function escapeAt(raw: string, i: number): { units: string; length: number } {
  const c = raw[i + 1];
  switch (c) {
    case 'n':
      return { units: '\n', length: 2 };
    case 't':
      return { units: '\t', length: 2 };
    case 'r':
      return { units: '\r', length: 2 };
    case 'b':
      return { units: '\b', length: 2 };
    case 'f':
      return { units: '\f', length: 2 };
    case 'v':
      return { units: '\v', length: 2 };
    case 'x':
      return {
        units: String.fromCharCode(Number.parseInt(raw.slice(i + 2, i + 4), 16)),
        length: 4,
      };
    case 'u': {
      if (raw[i + 2] === '{') {
        const close = raw.indexOf('}', i + 3);
        return {
          units: String.fromCodePoint(Number.parseInt(raw.slice(i + 3, close), 16)),
          length: close + 1 - i,
        };
      }
      return {
        units: String.fromCharCode(Number.parseInt(raw.slice(i + 2, i + 6), 16)),
        length: 6,
      };
    }
    case '\r':
      return { units: '', length: raw[i + 2] === '\n' ? 3 : 2 };
    case '\n':
    case '\u2028':
    case '\u2029':
      return { units: '', length: 2 };
    case '0':
      if (!/[0-9]/.test(raw[i + 2] ?? '')) return { units: '\0', length: 2 };
      break;
    default:
      break;
  }
  if (c !== undefined && /[0-7]/.test(c)) {
    // A legacy octal escape (sloppy-mode strings only): up to three digits, at most 0o377.
    const digits = /^[0-7]{1,3}/.exec(raw.slice(i + 1, i + 4))![0];
    const fit = Number.parseInt(digits, 8) > 0o377 ? digits.slice(0, 2) : digits;
    return { units: String.fromCharCode(Number.parseInt(fit, 8)), length: 1 + fit.length };
  }
  return { units: c ?? '', length: 2 };
}

/** Builds a `QueryText` part by part. */
export class QueryTextBuilder {
  private text = '';
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly holes: { start: number; end: number }[] = [];
  private end = 0;

  /** Appends the raw source text of a literal part that starts at source offset `at`. */
  raw(raw: string, at: number): this {
    for (let i = 0; i < raw.length; ) {
      let units: string;
      let length: number;
      if (raw[i] === '\\') ({ units, length } = escapeAt(raw, i));
      else if (raw[i] === '\r' && raw[i + 1] === '\n') {
        // A template literal cooks CRLF to LF.
        units = '\n';
        length = 2;
      } else {
        units = raw[i]!;
        length = 1;
      }
      for (let u = 0; u < units.length; u++) {
        this.starts.push(at + i);
        this.ends.push(at + i + length);
      }
      this.text += units;
      i += length;
      this.end = at + i;
    }
    this.end = Math.max(this.end, at + raw.length);
    return this;
  }

  /** Appends an interpolation written in the source from `from` to `to` (`${...}` included). */
  hole(from: number, to: number): this {
    const start = this.text.length;
    for (let u = 0; u < HOLE.length; u++) {
      this.starts.push(from);
      this.ends.push(to);
    }
    this.text += HOLE;
    this.holes.push({ start, end: this.text.length });
    this.end = to;
    return this;
  }

  build(): QueryText {
    return {
      text: this.text,
      starts: [...this.starts, this.end],
      ends: this.ends,
      holes: this.holes,
    };
  }
}

/** The source range of `text`'s span `[start, end)`: from the first unit's escape to the end of the last's. */
export function sourceRange(q: QueryText, start: number, end: number): [number, number] {
  const from = q.starts[start] ?? q.starts[q.starts.length - 1]!;
  if (end <= start) return [from, from];
  return [from, q.ends[end - 1] ?? from];
}

/** True when the span touches an interpolation. */
export function touchesHole(q: QueryText, start: number, end: number): boolean {
  return (
    q.holes.some((h) => start < h.end && end > h.start && end > start) ||
    q.holes.some((h) => end === start && start > h.start && start < h.end)
  );
}

/** `text` escaped for the inside of a literal delimited by `quote` (`'`, `"` or a backtick). */
export function escapeForLiteral(text: string, quote: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '\\' || ch === quote) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\u2028' || ch === '\u2029') out += `\\u${ch.charCodeAt(0).toString(16)}`;
    else if (quote === '`' && ch === '$') out += '\\$';
    else out += ch;
  }
  return out;
}
