/**
 * `toSql(query, { schema, table })`: a query compiled into a parameterized `SELECT` over
 * the table of `createTableSql`, meaning what the evaluator means (evaluator/matchers.ts
 * is the reference; test/sql/parity.test.ts holds them equal on generated data). One
 * function per node kind, in a table keyed by kind. What PostgreSQL cannot be made to
 * mean the same is a diagnostic, and the clause matches nothing.
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
import { numberText } from '../evaluator/typed-values.js';
import type { EvaluatorSchema } from '../evaluator/schema-input.js';
import type { SchemaIndex } from '../schema/schema.js';
// The core through its public API: the mdq/sql entry imports it from the root module (tsup.config.ts).
import { wildcardParts } from '../index.js';
import { schemaIndexOf } from './schema.js';
import { FULL_TEXT, isAnalysedKind, US } from './derive.js';
import { tableNames, type TableOptions } from './identifiers.js';
import { isPrefixOrdered, KEY_COLUMN, queryKey, type Key } from './keys.js';
import { Params } from './params.js';
import { regexToPostgres, type RegexCondition } from './regex.js';
import {
  type Engine,
  type EngineScope,
  engineFieldScope,
  reportFullTextRange,
  reportUntypedField,
  reportAt,
  warnUntypedValue,
} from '../engines/field-scope.js';
import { type ClauseTable, compileClause } from '../engines/clause-table.js';
import { compilableBody, engineQueryTree } from '../engines/query-tree.js';
import { openRange, rangeEnds, type RangeEnds } from '../engines/range-ends.js';

export interface ToSqlOptions extends TableOptions {
  /** The schema(s) of the records, as `compile` takes them (values are typed by it). */
  readonly schema: EvaluatorSchema;
  /** When date math (`now-1d`) counts from; the time of compiling by default. */
  readonly now?: Date;
  readonly parse?: ParseOptions;
}

export interface SqlQuery {
  /** `SELECT * FROM table WHERE ...`: every column of the matching rows. */
  readonly text: string;
  /** The parameters' values, for `text` and for `where` alike. */
  readonly values: readonly unknown[];
  /** The WHERE clause alone (its parameters are `values`), to use in a statement of your own. */
  readonly where: string;
  /** What could not be translated (that part matches nothing), and notes. */
  readonly diagnostics: readonly Diagnostic[];
}

/** A field a clause looks at: its name and kind, or null for full text. */
type Scope = EngineScope;

interface Context {
  readonly schema: SchemaIndex;
  readonly params: Params;
  readonly diagnostics: Diagnostic[];
  readonly table: string;
  readonly keys: string;
  readonly now: Date;
}

const TRUE = 'TRUE';
const FALSE = 'FALSE';

function reportUntranslated(
  context: Context,
  node: Node,
  code: string,
  message: string,
  severity: Severity = 'error',
): void {
  reportAt(context.diagnostics, node, code, message, severity);
}

/** Compiles a query into SQL over the table of `createTableSql(schema, { table })`. */
export function toSql(query: string | Query | Expr, options: ToSqlOptions): SqlQuery {
  const schema = schemaIndexOf(options?.schema);
  const { table, keys } = tableNames(options);
  const tree = engineQueryTree(query, options.parse, 'toSql');
  const context: Context = {
    schema,
    params: new Params(),
    diagnostics: [],
    table,
    keys,
    now: options.now ?? new Date(),
  };
  const body = compilableBody(tree, context.diagnostics);
  const where = body === null ? FALSE : clause(body, null, context);
  const { texts, values } = context.params.finish([where]);
  return {
    text: `SELECT * FROM ${table} WHERE ${texts[0]}`,
    values,
    where: texts[0]!,
    diagnostics: context.diagnostics,
  };
}

function clause(node: Expr | FieldValue, scope: Scope | null, context: Context): string {
  return compileClause(CLAUSES, node, scope, context);
}

// ------------------------------------------------------------------ fields

const SQL: Engine = {
  code: 'sql',
  store: 'the table',
  keepsFields: 'the table keeps fields',
  reserved: [],
};

/** The scope of a field name; undefined (after a diagnostic) when the table has no such field. */
function fieldScope(name: string, node: Node, context: Context): Scope | undefined {
  return engineFieldScope(SQL, name, node, context.schema, context.diagnostics);
}

// ------------------------------------------------------------------ terms

