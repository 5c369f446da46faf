/**
 * The one walk of the values full-text search looks at (every field but the metadata,
 * nested objects and arrays too): behind the per-record cache (record-texts.ts), the
 * table's words (full-text-table.ts) and the words PostgreSQL tables keep (sql/derive.ts).
 */
import {
  isList,
  METADATA_PROPERTIES,
  presentElements,
  SHORT_LIST,
  textOf,
  type DataRecord,
} from './record.js';

const MAX_NESTING = 32;

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
