/**
 * The value rules: what a value of a field is, decided once. The checker judges the
 * values a query writes by them, the evaluator (and so the emulator's search) matches
 * stored values by them, and the emulator and `mdq update` judge stored values by them.
 * docs/meaning.md tables them.
 *
 * Booleans: a boolean field's values are the two spellings of its `allowedBooleanValues`
 * (`Y/N`), exactly as written there, or `true`/`false` when the field names no pair.
 * The service stores the spelling and compares it; it does not translate `true` into `Y`,
 * so `VIP:true` on a `Y/N` field can never match, and every part says so.
 */
import { compareDateKeys, fromDateFormat, readQueryDate, readQueryTime } from './dates.js';
import { fieldKind, type FieldKind } from './field-kind.js';
import type { SchemaFieldResponse } from './response.js';
import type { SchemaField } from './schema.js';

// ------------------------------------------------------------------ booleans

/** The spellings of a boolean field that names no `allowedBooleanValues`. */
export const DEFAULT_BOOLEANS: readonly [string, string] = ['true', 'false'];

/** `"Y/N"` as the pair `['Y', 'N']`; undefined for anything that is not two non-empty spellings. */
export function booleanPairOf(value: unknown): readonly [string, string] | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = value.split('/').map((p) => p.trim());
  return parts.length === 2 && parts[0] && parts[1] ? [parts[0], parts[1]] : undefined;
}

const pairsOfField = new WeakMap<SchemaField, readonly (readonly [string, string])[]>();

/**
 * The spelling pairs of a boolean field, true first: its own pair, or one per schema
 * that defines it when they differ (a field merged over several schemas accepts each).
 */
export function booleanPairs(field: SchemaField): readonly (readonly [string, string])[] {
  if (field.booleanValues !== undefined) return [field.booleanValues];
  let pairs = pairsOfField.get(field);
  if (pairs === undefined) {
    const seen = new Map<string, readonly [string, string]>();
    for (const d of field.definitions) {
      const pair = booleanPairOf(d.allowedBooleanValues) ?? DEFAULT_BOOLEANS;
      seen.set(pair.join('/'), pair);
    }
    pairs = seen.size > 0 ? [...seen.values()] : [DEFAULT_BOOLEANS];
    pairsOfField.set(field, pairs);
  }
  return pairs;
}

/** A spelling of one of the pairs, exactly: true, false, or undefined for no spelling of the field. */
export function booleanOfSpelling(
  text: string,
  pairs: readonly (readonly [string, string])[],
): boolean | undefined {
  for (const pair of pairs) {
    if (text === pair[0]) return true;
    if (text === pair[1]) return false;
  }
  return undefined;
}

/** What a query value means in a boolean field (undefined: it can never match). */
export function queryBoolean(text: string, field: SchemaField): boolean | undefined {
  return booleanOfSpelling(text, booleanPairs(field));
}

/**
 * What a stored value means in a boolean field: a spelling of its pairs, or a JSON
 * boolean (records given to `filter` from code); anything else is no boolean.
 */
export function storedBoolean(value: unknown, field: SchemaField): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return booleanOfSpelling(String(value), booleanPairs(field));
  return typeof value === 'string' ? booleanOfSpelling(value, booleanPairs(field)) : undefined;
}

const TRUTHY = new Set(['true', 'yes', 'y', 't', '1', 'on']);
const FALSY = new Set(['false', 'no', 'n', 'f', '0', 'off']);

/** The spelling a person probably meant by a value no pair holds (`yes` -> `Y`, `y` -> `Y`); undefined when unsure. */
export function meantBoolean(
  text: string,
  pairs: readonly (readonly [string, string])[],
): string | undefined {
  if (pairs.length !== 1) return undefined;
  const pair = pairs[0]!;
  const lower = text.toLowerCase();
  return (
    pair.find((v) => v.toLowerCase() === lower) ??
    (TRUTHY.has(lower) ? pair[0] : FALSY.has(lower) ? pair[1] : undefined)
  );
}

// ------------------------------------------------------------------ numbers

/**
 * A number as queries write it and as text holds it: plain decimal notation only (`1e3`,
 * `0x10`, `''` are not numbers). One way to read each string, so a long run of digits
 * that fails at its end costs linear time, not quadratic.
 */
