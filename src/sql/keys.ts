/**
 * Typed keys: what a value of a field becomes so that PostgreSQL compares it as the
 * evaluator's comparators do (evaluator/typed-values.ts). A key is a number (numbers,
 * booleans) or ASCII-ordered text (dates, times, codes, lower-cased text), compared in
 * the "C" collation, which orders UTF-8 by code point, as `compareText` does. The same
 * functions read the record's values (at write time) and the query's (at compile time).
 */
import type { FieldKind } from '../schema/field-kind.js';
import type { SchemaField } from '../schema/schema.js';
import { readQueryTime } from '../schema/dates.js';
import { numberOf, queryDateKey, readNumber } from '../evaluator/typed-values.js';
import { queryBoolean, storedBoolean, storedDateKey } from '../schema/value-rules.js';

/** A key: a number in `num`, or text in `txt` (the column each kind uses). */
export type Key = { readonly num: number } | { readonly txt: string };

/** Which column a kind's keys live in; null for kinds without keys (images, untyped fields). */
export type KeyColumn = 'num' | 'txt' | null;

export const KEY_COLUMN: { readonly [K in FieldKind]: KeyColumn } = {
  text: 'txt',
  integer: 'num',
  decimal: 'num',
  date: 'txt',
  datetime: 'txt',
  time: 'txt',
  boolean: 'num',
  picklist: 'txt',
  image: null,
  opaque: null,
};

/**
 * Text keys of dates and times compare as `compareDateKeys` does: a key that is a prefix
 * of the other (`2021-03` and `2021-03-31`) is equal to it.
 */
export function isPrefixOrdered(kind: FieldKind): boolean {
  return kind === 'date' || kind === 'datetime' || kind === 'time';
}

function timeKey(text: string): string | null {
  const reading = readQueryTime(text.trim());
  return reading.ok && reading.value ? reading.value.key : null;
}

/** The key of a record's value (one leaf), or null when the field's comparator cannot compare it (NaN). */
export function valueKey(value: unknown, field: SchemaField): Key | null {
  switch (field.kind) {
    case 'integer':
    case 'decimal': {
      const n = numberOf(value);
      return Number.isNaN(n) ? null : { num: n };
    }
    case 'boolean': {
      const b = storedBoolean(value, field);
      return b === undefined ? null : { num: Number(b) };
    }
    case 'date':
    case 'datetime': {
      const key = storedDateKey(value, field, field.kind === 'datetime');
      return key === null ? null : { txt: key };
    }
    case 'time': {
      const key = typeof value === 'string' ? timeKey(value) : null;
      return key === null ? null : { txt: key };
    }
    case 'picklist':
      return typeof value === 'string'
        ? { txt: value }
        : typeof value === 'number'
          ? { txt: String(value) }
          : null;
    case 'text':
      return typeof value === 'string'
        ? { txt: value.toLowerCase() }
        : typeof value === 'number' || typeof value === 'boolean'
          ? { txt: String(value).toLowerCase() }
          : null;
    case 'image':
    case 'opaque':
      return null;
  }
}

/** The key of a value written in the query, as the field's comparator reads it; null when it compares with nothing. */
export function queryKey(text: string, field: SchemaField, now: Date): Key | null {
  switch (field.kind) {
    case 'integer':
    case 'decimal': {
      const n = readNumber(text);
      return Number.isNaN(n) ? null : { num: n };
    }
    case 'boolean': {
      const b = queryBoolean(text, field);
      return b === undefined ? null : { num: Number(b) };
    }
    case 'date':
    case 'datetime': {
      const key = queryDateKey(text, field.kind === 'datetime', now);
      return key === null ? null : { txt: key };
    }
    case 'time': {
      const key = timeKey(text);
      return key === null ? null : { txt: key };
    }
    case 'picklist':
      return { txt: text.trim() };
    case 'text':
      return { txt: text.toLowerCase() };
    case 'image':
    case 'opaque':
      return null;
  }
}
