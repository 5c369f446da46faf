/**
 * Saved searches in a `*.mdq.json` file: every string value of a key named `query`, at any
 * depth, is a query, checked, completed, highlighted, formatted and renamed on its own like a
 * block of a `.mdq` file. The shape the docs give is
 *
 *     { "searches": [ { "name": "Berlin customers", "query": "City:Berlin AND Status:ACT" } ] }
 *
 * but any nesting works (a bare array, other keys beside). The scan is tolerant (a file being
 * typed is rarely valid JSON) and linear: strings are read with their escapes, and each query's
 * code units keep the document offset they were written at, so ranges map through `\"`, `\\`
 * and `\u0041` both ways.
 */
import type { Block } from './blocks.js';

const QUOTE = 34;
const BACKSLASH = 92;

interface JsonString {
  /** Offset of the opening quote. */
  readonly open: number;
  /** Offset of the closing quote (the line's end when it is missing). */
  readonly close: number;
  readonly text: string;
  /** Document offset of each code unit of `text`, and `starts[text.length] === close`. */
  readonly starts: number[];
}

function hexAt(source: string, i: number): number | undefined {
  const hex = source.slice(i, i + 4);
  return /^[0-9a-fA-F]{4}$/.test(hex) ? Number.parseInt(hex, 16) : undefined;
}

const SIMPLE: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** The string whose opening quote is at `open`; it ends at its closing quote, or at the line's end. */
function readString(source: string, open: number): JsonString {
  let text = '';
  const starts: number[] = [];
  let i = open + 1;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (c === QUOTE || c === 10 || c === 13) break;
    if (c === BACKSLASH) {
      const next = source[i + 1];
      const simple = next === undefined ? undefined : SIMPLE[next];
      if (simple !== undefined) {
        starts.push(i);
        text += simple;
        i += 2;
        continue;
      }
      const code = next === 'u' ? hexAt(source, i + 2) : undefined;
      if (code !== undefined) {
        starts.push(i);
        text += String.fromCharCode(code);
        i += 6;
        continue;
      }
    }
    starts.push(i);
    text += source[i];
    i++;
  }
  starts.push(i);
  return { open, close: i, text, starts };
}

/** The line of `offset`, counted on the way (the scan is in document order). */
function lineCounter(source: string): (offset: number) => number {
  let at = 0;
  let line = 0;
  return (offset) => {
    for (; at < offset; at++) if (source.charCodeAt(at) === 10) line++;
    return line;
  };
}

/** Every `"query": "..."` string of the document, in order, as blocks. */
export function jsonQueryBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  const lineOf = lineCounter(source);
  /** The last string read, while only blanks and a colon follow it. */
  let key: string | undefined;
  let colon = false;
  let i = 0;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (c === QUOTE) {
      const string = readString(source, i);
      if (colon && key === 'query')
        blocks.push({
          start: string.open + 1,
          end: string.close,
          line: lineOf(string.open),
          text: string.text,
          json: { starts: string.starts },
        });
      key = colon ? undefined : string.text;
      colon = false;
      i = string.close + 1;
      continue;
    }
    if (c === 58 /* : */ && key !== undefined && !colon) colon = true;
    else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) {
      key = undefined;
      colon = false;
    }
    i++;
  }
  return blocks;
}

/** True for documents read as saved searches: `*.mdq.json`, or the `mdq-json` language. */
export function isSavedSearches(uri: string, languageId?: string): boolean {
  return languageId === 'mdq-json' || /\.mdq\.json$/i.test(uri);
}
