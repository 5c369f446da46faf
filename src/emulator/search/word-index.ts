/**
 * The words of a dataset's objects, as a search engine's inverted index keeps them: for
 * each token of the values full-text search reads (the evaluator's own walk and analyser),
 * the positions of the objects holding it. A search whose query requires a word (a bare
 * term or phrase, a word of a text field, an id) tests only the objects listed under it,
 * with the evaluator's matcher: the index narrows, the matcher decides, so answers are
 * exactly a full scan's (test/emulator/search-index.test.ts holds the two equal).
 *
 * The index may list an object under words it no longer holds (an update adds the new
 * words, and the old ones are only tested again), never miss one it holds. It is built in
 * the background from start-up (`buildInBackground`), in slices that leave the event loop
 * to requests between them: a search that comes first indexes part of the rest itself,
 * one object for every sixteen it scans (so searches drive the build forward even when they
 * leave the slices no time, and none pays much more than its scan), uses the
 * part built so far and tests every object past it, a scan of the rest, so no request pays
 * the whole build and every answer is the same. Once built it is kept current: each search first indexes the
 * objects whose hit changed since (an identity check per object, a pointer comparison),
 * so a write costs nothing until a search reads it.
 */
import { analyse } from '../../evaluator/analysis.js';
import { forEachFullText } from '../../evaluator/full-text-walk.js';
import type { Expr, FieldValue, Query } from '../../language/ast.js';
import { loadSchema, type SchemaIndex } from '../../index.js';
import type { SchemaResponse } from '../../schema/response.js';
import { ApiError } from '../http/reply.js';
import type { DataSetState, StoredObject } from '../store/tenant-store.js';

/** Positions (in `objects`) of the objects that may match, ascending and unique; null: any object may. */
export type Candidates = readonly number[] | null;

/** A word the query requires: every token of one of `tokens` lists (all of them, as a phrase needs), in the words or the ids. */
interface Required {
  readonly tokens: readonly string[];
  readonly ids: boolean;
}

/**
 * One slice of the background build holds the event loop for as long as the requests had it
 * since the last slice, within these bounds (ms): the build gets about half the process while
 * searches cost less than MAX_SLICE_MS each (100 000 objects), less when each costs more (a
 * scan of a million objects during the build: about a twentieth), and a request waits at most
 * MAX_SLICE_MS for a slice.
 */
const SLICE_MS = 8;
const MAX_SLICE_MS = 50;

/**
 * A search during the build first indexes one object for every SEARCH_RATIO it will scan (at
 * least SEARCH_SLICE_MIN objects), so its share of the build is bounded by its own work:
 * indexing an object costs some 15-30 tests of it, so the search pays at most about twice its
 * scan (the first search after start-up at 100 000 objects indexes 5 883 and took 0.35-0.4 s,
 * 0.33 s indexing 1 024; a quarter of the rest, 25 000, took 0.64-0.68 s, and 8.8-10.2 s at
 * 1 000 000, near or past the 10 s query budget; bench/README.md). Searches still drive the
 * build forward: under a steady load of scans that leave the background slices little of the
 * process, the rest shrinks by a seventeenth per search (by SEARCH_SLICE_MIN below 17 408), so
 * about 17 * (ln(rest / 17 408) + 1) searches finish it: 84 at a million objects, 46 at
 * 100 000 (test/emulator/search-index-build.test.ts counts them).
 */
const SEARCH_RATIO = 16;
const SEARCH_SLICE_MIN = 1024;

/** How many objects a search during the build indexes first, when `rest` are not built: `rest - slice` are left to its scan, and slice = scan / SEARCH_RATIO. */
export function searchSlice(rest: number): number {
  return Math.min(rest, Math.max(SEARCH_SLICE_MIN, Math.ceil(rest / (SEARCH_RATIO + 1))));
}

class WordIndex {
  private readonly words = new Map<string, number[]>();
  private readonly idWords = new Map<string, number[]>();
  /** The hit and the id each position was indexed with: another there is a change to index. */
  private readonly indexed: unknown[] = [];
  private readonly indexedIds: (string | undefined)[] = [];
  /** Positions below this have been indexed; the rest wait for the build (`buildSome`). */
  private built = 0;
  /** The dataset's `changes` when it was last read: unchanged, a search reads no object (at 100 000 objects the pass cost each search about a millisecond). */
  private seen: number;

