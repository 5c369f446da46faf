/**
 * What a record becomes at write time, computed by the evaluator's own reading and
 * analysis (so that words are mdq's words, not PostgreSQL's text-search parser's):
 *
 * - `terms`: one array, GIN-indexed, of entries `field US kind US text`, where US is
 *   U+001F and kind is `w` (a word of an analysed value), `v` (a whole value, lower-cased,
 *   as keyword fields and patterns see it); and the markers `field US e` (the field is
 *   present, `_exists_`) and `field US a` (some value has text, `[* TO *]`). Full-text
 *   entries use the empty field name.
 * - `texts`: the words of each value with two or more words, by field, for phrases.
 * - `keys`: the typed keys of typed fields' values (keys.ts), rows of a side table with
 *   B-tree indexes, one row per value (multivalue fields hold several).
 */
import { analyse } from '../evaluator/analysis.js';
import { fieldReader, isPresent, someValue, textOf, type DataRecord } from '../evaluator/record.js';
import { forEachFullText } from '../evaluator/full-text-walk.js';
import type { FieldKind } from '../schema/field-kind.js';
import type { SchemaField, SchemaIndex } from '../schema/schema.js';
import { KEY_COLUMN, valueKey } from './keys.js';

/** The separator inside terms entries. */
export const US = '\u001f';

/** The field name of full-text entries. */
export const FULL_TEXT = '';

export interface KeyRow {
  readonly field: string;
  readonly num: number | null;
  readonly txt: string | null;
}

export interface Derived {
  readonly terms: readonly string[];
  readonly texts: { readonly [field: string]: readonly (readonly string[])[] };
  readonly keys: readonly KeyRow[];
}

/** A field the table keeps entries for. */
export interface StoredField {
  readonly name: string;
  readonly kind: FieldKind;
  readonly field: SchemaField;
}

export function storedFields(schema: SchemaIndex): readonly StoredField[] {
  // The loaded schema lists the hit metadata (`_dataObjectId`, `_schemaName`, ...) among its fields.
  return [...schema.fields.values()].map((field) => ({
    name: field.name,
    kind: field.kind,
    field,
  }));
}

/** Fields whose values are words (analysed); the others are whole values (matchers.ts, `isAnalysed`). */
export function isAnalysedKind(kind: FieldKind): boolean {
  return kind === 'text' || kind === 'opaque';
}

export function derive(record: DataRecord, fields: readonly StoredField[]): Derived {
  const terms = new Set<string>();
  const texts: { [field: string]: string[][] } = {};
  const keys: KeyRow[] = [];
  const addText = (name: string, text: string, analysed: boolean): void => {
    const lower = text.toLowerCase();
    terms.add(`${name}${US}v${US}${lower}`);
    if (!analysed) return;
    const { tokens } = analyse(text);
    for (const token of tokens) terms.add(`${name}${US}w${US}${token}`);
    if (tokens.length > 1) (texts[name] ??= []).push([...tokens]);
  };
  for (const { name, kind, field } of fields) {
    const value = fieldReader(name)(record);
    if (value === undefined || value === null) continue;
    if (isPresent(value)) terms.add(`${name}${US}e`);
    const analysed = isAnalysedKind(kind);
    const column = KEY_COLUMN[kind];
    someValue(value, (leaf) => {
      const text = textOf(leaf);
      if (text === null) return false;
      terms.add(`${name}${US}a`);
      if (text !== '') addText(name, text, analysed);
      if (column !== null) {
        const key = valueKey(leaf, field);
        if (key !== null)
          keys.push({
            field: name,
            num: 'num' in key ? key.num : null,
            txt: 'txt' in key ? key.txt : null,
          });
      }
      return false;
    });
  }
  forEachFullText(record, (text) => addText(FULL_TEXT, text, true));
  return { terms: [...terms], texts, keys };
}
