/**
 * Comparing a record's value with a value written in the query, typed by the field's
 * schema: numbers numerically, dates in the field's own `dateFormat` against query dates
 * written year-month-day, booleans by the spellings of the field's `allowedBooleanValues`, picklists by
 * code, text without regard to case. Without a schema (or for a type mdq does not know)
 * the JavaScript value decides.
 *
 * Each query value is read once, at compile time, into a comparator: `compare(value)`
 * is negative, zero or positive as the record's value is below, equal to or above the
 * query's, and NaN when the two cannot be compared (a word against a number field).
 */
import { compareDateKeys, readQueryDate, readQueryTime } from '../schema/dates.js';
import { queryBoolean, readNumber, storedBoolean, storedDateKey } from '../schema/value-rules.js';
import type { NumberValue } from '../language/ast.js';
import { printDecimal } from '../language/escape.js';
import type { FieldKind } from '../schema/field-kind.js';
import type { SchemaField } from '../schema/schema.js';

export type Comparator = (value: unknown) => number;

const never: Comparator = () => NaN;

export { readNumber };

export function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return readNumber(value);
  if (typeof value === 'bigint') return Number(value);
  return NaN;
}

/** Compares strings by code point (as Lucene compares terms), not by UTF-16 unit. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (code points above U+FFFF) sort after every unit below them.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

function sign(n: number): number {
  return n > 0 ? 1 : n < 0 ? -1 : n === 0 ? 0 : NaN;
}

/**
 * Compares `text` lower-cased with the lower-cased `query`, in place while both are ASCII
 * (no lower-cased copy of every value), else on lower-cased copies.
 */
export function compareIgnoringCase(text: string, query: string): number {
  const n = Math.min(text.length, query.length);
  for (let i = 0; i < n; i++) {
    let x = text.charCodeAt(i);
    const y = query.charCodeAt(i);
    if (x > 127 || y > 127) return compareText(text.toLowerCase(), query);
    if (x >= 65 && x <= 90) x += 32;
    if (x !== y) return x - y;
  }
  for (let i = n; i < text.length; i++)
    if (text.charCodeAt(i) > 127) return compareText(text.toLowerCase(), query);
  return text.length - query.length;
}

function textComparator(query: string): Comparator {
  const q = query.toLowerCase();
  return (value) => {
    const text =
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : null;
    return text === null ? NaN : compareIgnoringCase(text, q);
  };
}

function numberComparator(query: string): Comparator {
  const q = readNumber(query);
  if (Number.isNaN(q)) return never;
  return (value) => sign(numberOf(value) - q);
}

const dateKeyOf = storedDateKey;

const DATE_MATH = /^now((?:[+-]\d+[yMwdhHms])*)(?:\/([yMwdhHms]))?$/;
const DATE_MATH_STEP = /([+-])(\d+)([yMwdhHms])/g;

/**
 * Elasticsearch-style date math (`now`, `now-1d`, `now/M`, `now-1y/d`) as a date key,
 * from `now` in UTC: steps add or subtract years, months, weeks, days, hours, minutes,
 * seconds; `/unit` rounds down to its start (weeks start on Monday).
 */