  constructor(private readonly dataSet: DataSetState) {
    // Each object is indexed as it is when the build reaches it: only a change made from now on is to read again.
    this.seen = dataSet.changes;
  }

  /** Every object is indexed: no position is left to the scan. */
  get complete(): boolean {
    return this.built >= this.dataSet.objects.length;
  }

  /** The first position not yet indexed: candidates from here on are every object. */
  get end(): number {
    return Math.min(this.built, this.dataSet.objects.length);
  }

  /** Indexes every object below `end` created or changed since the last call. */
  catchUp(): void {
    if (this.dataSet.changes === this.seen) return;
    this.seen = this.dataSet.changes;
    // An undone create takes its object out of the list: positions past it move down and are read again below.
    const end = this.end;
    for (let i = 0; i < end; i++) this.indexAt(i);
  }

  /** Indexes the next objects in order until `deadline` (performance.now()); true when none is left. */
  buildSome(deadline: number): boolean {
    const { objects } = this.dataSet;
    while (this.built < objects.length) {
      this.indexAt(this.built++);
      if ((this.built & 63) === 0 && performance.now() > deadline) break;
    }
    return this.complete;
  }

  /** Indexes the next `count` objects in order (a search's share of the build, `searchSlice`). */
  buildCount(count: number): void {
    const stop = Math.min(this.dataSet.objects.length, this.built + count);
    while (this.built < stop) this.indexAt(this.built++);
  }

  /**
   * Positions whose data file line is not JSON (its first access throws a 500, tenant-store.ts):
   * never indexed, always candidates, so the searches that would have tested them answer that 500.
   */
  readonly unreadable = new Set<number>();

  private indexAt(i: number): void {
    const object = this.dataSet.objects[i]!;
    const { id } = object;
    let hit: Readonly<Record<string, unknown>>;
    try {
      // The first access parses a line kept unparsed since start-up.
      hit = object.hit;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      this.unreadable.add(i);
      return;
    }
    if (this.indexed[i] === hit) return;
    if (this.indexedIds[i] !== id) {
      this.indexedIds[i] = id;
      for (const token of idTokens(id)) add(this.idWords, token, i);
    }
    this.indexed[i] = hit;
    forEachFullText(hit, (text) => {
      for (const token of analyse(text).tokens) add(this.words, token, i);
    });
  }

  /** The positions listed under every one of `tokens`. */
  lookUp(required: Required): number[] {
    const map = required.ids ? this.idWords : this.words;
    let result: number[] | undefined;
    for (const token of required.tokens) {
      const positions = normalised(map.get(token) ?? []);
      result = result === undefined ? positions : intersect(result, positions);
      if (result.length === 0) break;
    }
    return result ?? [];
  }
}

/** An id's tokens as the evaluator's words see it, and the whole id lower-cased (its equality). */
function idTokens(id: string): string[] {
  return [...new Set([...analyse(id).tokens, id.toLowerCase()])];
}