export const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The number `text` writes in plain decimal (spaces around it ignored), or NaN. */
export function readNumber(text: string): number {
  const t = text.trim();
  return PLAIN_NUMBER.test(t) ? Number(t) : NaN;
}

/** True for a whole number written in plain decimal (`7`, `-3`, `7.0` is not). */
export function isWholeNumberText(text: string): boolean {
  return /^[+-]?\d+$/.test(text.trim());
}

// ------------------------------------------------------------------ picklists

/** True when `text` is a code of the field's static picklist, exactly (codes are case-sensitive); true for a field without one. */
export function isPicklistCode(text: string, field: SchemaField): boolean {
  const list = field.picklist;
  if (list === undefined) return true;
  for (let i = 0; i < list.length; i++) if (list[i]!.code === text) return true;
  return false;
}

// ------------------------------------------------------------------ dates

/**
 * A stored date as a comparable key: read in the field's `dateFormat`, else as ISO
 * (`2021-03-31`, with a time for datetimes); null when it is no date.
 */
export function storedDateKey(
  value: unknown,
  field: SchemaField | undefined,
  withTime: boolean,
): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const iso = value.toISOString();
    return withTime ? iso.slice(0, 23) : iso.slice(0, 10);
  }
  if (typeof value !== 'string') return null;
  let date = value;
  let time = '';
  if (withTime) {
    const cut = value.search(/[T ]\d/);
    if (cut > 0) {
      date = value.slice(0, cut);
      time = value.slice(cut + 1);
    }
  }
  let key: string | null = null;
  if (field?.dateFormat !== undefined)
    key = fromDateFormat(date, field.dateFormat, field.dateSeparator);
  if (key === null) {
    const iso = readQueryDate(date, false);
    key = iso.ok && iso.value ? iso.value.key : null;
  }
  if (key === null) return null;
  if (time === '') return key;
  const t = readQueryTime(time.replace(/(?:Z|[+-]\d{2}:?\d{2})$/, ''));
  return t.ok && t.value ? `${key}T${t.value.key}` : key;
}

export { compareDateKeys };

// ------------------------------------------------------------------ stored values
/*
 * The rules a stored value must keep, read from its field definition: type, length
 * bounds, picklist codes, boolean spellings, the field's own date format. A value that
 * breaks them is still stored (as the service does) and listed in `_errors`.
 */

/** One entry of a data object's `_errors`. */
export interface FieldErrors {
  readonly name: string;
  readonly errors: readonly string[];
}

/** One `@` with text on both sides, no white space: each class excludes `@`, so this cannot backtrack. */
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+$/;
const URL_PATTERN = /^https?:\/\/\S+$/i;
const PHONE = /^\+?[0-9][0-9 ()./-]*$/;
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;

/**
 * `^[^@\s]+@[^@\s]+\.[^@\s]+$` (a dot inside the domain) without its backtracking: that
 * expression took seconds on a 40 KB value such as `a@a.a.a. ... ` and a 1 MB create
 * would have held the emulator for minutes (on every start too, as loading checks it again).
 */
