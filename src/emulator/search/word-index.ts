/**
 * The words of a dataset's objects, as a search engine's inverted index keeps them: for
 * each token of the values full-text search reads (the evaluator's own walk and analyser),
 * the positions of the objects holding it. A search whose query requires a word (a bare
 * term or phrase, a word of a text field, an id) tests only the objects listed under it,
 * with the evaluator's matcher: the index narrows, the matcher decides, so answers are
 * exactly a full scan's (test/emulator/search-index.test.ts holds the two equal).
 *
 * The index may list an object under words it no longer holds (an update adds the new
 * words, and the old ones are only tested again), never miss one it holds. It is made at
 * the first search that can use it and kept current from then on: each search first
 * indexes the objects whose hit changed since (an identity check per object, a pointer
 * comparison), so a write costs nothing until a search reads it.
 */
import { analyse } from '../../evaluator/analysis.js';
import { forEachFullText } from '../../evaluator/full-text-walk.js';
import type { Expr, FieldValue, Query } from '../../language/ast.js';
import { loadSchema, type SchemaIndex } from '../../index.js';
import type { SchemaResponse } from '../../schema/response.js';
import type { DataSetState } from '../store/tenant-store.js';

/** Positions (in `objects`) of the objects that may match, ascending and unique; null: any object may. */
export type Candidates = readonly number[] | null;

/** A word the query requires: every token of one of `tokens` lists (all of them, as a phrase needs), in the words or the ids. */
interface Required {
  readonly tokens: readonly string[];
  readonly ids: boolean;
}

class WordIndex {
  private readonly words = new Map<string, number[]>();
  private readonly idWords = new Map<string, number[]>();
  /** The hit each position was indexed with: another hit there is a change to index. */
  private readonly indexed: unknown[] = [];
  /** The dataset's `changes` when it was last read: unchanged, a search reads no object (at 100 000 objects the pass cost each search about a millisecond). */
  private seen = -1;

  constructor(private readonly dataSet: DataSetState) {}

  /** Indexes every object created or changed since the last call. */
  catchUp(): void {
    if (this.dataSet.changes === this.seen) return;
    this.seen = this.dataSet.changes;
    const { objects } = this.dataSet;
    const { indexed } = this;
    for (let i = 0; i < objects.length; i++) {
      const { hit, id } = objects[i]!;
      if (indexed[i] === hit) continue;
      if (indexed[i] === undefined) for (const token of idTokens(id)) add(this.idWords, token, i);
      indexed[i] = hit;
      forEachFullText(hit, (text) => {
        for (const token of analyse(text).tokens) add(this.words, token, i);
      });
    }
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

/**
 * The positions of `dataSet`'s objects that may match `query`, or null when the query
 * requires no word the index knows (then every object is tested).
 */
export function candidates(dataSet: DataSetState, query: Query): Candidates {
  if (query.body === null) return null;
  let schema = schemas.get(dataSet.schema);
  if (schema === undefined) schemas.set(dataSet.schema, (schema = loadSchema(dataSet.schema)));
  const p = plan(query.body, schema);
  if (p === null) return null;
  let index = indexes.get(dataSet);
  if (index === undefined) indexes.set(dataSet, (index = new WordIndex(dataSet)));
  index.catchUp();
  return run(index, p);
}
