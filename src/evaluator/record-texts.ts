/**
 * The analysed text of a record's values, computed once per record and field and kept
 * in a WeakMap keyed by the record: the next query on the same records does not analyse
 * them again, and a record that is dropped takes its tokens with it. A record is taken
 * to be unchanged while it is cached (search hits are); `forgetRecord` drops its entry
 * after an edit (and the field values and words `filter` keeps per array: record-table.ts).
 */
import { analyse, type Analysed } from './analysis.js';
import { someValue, textOf, type DataRecord, type FieldReader } from './record.js';
import { forgetColumns } from './record-table.js';
import { forEachFullText } from './full-text-walk.js';

export { forEachFullText, type TextVisitor } from './full-text-walk.js';

/** One value of a field, analysed. */
export interface TextEntry {
  /** The field's name (a dotted path for values found inside nested objects). */
  readonly field: string;
  /** The value's index when the field holds an array. */
  readonly index: number | undefined;
  readonly analysed: Analysed;
}

/** How a field's values are turned into tokens. */
export type TextMode = 'words' | 'keyword';

interface RecordTexts {
  readonly fields: Map<string, readonly TextEntry[]>;
  all: readonly TextEntry[] | undefined;
  allTokens: ReadonlySet<string> | undefined;
}

const cache = /* @__PURE__ */ new WeakMap<object, RecordTexts>();
/** True once some record's full-text values were analysed and kept (`allTexts`): before, `cachedAllTokens` has nothing to find. */
let someFullTextKept = false;
const NONE: readonly TextEntry[] = [];

function textsOf(record: DataRecord): RecordTexts {
  let texts = cache.get(record);
  if (texts === undefined) {
    texts = { fields: new Map(), all: undefined, allTokens: undefined };
    cache.set(record, texts);
  }
  return texts;
}

/** Drops what is cached for `record` (after changing it in place): its tokens, and the columns and words of every table (record-table.ts). */
export function forgetRecord(record: DataRecord): void {
  cache.delete(record);
  forgetColumns();
}

/** A whole value as one token, lower-cased: how keyword-like fields (codes, numbers, dates) are matched by patterns. */
function keyword(text: string): Analysed {
  return { text, tokens: [text.toLowerCase()], starts: [0], ends: [text.length] };
}

/** The analysed values of one field, cached under `key` (the field name and mode). */
export function fieldTexts(
  record: DataRecord,
  key: string,
  name: string,
  read: FieldReader,
  mode: TextMode,
): readonly TextEntry[] {
  const texts = textsOf(record);
  let entries = texts.fields.get(key);
  if (entries === undefined) {
    const value = read(record);
    if (value === undefined || value === null) {
      entries = NONE;
    } else {
      const found: TextEntry[] = [];
      someValue(value, (v, index) => {
        const text = textOf(v);
        if (text !== null && text !== '')
          found.push({
            field: name,
            index,
            analysed: mode === 'words' ? analyse(text) : keyword(text),
          });
        return false;
      });
      entries = found;
    }
    texts.fields.set(key, entries);
  }
  return entries;
}

/** Every value full-text search looks at: all fields but the metadata, nested objects included. */
export function allTexts(record: DataRecord): readonly TextEntry[] {
  const texts = textsOf(record);
  if (texts.all === undefined) {
    const found: TextEntry[] = [];
    forEachFullText(record, (text, field, index) =>
      found.push({ field, index, analysed: analyse(text) }),
    );
    texts.all = found;
    someFullTextKept = true;
  }
  return texts.all;
}

/** What `forEachFullText` calls with each value's text, its field (a dotted path inside nested objects) and its index in an array. */
export type TextVisitor = (text: string, field: string, index: number | undefined) => void;

const hasOwn = Object.prototype.hasOwnProperty;
/** The metadata names as a prototype-less object: a keyed load costs less than a Set look-up on this hot walk. */
const METADATA: { readonly [name: string]: true | undefined } = /* @__PURE__ */ (() => {
  const names: { [name: string]: true } = Object.create(null);
  for (const name of METADATA_PROPERTIES) names[name] = true;
  return names;
})();

/**
 * Calls `onText` with the text of every value full-text search looks at, in order: the
 * own enumerable fields but the metadata, nested objects and arrays too (at most
 * MAX_NESTING deep), empty text left out. The one walk behind both the per-record cache
 * and the table's words (full-text-table.ts). (for-in with an own-property test lists
 * what `Object.keys` lists, without making an array per record.)
 */
export function forEachFullText(record: DataRecord, onText: TextVisitor): void {
  for (const name in record) {
    if (!hasOwn.call(record, name)) continue;
    // Every metadata name starts with '_': one character code spares most look-ups.
    if (name.charCodeAt(0) === 95 && METADATA[name] === true) continue;
    const value = record[name];
    if (typeof value === 'string') {
      if (value !== '') onText(value, name, undefined);
    } else {
      collect(value, name, undefined, onText, 0, undefined);
    }
  }
}

function collect(
  value: unknown,
  field: string,
  index: number | undefined,
  onText: TextVisitor,
  depth: number,
  seen: Set<object> | undefined,
): void {
  if (value === undefined || value === null || depth > MAX_NESTING) return;
  if (isList(value)) {
    // Holes are skipped, as forEach skips them (reading one gives undefined, skipped above); a long list costs what it holds.
    const long = value.length > SHORT_LIST ? presentElements(value) : undefined;
    const values = long?.values ?? value;
    for (let k = 0; k < values.length; k++) {
      const v: unknown = values[k];
      if (isContainer(v)) {
        if ((seen ??= new Set()).has(v)) continue;
        seen.add(v);
      }
      collect(
        v,
        field,
        index ?? (long === undefined ? k : long.positions[k]!),
        onText,
        depth + 1,
        seen,
      );
    }
    return;
  }
  const text = textOf(value);
  if (text !== null) {
    if (text !== '') onText(text, field, index);
  } else if (typeof value === 'object' && !(value instanceof Date)) {
    for (const key in value) {
      if (!hasOwn.call(value, key)) continue;
      const v = (value as Record<string, unknown>)[key];
      if (isContainer(v)) {
        if ((seen ??= new Set()).has(v)) continue;
        seen.add(v);
      }
      collect(v, `${field}.${key}`, undefined, onText, depth + 1, seen);
    }
  }
}

/**
 * An object or array a walk descends into. Each is entered once per walk of a value (the
 * set is made at the first one found inside another): a cycle, or one object under two
 * keys, would otherwise be walked once per path, 2^32 times for a record holding itself twice.
 */
function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

/** Every token of every value full-text search looks at, as one set. */
export function recordTokenSet(record: DataRecord): ReadonlySet<string> {
  const texts = textsOf(record);
  if (texts.allTokens === undefined) {
    const set = new Set<string>();
    for (const entry of allTexts(record)) for (const token of entry.analysed.tokens) set.add(token);
    texts.allTokens = set;
  }
  return texts.allTokens;
}

/**
 * The set of all tokens once some query has analysed the record's values for full text
 * (the set is then made once from those tokens); undefined before, and nothing is analysed.
 */
export function cachedAllTokens(record: DataRecord): ReadonlySet<string> | undefined {
  // No record's values were ever analysed for full text (the usual case for word queries alone): no look-up per record.
  if (!someFullTextKept) return undefined;
  const texts = cache.get(record);
  return texts === undefined || texts.all === undefined ? undefined : recordTokenSet(record);
}
