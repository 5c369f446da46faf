/**
 * The one table that decides, for each kind of field, both how OpenSearch indexes its
 * values (the mapping) and which index field a clause asks (the translation), so the two
 * cannot disagree. Every field is indexed twice:
 *
 * - under its own name, typed: `text` (standard analyzer: the words, as mdq's analyzer
 *   splits them) for text; `double` for numbers (mdq compares numbers as doubles; an
 *   `integer` mapping would truncate 2.5); `date` in the field's own format for dates,
 *   date-times and times; `keyword`, exact, for picklist codes and boolean spellings;
 * - under `<name>.value`: the whole value as one lower-cased keyword, which patterns,
 *   `contains`, equality on text and presence read.
 *
 * Full text (a clause without a field) reads two root fields every schema field is copied
 * into: FULL_TEXT_WORDS (words) and FULL_TEXT_VALUES (whole values).
 */
import type { FieldKind } from '../schema/field-kind.js';
import type { SchemaField } from '../schema/schema.js';

/** The root field every value's words are copied into (full-text words). */
export const FULL_TEXT_WORDS = 'mdq_text';
/** The root field every whole value is copied into (full-text patterns). */
export const FULL_TEXT_VALUES = 'mdq_value';
/** The sub-field holding each field's whole values, lower-cased. */
export const VALUE_SUBFIELD = 'value';
/** The normalizer of whole values (defined in the index settings). */
export const LOWERCASE = 'mdq_lowercase';
/**
 * Positions between two values of one field (OpenSearch's default for text): a phrase
 * with a smaller slop never spans two values, as in mdq.
 */
export const POSITION_GAP = 100;

/** How a field's own index field holds its values. */
export type Storage = 'words' | 'number' | 'date' | 'code' | 'none';

export interface FieldType {
  readonly storage: Storage;
  /** True when `field:word` means words (the evaluator's `isAnalysed`). */
  readonly analysed: boolean;
}

export const FIELD_TYPES: { readonly [K in FieldKind]: FieldType } = {
  text: { storage: 'words', analysed: true },
  // A type mdq does not know: words, as the evaluator reads it first.
  opaque: { storage: 'words', analysed: true },
  integer: { storage: 'number', analysed: false },
  decimal: { storage: 'number', analysed: false },
  date: { storage: 'date', analysed: false },
  datetime: { storage: 'date', analysed: false },
  time: { storage: 'date', analysed: false },
  boolean: { storage: 'code', analysed: false },
  picklist: { storage: 'code', analysed: false },
  image: { storage: 'none', analysed: false },
};

/**
 * mdq's date format (`DD.MM.YYYY`: tokens YYYY, YY, MM, M, DD, D, other characters
 * literal; `dateSeparator` replacing `/ - .`) as a java.time pattern (`d.M.yyyy`):
 * `d` and `M` read one or two digits, as mdq does; literals are quoted.
 */
export function javaDatePattern(format: string, separator?: string): string {
  const own = separator ? format.replace(/[/.-]/g, separator) : format;
  return own.replace(/YYYY|YY|MM|M|DD|D|[\s\S]/gi, (token) => {
    const t = token.toUpperCase();
    if (t === 'YYYY') return 'yyyy';
    if (t === 'YY') return 'yy';
    if (t === 'MM' || t === 'M') return 'M';
    if (t === 'DD' || t === 'D') return 'd';
    return token === "'" ? "''" : `'${token}'`;
  });
}

/**
 * The formats a date field's values are read in: its own `dateFormat`, and ISO (the
 * evaluator reads either, value-rules.ts `storedDateKey`).
 */
export function dateFormatOf(field: SchemaField): string {
  switch (field.kind) {
    case 'time':
      return 'HH:mm:ss||HH:mm';
    case 'datetime':
      return "strict_date_optional_time||yyyy-MM-dd'T'HH:mm||yyyy-MM-dd HH:mm:ss||yyyy-MM-dd HH:mm";
    default: {
      const iso = 'yyyy-MM-dd';
      if (field.dateFormat === undefined) return iso;
      const own = javaDatePattern(field.dateFormat, field.dateSeparator);
      return own === "yyyy'-'M'-'d" ? iso : `${own}||${iso}`;
    }
  }
}

/** The name of the index field holding a field's whole values. */
export function valueField(name: string): string {
  return `${name}.${VALUE_SUBFIELD}`;
}

/** The whole values of a field: one keyword each, lower-cased. */
export interface ValueSubfield {
  [name: string]: { type: 'keyword'; normalizer: string };
}

/** A property of the mapping, as `indexMapping` writes them. */
export type Property =
  | {
      type: 'text';
      analyzer: 'standard';
      position_increment_gap: number;
      fields?: ValueSubfield;
      copy_to?: string[];
    }
  | { type: 'double'; ignore_malformed: true; fields: ValueSubfield; copy_to?: string[] }
  | {
      type: 'date';
      format: string;
      ignore_malformed: true;
      fields: ValueSubfield;
      copy_to?: string[];
    }
  | {
      type: 'keyword';
      normalizer?: string;
      index?: false;
      doc_values?: false;
      fields?: ValueSubfield;
      copy_to?: string[];
    };

/** The mapping property of one field. */
export function fieldProperty(field: SchemaField, copied: boolean): Property {
  const value: ValueSubfield = { [VALUE_SUBFIELD]: { type: 'keyword', normalizer: LOWERCASE } };
  const copy = copied ? { copy_to: [FULL_TEXT_WORDS, FULL_TEXT_VALUES] } : {};
  switch (FIELD_TYPES[field.kind].storage) {
    case 'words':
      return {
        type: 'text',
        analyzer: 'standard',
        position_increment_gap: POSITION_GAP,
        fields: value,
        ...copy,
      };
    case 'number':
      // Values that are no numbers (`x`) are left out, as the evaluator never matches them.
      return { type: 'double', ignore_malformed: true, fields: value, ...copy };
    case 'date':
      return {
        type: 'date',
        format: dateFormatOf(field),
        ignore_malformed: true,
        fields: value,
        ...copy,
      };
    case 'code':
      return { type: 'keyword', fields: value, ...copy };
    case 'none':
      // Images: kept in the source, never matched by a value (as in the evaluator).
      return { type: 'keyword', index: false, doc_values: false, fields: value, ...copy };
  }
}
