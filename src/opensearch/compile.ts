/**
 * `toQueryDsl(query, { schema })`: a query as the JSON of an OpenSearch / Elasticsearch
 * `query`, over an index made with `indexMapping(schema)`, meaning what the evaluator
 * means (evaluator/matchers.ts is the reference; test/opensearch/lucene.test.ts replays
 * Lucene's recorded answers against `filter`). One function per node kind, in a table
 * keyed by kind. What the DSL cannot be made to mean the same is an `opensearch-*`
 * diagnostic, and that clause matches nothing.
 */
import type { Comparison, Expr, FieldValue, Node, NodeOfKind, Query } from '../language/ast.js';
import type { Diagnostic, Severity } from '../language/diagnostic.js';
import type { ParseOptions } from '../language/parse.js';
import { tokensOf } from '../evaluator/analysis.js';
import { fuzzyTerm } from '../evaluator/fuzzy.js';
import {
  invalidRegexMessage,
  parseLuceneRegexp,
  RegexSyntaxError,
} from '../evaluator/lucene-regexp.js';
import { regexTreeMatcher, RegexUnsupported } from '../evaluator/regex-vm.js';
import { numberText, queryDateKey, readNumber } from '../evaluator/typed-values.js';
import type { EvaluatorSchema } from '../evaluator/schema-input.js';
import { readQueryTime } from '../schema/dates.js';
import { booleanPairs, queryBoolean } from '../schema/value-rules.js';
import type { SchemaField, SchemaIndex } from '../schema/schema.js';
// The core through its public API (tsup.config.ts), as mdq/sql does.
import { wildcardParts } from '../index.js';
import { schemaIndexOf } from '../sql/schema.js';
import {
  type Engine,
  type EngineScope,
  engineFieldScope,
  reportFullTextRange,
  reportUntypedField,
  reportAt,
  warnUntypedValue,
} from '../engines/field-scope.js';
import { openRange, rangeEnds, type RangeEnd, type RangeEnds } from '../engines/range-ends.js';
import { type ClauseTable, compileClause } from '../engines/clause-table.js';
import { compilableBody, engineQueryTree } from '../engines/query-tree.js';
import {
  type BoolQuery,
  MATCH_ALL,
  MATCH_NONE,
  type NumberRangeQuery,
  type QueryDsl,
  type TextRangeQuery,
} from './dsl.js';
import {
  FIELD_TYPES,
  FULL_TEXT_VALUES,
  FULL_TEXT_WORDS,
  POSITION_GAP,
  valueField,
} from './fields.js';

export interface ToQueryDslOptions {
  /** The schema(s) of the records, as `compile` takes them (values are typed by it). */
  readonly schema: EvaluatorSchema;
  /** When date math (`now-1d`) counts from; the time of compiling by default. */
  readonly now?: Date;
  readonly parse?: ParseOptions;
}