export function dateMathKey(text: string, now: Date, withTime: boolean): string | null {
  const m = DATE_MATH.exec(text);
  if (m === null || Number.isNaN(now.getTime())) return null;
  const d = new Date(now.getTime());
  for (const [, sign, digits, unit] of m[1]!.matchAll(DATE_MATH_STEP)) {
    const n = (sign === '-' ? -1 : 1) * Number(digits);
    if (unit === 'y') d.setUTCFullYear(d.getUTCFullYear() + n);
    else if (unit === 'M') d.setUTCMonth(d.getUTCMonth() + n);
    else if (unit === 'w') d.setUTCDate(d.getUTCDate() + 7 * n);
    else if (unit === 'd') d.setUTCDate(d.getUTCDate() + n);
    else if (unit === 'h' || unit === 'H') d.setUTCHours(d.getUTCHours() + n);
    else if (unit === 'm') d.setUTCMinutes(d.getUTCMinutes() + n);
    else d.setUTCSeconds(d.getUTCSeconds() + n);
  }
  const round = m[2];
  if (round !== undefined) {
    d.setUTCMilliseconds(0);
    if (round !== 's') d.setUTCSeconds(0);
    if (round !== 's' && round !== 'm') d.setUTCMinutes(0);
    if (round === 'd' || round === 'w' || round === 'M' || round === 'y') d.setUTCHours(0);
    if (round === 'w') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    if (round === 'M' || round === 'y') d.setUTCDate(1);
    if (round === 'y') d.setUTCMonth(0);
  }
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 0 || d.getUTCFullYear() > 9999) return null;
  const iso = d.toISOString();
  return withTime ? iso.slice(0, 19) : iso.slice(0, 10);
}

/** A query date as a key: year-month-day (or a prefix, or with a time), or date math from `now`. */
export function queryDateKey(query: string, withTime: boolean, now: Date): string | null {
  const text = query.trim();
  const reading = readQueryDate(text, withTime);
  if (!reading.ok) return null;
  return reading.value !== null ? reading.value.key : dateMathKey(text, now, withTime);
}

function dateComparator(
  withTime: boolean,
): (query: string, field: SchemaField | undefined, now: Date) => Comparator {
  return (query, field, now) => {
    const q = queryDateKey(query, withTime, now);
    if (q === null) return never;
    return (value) => {
      const key = dateKeyOf(value, field, withTime);
      return key === null ? NaN : compareDateKeys(key, q);
    };
  };
}

function timeComparator(query: string): Comparator {
  const reading = readQueryTime(query.trim());
  if (!reading.ok || reading.value === null) return never;
  const q = reading.value.key;
  return (value) => {
    if (typeof value !== 'string') return NaN;
    const t = readQueryTime(value.trim());
    return t.ok && t.value ? compareDateKeys(t.value.key, q) : NaN;
  };
}

/** A boolean query matches the stored values that mean the same (value-rules.ts decides both). */
function booleanComparator(query: string, field: SchemaField | undefined): Comparator {
  if (field === undefined) return never;
  const q = queryBoolean(query, field);
  if (q === undefined) return never;
  return (value) => {
    const b = storedBoolean(value, field);
    return b === undefined ? NaN : Number(b) - Number(q);
  };
}

