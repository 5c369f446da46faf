/**
 * A schema lookup built once from one or several Get Schema responses (a search may
 * span a business area or all of them). Field names are matched exactly; a second
 * index, by name without case and whitespace, finds what a person probably meant.
 * Unknown `dataType` values, missing optional properties and extra properties never
 * fail: an unknown type is `opaque` and simply gets no type rules.
 */
import { withAliases } from './aliases.js';
import { compareDateKeys, fromDateFormat, readQueryDate } from './dates.js';
import { FIELD_KIND_TRAITS, fieldKind, type FieldKind } from './field-kind.js';
import { NameTable } from './name-table.js';
import { booleanPairOf } from './value-rules.js';
import {
  HIT_METADATA_FIELDS,
  type PicklistEntry,
  type SchemaFieldResponse,
  type SchemaResponse,
} from './response.js';

/** One searchable field, merged over every schema that defines a field of that name. */
export interface SchemaField {
  readonly name: string;
  readonly kind: FieldKind;
  /** The `dataType` strings as given (several when schemas disagree). */
  readonly dataTypes: readonly string[];
  readonly description?: string;
  /** False only when every definition is inactive. */
  readonly active: boolean;
  readonly pii: boolean;
  readonly multivalue: boolean;
  /** A search hit metadata field such as `_dataObjectId`. */
  readonly metadata: boolean;
  /** Text fields: length bounds. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Date fields: bounds as `YYYY-MM-DD`. */
  readonly minDate?: string;
  readonly maxDate?: string;
  /**
   * Boolean fields: the accepted spellings, true first (`['Y', 'N']`); undefined when the
   * field names none (then `true`/`false`) or its schemas name different pairs
   * (`booleanPairs` in value-rules.ts reads them all).
   */
  readonly booleanValues?: readonly [string, string];
  /** Picklist fields with a static list. */
  readonly picklist?: readonly PicklistEntry[];
  /** Date fields: how stored values are written, e.g. `MM/DD/YYYY`. */
  readonly dateFormat?: string;
  readonly dateSeparator?: string;
  /** The names of the schemas that define it (empty for metadata fields). */
  readonly schemas: readonly string[];
  /** The raw definitions, for callers that need more than the checker does. */
  readonly definitions: readonly SchemaFieldResponse[];
}

export interface SchemaIndex {
  readonly kind: 'SchemaIndex';
  /** The schema names, in the order given. */
  readonly names: readonly string[];
  readonly fields: ReadonlyMap<string, SchemaField>;
  /** Things skipped while loading (a field without a name, ...), for tools to show. */
  readonly problems: readonly string[];
  /** The field of exactly this name. */
  field(name: string): SchemaField | undefined;
  /** Fields whose names equal `name` when case and whitespace are ignored. */
  looseMatches(name: string): readonly SchemaField[];
  /** Other names for fields (alias -> field name), when configured (see aliases.ts). */
  readonly aliases?: ReadonlyMap<string, string>;
  /** The field an alias stands for, ignoring case and spacing; absent without aliases. */
  readonly aliasOf?: (name: string) => SchemaField | undefined;
}

export interface LoadSchemaOptions {
  /** Other names for fields, alias -> field name: `{ surname: 'Last Name', Stadt: 'City' }`. */
  readonly aliases?: Readonly<Record<string, string>>;
}

/** The given schema input is not a Get Schema response (nor an array of them). */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
}

/** A builder schema (`defineSchema(...)`, a module `mdq codegen` wrote): field definitions keyed by name. */
export interface DefinedSchema {
  readonly definition: { readonly [name: string]: object };
  readonly fieldNames: readonly string[];
  readonly name?: string;
}

export type SchemaInput =
  | SchemaIndex
  | SchemaResponse
  | DefinedSchema
  | readonly (SchemaResponse | DefinedSchema)[];

/** True for a builder schema (`defineSchema(...)`). */
export function isDefinedSchema(value: unknown): value is DefinedSchema {
  return (
    isRecord(value) &&
    isRecord(value.definition) &&
    Array.isArray(value.fieldNames) &&
    !Array.isArray(value.fields)
  );
}

/** A builder schema as the Get Schema response it stands for (its field order, its name). */
function responseOf(schema: DefinedSchema): unknown {
  return {
    name: typeof schema.name === 'string' ? schema.name : 'schema',
    fields: schema.fieldNames.map((name) => ({ ...schema.definition[name], name })),
  };
}

