/**
 * Values as a field of a given kind reads them: whether a value can be one at all,
 * a comparable key for ordering, and where possible the value the user meant (a
 * date in the field's own format, a boolean synonym, a picklist description).
 */
import type { NumberValue, Phrase, RangeBound, StringValue, Term } from '../language/ast.js';
import { escapeTerm, printRangeBound, quote } from '../language/escape.js';
import {
  compareDateKeys,
  fromDateFormat,
  isPlainDate,
  readQueryDate,
  readQueryTime,
} from '../schema/dates.js';
import type { FieldKind } from '../schema/field-kind.js';
import type { PicklistEntry } from '../schema/response.js';
import type { SchemaField } from '../schema/schema.js';
import { closest } from './suggest.js';

/** A node that holds one plain value. */
export type ValueNode = Term | Phrase | RangeBound | StringValue | NumberValue;

/** A value's text as the engine compares it (an open range end `*` reads as ''). */
export function valueText(node: ValueNode): string {
  if (node.kind === 'NumberValue') return node.raw;
  return node.value ?? '';
}

/** Text that writes `value` in place of `node`, in the same style (bare word, quoted, bound). */
export function writeValue(node: ValueNode, value: string): string {
  switch (node.kind) {
    case 'Term':
      return value === '' ? '""' : escapeTerm(value);
    case 'Phrase':
    case 'StringValue':
      return quote(value);
    case 'RangeBound':
      return printRangeBound(value);
    case 'NumberValue':
      return /^-?\d+(?:\.\d+)?$/.test(value) ? value : quote(value);
  }
}

/** A key that orders values of one kind: a number, or an ISO date / time key (`2021-03-31`, `08:30`). */
export type Comparable = number | string;

/**
 * Orders two values of one type; undefined when they cannot be ordered surely (two
 * types, or a date that only overlaps another, like `2021` and `2021-06-01`).
 */
export function compareValues(a: Comparable, b: Comparable): number | undefined {
  if (typeof a === 'number') return typeof b === 'number' ? a - b : undefined;
  if (typeof b === 'number') return undefined;
  const order = compareDateKeys(a, b);
  return order === 0 && a !== b ? undefined : order;
}

export type Reading =
  | { readonly ok: true; readonly comparable?: Comparable }
  | {
      readonly ok: false;
      readonly code: string;
      readonly reason: string;
      readonly suggestion?: string;
      readonly suggestionSafe?: boolean;
      readonly alternatives?: readonly string[];
    };

/**
 * The reading of a value accepted as it is, with nothing to compare by (one object:
 * readings are never changed). Written with `comparable` like every accepted reading,
 * so that all of them share one object shape.
 */
const ACCEPTED: Reading = { ok: true, comparable: undefined };

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const TRUTHY = /* @__PURE__ */ new Set(['true', 'yes', 'y', 't', '1', 'on']);
const FALSY = /* @__PURE__ */ new Set(['false', 'no', 'n', 'f', '0', 'off']);

