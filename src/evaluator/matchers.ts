/**
 * One compile function per node kind, in a table keyed by kind (a required mapped type:
 * a new kind of clause does not compile until it is handled here). Each turns a node
 * into a `Clause` once; records then only run closures.
 */
import type {
  Comparison,
  Expr,
  FieldValue,
  Node,
  NodeOfKind,
  Phrase,
  RangeBound,
  Term,
} from '../language/ast.js';
import type { Diagnostic, Severity } from '../language/diagnostic.js';
import type { FieldKind } from '../schema/field-kind.js';
import { HIT_METADATA_FIELDS } from '../schema/response.js';
import type { SchemaFieldResponse } from '../schema/response.js';
import { loadSchema, type SchemaField, type SchemaIndex } from '../schema/schema.js';
import { tokensOf } from './analysis.js';
import {
  ALWAYS,
  NEVER,
  anyToken,
  either,
  eitherText,
  fieldClause,
  fullTextClause,
  rowTest,
  textClause,
  valueClause,
  wholeValue,
  type Clause,
  type FieldTarget,
  type RowTest,
  type TextTest,
} from './clause.js';
import { fuzzyMatcher, fuzzyTerm } from './fuzzy.js';
import { phraseMatches } from './phrase.js';
import {
  fieldReader,
  isPresent,
  someValue,
  textOf,
  type DataRecord,
  type FieldReader,
} from './record.js';
import { cachedAllTokens } from './record-texts.js';
import type { RecordTable } from './record-table.js';
import { searchable } from './full-text-table.js';
import { joinSameField } from './same-field.js';
import { regexMatcher } from './regex-clause.js';
import {
  comparator,
  equalsTest,
  numberRangeTest,
  numberText,
  type Comparator,
} from './typed-values.js';
import { wildcardMatcher } from './wildcard.js';
import {
  fuzzyFinder,
  infixFinder,
  prefixFinder,
  sloppyFinder,
  someRecordValue,
  valueFinder,
  wordsFinder,
} from './word-scan.js';
import { initialBit } from './word-initials.js';

/** A field a clause is scoped to, with what the schema says about it. */
export interface FieldScope extends FieldTarget {
  readonly kind: FieldKind;
  readonly field: SchemaField | undefined;
  /**
   * When the schemas type the field differently (a number in one, text in another; dates
   * in two formats): the field as each schema defines it, by schema name. A record then
   * is typed by the schema its `_schemaName` names, and by the merged field otherwise.
   */
  readonly bySchema?: ReadonlyMap<string, FieldScope>;
}

/** Where leaves look: one field, or (null) every field, as full-text terms do. */
export type Scope = FieldScope | null;

export interface CompileContext {
  readonly schema: SchemaIndex | undefined;
  readonly diagnostics: Diagnostic[];
  readonly scopes: Map<string, FieldScope | undefined>;
  /** When date math (`now-1d`) counts from. */
  readonly now: Date;
}

export function report(
  context: CompileContext,
  node: Node,
  code: string,
  message: string,
  severity: Severity = 'warning',
): void {
  context.diagnostics.push({ code, severity, message, span: node.span });
}

/** The kinds a clause can be compiled from: every expression and everything that may follow `field:`. */
export type ClauseKind = Expr['kind'] | FieldValue['kind'];

type CompileFn<K extends ClauseKind> = (
  node: NodeOfKind<K>,
  scope: Scope,
  context: CompileContext,
) => Clause;

export function compileClause(
  node: Expr | FieldValue,
  scope: Scope,
  context: CompileContext,
): Clause {
  return (MATCHERS[node.kind] as CompileFn<ClauseKind>)(node, scope, context);
}

const METADATA = /* @__PURE__ */ new Set<string>(HIT_METADATA_FIELDS);

/**
 * The scope of a field name. With a schema, a name the schema does not know (nor the
 * hit metadata, nor a dotted name below a known field) matches nothing, as on the
 * service; the matcher says so in a diagnostic.
 */