export interface QueryDslResult {
  /** The `query` of a search request. */
  readonly query: QueryDsl;
  /** What could not be translated (that part matches nothing), and notes. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * A fuzzy term expands to at most this many index terms (OpenSearch's default is 50;
 * Lucene's clause limit is 1024): past it some terms within the edits are dropped.
 */
export const FUZZY_EXPANSIONS = 1024;

/** Where a clause looks: a field of the schema, or (null) every field. */
type Scope = EngineScope;

interface Context {
  readonly schema: SchemaIndex;
  readonly diagnostics: Diagnostic[];
  readonly now: Date;
}

function report(
  context: Context,
  node: Node,
  code: string,
  message: string,
  severity: Severity = 'error',
): void {
  reportAt(context.diagnostics, node, code, message, severity);
}

/** Compiles a query into the DSL over an index made with `indexMapping(schema)`. */
export function toQueryDsl(
  query: string | Query | Expr,
  options: ToQueryDslOptions,
): QueryDslResult {
  const schema = schemaIndexOf(options?.schema);
  const tree = engineQueryTree(query, options.parse, 'toQueryDsl');
  const context: Context = { schema, diagnostics: [], now: options.now ?? new Date() };
  const body = compilableBody(tree, context.diagnostics);
  const dsl = body === null ? MATCH_NONE : clause(body, null, context);
  return { query: dsl, diagnostics: context.diagnostics };
}

function clause(node: Expr | FieldValue, scope: Scope | null, context: Context): QueryDsl {
  return compileClause(CLAUSES, node, scope, context);
}

// ------------------------------------------------------------------ combinators

function bool(parts: BoolQuery): QueryDsl {
  return { bool: parts };
}

function anyOf(parts: readonly QueryDsl[]): QueryDsl {
  const useful = parts.filter((p) => p !== MATCH_NONE);
  if (useful.length === 0) return MATCH_NONE;
  if (useful.some((p) => p === MATCH_ALL)) return MATCH_ALL;
  return useful.length === 1 ? useful[0]! : bool({ should: useful, minimum_should_match: 1 });
}

function allOf(parts: readonly QueryDsl[]): QueryDsl {
  if (parts.some((p) => p === MATCH_NONE)) return MATCH_NONE;
  const useful = parts.filter((p) => p !== MATCH_ALL);
  if (useful.length === 0) return MATCH_ALL;
  return useful.length === 1 ? useful[0]! : bool({ must: useful });
}

function none(part: QueryDsl): QueryDsl {
  if (part === MATCH_NONE) return MATCH_ALL;
  if (part === MATCH_ALL) return MATCH_NONE;
  // A bool of only must_not matches every other document (OpenSearch adds match_all).
  return bool({ must_not: [part] });
}

// ------------------------------------------------------------------ fields

const OPENSEARCH: Engine = {
  code: 'opensearch',
  store: 'the index',
  keepsFields: 'the mapping indexes fields',
  reserved: [FULL_TEXT_WORDS, FULL_TEXT_VALUES],
};

function fieldScope(name: string, node: Node, context: Context): Scope | undefined {
  return engineFieldScope(OPENSEARCH, name, node, context.schema, context.diagnostics);
}

/** The index fields of words and of whole values for a scope. */
function wordsFieldOf(scope: Scope | null): string {
  return scope === null ? FULL_TEXT_WORDS : scope.name;
}

function valuesFieldOf(scope: Scope | null): string {
  return scope === null ? FULL_TEXT_VALUES : valueField(scope.name);
}

function isAnalysed(scope: Scope | null): boolean {
  return scope === null || FIELD_TYPES[scope.kind].analysed;
}

/** Characters the standard tokenizer and mdq's analyzer are known to split apart differently. */
const UNSEGMENTED =
  /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Katakana}]/u;

// ------------------------------------------------------------------ words

function words(
  text: string,
  slop: number,
  scope: Scope | null,
  node: Node,
  context: Context,
): QueryDsl {
  const found = tokensOf(text);
  if (found.length === 0)
    return { term: { [valuesFieldOf(scope)]: { value: text.toLowerCase() } } };
  if (UNSEGMENTED.test(text))
    report(
      context,
      node,
      'opensearch-analyzer',
      `"${text}" holds letters of a script the standard analyzer splits into words differently from mdq's analyzer`,
      'warning',
    );
  if (found.length > 1 && slop >= POSITION_GAP)
    report(
      context,
      node,
      'opensearch-slop',
      `a slop of ${slop} reaches across the ${POSITION_GAP} positions between two values of a field; mdq never matches a phrase across values`,
      'warning',
    );
  return {
    match_phrase: { [wordsFieldOf(scope)]: { query: text, slop: found.length > 1 ? slop : 0 } },
  };
}

