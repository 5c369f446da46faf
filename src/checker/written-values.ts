/**
 * Numbers, dates and times as people write them, read for the value they meant: `€500`,
 * `1,000,000`, `1.000,50`, `50%`, `13.02.2020`, `02/13/2020`, `9am`. Where only one reading
 * is possible the value is certain (its fix is safe); where two are (`1,000` is a thousand
 * or one; `01/02/2020` is the first of February or the second of January), both are given,
 * and the message names the form the query needs. A value none of these fits gives nothing:
 * the field type's own message stands.
 */
import { isPlainDate } from '../schema/dates.js';
import type { SchemaField } from '../schema/schema.js';

export interface Meant {
  /** The values meant, in the form the query needs, the likelier first. */
  readonly values: readonly string[];
  /** True when `values` is one value that the text can only mean. */
  readonly certain: boolean;
  /** Why the text is not that value, naming the form expected. */
  readonly reason: string;
}

// Written escaped (euro, dollar, pound, yen, rupee): dist/ stays ASCII (package.test.ts says why).
const CURRENCY =
  /^(?:[\u20ac$\u00a3\u00a5\u20b9]|EUR|USD|GBP|CHF)?(.*?)(?:[\u20ac$\u00a3\u00a5\u20b9]|EUR|USD|GBP|CHF)?$/u;