function fieldScope(name: string, node: Node, context: CompileContext): FieldScope | undefined {
  if (context.scopes.has(name)) return context.scopes.get(name);
  let scope: FieldScope | undefined;
  const read = fieldReader(name);
  if (context.schema === undefined) {
    scope = { name, read, kind: 'opaque', field: undefined };
  } else {
    const field = context.schema.field(name);
    if (field !== undefined)
      scope = { name, read, kind: field.kind, field, bySchema: schemaTypings(field, name, read) };
    else if (METADATA.has(name) || belowKnownField(name, context.schema))
      scope = { name, read, kind: 'opaque', field: undefined };
  }
  if (scope === undefined)
    report(
      context,
      node,
      'unknown-field',
      `no field "${name}" in the schema: this clause matches nothing`,
    );
  context.scopes.set(name, scope);
  return scope;
}

/** How a field types values; two definitions that agree on it compare values alike. */
function typing(field: SchemaField): string {
  return JSON.stringify([field.kind, field.dateFormat, field.dateSeparator, field.booleanValues]);
}

/** The field as each schema defines it, when their typings differ (see `FieldScope.bySchema`). */
function schemaTypings(
  field: SchemaField,
  name: string,
  read: FieldReader,
): ReadonlyMap<string, FieldScope> | undefined {
  if (new Set(field.schemas).size < 2) return undefined;
  const definitions = new Map<string, SchemaFieldResponse[]>();
  field.schemas.forEach((schema, i) => {
    const list = definitions.get(schema) ?? [];
    list.push(field.definitions[i]!);
    definitions.set(schema, list);
  });
  const own = new Map<string, FieldScope>();
  for (const [schema, fields] of definitions) {
    const defined = loadSchema({ name: schema, fields }).field(name);
    if (defined !== undefined) own.set(schema, { name, read, kind: defined.kind, field: defined });
  }
  const typings = new Set([...own.values()].map((s) => typing(s.field!)));
  return typings.size > 1 ? own : undefined;
}

const readSchemaName = /* @__PURE__ */ fieldReader('_schemaName');

/**
 * `compileWith(scope)` for a field the schemas type differently: once per schema and once
 * merged, chosen per record by its `_schemaName`. Only the merged compile reports.
 */
function typedPerRecord(
  scope: FieldScope,
  context: CompileContext,
  compileWith: (scope: FieldScope, context: CompileContext) => Clause,
): Clause {
  const merged = compileWith(scope, context);
  if (scope.bySchema === undefined) return merged;
  const quiet: CompileContext = { ...context, diagnostics: [] };
  const clauses = new Map<string, Clause>();
  for (const [schema, own] of scope.bySchema) clauses.set(schema, compileWith(own, quiet));
  const pick = (record: DataRecord): Clause => {
    const schema = readSchemaName(record);
    return (typeof schema === 'string' ? clauses.get(schema) : undefined) ?? merged;
  };
  return {
    test: (record) => pick(record).test(record),
    mark: (record, sink) => pick(record).mark(record, sink),
  };
}

function belowKnownField(name: string, schema: SchemaIndex): boolean {
  for (let dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1))
    if (schema.field(name.slice(0, dot)) !== undefined) return true;
  return false;
}

/** Fields whose values are words (analysed); the others are matched as whole values. */
function isAnalysed(scope: Scope): boolean {
  return scope === null || scope.kind === 'text' || scope.kind === 'opaque';
}

/** All (AND) or any (OR) of the tests of a record. */
function allOrAny(tests: readonly Clause['test'][], all: boolean): Clause['test'] {
  if (tests.length === 2) {
    const [a, b] = tests as [Clause['test'], Clause['test']];
    return all ? (r) => a(r) && b(r) : (r) => a(r) || b(r);
  }
  return all
    ? (r) => {
        for (const t of tests) if (!t(r)) return false;
        return true;
      }
    : (r) => {
        for (const t of tests) if (t(r)) return true;
        return false;
      };
}

/** Clauses that search the whole record last, the longest text sought first (`Clause.scan`); the others in their order. */
function cheapFirst(clauses: readonly Clause[]): readonly Clause[] {
  const rank = (c: Clause): number =>
    c.scan === undefined ? -1 : Number.MAX_SAFE_INTEGER - c.scan;
  return clauses
    .map((clause, i) => ({ clause, i }))
    .sort((a, b) => rank(a.clause) - rank(b.clause) || a.i - b.i)
    .map((x) => x.clause);
}

