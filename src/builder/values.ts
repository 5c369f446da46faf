/**
 * Turning JavaScript values into the text the query language writes: numbers in
 * plain decimal, dates as the year-month-day of their local calendar date. Anything that cannot be written
 * exactly is a `BuilderError`, never a silently different value.
 */
import { printDecimal } from '../language/escape.js';
import { zeroPad } from '../schema/dates.js';
import { BuilderError } from './errors.js';

/**
 * A value the untyped factories accept: strings are taken literally; a `Date` stands for
 * its calendar date in the local time zone (`new Date(2024, 0, 1)` is `2024-01-01` in every
 * zone); pass a `YYYY-MM-DD` string to name a day independently of any zone.
 */
export type Scalar = string | number | boolean | Date;

/** A date as the query language writes it. */
export type DateString = `${number}-${number}-${number}`;

const DATE_STRING = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `-0` and `0` print alike; normalising keeps a built tree equal to its parse. */
function normaliseNumber(value: number): number {
  return value === 0 ? 0 : value;
}

/** The plain decimal text of a finite number; throws when the text would not read back as the same number. */
export function numberToText(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new BuilderError(
      'invalid-number',
      `a number in a query must be finite, not ${String(value)}`,
    );
  }
  const n = normaliseNumber(value);
  const text = n < 0 ? `-${printDecimal(-n)}` : printDecimal(n);
  if (Number(text) !== n)
    throw new BuilderError(
      'invalid-number',
      `${n} cannot be written exactly as a decimal number in a query`,
    );
  return text;
}

/** A finite number, `-0` normalised, for `NumberValue.value`. */
export function finiteNumber(value: number): number {
  numberToText(value);
  return normaliseNumber(value);
}

/**
 * A `Date` as its local calendar date, `YYYY-MM-DD`: the day a person who wrote
 * `new Date(2024, 0, 1)` (or picked a day in a date picker) means, whatever the time zone.
 * Its time of day is dropped. For a UTC day, pass `date.toISOString().slice(0, 10)` instead.
 */
export function dateText(date: Date): string {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new BuilderError('invalid-date', 'the Date is invalid');
  const year = date.getFullYear();
  if (year < 0 || year > 9999)
    throw new BuilderError('invalid-date', `the year ${year} cannot be written as YYYY-MM-DD`);
  return `${zeroPad(year, 4)}-${zeroPad(date.getMonth() + 1, 2)}-${zeroPad(date.getDate(), 2)}`;
}

/** True for a `YYYY-MM-DD` string naming a real calendar day. */
export function isDateString(text: string): boolean {
  const match = DATE_STRING.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A `Date` (its local calendar date) or a `YYYY-MM-DD` string, checked, as `YYYY-MM-DD`. */
export function dayText(value: Date | string): string {
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'string' && isDateString(value)) return value;
  throw new BuilderError(
    'invalid-date',
    `expected a Date or a YYYY-MM-DD date, not ${describe(value)}`,
  );
}

/** The query text of a scalar: strings literally, numbers in decimal, dates as `YYYY-MM-DD`, booleans as `true`/`false`. */
export function scalarText(value: Scalar): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return numberToText(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      if (value instanceof Date) return dateText(value);
      throw new BuilderError(
        'invalid-value',
        `expected a string, number, boolean or Date, not ${describe(value)}`,
      );
  }
}

/** A short description of any value for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof Date) return 'a Date';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return typeof value;
}