function termsColumn(context: Context): string {
  return `${context.table}.terms`;
}

/** The entries are all in the record's terms (GIN: `@>`). */
function hasAll(entries: readonly string[], context: Context): string {
  return `${termsColumn(context)} @> ${context.params.add(entries, 'text[]')}`;
}

function prefixOf(scope: Scope | null, kind: 'w' | 'v'): string {
  return `${scope === null ? FULL_TEXT : scope.name}${US}${kind}${US}`;
}

function marker(scope: Scope, kind: 'e' | 'a'): string {
  return `${scope.name}${US}${kind}`;
}

/**
 * Some entry under one of `prefixes` passes `test`, which reads the entry's text (after
 * the prefix) as `v`.
 */
function someEntry(
  prefixes: readonly string[],
  test: (v: string) => string,
  context: Context,
): string {
  const parts = prefixes.map((prefix) => {
    const start = context.params.add(Array.from(prefix).length + 1, 'integer');
    return `(starts_with(e.term, ${context.params.add(prefix, 'text')}) AND ${test(`substr(e.term, ${start})`)})`;
  });
  return `EXISTS (SELECT 1 FROM unnest(${termsColumn(context)}) AS e(term) WHERE ${parts.join(' OR ')})`;
}

/** Where patterns look: the words and whole values of analysed fields, the whole values of the others. */
function patternPrefixes(scope: Scope | null): string[] {
  return scope === null || isAnalysedKind(scope.kind)
    ? [prefixOf(scope, 'w'), prefixOf(scope, 'v')]
    : [prefixOf(scope, 'v')];
}

/** Words (one, or a phrase within `slop`) in one value of the field (or of any field). */
function words(text: string, slop: number, scope: Scope | null, context: Context): string {
  const found = tokensOf(text);
  if (found.length === 0) return hasAll([`${prefixOf(scope, 'v')}${text.toLowerCase()}`], context);
  const entries = [...new Set(found)].map((w) => `${prefixOf(scope, 'w')}${w}`);
  if (found.length === 1) return hasAll(entries, context);
  const key = context.params.add(scope === null ? FULL_TEXT : scope.name, 'text');
  const phrase = context.params.add(found, 'text[]');
  // Slop past any value's length means the same; capped so that positions stay within integers.
  const within = context.params.add(Math.min(slop, 1_000_000_000), 'integer');
  return `(${hasAll(entries, context)} AND mdq_phrase(${context.table}.texts -> ${key}, ${phrase}, ${within}))`;
}

// ------------------------------------------------------------------ typed keys

/** Some typed key of the field passes `condition` (over `k.num` or `k.txt`). */
function someKey(scope: Scope, condition: string, context: Context): string {
  const field = context.params.add(scope.name, 'text');
  return `${context.table}."_dataObjectId" IN (SELECT k."_dataObjectId" FROM ${context.keys} AS k WHERE k.field = ${field} AND ${condition})`;
}

type Order = 'eq' | 'gt' | 'ge' | 'lt' | 'le';

/** The condition on a key column that `compare(key, q)` meets `order`, as the evaluator's comparator orders keys. */
function keyCondition(scope: Scope, key: Key, order: Order, context: Context): string {
  const { params } = context;
  if ('num' in key) {
    const q = params.add(key.num, 'double precision');
    const op = { eq: '=', gt: '>', ge: '>=', lt: '<', le: '<=' }[order];
    return `k.num ${op} ${q}`;
  }
  if (!isPrefixOrdered(scope.kind)) {
    const op = { eq: '=', gt: '>', ge: '>=', lt: '<', le: '<=' }[order];
    return `k.txt ${op} ${params.add(key.txt, 'text')}`;
  }
  const q = order === 'gt' || order === 'le' ? '' : params.add(key.txt, 'text');
  // Date and time keys are ASCII; a key that is a prefix of the other is equal to it (compareDateKeys).
  const above = () => params.add(`${key.txt}\u007f`, 'text');
  const prefixes = () =>
    params.add(
      Array.from({ length: key.txt.length - 1 }, (_, i) => key.txt.slice(0, i + 1)),
      'text[]',
    );
  switch (order) {
    case 'eq':
      return `((k.txt >= ${q} AND k.txt < ${above()}) OR k.txt = ANY(${prefixes()}))`;
    case 'gt':
      return `k.txt >= ${above()}`;
    case 'ge':
      return `(k.txt >= ${q} OR k.txt = ANY(${prefixes()}))`;
    case 'lt':
      return `(k.txt < ${q} AND NOT k.txt = ANY(${prefixes()}))`;
    case 'le':
      return `k.txt < ${above()}`;
  }
}