/** The same for tests of rows: apart, so that neither's closures see the other's arguments (records, numbers) and slow down. */
function allOrAnyRow(tests: readonly RowTest[], all: boolean): RowTest {
  if (tests.length === 2) {
    const [a, b] = tests as [RowTest, RowTest];
    return all ? (row) => a(row) && b(row) : (row) => a(row) || b(row);
  }
  return all
    ? (row) => {
        for (const t of tests) if (!t(row)) return false;
        return true;
      }
    : (row) => {
        for (const t of tests) if (t(row)) return true;
        return false;
      };
}

function combine(clauses: readonly Clause[], all: boolean): Clause {
  const operands = joinSameField(clauses, all);
  if (operands.length === 1) return operands[0]!;
  // Records are tested by the cheap clauses first (a field read), so that a walk of the whole record is skipped when they decide.
  const test = allOrAny(
    cheapFirst(operands).map((c) => c.test),
    all,
  );
  const marks = operands.map((c) => c.mark);
  const scans = operands.filter((c) => c.scan !== undefined).map((c) => c.scan!);
  return {
    ...(scans.length > 0 ? { scan: Math.min(...scans) } : {}),
    test,
    // An AND marks only when all of it holds (it may sit in an OR that matched by another branch).
    mark: all
      ? (r, sink) => test(r) && marks.forEach((m) => m(r, sink))
      : (r, sink) => marks.forEach((m) => m(r, sink)),
    rows: (table) =>
      allOrAnyRow(
        operands.map((c) => rowTest(c, table)),
        all,
      ),
  };
}

// ------------------------------------------------------------------ words

/** Tokens of `phrase` in consecutive positions (or within `slop`) in one value. */
function phraseText(words: readonly string[], slop: number): TextTest {
  return {
    test: (a) => phraseMatches(a.tokens, words, slop, false).length > 0,
    spans: (a, add) => {
      for (const [first, last] of phraseMatches(a.tokens, words, slop, true))
        add(a.starts[first]!, a.ends[last]!);
    },
  };
}

/**
 * Text that the analyser turns into `words`: one word is a token; several are a phrase
 * (as Lucene does with a term that analyses to several tokens); none (text of only
 * punctuation, `&&`) matches a value that is exactly that text, ignoring case.
 */
function wordsText(text: string, slop: number): TextTest {
  const words = tokensOf(text);
  if (words.length === 0) {
    const lower = text.toLowerCase();
    return wholeValue((value) => value === lower);
  }
  if (words.length === 1) {
    const word = words[0]!;
    return anyToken((token) => token === word);
  }
  return phraseText(words, slop);
}

/**
 * Words (one, or an exact phrase) are found in the values' text in place, which costs
 * less than even a look-up of the cached analysis; the rest (sloppy phrases, text of
 * only punctuation) and every highlight use the analysis.
 */
function wordsClause(text: string, slop: number, scope: Scope): Clause {
  const analysed = wordsText(text, slop);
  const words = tokensOf(text);
  if (words.length === 0)
    return scope === null ? fullTextClause(analysed) : textClause(scope, 'words', analysed);
  const find = slop > 0 && words.length > 1 ? sloppyFinder(words, slop) : wordsFinder(words);
  const leaf = valueFinder(find, words.join(''));
  if (scope !== null)
    return findInField(scope, find, leaf, textClause(scope, 'words', analysed).mark);
  const { mark } = fullTextClause(analysed);
  // One word anywhere: the record's token set when a query has built it, else a search of its values in place.
  const word = words[0]!;
  const test =
    words.length > 1
      ? (record: DataRecord): boolean => someRecordValue(record, leaf)
      : (record: DataRecord): boolean => {
          const cached = cachedAllTokens(record);
          return cached !== undefined ? cached.has(word) : someRecordValue(record, leaf);
        };
  // On a table (an array met again) a word or an exact phrase is searched in the table's words; a sloppy phrase is not (slop is no substring).
  const scan = Math.max(...words.map((w) => w.length));
  if (slop > 0 && words.length > 1) return { test, mark, scan };
  return { test, mark, scan, rows: (table) => fullTextRows(table, words, test) };
}