function valueMatch(
  text: string,
  slop: number,
  scope: Scope | null,
  node: Node,
  context: Context,
): QueryDsl {
  if (scope === null || scope.kind === 'text') return words(text, slop, scope, node, context);
  if (scope.kind === 'opaque') {
    warnUntypedValue(OPENSEARCH, text, scope, context.now, node, context.diagnostics);
    return anyOf([
      words(text, slop, scope, node, context),
      { term: { [valuesFieldOf(scope)]: { value: text.toLowerCase() } } },
    ]);
  }
  return typedEquals(scope, text, node, context);
}

// ------------------------------------------------------------------ typed values

/** An ISO instant (UTC, milliseconds) of a date or time key's start, and of the instant after it. */
function keyInterval(key: string, time: boolean): [string, string] | null {
  const m = time
    ? /^(\d{2})(?::(\d{2}))?(?::(\d{2})(?:\.(\d{1,9}))?)?$/.exec(key)
    : /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/.exec(
        key,
      );
  if (m === null) return null;
  const n = (s: string | undefined, d: number) => (s === undefined ? d : Number(s));
  const [y, mo, d, h, mi, s, frac] = time
    ? [1970, 1, 1, n(m[1], 0), n(m[2], 0), n(m[3], 0), m[4]]
    : [n(m[1], 0), n(m[2], 1), n(m[3], 1), n(m[4], 0), n(m[5], 0), n(m[6], 0), m[7]];
  const ms = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  const start = new Date(0);
  start.setUTCFullYear(y, mo - 1, d);
  start.setUTCHours(h, mi, s, ms);
  const end = new Date(start.getTime());
  // The unit the key is written to: what a shorter key equals (compareDateKeys).
  const written = time ? [m[1], m[2], m[3], m[4]] : [m[1], m[2], m[3], m[5], m[6], m[7]];
  const depth = written.filter((p) => p !== undefined).length;
  const units = time ? ['h', 'mi', 's', 'ms'] : ['y', 'mo', 'd', 'mi', 's', 'ms'];
  const unit = units[depth - 1];
  if (unit === 'y') end.setUTCFullYear(y + 1);
  else if (unit === 'mo') end.setUTCMonth(mo);
  else if (unit === 'd') end.setUTCDate(d + 1);
  else if (unit === 'h') end.setUTCHours(h + 1);
  else if (unit === 'mi') end.setUTCMinutes(mi + 1);
  else if (unit === 's') end.setUTCSeconds(s + 1);
  else end.setTime(end.getTime() + 1);
  if (Number.isNaN(end.getTime())) return null;
  return [start.toISOString(), end.toISOString()];
}

const ISO_INSTANT = 'strict_date_optional_time';

/** The interval of a query date or time, or null when it is none. */
function dateInterval(text: string, scope: Scope, now: Date): [string, string] | null {
  if (scope.kind === 'time') {
    const reading = readQueryTime(text.trim());
    return reading.ok && reading.value ? keyInterval(reading.value.key, true) : null;
  }
  const key = queryDateKey(text, scope.kind === 'datetime', now);
  return key === null ? null : keyInterval(key, false);
}

/** The spellings a boolean meaning is stored as: each pair's, and JSON's (`true`), which the index holds as text. */
function booleanSpellings(meaning: boolean, field: SchemaField): string[] {
  const spellings = booleanPairs(field).map((pair) => pair[meaning ? 0 : 1]);
  return [...new Set([...spellings, String(meaning)])];
}

function untyped(scope: Scope, node: Node, context: Context): QueryDsl {
  reportUntypedField(OPENSEARCH, scope, node, context.diagnostics);
  return MATCH_NONE;
}