/** English grouping: `1,000`, `12,345.67`. */
const COMMA_GROUPS = /^([+-]?\d{1,3}(?:,\d{3})+)(\.\d+)?$/;
/** German and others: `1.000`, `1.000.000,5`, Swiss `1'000`. */
const DOT_GROUPS = /^([+-]?\d{1,3}(?:[.'\u2019]\d{3})+)(,\d+)?$/;
const DECIMAL_COMMA = /^([+-]?\d+),(\d+)$/;
const PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** A number written with a currency sign, grouping, a decimal comma or a percent sign. */
function meantNumber(text: string, integer: boolean): Meant | undefined {
  let rest = text.trim();
  const percent = rest.endsWith('%');
  if (percent) rest = rest.slice(0, -1).trim();
  const currency = CURRENCY.exec(rest);
  const bare = currency?.[1]?.trim() ?? rest;
  const signed = bare !== rest;
  const said: string[] = [];
  if (signed) said.push('a currency sign');
  let values: string[] | undefined;
  let certain = true;
  let m: RegExpExecArray | null;
  if (PLAIN.test(bare)) values = [bare];
  else if ((m = COMMA_GROUPS.exec(bare)) !== null) {
    const whole = m[1]!.replace(/,/g, '');
    values = [`${whole}${m[2] ?? ''}`];
    said.push('thousands separators');
    // `1,000` alone: a thousand in English, one in German. On a whole-number field only a thousand fits.
    if (m[2] === undefined && m[1]!.split(',').length === 2 && !integer) {
      certain = false;
      values.push(`${m[1]!.replace(',', '.')}`);
    }
  } else if ((m = DOT_GROUPS.exec(bare)) !== null) {
    values = [
      `${m[1]!.replace(/[.'\u2019]/g, '')}${m[2] !== undefined ? `.${m[2].slice(1)}` : ''}`,
    ];
    said.push('thousands separators');
  } else if ((m = DECIMAL_COMMA.exec(bare)) !== null && !integer) {
    values = [`${m[1]}.${m[2]}`];
    said.push('a decimal comma');
  }
  if (values === undefined || (!signed && !percent && said.length === 0)) return undefined;
  if (percent) {
    said.push('a percent sign');
    const n = Number(values[0]);
    // 50% of a whole-number field is 50; of a decimal one it may be 50 or the fraction 0.5.
    if (!integer && Number.isFinite(n)) {
      const fraction = String(Number((n / 100).toPrecision(12)));
      values = [fraction, values[0]!];
      certain = false;
    }
  }
  if (integer && values.some((v) => !/^[+-]?\d+$/.test(v))) return undefined;
  const expected = integer ? 'a whole number' : 'a number';
  return {
    values,
    certain: certain && values.length === 1,
    reason:
      values.length === 1
        ? `'${text}' is written with ${said.join(' and ')}; ${expected} is written plainly, as ${values[0]}`
        : `'${text}' is written with ${said.join(' and ')}, and may be ${values.join(' or ')}; ${expected} is written plainly, with '.' for the decimal point: write the one meant`,
  };
}

const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const SLASHED = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: string, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const said = (m: number, d: number) => `${d} ${MONTHS[m - 1]}`;

/** `13.02.2020` (always day first), `13/02/2020` and `02/13/2020` (the order the numbers allow). */
function meantDate(text: string): Meant | undefined {
  const dotted = DOTTED.exec(text);
  if (dotted !== null) {
    const [, d, m, y] = dotted as unknown as [string, string, string, string];
    const value = iso(y, Number(m), Number(d));
    if (!isPlainDate(value)) return undefined;
    return {
      values: [value],
      certain: true,
      reason: `'${text}' is written day.month.year; queries write dates as year-month-day: ${value}`,
    };
  }
  const slashed = SLASHED.exec(text);
  if (slashed === null) return undefined;
  const [, a, b, y] = slashed as unknown as [string, string, string, string];
  const dayFirst = iso(y, Number(b), Number(a));
  const monthFirst = iso(y, Number(a), Number(b));
  const options = [
    ...(isPlainDate(dayFirst) ? [{ value: dayFirst, m: Number(b), d: Number(a) }] : []),
    ...(isPlainDate(monthFirst) && monthFirst !== dayFirst
      ? [{ value: monthFirst, m: Number(a), d: Number(b) }]
      : []),
  ];
  if (options.length === 0) return undefined;
  if (options.length === 1)
    return {
      values: [options[0]!.value],
      certain: true,
      reason: `'${text}' is written ${options[0]!.value === dayFirst ? 'day/month/year' : 'month/day/year'}; queries write dates as year-month-day: ${options[0]!.value}`,
    };
  return {
    values: options.map((o) => o.value),
    certain: false,
    reason: `'${text}' may be ${options.map((o) => `${said(o.m, o.d)} (${o.value})`).join(' or ')}; queries write dates as year-month-day: write the one meant`,
  };
}

const CLOCK = /^(\d{1,2})(?:[:.h](\d{2})(?::(\d{2}))?)?\s*(am|pm|a\.m\.|p\.m\.|h)?$/i;

/** `9am`, `9:30pm`, `9:30:15pm`, `12am`, `9h`, `9h30`, `9.30`: the time as HH:MM (HH:MM:SS with seconds). */
function meantTime(text: string): Meant | undefined {
  const m = CLOCK.exec(text.trim());
  if (m === null || (m[4] === undefined && m[2] === undefined)) return undefined;
  let h = Number(m[1]);
  const min = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[4]?.toLowerCase().replace(/\./g, '');
  if (half === 'am' || half === 'pm') {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (half === 'pm' ? 12 : 0);
  }
  if (h > 23 || min > 59 || Number(m[3] ?? 0) > 59) return undefined;
  const form = m[3] === undefined ? 'HH:MM' : 'HH:MM:SS';
  const value = `${pad(h)}:${pad(min)}${m[3] === undefined ? '' : `:${m[3]}`}`;
  return {
    values: [value],
    certain: true,
    reason: `'${text}' is not how queries write a time: they use the 24-hour clock, ${form}: ${value}`,
  };
}

/** What `text` was meant to be as a value of `field`, when it is a number, date or time written as people do. */
export function meantValue(text: string, field: SchemaField): Meant | undefined {
  switch (field.kind) {
    case 'integer':
      return meantNumber(text, true);
    case 'decimal':
      return meantNumber(text, false);
    case 'date':
    case 'datetime':
      return meantDate(text);
    case 'time':
      return meantTime(text);
    default:
      return undefined;
  }
}

/**
 * A date written with slashes outside quotes, `13/02/1960`, is read as `13` and the regular
 * expression `/02/` and `1960`: the whole text as written, from `start`, when it is one.
 */
export function slashedDateAt(text: string, start: number): string | undefined {
  const m = /^\d{1,2}\/\d{1,2}\/\d{4}(?![^\s)\]}])/.exec(text.slice(start, start + 11));
  return m?.[0];
}

/**
 * A time written with colons outside quotes, `9:30pm` or `09:30`, is read as `9` and a stray
 * `:`: the whole text as written, from `start`, when it is one.
 */
export function colonTimeAt(text: string, start: number): string | undefined {
  const m = /^\d{1,2}:\d{2}(?::\d{2})?(?:[ap]\.?m\.?)?(?![^\s)\]}])/i.exec(
    text.slice(start, start + 14),
  );
  return m?.[0];
}

/**
 * True when `start` is inside a time written with colons outside quotes that begins before
 * it: the `30` of `9:30:15`, which the parser reads as a field name after the stray `:`.
 */
export function insideColonTime(text: string, start: number): boolean {
  if (text[start - 1] !== ':') return false;
  let from = start - 1;
  while (from > 0 && from > start - 4 && /\d/.test(text[from - 1]!)) from--;
  if (from === start - 1 || (from > 0 && /[\p{L}\p{N}_.]/u.test(text[from - 1]!))) return false;
  const clock = colonTimeAt(text, from);
  return clock !== undefined && from + clock.length > start;
}
