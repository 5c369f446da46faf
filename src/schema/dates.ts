/**
 * Dates as the query language writes them (year-month-day, as in `[2020-01-01 TO
 * 2020-12-31]`) and as date fields store them (each field's own `dateFormat`, such as
 * `MM/DD/YYYY`). Both are turned into one comparable ISO key.
 */

/** A date or date-time read from query text: an ISO key truncated to what was written. */
export interface DateValue {
  /** `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS[.sss]]`, always zero-padded. */
  readonly key: string;
}

const ISO =
  /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/;
/** Elasticsearch-style date math (`now`, `now-1d/d`): valid, but not comparable. */
const DATE_MATH = /^now(?:[+-]\d+[yMwdhHms])*(?:\/[yMwdhHms])?$/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1-12) of `year`, Gregorian. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) return 29;
  return DAYS[month - 1] ?? 0;
}

/** `n` in decimal, zero-padded to `width` digits. */
export function zeroPad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

export type DateReading =
  | { readonly ok: true; readonly value: DateValue | null }
  | { readonly ok: false; readonly reason: string };

/** The digit at `i` of `text` as a number, or -1. */
function digitAt(text: string, i: number): number {
  const c = text.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** True for a real `YYYY-MM-DD` date, checked without the regular expression (the common case). */
export function isPlainDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const y0 = digitAt(text, 0),
    y1 = digitAt(text, 1),
    y2 = digitAt(text, 2),
    y3 = digitAt(text, 3);
  const m0 = digitAt(text, 5),
    m1 = digitAt(text, 6),
    d0 = digitAt(text, 8),
    d1 = digitAt(text, 9);
  if ((y0 | y1 | y2 | y3 | m0 | m1 | d0 | d1) < 0) return false;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Reads a query date; `value` is null for date math (`now-1d`), which is valid but not comparable. */
export function readQueryDate(text: string, withTime: boolean): DateReading {
  // A plain date out of range falls through: the regular expression's path says why.
  if (isPlainDate(text)) return { ok: true, value: { key: text } };
  if (text.charCodeAt(0) === 110 /* n */ && DATE_MATH.test(text)) return { ok: true, value: null };
  const m = ISO.exec(text);
  if (m === null)
    return {
      ok: false,
      reason: `'${text}' is not a date; write dates as year-month-day, e.g. 2021-03-31`,
    };
  const year = Number(m[1]);
  let key = m[1]!;
  if (m[2] !== undefined) {
    const month = Number(m[2]);
    if (month < 1 || month > 12)
      return { ok: false, reason: `'${text}' is not a real date: there is no month ${month}` };
    key += `-${zeroPad(month, 2)}`;
    if (m[3] !== undefined) {
      const day = Number(m[3]);
      const days = daysInMonth(year, month);
      if (day < 1 || day > days)
        return {
          ok: false,
          reason: `'${text}' is not a real date: ${year}-${zeroPad(month, 2)} has ${days} days`,
        };
      key += `-${zeroPad(day, 2)}`;
    }
  }
  if (m[4] !== undefined) {
    if (!withTime) return { ok: false, reason: `'${text}' holds a time, but the field is a date` };
    const [h, min, s] = [Number(m[4]), Number(m[5]), m[6] === undefined ? 0 : Number(m[6])];
    if (h > 23 || min > 59 || s > 59)
      return { ok: false, reason: `'${text}' is not a real time of day` };
    key += `T${m[4]}:${m[5]}${m[6] === undefined ? '' : `:${m[6]}${m[7] ?? ''}`}`;
  }
  return { ok: true, value: { key } };
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?$/;

/** Reads a time of day, `HH:MM[:SS]`, as a comparable key. */
export function readQueryTime(text: string): DateReading {
  // The common `HH:MM`, read without the regular expression (and its match array).
  if (text.length === 5 && text.charCodeAt(2) === 58 /* : */) {
    const h0 = digitAt(text, 0),
      h1 = digitAt(text, 1),
      m0 = digitAt(text, 3),
      m1 = digitAt(text, 4);
    if ((h0 | h1 | m0 | m1) >= 0 && h0 * 10 + h1 <= 23 && m0 <= 5)
      return { ok: true, value: { key: text } };
  }
  const m = TIME.exec(text);
  if (m === null)
    return { ok: false, reason: `'${text}' is not a time; write times as HH:MM or HH:MM:SS` };
  const [h, min, s] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 0 : Number(m[3])];
  if (h > 23 || min > 59 || s > 59)
    return { ok: false, reason: `'${text}' is not a real time of day` };
  return {
    ok: true,
    value: { key: `${zeroPad(h, 2)}:${m[2]}${m[3] === undefined ? '' : `:${m[3]}${m[4] ?? ''}`}` },
  };
}

/**
 * Compares two keys; a key that is a prefix of the other (`2021` and `2021-05-01`)
 * overlaps it, so they compare equal: neither is surely before the other.
 */
export function compareDateKeys(a: string, b: string): number {
  // Keys of one length overlap only when equal (the common case: two full dates).
  if (a.length === b.length) return a === b ? 0 : a < b ? -1 : 1;
  if (a.startsWith(b) || b.startsWith(a)) return 0;
  return a < b ? -1 : 1;
}

/**
 * Reads `text` in a field's `dateFormat` (tokens `YYYY`, `YY`, `MM`, `M`, `DD`, `D`,
 * any other character literal; `dateSeparator` replaces `/`, `-` and `.` when given)
 * and returns it as `YYYY-MM-DD`, or null when it does not fit or is no real date.
 */
export function fromDateFormat(
  text: string,
  dateFormat: string,
  dateSeparator?: string,
): string | null {
  const compiled = compileDateFormat(dateFormat, dateSeparator);
  if (compiled === null) return null;
  const { pattern, order } = compiled;
  const m = pattern.exec(text);
  if (m === null) return null;
  let year = 0;
  let month = 0;
  let day = 0;
  order.forEach((part, i) => {
    const n = Number(m[i + 1]);
    if (part === 'Y') year = n;
    else if (part === 'y') year = n < 50 ? 2000 + n : 1900 + n;
    else if (part === 'M') month = n;
    else day = n;
  });
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${zeroPad(year, 4)}-${zeroPad(month, 2)}-${zeroPad(day, 2)}`;
}

const compiledFormats = /* @__PURE__ */ new Map<
  string,
  { pattern: RegExp; order: string[] } | null
>();

/** A date format as a regular expression and the order of its parts, compiled once per format. */
function compileDateFormat(
  dateFormat: string,
  dateSeparator: string | undefined,
): { pattern: RegExp; order: string[] } | null {
  const key = `${dateFormat}\u0000${dateSeparator ?? ''}`;
  const known = compiledFormats.get(key);
  if (known !== undefined) return known;
  const format = dateSeparator ? dateFormat.replace(/[/.-]/g, dateSeparator) : dateFormat;
  const order: string[] = [];
  const pattern = format.replace(/YYYY|YY|MM|M|DD|D|[.*+?^${}()|[\]\\]/gi, (token) => {
    const t = token.toUpperCase();
    if (t === 'YYYY') return (order.push('Y'), '(\\d{4})');
    if (t === 'YY') return (order.push('y'), '(\\d{2})');
    if (t === 'MM' || t === 'M') return (order.push('M'), '(\\d{1,2})');
    if (t === 'DD' || t === 'D') return (order.push('D'), '(\\d{1,2})');
    return `\\${token}`;
  });
  const compiled =
    order.includes('M') && order.includes('D') && (order.includes('Y') || order.includes('y'))
      ? { pattern: new RegExp(`^${pattern}$`), order }
      : null;
  if (compiledFormats.size < 1000) compiledFormats.set(key, compiled);
  return compiled;
}