/** `words` in the table's words (full-text-table.ts), or `test` on each record when they are not kept. */
function fullTextRows(table: RecordTable, words: readonly string[], test: Clause['test']): RowTest {
  const text = searchable(words) ? table.fullText() : null;
  if (text !== null) return text.rowTest(words);
  const { records } = table;
  return (row) => test(records[row]!);
}

/** A field's values searched by `find`: a single string value (the usual case) goes straight to it, others (arrays) to `leaf`. */
function findInField(
  scope: FieldTarget,
  find: (text: string) => boolean,
  leaf: (value: unknown) => boolean,
  mark: Clause['mark'],
  initial?: number,
): Clause {
  const { name, read } = scope;
  const matches = (value: unknown): boolean =>
    typeof value === 'string' ? value !== '' && find(value) : someValue(value, leaf);
  const test = (record: DataRecord): boolean => {
    const value = read(record);
    return typeof value === 'string' ? value !== '' && find(value) : someValue(value, leaf);
  };
  const clause = fieldClause(scope, matches, test, mark);
  if (initial === undefined) return clause;
  return {
    ...clause,
    // `prefix*` on a table: a row whose words start with no character like the prefix's first is
    // passed over on one number of a column (word-initials.ts), without reading its value.
    rows: (table) => {
      const values = table.column(name, read);
      const initials = table.initials(name, read);
      return (row) => (initials[row]! & initial) !== 0 && matches(values[row]);
    },
  };
}

/** A typed equality on a field's values (numbers, dates, booleans, codes). */
function equalsClause(scope: FieldScope, text: string, now: Date): Clause {
  const direct = equalsTest(scope.field, text);
  if (direct !== null) return valueClause(scope, direct);
  const compare = comparator(text, scope.field, now);
  return valueClause(scope, (v) => compare(v) === 0);
}

/** `field:value` and bare values: words for analysed fields, typed equality for the others. */
function valueMatch(text: string, slop: number, scope: Scope, now: Date): Clause {
  if (scope === null || scope.kind === 'text') return wordsClause(text, slop, scope);
  // Without a known type a value may be text (words) or a number, date or boolean (typed).
  if (scope.kind === 'opaque') {
    const both = joinSameField(
      [wordsClause(text, slop, scope), equalsClause(scope, text, now)],
      false,
    );
    return both.length === 1 ? both[0]! : either(both[0]!, both[1]!);
  }
  return equalsClause(scope, text, now);
}

/** A pattern (wildcard, regex, fuzzy) tried on each token of analysed values, and on the whole value. */
function patternClause(tokenTest: (token: string) => boolean, scope: Scope): Clause {
  const tokens = anyToken(tokenTest);
  if (scope === null) return fullTextClause(eitherText(tokens, wholeValue(tokenTest)));
  if (isAnalysed(scope))
    return textClause(scope, 'words', eitherText(tokens, wholeValue(tokenTest)));
  return textClause(scope, 'keyword', tokens);
}

// ------------------------------------------------------------------ order

type Bound = { readonly compare: Comparator; readonly inclusive: boolean } | null;

function boundOf(
  value: string | null,
  inclusive: boolean,
  field: SchemaField | undefined,
  now: Date,
): Bound {
  return value === null ? null : { compare: comparator(value, field, now), inclusive };
}

function rangeTest(lower: Bound, upper: Bound): (value: unknown) => boolean {
  return (value) => {
    if (lower !== null) {
      const c = lower.compare(value);
      if (!(lower.inclusive ? c >= 0 : c > 0)) return false;
    }
    if (upper !== null) {
      const c = upper.compare(value);
      if (!(upper.inclusive ? c <= 0 : c < 0)) return false;
    }
    // Both ends open (`[* TO *]`): any value that can be compared at all.
    return lower !== null || upper !== null || textOf(value) !== null;
  };
}

function orderClause(
  lowerText: string | null,
  lowerInclusive: boolean,
  upperText: string | null,
  upperInclusive: boolean,
  scope: Scope,
  now: Date,
): Clause {
  const field = scope?.field;
  const direct =
    scope === null
      ? null
      : numberRangeTest(field, lowerText, lowerInclusive, upperText, upperInclusive);
  if (direct !== null) return valueClause(scope!, direct);
  const test = rangeTest(
    boundOf(lowerText, lowerInclusive, field, now),
    boundOf(upperText, upperInclusive, field, now),
  );
  if (scope !== null) return valueClause(scope, test);
  // A bare range searches every field's values, typed by what they hold.
  return fullTextClause({
    test: (a) => test(a.text),
    spans: (a, add) => {
      if (test(a.text)) add(0, a.text.length);
    },
  });
}