function isEmail(value: string): boolean {
  if (!EMAIL_SHAPE.test(value)) return false;
  const domain = value.slice(value.indexOf('@') + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** A date bound as `YYYY-MM-DD`: ISO, or written in the field's own format. */
function dateBound(bound: unknown, field: SchemaFieldResponse): string | undefined {
  if (typeof bound !== 'string') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) return bound;
  return (
    (field.dateFormat && fromDateFormat(bound, field.dateFormat, field.dateSeparator)) || undefined
  );
}

function describe(value: unknown): string {
  const text =
    typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** What a field's definition says about its values, read once per definition. */
interface CompiledRules {
  readonly kind: FieldKind;
  readonly dataType: string;
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly booleans: readonly string[];
  readonly codes: ReadonlySet<string>;
  readonly codeList: string;
  readonly dateFormat: string;
  readonly minDate: string | undefined;
  readonly maxDate: string | undefined;
}

const compiled = new WeakMap<SchemaFieldResponse, CompiledRules>();

function rulesOf(field: SchemaFieldResponse): CompiledRules {
  let rules = compiled.get(field);
  if (rules === undefined) {
    const codes = (field.staticPicklist ?? []).map((entry) => entry.code);
    rules = {
      kind: fieldKind(field.dataType),
      dataType: typeof field.dataType === 'string' ? field.dataType.toLowerCase() : '',
      min: typeof field.min === 'number' ? field.min : undefined,
      max: typeof field.max === 'number' ? field.max : undefined,
      booleans: booleanPairOf(field.allowedBooleanValues) ?? DEFAULT_BOOLEANS,
      codes: new Set(codes),
      codeList: codes.join(', '),
      dateFormat: field.dateFormat ?? 'YYYY-MM-DD',
      minDate: dateBound(field.min, field),
      maxDate: dateBound(field.max, field),
    };
    compiled.set(field, rules);
  }
  return rules;
}

/** The problems of one (single) value of a field; empty when it is fine. */
function singleValueErrors(value: unknown, field: SchemaFieldResponse): string[] {
  const rules = rulesOf(field);
  switch (rules.kind) {
    case 'text': {
      if (typeof value !== 'string') return [`${describe(value)} is not text`];
      const errors: string[] = [];
      if (rules.min !== undefined && value.length < rules.min)
        errors.push(`is shorter than ${rules.min} characters`);
      if (rules.max !== undefined && value.length > rules.max)
        errors.push(`is longer than ${rules.max} characters`);
      if (rules.dataType === 'email' && !isEmail(value))
        errors.push(`${describe(value)} is not an email address`);
      if (rules.dataType === 'url' && !URL_PATTERN.test(value))
        errors.push(`${describe(value)} is not a URL`);
      if (rules.dataType === 'phone' && !PHONE.test(value))
        errors.push(`${describe(value)} is not a phone number`);
      return errors;
    }
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value)
        ? []
        : [`${describe(value)} is not a whole number`];
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value)
        ? []
        : [`${describe(value)} is not a number`];
    case 'boolean':
      // A JSON boolean is a value only of a field that names no pair (whose spellings are `true`/`false`).
      return (typeof value === 'string' && rules.booleans.includes(value)) ||
        (typeof value === 'boolean' && rules.booleans === DEFAULT_BOOLEANS)
        ? []
        : [`${describe(value)} is not one of ${rules.booleans.join(', ')}`];
    case 'picklist':
      if (rules.codes.size === 0)
        return typeof value === 'string' ? [] : [`${describe(value)} is not a picklist code`];
      return typeof value === 'string' && rules.codes.has(value)
        ? []
        : [`${describe(value)} is not one of the codes ${rules.codeList}`];
    case 'date': {
      if (typeof value !== 'string') return [`${describe(value)} is not a date`];
      const key = fromDateFormat(value, rules.dateFormat, field.dateSeparator);
      if (key === null) return [`${describe(value)} is not a date written ${rules.dateFormat}`];
      if (rules.minDate !== undefined && key < rules.minDate)
        return [`${describe(value)} is before the earliest date ${String(field.min)}`];
      if (rules.maxDate !== undefined && key > rules.maxDate)
        return [`${describe(value)} is after the latest date ${String(field.max)}`];
      return [];
    }
    case 'datetime':
      return typeof value === 'string' && DATETIME.test(value)
        ? []
        : [`${describe(value)} is not a date and time (YYYY-MM-DDTHH:mm:ss)`];
    case 'time':
      return typeof value === 'string' && TIME.test(value)
        ? []
        : [`${describe(value)} is not a time of day (HH:mm)`];
    case 'image':
    case 'opaque':
      // Nothing is known about these values' shape: any JSON value is kept as it is.
      return [];
  }
}

/** The problems of a field's value (single or multivalue); empty when it is fine. */
export function valueErrors(value: unknown, field: SchemaFieldResponse): string[] {
  if (isEmpty(value)) return field.isRequired ? ['is required'] : [];
  if (Array.isArray(value)) {
    if (!field.isMultivalue) return ['takes one value, not a list'];
    const errors = new Set<string>();
    for (const item of value) for (const error of singleValueErrors(item, field)) errors.add(error);
    return [...errors];
  }
  return singleValueErrors(value, field);
}

/** The `_errors` of a data object: one entry per field with problems, in the schema's field order. */
export function recordErrors(
  values: Readonly<Record<string, unknown>>,
  fields: readonly SchemaFieldResponse[],
): FieldErrors[] {
  const result: FieldErrors[] = [];
  for (const field of fields) {
    if (field.active === false) continue;
    const errors = valueErrors(values[field.name], field);
    if (errors.length > 0) result.push({ name: field.name, errors });
  }
  return result;
}
