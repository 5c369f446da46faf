/**
 * Everything completion prepares once per schema: each field's matching candidate,
 * detail and documentation, and the finished item lists for each way a field name
 * is written. A call with nothing typed returns one of these lists as it is; a call
 * with a prefix walks the prepared fields and makes items for the matches only.
 * Nothing here is copied per call.
 */
import { bracketFieldName, escapeTerm } from '../language/escape.js';
import { aliasesOf } from '../schema/aliases.js';
import {
  loadSchema,
  type SchemaField,
  type SchemaIndex,
  type SchemaInput,
} from '../schema/schema.js';
import type { FieldNameForm } from './cursor-context.js';
import { fieldDetail, fieldDocumentation } from './describe.js';
import { candidate, type Candidate } from './fuzzy.js';
import type { CompletionItem } from './types.js';

export interface FieldEntry {
  readonly field: SchemaField;
  /** The name prepared for matching, then its aliases (what the ranking takes). */
  readonly names: readonly Candidate[];
  /** Position in the schema order; metadata and inactive fields come after the rest. */
  readonly order: number;
  /** 0: an active schema field, 1: metadata, 2: inactive. */
  readonly group: 0 | 1 | 2;
  readonly detail: string;
  readonly documentation: string;
}

export interface Catalog {
  readonly index: SchemaIndex;
  /** In list order: active schema fields, metadata fields, inactive fields. */
  readonly entries: readonly FieldEntry[];
  /** The items of every field in list order, for each form (made on first use). */
  fieldItems(form: FieldNameForm): readonly CompletionItem[];
  /** A list made once under `key` and remembered (value lists per field and style, the clause list). */
  list(key: string, make: () => readonly CompletionItem[]): readonly CompletionItem[];
}

const catalogs = /* @__PURE__ */ new WeakMap<SchemaIndex, Catalog>();
const loaded = /* @__PURE__ */ new WeakMap<object, SchemaIndex>();

/** The schema index for any accepted schema input, loaded once per input object. */
export function schemaIndexOf(input: SchemaInput | undefined): SchemaIndex | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input !== 'object') return undefined;
  let index = loaded.get(input);
  if (index === undefined) {
    index = loadSchema(input);
    loaded.set(input, index);
  }
  return index;
}

export function catalogOf(index: SchemaIndex): Catalog {
  let catalog = catalogs.get(index);
  if (catalog === undefined) {
    catalog = makeCatalog(index);
    catalogs.set(index, catalog);
  }
  return catalog;
}

/**
 * Zero-padded rank, so that sorting the texts sorts the items. Past 99 999 (a schema of a
 * hundred thousand fields lists them all at an empty prefix) five digits no longer sort:
 * '100000' < '99999'. Those ranks take a letter first, which sorts after every digit both by
 * code unit and by locale (editors compare either way), then fifteen digits.
 */
export function rankText(rank: number): string {
  if (rank < RANK_TEXTS.length) return RANK_TEXTS[rank]!;
  return rank < 100_000 ? String(rank).padStart(5, '0') : `z${String(rank).padStart(15, '0')}`;
}

const RANK_TEXTS: readonly string[] = /* @__PURE__ */ Array.from({ length: 1024 }, (_, rank) =>
  String(rank).padStart(5, '0'),
);

/**
 * A name as one word for `name:value` and `_exists_:name`, escaped so that it reads
 * as that name wherever it stands: `_exists_` (bare, `_exists_:v` asks whether v
 * exists), `*` (bare, every field) and lower-case `and` / `or` / `not` (operators next
 * to a bracket comparison) get a backslash.
 */
function wordName(name: string): string {
  const word = escapeTerm(name);
  return word === '_exists_' || word === 'and' || word === 'or' || word === 'not'
    ? `\\${word}`
    : word;
}

/** Brackets for names that need escaping as a word; a name of only spaces has no bracket form (`[ ]` is empty). */
function prefersBrackets(name: string): boolean {
  return wordName(name) !== name && name.trim() !== '';
}

/** How a field is written in each form. */
export function writeFieldName(name: string, form: FieldNameForm): string {
  switch (form) {
    case 'clause':
      return prefersBrackets(name) ? `${bracketFieldName(name)} ` : `${wordName(name)}:`;
    case 'escaped-clause':
      return `${wordName(name)}:`;
    case 'bracket':
      return name.trim() !== '' ? `${bracketFieldName(name)} ` : `${wordName(name)}:`;
    case 'bracket-closed':
      return bracketFieldName(name);
    case 'name':
      return wordName(name);
  }
}

export function fieldItem(entry: FieldEntry, form: FieldNameForm, rank: number): CompletionItem {
  const { field } = entry;
  return {
    label: field.name,
    kind: 'field',
    insert: writeFieldName(field.name, form),
    detail: entry.detail,
    documentation: entry.documentation,
    sortText: rankText(rank),
    ...(field.active ? {} : { inactive: true as const }),
    ...(field.pii ? { pii: true as const } : {}),
    ...(field.metadata ? {} : { schemas: field.schemas }),
  };
}

function makeCatalog(index: SchemaIndex): Catalog {
  const groups: FieldEntry[][] = [[], [], []];
  let order = 0;
  for (const field of index.fields.values()) {
    const group = !field.active ? 2 : field.metadata ? 1 : 0;
    groups[group]!.push({
      field,
      // Its aliases match too (`sur` finds "Last Name" by `surname`); the item inserts the field's own name.
      names: [candidate(field.name), ...aliasesOf(index, field.name).map(candidate)],
      order: order++,
      group,
      detail: fieldDetail(field, index),
      documentation: fieldDocumentation(field, index),
    });
  }
  const entries = groups.flat();
  const lists = new Map<string, readonly CompletionItem[]>();
  const list = (key: string, make: () => readonly CompletionItem[]) => {
    let found = lists.get(key);
    if (found === undefined) {
      found = Object.freeze(make());
      lists.set(key, found);
    }
    return found;
  };
  return {
    index,
    entries,
    fieldItems: (form) =>
      list(`fields:${form}`, () => entries.map((entry, rank) => fieldItem(entry, form, rank))),
    list,
  };
}