function boundText(bound: RangeBound): string | null {
  return bound.value;
}

// ------------------------------------------------------------------ comparisons

function comparisonClause(node: Comparison, context: CompileContext): Clause {
  const scope = fieldScope(node.field.value, node.field, context);
  if (scope === undefined) return node.operator === 'ne' ? ALWAYS : NEVER;
  return typedPerRecord(scope, context, (own, c) => typedComparison(node, own, c));
}

function typedComparison(node: Comparison, scope: FieldScope, context: CompileContext): Clause {
  const text = node.value.kind === 'NumberValue' ? numberText(node.value) : node.value.value;
  switch (node.operator) {
    case 'eq':
      return equalsClause(scope, text, context.now);
    case 'ne':
      return negate(equalsClause(scope, text, context.now));
    case 'gt':
      return orderClause(text, false, null, false, scope, context.now);
    case 'ge':
      return orderClause(text, true, null, false, scope, context.now);
    case 'lt':
      return orderClause(null, false, text, false, scope, context.now);
    case 'le':
      return orderClause(null, false, text, true, scope, context.now);
    case 'contains':
    case 'startswith':
    case 'endswith':
      return substringClause(scope, node.operator, text.toLowerCase());
  }
}

/** `contains`, `startswith`, `endswith`: on the whole value as text, ignoring case. */
function substringClause(
  scope: FieldScope,
  operator: 'contains' | 'startswith' | 'endswith',
  needle: string,
): Clause {
  const find = (lower: string): number => {
    if (operator === 'startswith') return lower.startsWith(needle) ? 0 : -1;
    if (operator === 'endswith') return lower.endsWith(needle) ? lower.length - needle.length : -1;
    return lower.indexOf(needle);
  };
  const test = (value: unknown): boolean => {
    if (scope.kind === 'image') return false;
    const text = textOf(value);
    return text !== null && find(text.toLowerCase()) >= 0;
  };
  return valueClause(scope, test, (text) => {
    // Lower-casing may change the length of non-ASCII text: then mark the whole value.
    const lower = text.toLowerCase();
    const at = find(lower);
    return lower.length === text.length && at >= 0 ? [at, at + needle.length] : null;
  });
}

function negate(clause: Clause): Clause {
  const { field } = clause;
  if (field !== undefined) {
    // Still a test of the field's value (so that `f:a AND NOT f:b` reads f once).
    const { read } = field.target;
    const matches = (value: unknown): boolean => !field.matches(value);
    return fieldClause(
      field.target,
      matches,
      (record) => matches(read(record)),
      () => {},
    );
  }
  return {
    ...(clause.scan !== undefined ? { scan: clause.scan } : {}),
    test: (record) => !clause.test(record),
    mark: () => {},
    rows: (table) => {
      const test = rowTest(clause, table);
      return (row) => !test(row);
    },
  };
}

// ------------------------------------------------------------------ the table

/** The scope of `name:` (`*:value` searches every field). */
function scoped(name: string, node: Node, context: CompileContext): Scope | undefined {
  return name === '*' ? null : fieldScope(name, node, context);
}

function termClause(node: Term, scope: Scope, context: CompileContext): Clause {
  return valueMatch(node.value, 0, scope, context.now);
}

function phraseClause(node: Phrase, slop: number, scope: Scope, context: CompileContext): Clause {
  return valueMatch(node.value, slop, scope, context.now);
}