/** `field = value`, typed by the field. */
function typedEquals(scope: Scope, text: string, node: Node, context: Context): QueryDsl {
  const f = scope.field;
  switch (FIELD_TYPES[scope.kind].storage) {
    case 'number': {
      const n = readNumber(text);
      return Number.isFinite(n) ? { term: { [scope.name]: { value: n } } } : MATCH_NONE;
    }
    case 'date': {
      const interval = dateInterval(text, scope, context.now);
      return interval === null
        ? MATCH_NONE
        : { range: { [scope.name]: { gte: interval[0], lt: interval[1], format: ISO_INSTANT } } };
    }
    case 'code': {
      if (scope.kind === 'picklist') return { term: { [scope.name]: { value: text.trim() } } };
      const b = queryBoolean(text, f);
      return b === undefined ? MATCH_NONE : { terms: { [scope.name]: booleanSpellings(b, f) } };
    }
    case 'words':
      if (scope.kind === 'opaque') return untyped(scope, node, context);
      return { term: { [valuesFieldOf(scope)]: { value: text.toLowerCase() } } };
    case 'none':
      return MATCH_NONE;
  }
}

/** A range with either end open (null), typed by the field. */
function typedRange(
  scope: Scope | null,
  { lower, upper }: RangeEnds,
  node: Node,
  context: Context,
): QueryDsl {
  if (scope === null) {
    reportFullTextRange(OPENSEARCH, node, context.diagnostics);
    return MATCH_NONE;
  }
  // `[* TO *]`: any value that has text (the empty text too).
  if (lower === null && upper === null) return { exists: { field: valuesFieldOf(scope) } };
  const f = scope.field;
  switch (FIELD_TYPES[scope.kind].storage) {
    case 'number': {
      const range: NumberRangeQuery = {};
      for (const [end, above] of [
        [lower, true],
        [upper, false],
      ] as const) {
        if (end === null) continue;
        const n = readNumber(end.text);
        if (Number.isNaN(n)) return MATCH_NONE;
        range[above ? (end.inclusive ? 'gte' : 'gt') : end.inclusive ? 'lte' : 'lt'] = n;
      }
      return { range: { [scope.name]: range } };
    }
    case 'date': {
      const range: TextRangeQuery = { format: ISO_INSTANT };
      for (const [end, above] of [
        [lower, true],
        [upper, false],
      ] as const) {
        if (end === null) continue;
        const interval = dateInterval(end.text, scope, context.now);
        if (interval === null) return MATCH_NONE;
        // A date equals every instant of its interval: `> 1990-05` starts after May.
        if (above) range.gte = end.inclusive ? interval[0] : interval[1];
        else range.lt = end.inclusive ? interval[1] : interval[0];
      }
      return { range: { [scope.name]: range } };
    }
    case 'code': {
      if (scope.kind === 'picklist') return keywordRange(scope.name, lower, upper, (t) => t.trim());
      // Booleans order as 0 < 1: the meanings inside the range, by their spellings.
      const meanings: boolean[] = [];
      const ends = [lower, upper].map((end) => (end === null ? null : queryBoolean(end.text, f)));
      if (ends.some((b, i) => b === undefined && [lower, upper][i] !== null)) return MATCH_NONE;
      for (const b of [false, true]) {
        const [lo, hi] = ends;
        const v = Number(b);
        const aboveLower =
          lo === null || lo === undefined || (lower!.inclusive ? v >= Number(lo) : v > Number(lo));
        const belowUpper =
          hi === null || hi === undefined || (upper!.inclusive ? v <= Number(hi) : v < Number(hi));
        if (aboveLower && belowUpper) meanings.push(b);
      }
      return meanings.length === 0
        ? MATCH_NONE
        : { terms: { [scope.name]: meanings.flatMap((b) => booleanSpellings(b, f)) } };
    }
    case 'words':
      if (scope.kind === 'opaque') return untyped(scope, node, context);
      return keywordRange(valuesFieldOf(scope), lower, upper, (t) => t.toLowerCase());
    case 'none':
      return MATCH_NONE;
  }
}