function add(map: Map<string, number[]>, token: string, position: number): void {
  const list = map.get(token);
  if (list === undefined) map.set(token, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

/** Ascending and unique (an update appends a position out of order, or again). */
function normalised(list: number[]): number[] {
  let sorted = true;
  for (let i = 1; i < list.length; i++) {
    if (list[i]! <= list[i - 1]!) {
      sorted = false;
      break;
    }
  }
  if (sorted) return list;
  const unique = [...new Set(list)].sort((a, b) => a - b);
  // Kept in order: the next search needs no sort.
  list.length = 0;
  list.push(...unique);
  return list;
}

function intersect(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out;
}

function union(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else if (i >= a.length || b[j]! < a[i]!) out.push(b[j++]!);
    else {
      out.push(a[i++]!);
      j++;
    }
  }
  return out;
}

/** A query's requirement as a tree the index answers: null where any object may match. */
type Plan =
  | { readonly kind: 'word'; readonly required: Required }
  | { readonly kind: 'all'; readonly of: readonly Plan[] }
  | { readonly kind: 'any'; readonly of: readonly Plan[] }
  /** A field the schema does not know: the evaluator's clause matches nothing. */
  | { readonly kind: 'none' }
  | null;

/** Text the evaluator reads as words: its tokens, when it has some (text of punctuation only is matched whole). */
function wordsOf(text: string): readonly string[] | null {
  const { tokens } = analyse(text);
  return tokens.length > 0 ? tokens : null;
}

/** Ids are letters and digits: a value with a letter is no number or date, so only words and equality can match it. */
const ID_LIKE = /^(?=.*[a-z])[0-9a-z]+$/i;

function fieldPlan(name: string, value: FieldValue, schema: SchemaIndex): Plan {
  const text =
    value.kind === 'Term' || value.kind === 'Phrase'
      ? value.value
      : value.kind === 'Proximity'
        ? value.operand.value
        : null;
  if (text === null) return null;
  if (name === '_dataObjectId') {
    if (!ID_LIKE.test(text)) return null;
    return { kind: 'word', required: { tokens: [text.toLowerCase()], ids: true } };
  }
  if (name.startsWith('_')) return null;
  const field = schema.field(name);
  // Unknown to the schema (and no dotted name below a field): the evaluator's clause matches nothing.
  if (field === undefined && !name.includes('.')) return { kind: 'none' };
  // A field's words are among the record's full-text words when it is an analysed text field outside the metadata.
  if (field?.kind !== 'text') return null;
  const tokens = wordsOf(text);
  return tokens === null ? null : { kind: 'word', required: { tokens, ids: false } };
}

function plan(node: Expr, schema: SchemaIndex): Plan {
  switch (node.kind) {
    case 'Term':
    case 'Phrase': {
      const tokens = wordsOf(node.value);
      return tokens === null ? null : { kind: 'word', required: { tokens, ids: false } };
    }
    case 'Proximity': {
      const tokens = wordsOf(node.operand.value);
      return tokens === null ? null : { kind: 'word', required: { tokens, ids: false } };
    }
    case 'Field':
      return fieldPlan(node.field.value, node.value, schema);
    case 'Group':
      return plan(node.body, schema);
    case 'Boost':
    case 'Required':
      return plan(node.operand, schema);
    case 'And': {
      // With required clauses, the others may be optional (Lucene's SHOULD): only the required ones narrow.
      const required = node.operands.filter((o) => o.kind === 'Required');
      const narrowing = (required.length > 0 ? required : node.operands).filter(
        (o) => o.kind !== 'Not',
      );
      const of = narrowing.map((o) => plan(o, schema)).filter((p) => p !== null);
      return of.length === 0 ? null : { kind: 'all', of };
    }
    case 'Or': {
      const of = node.operands.map((o) => plan(o, schema));
      return of.some((p) => p === null) ? null : { kind: 'any', of: of as Plan[] };
    }
    default:
      // Patterns, fuzzy terms, ranges, comparisons, negations, match-all: any object may match.
      return null;
  }
}

function run(index: WordIndex, p: Exclude<Plan, null>): number[] {
  switch (p.kind) {
    case 'word':
      return index.lookUp(p.required);
    case 'none':
      return [];
    case 'all': {
      let result = run(index, p.of[0]!);
      for (let i = 1; i < p.of.length && result.length > 0; i++)
        result = intersect(result, run(index, p.of[i]!));
      return result;
    }
    case 'any': {
      let result: number[] = [];
      for (const q of p.of) result = union(result, run(index, q!));
      return result;
    }
  }
}

const indexes = new WeakMap<DataSetState, WordIndex>();
const schemas = new WeakMap<SchemaResponse, SchemaIndex>();

function indexOf(dataSet: DataSetState): WordIndex {
  let index = indexes.get(dataSet);
  if (index === undefined) indexes.set(dataSet, (index = new WordIndex(dataSet)));
  return index;
}

/**
 * The positions of `dataSet`'s objects that may match `query`, or null when the query
 * requires no word the index knows (then every object is tested). While the index is
 * being built, the search first indexes its share of the rest (`searchSlice`), and every
 * position past the part built is a candidate.
 */
export function candidates(dataSet: DataSetState, query: Query): Candidates {
  const index = indexOf(dataSet);
  const length = dataSet.objects.length;
  // Every search drives the build, the scans that index nothing too: they starve the slices as much.
  if (!index.complete) index.buildCount(searchSlice(length - index.end));
  if (query.body === null) return null;
  let schema = schemas.get(dataSet.schema);
  if (schema === undefined) schemas.set(dataSet.schema, (schema = loadSchema(dataSet.schema)));
  const p = plan(query.body, schema);
  if (p === null) return null;
  index.catchUp();
  let found = run(index, p);
  if (index.unreadable.size > 0)
    found = union(
      found,
      [...index.unreadable].sort((a, b) => a - b),
    );
  const end = index.end;
  // Positions at or past `end` in a list (an undone create moved objects down) are left out, and those past
  // the part built are every one a candidate: the matcher tests them, as a full scan would.
  if (end >= length && (found.length === 0 || found[found.length - 1]! < end)) return found;
  const some = found.filter((i) => i < end); // a copy: `found` may be the index's own list
  const { objects } = dataSet;
  for (let i = end; i < length; i++) if (mayHold(p, objects[i]!)) some.push(i);
  return some;
}

/** A token of ASCII letters only: no number's text holds one (its letters are an exponent's `e`, next to digits). */
const LETTERS = /^[a-z]+$/;

/**
 * False when an object past the part built surely lacks what the plan requires, read from its
 * data file line while the line is not parsed (tenant-store.ts): at start-up no line is parsed,
 * and the first search would otherwise parse every one it scans (about 20 s at 1 000 000
 * objects). Sound because a value's words are slices of its text, lower-cased: a line with no
 * backslash holds each string's text as it is, so a word of letters in a value is in the line
 * lower-cased; a word of the id is in the id. Any doubt (an escape, a word with a digit or
 * another character) answers true, and the matcher decides.
 */
function mayHold(p: Exclude<Plan, null>, object: StoredObject): boolean {
  const line = object.line;
  if (line === undefined) return true;
  const text = line.includes('\\') ? null : line.toLowerCase();
  const holds = (q: Exclude<Plan, null>): boolean => {
    switch (q.kind) {
      case 'none':
        return false;
      case 'all':
        return q.of.every((o) => holds(o!));
      case 'any':
        return q.of.some((o) => holds(o!));
      case 'word':
        if (q.required.ids) return object.id.toLowerCase().includes(q.required.tokens[0]!);
        return (
          text === null ||
          q.required.tokens.every((token) => !LETTERS.test(token) || text.includes(token))
        );
    }
  };
  return holds(p);
}

/** Indexes `dataSet`'s next objects until `deadline` (performance.now(), at least 64 of them); true when all are. */
export function indexSome(dataSet: DataSetState, deadline: number): boolean {
  return indexOf(dataSet).buildSome(deadline);
}

/** A background build, stopped by `stop()` (the emulator's close). */
export interface IndexBuild {
  /** Settles when every dataset is indexed (or the build was stopped). */
  readonly done: Promise<void>;
  stop(): void;
}

/**
 * Builds the word index of each dataset in slices (SLICE_MS to MAX_SLICE_MS), one per turn of the
 * event loop (`setImmediate`: the requests that arrived meanwhile are read and answered
 * between two slices). Writes made meanwhile are indexed too: creates are appended
 * past the part built, and changes to that part are read by the next search.
 */
export function buildInBackground(dataSets: readonly DataSetState[]): IndexBuild {
  let timer: NodeJS.Immediate | undefined;
  let finish = () => {};
  let k = 0;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let last = performance.now();
  const slice = () => {
    const now = performance.now();
    const deadline = now + Math.min(MAX_SLICE_MS, Math.max(SLICE_MS, now - last));
    while (k < dataSets.length && performance.now() < deadline)
      if (indexSome(dataSets[k]!, deadline)) k++;
    last = performance.now();
    if (k >= dataSets.length) return finish();
    schedule();
  };
  // Not unref'd: the event loop waits in its poll phase for I/O and timers only while no referenced
  // immediate is pending, so an unref'd slice ran only when some other event woke the loop.
  const schedule = () => (timer = setImmediate(slice));
  schedule();
  return {
    done,
    stop() {
      clearImmediate(timer);
      finish();
    },
  };
}