const MATCHERS: { readonly [K in ClauseKind]: CompileFn<K> } = {
  Or: (node, scope, context) =>
    combine(
      node.operands.map((o) => compileClause(o, scope, context)),
      false,
    ),
  And: (node, scope, context) =>
    combine(
      node.operands.map((o) => compileClause(o, scope, context)),
      true,
    ),
  Not: (node, scope, context) => negate(compileClause(node.operand, scope, context)),
  Required: (node, scope, context) => compileClause(node.operand, scope, context),
  Group: (node, scope, context) => compileClause(node.body, scope, context),
  Boost: (node, scope, context) => compileClause(node.operand, scope, context),
  MatchAll: () => ALWAYS,
  Field: (node, _scope, context) => {
    const inner = scoped(node.field.value, node.field, context);
    if (inner === undefined) return NEVER;
    return inner === null
      ? compileClause(node.value, inner, context)
      : typedPerRecord(inner, context, (scope, c) => compileClause(node.value, scope, c));
  },
  Exists: (node, _scope, context) => {
    const scope = fieldScope(node.field.value, node.field, context);
    return scope === undefined ? NEVER : existsClause(scope);
  },
  Comparison: (node, _scope, context) => comparisonClause(node, context),
  Term: (node, scope, context) => termClause(node, scope, context),
  Phrase: (node, scope, context) => phraseClause(node, 0, scope, context),
  Proximity: (node, scope, context) =>
    phraseClause(
      node.operand,
      node.distance === null ? 0 : Math.max(0, Math.floor(node.distance)),
      scope,
      context,
    ),
  Wildcard: (node, scope) => {
    if (node.pattern === '*') return scope === null ? ALWAYS : existsClause(scope);
    // Patterns meet lower-cased tokens (and lower-cased whole values), so they are lower-cased too.
    const pattern = node.pattern.toLowerCase();
    const clause = patternClause(wildcardMatcher(pattern), scope);
    // `prefix*` on words: found in place, like words.
    const prefix = /^([^*?\\]+)\*$/.exec(pattern)?.[1];
    // `*infix*` likewise.
    const infix = /^\*([^*?\\]+)\*$/.exec(pattern)?.[1];
    const needle = prefix ?? infix;
    const find =
      needle === undefined || !isAnalysed(scope)
        ? null
        : prefix !== undefined
          ? prefixFinder(prefix)
          : infixFinder(needle);
    if (find === null) return clause;
    const leaf = valueFinder(find, needle!);
    if (scope === null)
      return {
        test: (record) => someRecordValue(record, leaf),
        mark: clause.mark,
        scan: needle!.length,
      };
    return findInField(
      scope,
      find,
      leaf,
      clause.mark,
      prefix === undefined ? undefined : initialBit(prefix.charCodeAt(0)),
    );
  },
  Regex: (node, scope, context) => {
    const matcher = regexMatcher(node, context);
    return matcher === null ? NEVER : patternClause(matcher, scope);
  },
  Fuzzy: (node, scope, context) => {
    const { term, edits } = fuzzyTerm(node, context.diagnostics);
    const matches = fuzzyMatcher(term, edits);
    const clause = patternClause(matches, scope);
    if (!isAnalysed(scope)) return clause;
    // Found in place: only words of about the term's length are measured.
    const find = fuzzyFinder(term, edits, matches);
    const leaf = (value: unknown): boolean => {
      const text = textOf(value);
      return text !== null && text !== '' && find(text);
    };
    if (scope === null)
      return { test: (record) => someRecordValue(record, leaf), mark: clause.mark, scan: 0 };
    return findInField(scope, find, leaf, clause.mark);
  },
  Range: (node, scope, context) =>
    orderClause(
      boundText(node.lower),
      node.lowerInclusive,
      boundText(node.upper),
      node.upperInclusive,
      scope,
      context.now,
    ),
  Relation: (node, scope, context) => {
    const text = node.value.value;
    switch (node.operator) {
      case '>':
        return orderClause(text, false, null, false, scope, context.now);
      case '>=':
        return orderClause(text, true, null, false, scope, context.now);
      case '<':
        return orderClause(null, false, text, false, scope, context.now);
      case '<=':
        return orderClause(null, false, text, true, scope, context.now);
    }
  },
  Error: (node, _scope, context) => {
    report(
      context,
      node,
      'unevaluable',
      'the query has a hole here (a syntax error); this part matches nothing',
      'error',
    );
    return NEVER;
  },
};

function existsClause(scope: FieldTarget): Clause {
  const { read } = scope;
  return fieldClause(
    scope,
    isPresent,
    (record) => isPresent(read(record)),
    valueClause(scope, (v) => v !== '').mark,
  );
}
