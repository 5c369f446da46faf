/**
 * Values of a field, written the way the place needs them: picklist codes with their
 * descriptions, the field's two boolean values, a date template (year-month-day) and
 * range snippets for dates and numbers, `*` as an open range end, and the relations
 * `>` `>=` `<` `<=` after `field:` of an ordered field.
 */
import { escapeTerm, printRangeBound, quote } from '../../language/escape.js';
import { compareDateKeys } from '../../schema/dates.js';
import { isOrdered } from '../../schema/field-kind.js';
import type { SchemaField } from '../../schema/schema.js';
import { rankText } from '../catalog.js';
import { candidate, type Candidate } from '../fuzzy.js';
import type { CompletionItem, ValueStyle } from '../types.js';

export interface ValueEntry {
  readonly item: CompletionItem;
  /** Matched against what is typed: the value, and its description. */
  readonly names: readonly Candidate[];
}

const NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/** `value` written for `style`. */
export function writeCompletionValue(value: string, style: ValueStyle, numeric = false): string {
  switch (style) {
    case 'term':
    case 'relation':
      return value === '' || /\s/.test(value) ? quote(value) : escapeTerm(value);
    case 'comparison':
      return numeric && NUMBER.test(value) ? value : quote(value);
    case 'quoted':
      return quote(value);
    case 'range-lower':
    case 'range-upper':
      return printRangeBound(value);
  }
}

function value(
  label: string,
  insert: string,
  detail: string | undefined,
  documentation: string | undefined,
  names: readonly string[],
): ValueEntry {
  const item: CompletionItem = {
    label,
    kind: 'value',
    insert,
    sortText: '',
    ...(detail ? { detail } : {}),
    ...(documentation ? { documentation } : {}),
  };
  return { item, names: names.map(candidate) };
}

function isNumeric(field: SchemaField): boolean {
  return field.kind === 'integer' || field.kind === 'decimal';
}

/** The boolean spellings a field accepts: its pair, else every pair its schemas give, else true/false. */
function spellingPairs(field: SchemaField): (readonly [string, string])[] {
  if (field.booleanValues) return [field.booleanValues];
  const pairs = new Map<string, readonly [string, string]>();
  for (const d of field.definitions) {
    const parts =
      typeof d.allowedBooleanValues === 'string'
        ? d.allowedBooleanValues.split('/').map((p) => p.trim())
        : [];
    if (parts.length === 2 && parts[0] && parts[1])
      pairs.set(parts.join('/'), [parts[0], parts[1]]);
  }
  return pairs.size > 0 ? [...pairs.values()] : [['true', 'false']];
}

/** The values that do not depend on the day: picklist codes, booleans. Cached per field and style. */
const fixedValues = /* @__PURE__ */ new WeakMap<
  SchemaField,
  Map<ValueStyle, readonly ValueEntry[]>
>();

export function schemaValues(field: SchemaField, style: ValueStyle): readonly ValueEntry[] {
  let byStyle = fixedValues.get(field);
  if (byStyle === undefined) fixedValues.set(field, (byStyle = new Map()));
  let list = byStyle.get(style);
  if (list === undefined) {
    list = makeSchemaValues(field, style);
    byStyle.set(style, list);
  }
  return list;
}

function makeSchemaValues(field: SchemaField, style: ValueStyle): readonly ValueEntry[] {
  const entries: ValueEntry[] = [];
  if (field.kind === 'picklist') {
    for (const e of field.picklist ?? []) {
      const description =
        typeof e.description === 'string' && e.description !== '' ? e.description : undefined;
      entries.push(
        value(
          e.code,
          writeCompletionValue(e.code, style),
          description,
          undefined,
          description ? [e.code, description] : [e.code],
        ),
      );
    }
  } else if (field.kind === 'boolean') {
    for (const [yes, no] of spellingPairs(field)) {
      entries.push(value(yes, writeCompletionValue(yes, style), 'true', undefined, [yes, 'true']));
      entries.push(value(no, writeCompletionValue(no, style), 'false', undefined, [no, 'false']));
    }
  }
  return entries.map((e, rank) => ({ ...e, item: { ...e.item, sortText: rankText(rank) } }));
}