/** The key under which names that differ only in case or whitespace meet. */
export function looseKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonNegativeNumber(value: unknown): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** A date bound as `YYYY-MM-DD`: ISO as it is, or in the field's own `dateFormat`. */
function dateBound(value: unknown, field: SchemaFieldResponse): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const iso = readQueryDate(text.slice(0, 10), false);
  if (iso.ok && iso.value && /^\d{4}-\d{2}-\d{2}/.test(text)) return iso.value.key;
  if (typeof field.dateFormat === 'string')
    return (
      fromDateFormat(
        text,
        field.dateFormat,
        typeof field.dateSeparator === 'string' ? field.dateSeparator : undefined,
      ) ?? undefined
    );
  return undefined;
}

function picklistOf(field: SchemaFieldResponse): PicklistEntry[] | undefined {
  if (!Array.isArray(field.staticPicklist)) return undefined;
  const entries = field.staticPicklist.filter(
    (e): e is PicklistEntry => isRecord(e) && typeof e.code === 'string',
  );
  return entries.length > 0 ? entries : undefined;
}

/** What every field has; the rest of `SchemaField` is optional while a field is built. */
type RequiredFieldKeys =
  | 'name'
  | 'kind'
  | 'dataTypes'
  | 'active'
  | 'pii'
  | 'multivalue'
  | 'metadata'
  | 'schemas'
  | 'definitions';
type FieldParts = Pick<SchemaField, RequiredFieldKeys> &
  Partial<Omit<SchemaField, RequiredFieldKeys>>;

/**
 * A field with every property in one order, absent ones undefined: all fields then
 * share one object shape, and the checker reads them for every clause.
 */
function shaped(parts: FieldParts): SchemaField {
  return {
    name: parts.name,
    kind: parts.kind,
    dataTypes: parts.dataTypes,
    description: parts.description,
    active: parts.active,
    pii: parts.pii,
    multivalue: parts.multivalue,
    metadata: parts.metadata,
    minLength: parts.minLength,
    maxLength: parts.maxLength,
    minDate: parts.minDate,
    maxDate: parts.maxDate,
    booleanValues: parts.booleanValues,
    picklist: parts.picklist,
    dateFormat: parts.dateFormat,
    dateSeparator: parts.dateSeparator,
    schemas: parts.schemas,
    definitions: parts.definitions,
  };
}

/** One definition as a field, before merging with same-named fields of other schemas. */
function fromDefinition(field: SchemaFieldResponse, schemaName: string): SchemaField {
  const kind = fieldKind(field.dataType);
  const base: FieldParts = {
    name: field.name,
    kind,
    dataTypes: typeof field.dataType === 'string' ? [field.dataType] : [],
    description: typeof field.description === 'string' ? field.description : undefined,
    active: field.active !== false,
    pii: field.isPII === true,
    multivalue: field.isMultivalue === true,
    metadata: false,
    schemas: [schemaName],
    definitions: [field],
  };
  switch (kind) {
    case 'text':
      return shaped({
        ...base,
        minLength: nonNegativeNumber(field.min),
        maxLength: nonNegativeNumber(field.max),
      });
    case 'date':
    case 'datetime':
      return shaped({
        ...base,
        minDate: dateBound(field.min, field) || undefined,
        maxDate: dateBound(field.max, field) || undefined,
        dateFormat: typeof field.dateFormat === 'string' ? field.dateFormat : undefined,
        dateSeparator: typeof field.dateSeparator === 'string' ? field.dateSeparator : undefined,
      });
    case 'boolean':
      return shaped({ ...base, booleanValues: booleanPairOf(field.allowedBooleanValues) });
    case 'picklist':
      return shaped({ ...base, picklist: picklistOf(field) });
    default:
      return shaped(base);
  }
}

function looser<T>(a: T | undefined, b: T | undefined, pick: (x: T, y: T) => T): T | undefined {
  return a === undefined || b === undefined ? undefined : pick(a, b);
}

/**
 * Merges two definitions of one name. A rule may only fire when it would fire for
 * every schema searched, so the merge keeps the loosest facts: a different type
 * makes the field opaque, bounds widen, accepted values unite.
 */