/** A range of keywords: terms compare by code point, as mdq compares codes and lower-cased text. */
function keywordRange(
  field: string,
  lower: RangeEnd | null,
  upper: RangeEnd | null,
  read: (text: string) => string,
): QueryDsl {
  const range: TextRangeQuery = {};
  if (lower !== null) range[lower.inclusive ? 'gte' : 'gt'] = read(lower.text);
  if (upper !== null) range[upper.inclusive ? 'lte' : 'lt'] = read(upper.text);
  return { range: { [field]: range } };
}

// ------------------------------------------------------------------ patterns

/** A pattern on the words and whole values of analysed fields, on the whole values of the others. */
function onPatternFields(scope: Scope | null, make: (field: string) => QueryDsl): QueryDsl {
  return isAnalysed(scope)
    ? anyOf([make(wordsFieldOf(scope)), make(valuesFieldOf(scope))])
    : make(valuesFieldOf(scope));
}

/** Present: some value with text other than the empty text (the evaluator's `isPresent`). */
function present(scope: Scope): QueryDsl {
  return { range: { [valuesFieldOf(scope)]: { gt: '' } } };
}

function wildcard(pattern: string, scope: Scope | null): QueryDsl {
  if (pattern === '*') return scope === null ? MATCH_ALL : present(scope);
  const parts = wildcardParts(pattern.toLowerCase());
  // Only stars: any text but the empty one, which OpenSearch holds for an empty value and mdq never matches.
  if (parts.every((part) => 'wildcard' in part && part.wildcard === '*'))
    return { range: { [valuesFieldOf(scope)]: { gt: '' } } };
  const last = parts[parts.length - 1];
  const isPrefix =
    parts.length === 2 &&
    'literal' in parts[0]! &&
    last !== undefined &&
    'wildcard' in last &&
    last.wildcard === '*';
  if (isPrefix) {
    const value = (parts[0] as { literal: string }).literal;
    return onPatternFields(scope, (field) => ({ prefix: { [field]: { value } } }));
  }
  const value = parts
    .map((part) =>
      'literal' in part ? part.literal.replace(/[\\*?]/g, (c) => `\\${c}`) : part.wildcard,
    )
    .join('');
  return onPatternFields(scope, (field) => ({ wildcard: { [field]: { value } } }));
}

function regex(node: NodeOfKind<'Regex'>, scope: Scope | null, context: Context): QueryDsl {
  let matchesEmpty: boolean;
  try {
    // The evaluator's automaton refuses some patterns (too large): refused here alike.
    matchesEmpty = regexTreeMatcher(parseLuceneRegexp(node.pattern))('');
  } catch (error) {
    if (error instanceof RegexSyntaxError) {
      report(context, node, 'invalid-regex', invalidRegexMessage(error, node.pattern));
      return MATCH_NONE;
    }
    if (error instanceof RegexUnsupported) {
      report(context, node, 'opensearch-regex', `${error.message}; this clause matches nothing`);
      return MATCH_NONE;
    }
    throw error;
  }
  // OpenSearch holds an empty value as the empty text, which mdq never matches: intersected away.
  const value = matchesEmpty ? `(${node.pattern})&(.+)` : node.pattern;
  return onPatternFields(scope, (field) => ({ regexp: { [field]: { value, flags: 'ALL' } } }));
}

function fuzzy(node: NodeOfKind<'Fuzzy'>, scope: Scope | null, context: Context): QueryDsl {
  const { term, edits: fuzziness } = fuzzyTerm(node, context.diagnostics);
  report(
    context,
    node,
    'opensearch-fuzzy-expansions',
    `a fuzzy term expands to at most ${FUZZY_EXPANSIONS} of the index's terms; with more within the edits, some are left out`,
    'info',
  );
  if (Array.from(term).length <= fuzziness)
    report(
      context,
      node,
      'opensearch-fuzzy-empty',
      `"${term}" is within ${fuzziness} edits of the empty text, which OpenSearch holds for an empty value (mdq never matches one): a record with an empty value may match`,
      'warning',
    );
  return onPatternFields(scope, (field) => ({
    fuzzy: {
      [field]: {
        value: term,
        fuzziness,
        prefix_length: 0,
        max_expansions: FUZZY_EXPANSIONS,
        transpositions: true,
      },
    },
  }));
}