/** Without a schema: `true`/`false` (any case) against JSON booleans. */
export function looseBoolean(text: string): boolean | undefined {
  const lower = text.trim().toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

/** Picklist codes match exactly: case counts, as the checker says. */
function codeComparator(query: string): Comparator {
  const q = query.trim();
  return (value) =>
    typeof value === 'string'
      ? compareText(value, q)
      : typeof value === 'number'
        ? compareText(String(value), q)
        : NaN;
}

const ISO_DATE = /^\d{4}-\d{2}(?:-\d{2})?(?:[T ]\d|$)/;

/**
 * Without a known type, the record's JavaScript value decides: numbers compare
 * numerically, booleans as `true`/`false`, dates (`Date` objects and ISO date strings)
 * by date when the query value is a date, numeric strings numerically against a
 * numeric query value, and any other text without regard to case.
 */
function dynamicComparator(query: string, _field: SchemaField | undefined, now: Date): Comparator {
  const text = textComparator(query);
  const q = readNumber(query);
  const date = queryDateKey(query, true, now);
  const isBool = looseBoolean(query);
  return (value) => {
    switch (typeof value) {
      case 'number':
      case 'bigint':
        return Number.isNaN(q) ? text(value) : sign(Number(value) - q);
      case 'boolean':
        return isBool === undefined ? NaN : Number(value) - Number(isBool);
      case 'string': {
        if (date !== null && ISO_DATE.test(value)) {
          const key = dateKeyOf(value, undefined, true);
          if (key !== null) return compareDateKeys(key, date);
        }
        if (!Number.isNaN(q)) {
          const n = readNumber(value);
          if (!Number.isNaN(n)) return sign(n - q);
        }
        return text(value);
      }
      case 'object':
        if (value instanceof Date && date !== null) {
          const key = dateKeyOf(value, undefined, true);
          return key === null ? NaN : compareDateKeys(key, date);
        }
        return NaN;
      default:
        return NaN;
    }
  };
}

/** For each kind of field, how a query value becomes a comparator. */
export const COMPARATORS: {
  readonly [K in FieldKind]: (
    query: string,
    field: SchemaField | undefined,
    now: Date,
  ) => Comparator;
} = {
  text: textComparator,
  integer: numberComparator,
  decimal: numberComparator,
  // Pure: a bundle of `parse` alone must not keep the comparators (and the value readers they reach).
  date: /* @__PURE__ */ dateComparator(false),
  datetime: /* @__PURE__ */ dateComparator(true),
  time: timeComparator,
  boolean: booleanComparator,
  picklist: codeComparator,
  image: () => never,
  opaque: dynamicComparator,
};

/**
 * The comparator of `query` for a field (schema-less fields are `opaque`: typed by their
 * values). `now` is when date math (`now-1d`) counts from.
 */
export function comparator(
  query: string,
  field: SchemaField | undefined,
  now: Date = new Date(),
): Comparator {
  return COMPARATORS[field?.kind ?? 'opaque'](query, field, now);
}

/**
 * Direct tests for the hottest cases, equal in meaning to the comparators (a property
 * test holds them to it): a range or an equality on a number field as plain number
 * comparisons, an equality on a picklist as string equality. Null when the case is not
 * one of them (or a bound is not a finite number), and the comparator decides.
 */
export function numberRangeTest(
  field: SchemaField | undefined,
  lower: string | null,
  lowerInclusive: boolean,
  upper: string | null,
  upperInclusive: boolean,
): ((value: unknown) => boolean) | null {
  if (
    field === undefined ||
    (field.kind !== 'integer' && field.kind !== 'decimal') ||
    (lower === null && upper === null)
  )
    return null;
  const lo = lower === null ? -Infinity : readNumber(lower);
  const hi = upper === null ? Infinity : readNumber(upper);
  if (Number.isNaN(lo) || Number.isNaN(hi)) return () => false;
  if ((lower !== null && !Number.isFinite(lo)) || (upper !== null && !Number.isFinite(hi)))
    return null;
  const loIn = lower === null || lowerInclusive;
  const hiIn = upper === null || upperInclusive;
  return (value) => {
    const n = typeof value === 'number' ? value : numberOf(value);
    return (loIn ? n >= lo : n > lo) && (hiIn ? n <= hi : n < hi);
  };
}

export function equalsTest(
  field: SchemaField | undefined,
  query: string,
): ((value: unknown) => boolean) | null {
  if (field?.kind === 'picklist') {
    const q = query.trim();
    return (value) => value === q || (typeof value === 'number' && String(value) === q);
  }
  if (field?.kind === 'integer' || field?.kind === 'decimal') {
    const q = readNumber(query);
    if (!Number.isFinite(q)) return null;
    return (value) => (typeof value === 'number' ? value : numberOf(value)) === q;
  }
  return null;
}

/** A comparison number as text: as written when that reads back as the value (`007`), else in plain decimal. */
export function numberText(node: NumberValue): string {
  if (/^[+-]?\d+(?:\.\d+)?$/.test(node.raw) && Number(node.raw) === node.value) return node.raw;
  if (!Number.isFinite(node.value)) return 'NaN';
  return node.value < 0 ? `-${printDecimal(-node.value)}` : printDecimal(node.value);
}