function merge(a: SchemaField, b: SchemaField): SchemaField {
  const kind = a.kind === b.kind ? a.kind : 'opaque';
  const minLength = looser(a.minLength, b.minLength, Math.min);
  const maxLength = looser(a.maxLength, b.maxLength, Math.max);
  const minDate = looser(a.minDate, b.minDate, (x, y) => (compareDateKeys(x, y) <= 0 ? x : y));
  const maxDate = looser(a.maxDate, b.maxDate, (x, y) => (compareDateKeys(x, y) >= 0 ? x : y));
  const picklist = looser(a.picklist, b.picklist, (x, y) => [
    ...x,
    ...y.filter((e) => !x.some((f) => f.code === e.code)),
  ]);
  const sameBooleans =
    a.booleanValues && b.booleanValues && a.booleanValues.join('/') === b.booleanValues.join('/');
  return shaped({
    name: a.name,
    kind,
    dataTypes: [...new Set([...a.dataTypes, ...b.dataTypes])],
    description: a.description ?? b.description,
    active: a.active || b.active,
    pii: a.pii || b.pii,
    multivalue: a.multivalue || b.multivalue,
    metadata: false,
    minLength: kind === 'text' ? minLength : undefined,
    maxLength: kind === 'text' ? maxLength : undefined,
    minDate: FIELD_KIND_TRAITS[kind].ordered ? minDate : undefined,
    maxDate: FIELD_KIND_TRAITS[kind].ordered ? maxDate : undefined,
    booleanValues: kind === 'boolean' && sameBooleans ? a.booleanValues : undefined,
    picklist: kind === 'picklist' ? picklist : undefined,
    dateFormat: a.dateFormat === b.dateFormat ? a.dateFormat : undefined,
    dateSeparator: a.dateSeparator === b.dateSeparator ? a.dateSeparator : undefined,
    schemas: [...a.schemas, ...b.schemas],
    definitions: [...a.definitions, ...b.definitions],
  });
}

function metadataField(name: string): SchemaField {
  return shaped({
    name,
    kind: 'text',
    dataTypes: ['string'],
    active: true,
    pii: false,
    multivalue: false,
    metadata: true,
    schemas: [],
    definitions: [],
  });
}

function describeInput(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/**
 * Normalises one Get Schema response, or an array of them, into a `SchemaIndex` (with
 * `options.aliases`, other names for its fields: see aliases.ts). Throws a
 * `SchemaError` when the input is not shaped like one (no `fields` array, say);
 * anything odd inside a field is tolerated, and a field without a name is skipped
 * (and listed in `problems`).
 */
export function loadSchema(input: unknown, options?: LoadSchemaOptions): SchemaIndex {
  const loaded = loadSchemaOnly(input);
  return options?.aliases === undefined ? loaded : withAliases(loaded, options.aliases);
}

function loadSchemaOnly(input: unknown): SchemaIndex {
  if (isLoadedSchema(input)) return input;
  const responses: unknown[] = (Array.isArray(input) ? input : [input]).map((r: unknown) =>
    isDefinedSchema(r) ? responseOf(r) : r,
  );
  if (Array.isArray(input) && input.length === 0)
    throw new SchemaError('expected at least one Get Schema response, got an empty array');
  const fields = new Map<string, SchemaField>();
  const names: string[] = [];
  const problems: string[] = [];
  responses.forEach((response, index) => {
    const where = Array.isArray(input) ? `schema ${index + 1}` : 'the schema';
    if (!isRecord(response))
      throw new SchemaError(
        `${where} is ${describeInput(response)}, not a Get Schema response object`,
      );
    if (!Array.isArray(response.fields)) {
      throw new SchemaError(
        `${where} has no "fields" array${'fields' in response ? ` ("fields" is ${describeInput(response.fields)})` : ''}; is this a Get Schema response?`,
      );
    }
    const schemaName = typeof response.name === 'string' ? response.name : `schema ${index + 1}`;
    names.push(schemaName);
    response.fields.forEach((field: unknown, i: number) => {
      if (!isRecord(field) || typeof field.name !== 'string' || field.name === '') {
        problems.push(`${schemaName}: field ${i + 1} has no name and was skipped`);
        return;
      }
      const definition = fromDefinition(field as SchemaFieldResponse, schemaName);
      const existing = fields.get(definition.name);
      fields.set(definition.name, existing ? merge(existing, definition) : definition);
    });
  });
  for (const name of HIT_METADATA_FIELDS)
    if (!fields.has(name)) fields.set(name, metadataField(name));
  const loose = new Map<string, SchemaField[]>();
  for (const field of fields.values()) {
    const key = looseKey(field.name);
    const list = loose.get(key);
    if (list) list.push(field);
    else loose.set(key, [field]);
  }
  const exact = new NameTable(fields.values());
  return {
    kind: 'SchemaIndex',
    names,
    fields,
    problems,
    field: (name) => exact.get(name),
    looseMatches: (name) => loose.get(looseKey(name)) ?? [],
  };
}

/** True for a `SchemaIndex` made by `loadSchema` (as opposed to a raw response). */
export function isLoadedSchema(value: unknown): value is SchemaIndex {
  return (
    isRecord(value) &&
    value.kind === 'SchemaIndex' &&
    value.fields instanceof Map &&
    typeof value.field === 'function'
  );
}

/**
 * Reads a schema file's text: JSON holding one Get Schema response or an array of
 * them. Throws a `SchemaError` with a clear message for anything else.
 */
export function parseSchemaJson(text: string): SchemaIndex {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new SchemaError(`not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  return loadSchema(json);
}