/** True for `[+-]?\d+`, tested without a regular expression (the common case). */
function isPlainInteger(text: string): boolean {
  const n = text.length;
  let i = n > 0 && (text.charCodeAt(0) === 43 /* + */ || text.charCodeAt(0) === 45) /* - */ ? 1 : 0;
  if (i === n) return false;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function readNumberValue(text: string, integer: boolean): Reading {
  if (isPlainInteger(text) || (!integer && DECIMAL.test(text)))
    return { ok: true, comparable: Number(text) };
  if (integer && DECIMAL.test(text))
    return { ok: false, code: 'invalid-number', reason: `'${text}' is not a whole number` };
  const comma = /^([+-]?\d+),(\d+)$/.exec(text);
  if (!integer && comma) {
    const suggestion = `${comma[1]}.${comma[2]}`;
    return {
      ok: false,
      code: 'invalid-number',
      reason: `'${text}' is not a number; write the decimal point as '.'`,
      suggestion,
      suggestionSafe: true,
    };
  }
  return { ok: false, code: 'invalid-number', reason: `'${text}' is not a number` };
}

function readDate(text: string, field: SchemaField, withTime: boolean): Reading {
  // The common case, with no reading to build on the way.
  if (isPlainDate(text)) return { ok: true, comparable: text };
  const reading = readQueryDate(text, withTime);
  if (reading.ok) return reading.value ? { ok: true, comparable: reading.value.key } : ACCEPTED;
  const converted = field.dateFormat
    ? fromDateFormat(text, field.dateFormat, field.dateSeparator)
    : null;
  if (converted && converted !== text) {
    return {
      ok: false,
      code: 'invalid-date',
      reason: `'${text}' is written in the field's storage format (${field.dateFormat}); queries write dates as year-month-day: ${converted}`,
      suggestion: converted,
      suggestionSafe: true,
    };
  }
  return { ok: false, code: 'invalid-date', reason: reading.reason };
}

function readBoolean(text: string, field: SchemaField): Reading {
  const pair = field.booleanValues;
  if (pair === undefined) {
    const lower = text.toLowerCase();
    return TRUTHY.has(lower) || FALSY.has(lower)
      ? ACCEPTED
      : { ok: false, code: 'invalid-boolean', reason: `'${text}' is not a yes/no value` };
  }
  return text === pair[0] || text === pair[1] ? ACCEPTED : notOfPair(text, pair);
}

/** A value that is neither of a field's two boolean spellings (apart: the closure would allocate on every reading). */
function notOfPair(text: string, pair: readonly [string, string]): Reading {
  const lower = text.toLowerCase();
  const allowed = `${pair[0]} or ${pair[1]}`;
  const meant =
    pair.find((v) => v.toLowerCase() === lower) ??
    (TRUTHY.has(lower) ? pair[0] : FALSY.has(lower) ? pair[1] : undefined);
  return meant !== undefined
    ? {
        ok: false,
        code: 'invalid-boolean',
        reason: `'${text}' is not a value of this field; it stores ${allowed}`,
        suggestion: meant,
        suggestionSafe: true,
      }
    : {
        ok: false,
        code: 'invalid-boolean',
        reason: `'${text}' is not a value of this field; it stores ${allowed}`,
      };
}

function readPicklist(text: string, field: SchemaField): Reading {
  const list = field.picklist;
  if (list === undefined) return ACCEPTED;
  for (let i = 0; i < list.length; i++) if (list[i]!.code === text) return ACCEPTED;
  return noCode(text, list);
}

/** A value that is no code of the picklist (apart: its closures would allocate on every reading). */
function noCode(text: string, list: readonly PicklistEntry[]): Reading {
  const lower = text.toLowerCase();
  const byDescription = list.find(
    (e) => e.description !== undefined && e.description.toLowerCase() === lower,
  );
  if (byDescription) {
    return {
      ok: false,
      code: 'picklist-description',
      reason: `'${text}' is the description of code '${byDescription.code}'; search by the code`,
      suggestion: byDescription.code,
      suggestionSafe: true,
    };
  }
  const byCase = list.find((e) => e.code.toLowerCase() === lower);
  if (byCase)
    return {
      ok: false,
      code: 'unknown-picklist-code',
      reason: `'${text}' is no code of this picklist; codes are case-sensitive`,
      suggestion: byCase.code,
      suggestionSafe: true,
    };
  const codes = list.map((e) => e.code);
  const near = closest(text, codes);
  const listed = codes.length <= 8 ? ` (codes: ${codes.join(', ')})` : '';
  return {
    ok: false,
    code: 'unknown-picklist-code',
    reason: `'${text}' is no code of this picklist${near.length ? `; did you mean '${near[0]}'?` : ''}${listed}`,
    ...(near.length ? { suggestion: near[0]!, suggestionSafe: false, alternatives: near } : {}),
  };
}

/** True when `readValue` accepts every text in `field` and reads nothing to compare by (text, image and untyped fields). */
export function acceptsEveryValue(field: SchemaField): boolean {
  const kind = field.kind;
  return kind === 'text' || kind === 'image' || kind === 'opaque';
}

/** Reads `text` as a value of `field`. */
export function readValue(text: string, field: SchemaField): Reading {
  // A switch rather than a table of readers keyed by kind: this runs for nearly every clause.
  const kind: FieldKind = field.kind;
  switch (kind) {
    case 'text':
    case 'image':
    case 'opaque':
      return ACCEPTED;
    case 'picklist':
      return readPicklist(text, field);
    case 'integer':
      return readNumberValue(text, true);
    case 'decimal':
      return readNumberValue(text, false);
    case 'date':
      return readDate(text, field, false);
    case 'datetime':
      return readDate(text, field, true);
    case 'boolean':
      return readBoolean(text, field);
    case 'time':
      return readTime(text);
    default:
      return notAKind(kind);
  }
}

function readTime(text: string): Reading {
  const r = readQueryTime(text);
  if (!r.ok) return { ok: false, code: 'invalid-time', reason: r.reason };
  return r.value ? { ok: true, comparable: r.value.key } : ACCEPTED;
}

/** Every kind is handled above (the compiler checks); anything else, from a hand-made schema, reads as opaque. */
function notAKind(kind: never): Reading {
  void kind;
  return ACCEPTED;
}

/** The start of an ISO date: a text without it is never guessed to be a date. */
const YEAR_FIRST = /^\d{4}-/;

/** Without a schema: a number, or an ISO date, when the text is one. */
export function guessComparable(text: string): Comparable | undefined {
  if (DECIMAL.test(text)) return Number(text);
  // Asked first: any other word would be read as a date only to be dropped, with a message made for nothing.
  if (!YEAR_FIRST.test(text)) return undefined;
  const date = readQueryDate(text, true);
  return date.ok && date.value ? date.value.key : undefined;
}
