/**
 * The analysed text of a record's values, computed once per record and field and kept
 * in a WeakMap keyed by the record: the next query on the same records does not analyse
 * them again, and a record that is dropped takes its tokens with it. A record is taken
 * to be unchanged while it is cached (search hits are); `forgetRecord` drops its entry
 * after an edit (and the field values and words `filter` keeps per array: record-table.ts).
 *
 * The cache is bounded by memory, not by count: records that live long (an emulator's
 * data) would otherwise keep their analysis for good, about 10 KB per record once a
 * full-text pattern (`*ton`) has read them all, which took a million-record heap past
 * its limit. Every entry's size is estimated as it is made; past the budget
 * (`TEXT_CACHE_BUDGET_BYTES`) the whole cache is let go at once and refilled by later
 * queries (a generation: no per-entry bookkeeping on the hot path).
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

/** What the cache may hold by default (estimated bytes of analysis); see `setTextCacheBudget`. */
export const TEXT_CACHE_BUDGET_BYTES = 64 * 1024 * 1024;
let budget = TEXT_CACHE_BUDGET_BYTES;
/** Estimated bytes held by the current generation of the cache. */
let held = 0;
let cache = /* @__PURE__ */ new WeakMap<object, RecordTexts>();
/** True once some record's full-text values were analysed and kept (`allTexts`): before, `cachedAllTokens` has nothing to find. */
let someFullTextKept = false;

/** Sets the cache's budget in bytes (the emulator's setting; tests); what is held now is let go. Returns the previous budget. */
export function setTextCacheBudget(bytes: number): number {
  const previous = budget;
  budget = bytes;
  dropTextCache();
  return previous;
}

/** Estimated bytes the cache holds now. */
export function textCacheBytes(): number {
  return held;
}

function dropTextCache(): void {
  cache = new WeakMap();
  held = 0;
  someFullTextKept = false;
}

/**
 * Counts `bytes` more as held; past the budget the cache is let go (the caller's entry
 * included: it is garbage once its query is done). An estimate from V8's layouts: a
 * string's header and characters, an array's slots, an object's fields.
 */
function hold(bytes: number): void {
  held += bytes;
  if (held > budget) dropTextCache();
}

/**
 * Estimated size of one analysed value and its entry: the objects, three arrays (grown by
 * push, so with spare slots), and per token a string and three slots. Checked against the
 * heap in test/emulator/heap-bound.test.ts (the estimate must not fall short of it).
 */
function analysedBytes(analysed: Analysed): number {
  let bytes = 720 + analysed.text.length;
  for (const token of analysed.tokens) bytes += 96 + token.length;
  return bytes;
}
const NONE: readonly TextEntry[] = [];

function textsOf(record: DataRecord): RecordTexts {
  let texts = cache.get(record);
  if (texts === undefined) {
    texts = { fields: new Map(), all: undefined, allTokens: undefined };
    cache.set(record, texts);
    hold(120);
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
    let bytes = 48;
    for (const entry of entries) bytes += analysedBytes(entry.analysed);
    hold(bytes);
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
    let bytes = 32;
    for (const entry of found) bytes += analysedBytes(entry.analysed);
    hold(bytes);
    return found;
  }
  return texts.all;
}

/** Every token of every value full-text search looks at, as one set. */
export function recordTokenSet(record: DataRecord): ReadonlySet<string> {
  const texts = textsOf(record);
  if (texts.allTokens === undefined) {
    const set = new Set<string>();
    for (const entry of allTexts(record)) for (const token of entry.analysed.tokens) set.add(token);
    texts.allTokens = set;
    hold(64 + 24 * set.size);
    return set;
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