function untyped(scope: Scope, node: Node, context: Context): string {
  reportUntypedField(SQL, scope, node, context.diagnostics);
  return FALSE;
}

/** `field = value`, typed by the field. */
function typedEquals(scope: Scope, text: string, node: Node, context: Context): string {
  if (KEY_COLUMN[scope.kind] === null)
    return scope.kind === 'image' ? FALSE : untyped(scope, node, context);
  const key = queryKey(text, scope.field, context.now);
  return key === null ? FALSE : someKey(scope, keyCondition(scope, key, 'eq', context), context);
}

/** A range with either end open (null), typed by the field. */
function typedRange(scope: Scope | null, ends: RangeEnds, node: Node, context: Context): string {
  if (scope === null) {
    reportFullTextRange(SQL, node, context.diagnostics);
    return FALSE;
  }
  // `[* TO *]`: any value that can be compared at all.
  if (ends.lower === null && ends.upper === null) return hasAll([marker(scope, 'a')], context);
  if (KEY_COLUMN[scope.kind] === null)
    return scope.kind === 'image' ? FALSE : untyped(scope, node, context);
  const conditions: string[] = [];
  for (const [end, order] of [
    [ends.lower, ends.lower?.inclusive ? 'ge' : 'gt'],
    [ends.upper, ends.upper?.inclusive ? 'le' : 'lt'],
  ] as const) {
    if (end === null) continue;
    const key = queryKey(end.text, scope.field, context.now);
    if (key === null) return FALSE;
    conditions.push(keyCondition(scope, key, order, context));
  }
  return someKey(scope, conditions.join(' AND '), context);
}

/** `field:value`: words for analysed fields, typed equality for the others. */
function valueMatch(
  text: string,
  slop: number,
  scope: Scope | null,
  node: Node,
  context: Context,
): string {
  if (scope === null || scope.kind === 'text') return words(text, slop, scope, context);
  if (scope.kind === 'opaque') {
    // Without a type, a value is words, or the whole value without regard to case (the evaluator's dynamic comparator on text).
    warnUntypedValue(SQL, text, scope, context.now, node, context.diagnostics);
    return `(${words(text, slop, scope, context)} OR ${hasAll([`${prefixOf(scope, 'v')}${text.toLowerCase()}`], context)})`;
  }
  return typedEquals(scope, text, node, context);
}

// ------------------------------------------------------------------ patterns

/** A Lucene wildcard pattern as a LIKE pattern (`\` escapes). */
function likePattern(pattern: string): string {
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return wildcardParts(pattern)
    .map((part) => ('literal' in part ? escape(part.literal) : part.wildcard === '*' ? '%' : '_'))
    .join('');
}

function wildcard(pattern: string, scope: Scope | null, context: Context): string {
  if (pattern === '*') return scope === null ? TRUE : hasAll([marker(scope, 'e')], context);
  const like = context.params.add(likePattern(pattern.toLowerCase()), 'text');
  return someEntry(patternPrefixes(scope), (v) => `${v} LIKE ${like}`, context);
}

function regex(node: NodeOfKind<'Regex'>, scope: Scope | null, context: Context): string {
  let conditions: RegexCondition[];
  try {
    const tree = parseLuceneRegexp(node.pattern);
    // The evaluator's automaton refuses some patterns (too large): refused here alike.
    regexTreeMatcher(tree);
    conditions = regexToPostgres(tree);
  } catch (error) {
    if (error instanceof RegexSyntaxError) {
      reportUntranslated(context, node, 'invalid-regex', invalidRegexMessage(error, node.pattern));
      return FALSE;
    }
    if (error instanceof RegexUnsupported) {
      reportUntranslated(
        context,
        node,
        'sql-regex',
        `${error.message}; this clause matches nothing`,
      );
      return FALSE;
    }
    throw error;
  }
  return someEntry(
    patternPrefixes(scope),
    (v) =>
      conditions
        .map(
          (c) =>
            `(${v} COLLATE "C") ${c.negated ? '!~' : '~'} ${context.params.add(c.pattern, 'text')}`,
        )
        .join(' AND '),
    context,
  );
}