// ------------------------------------------------------------------ comparisons

function comparison(node: Comparison, context: Context): QueryDsl {
  const scope = fieldScope(node.field.value, node.field, context);
  if (scope === undefined) return node.operator === 'ne' ? MATCH_ALL : MATCH_NONE;
  const text = node.value.kind === 'NumberValue' ? numberText(node.value) : node.value.value;
  switch (node.operator) {
    case 'eq':
      return typedEquals(scope, text, node, context);
    case 'ne':
      return none(typedEquals(scope, text, node, context));
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le':
      return typedRange(scope, openRange(node.operator, text), node, context);
    case 'contains':
    case 'startswith':
    case 'endswith': {
      if (scope.kind === 'image') return MATCH_NONE;
      const needle = text.toLowerCase();
      // Every text holds the empty text, the empty value too.
      if (needle === '') return { exists: { field: valuesFieldOf(scope) } };
      const escaped = needle.replace(/[\\*?]/g, (c) => `\\${c}`);
      const value = {
        contains: `*${escaped}*`,
        startswith: `${escaped}*`,
        endswith: `*${escaped}`,
      }[node.operator];
      return { wildcard: { [valuesFieldOf(scope)]: { value } } };
    }
  }
}

// ------------------------------------------------------------------ the table

function scoped(name: string, node: Node, context: Context): Scope | null | undefined {
  return name === '*' ? null : fieldScope(name, node, context);
}

const CLAUSES: ClauseTable<Scope, Context, QueryDsl> = {
  Or: (node, scope, context) => anyOf(node.operands.map((o) => clause(o, scope, context))),
  And: (node, scope, context) => allOf(node.operands.map((o) => clause(o, scope, context))),
  Not: (node, scope, context) => none(clause(node.operand, scope, context)),
  Required: (node, scope, context) => clause(node.operand, scope, context),
  Group: (node, scope, context) => clause(node.body, scope, context),
  // A boost weighs the score and changes no match (nor does it in the evaluator).
  Boost: (node, scope, context) => {
    const inner = clause(node.operand, scope, context);
    return inner === MATCH_NONE || !Number.isFinite(node.value) || node.value < 0
      ? inner
      : bool({ must: [inner], boost: node.value });
  },
  MatchAll: () => MATCH_ALL,
  Field: (node, _scope, context) => {
    const inner = scoped(node.field.value, node.field, context);
    return inner === undefined ? MATCH_NONE : clause(node.value, inner, context);
  },
  Exists: (node, _scope, context) => {
    const scope = fieldScope(node.field.value, node.field, context);
    return scope === undefined ? MATCH_NONE : present(scope);
  },
  Comparison: (node, _scope, context) => comparison(node, context),
  Term: (node, scope, context) => valueMatch(node.value, 0, scope, node, context),
  Phrase: (node, scope, context) => valueMatch(node.value, 0, scope, node, context),
  Proximity: (node, scope, context) =>
    valueMatch(
      node.operand.value,
      node.distance === null ? 0 : Math.max(0, Math.floor(node.distance)),
      scope,
      node,
      context,
    ),
  Wildcard: (node, scope) => wildcard(node.pattern, scope),
  Regex: (node, scope, context) => regex(node, scope, context),
  Fuzzy: (node, scope, context) => fuzzy(node, scope, context),
  Range: (node, scope, context) => typedRange(scope, rangeEnds(node), node, context),
  Relation: (node, scope, context) =>
    typedRange(scope, openRange(node.operator, node.value.value), node, context),
  Error: (node, _scope, context) => {
    report(
      context,
      node,
      'unevaluable',
      'the query has a hole here (a syntax error); this part matches nothing',
    );
    return MATCH_NONE;
  },
};