/** A `today` that is no usable date (NaN, past year 9999, or not a Date at all when called from JavaScript) gives a fixed day. */
function isoDay(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return '2024-01-01';
  const iso = date.toISOString();
  return /^\d{4}-/.test(iso) ? iso.slice(0, 10) : '2024-01-01';
}

function clampDate(key: string, field: SchemaField): string {
  if (field.minDate && compareDateKeys(key, field.minDate) < 0) return field.minDate;
  if (field.maxDate && compareDateKeys(key, field.maxDate) > 0) return field.maxDate;
  return key;
}

const OPEN_END = /* @__PURE__ */ value(
  '*',
  '*',
  'open end',
  'An open end: `[10 TO *]` is 10 or more.',
  ['*'],
);

// Pure: a bundle without completion must not keep these entries (and `candidate`).
const RELATIONS: readonly ValueEntry[] = /* @__PURE__ */ [
  ['>', 'greater than'],
  ['>=', 'greater than or equal to'],
  ['<', 'less than'],
  ['<=', 'less than or equal to'],
].map(([op, meaning]) => ({
  item: {
    label: op!,
    kind: 'operator',
    insert: op!,
    detail: meaning!,
    documentation: `\`field:${op}value\`: ${meaning} the value (a half-open range).`,
    sortText: '',
  },
  names: [candidate(op!)],
}));

/**
 * Templates for ordered fields: a date (today, within the field's bounds) and range
 * snippets. `inGroup` is true inside `field:( ... )`, where only plain values fit.
 */
export function templateValues(
  field: SchemaField,
  style: ValueStyle,
  today: Date,
  inGroup: boolean,
): ValueEntry[] {
  const entries: ValueEntry[] = [];
  const dated = field.kind === 'date' || field.kind === 'datetime';
  const day = clampDate(isoDay(today), field);
  if (dated) {
    entries.push(
      value(
        day,
        writeCompletionValue(day, style),
        'a date (year-month-day)',
        'Dates are written year-month-day in queries, whatever the stored format.',
        [day, 'date'],
      ),
    );
  }
  if (style === 'term' && !inGroup) {
    if (dated) {
      // The year of the template date: this year, or the nearest one the bounds allow.
      const year = day.slice(0, 4);
      let lower = clampDate(`${year}-01-01`, field);
      const upper = clampDate(`${year}-12-31`, field);
      if (compareDateKeys(lower, upper) > 0) lower = upper;
      entries.push({
        item: {
          label: `[${lower} TO ${upper}]`,
          kind: 'snippet',
          insert: `[${lower} TO ${upper}]`,
          snippet: `[\${1:${lower}} TO \${2:${upper}}]`,
          detail: 'a date range, bounds included',
          documentation:
            '`[a TO b]` includes both bounds, `{a TO b}` excludes them; `*` is an open end.',
          sortText: '',
        },
        names: [candidate('range'), candidate('date')],
      });
    } else if (isNumeric(field)) {
      entries.push({
        item: {
          label: '[0 TO 100]',
          kind: 'snippet',
          insert: '[0 TO 100]',
          snippet: '[${1:0} TO ${2:100}]',
          detail: 'a range, bounds included',
          documentation:
            '`[a TO b]` includes both bounds, `{a TO b}` excludes them; `*` is an open end.',
          sortText: '',
        },
        names: [candidate('range')],
      });
    }
    if (isOrdered(field.kind) && field.kind !== 'opaque') entries.push(...RELATIONS);
  }
  if (style === 'range-lower' || style === 'range-upper') entries.push(OPEN_END);
  return entries;
}