function fuzzy(node: NodeOfKind<'Fuzzy'>, scope: Scope | null, context: Context): string {
  const { term, edits } = fuzzyTerm(node, context.diagnostics);
  const t = context.params.add(term, 'text');
  const n = context.params.add(edits, 'integer');
  return someEntry(patternPrefixes(scope), (v) => `mdq_fuzzy(${v}, ${t}, ${n})`, context);
}

// ------------------------------------------------------------------ comparisons

function comparison(node: Comparison, context: Context): string {
  const scope = fieldScope(node.field.value, node.field, context);
  if (scope === undefined) return node.operator === 'ne' ? TRUE : FALSE;
  const text = node.value.kind === 'NumberValue' ? numberText(node.value) : node.value.value;
  switch (node.operator) {
    case 'eq':
      return typedEquals(scope, text, node, context);
    case 'ne':
      return `NOT ${wrap(typedEquals(scope, text, node, context))}`;
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le':
      return typedRange(scope, openRange(node.operator, text), node, context);
    case 'contains':
    case 'startswith':
    case 'endswith':
      return substring(scope, node.operator, text.toLowerCase(), context);
  }
}

/** `contains`, `startswith`, `endswith` on the whole value as text, ignoring case. */
function substring(
  scope: Scope,
  operator: 'contains' | 'startswith' | 'endswith',
  needle: string,
  context: Context,
): string {
  if (scope.kind === 'image') return FALSE;
  // Every text holds the empty string, the empty value too.
  if (needle === '') return hasAll([marker(scope, 'a')], context);
  const n = context.params.add(needle, 'text');
  const test = {
    contains: (v: string) => `strpos(${v}, ${n}) > 0`,
    startswith: (v: string) => `starts_with(${v}, ${n})`,
    endswith: (v: string) =>
      `right(${v}, ${context.params.add(Array.from(needle).length, 'integer')}) = ${n}`,
  }[operator];
  return someEntry([prefixOf(scope, 'v')], test, context);
}

// ------------------------------------------------------------------ the table

function scoped(name: string, node: Node, context: Context): Scope | null | undefined {
  return name === '*' ? null : fieldScope(name, node, context);
}

function all(parts: readonly string[], joiner: 'AND' | 'OR'): string {
  return parts.length === 1 ? parts[0]! : `(${parts.join(` ${joiner} `)})`;
}

const CLAUSES: ClauseTable<Scope, Context, string> = {
  Or: (node, scope, context) =>
    all(
      node.operands.map((o) => clause(o, scope, context)),
      'OR',
    ),
  And: (node, scope, context) =>
    all(
      node.operands.map((o) => clause(o, scope, context)),
      'AND',
    ),
  Not: (node, scope, context) => `NOT ${wrap(clause(node.operand, scope, context))}`,
  Required: (node, scope, context) => clause(node.operand, scope, context),
  Group: (node, scope, context) => clause(node.body, scope, context),
  // Boosts weigh scores; a WHERE clause has none (nor does the evaluator), so they change nothing.
  Boost: (node, scope, context) => clause(node.operand, scope, context),
  MatchAll: () => TRUE,
  Field: (node, _scope, context) => {
    const inner = scoped(node.field.value, node.field, context);
    return inner === undefined ? FALSE : clause(node.value, inner, context);
  },
  Exists: (node, _scope, context) => {
    const scope = fieldScope(node.field.value, node.field, context);
    return scope === undefined ? FALSE : hasAll([marker(scope, 'e')], context);
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
  Wildcard: (node, scope, context) => wildcard(node.pattern, scope, context),
  Regex: (node, scope, context) => regex(node, scope, context),
  Fuzzy: (node, scope, context) => fuzzy(node, scope, context),
  Range: (node, scope, context) => typedRange(scope, rangeEnds(node), node, context),
  Relation: (node, scope, context) =>
    typedRange(scope, openRange(node.operator, node.value.value), node, context),
  Error: (node, _scope, context) => {
    reportUntranslated(
      context,
      node,
      'unevaluable',
      'the query has a hole here (a syntax error); this part matches nothing',
    );
    return FALSE;
  },
};

function wrap(sql: string): string {
  return sql === TRUE || sql === FALSE ? sql : `(${sql})`;
}
