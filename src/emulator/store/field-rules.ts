/**
 * The rules a stored value must keep, read from its field definition: type, length
 * bounds, picklist codes, boolean spellings, the field's own date format. A value that
 * breaks them is still stored (as the service does) and listed in `_errors`.
 */
import { fromDateFormat } from '../../schema/dates.js';
import { fieldKind, type FieldKind } from '../../schema/field-kind.js';
import type { SchemaFieldResponse } from '../../schema/response.js';

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
      booleans:
        typeof field.allowedBooleanValues === 'string'
          ? field.allowedBooleanValues.split('/').map((s) => s.trim())
          : ['true', 'false'],
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
      return typeof value === 'string' && rules.booleans.includes(value)
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
