/**
 * `compile(query, { schema })`: the query, parsed once, compiled into closures (no
 * interpretation per record, no `eval` or `new Function`, so it runs under a strict
 * Content-Security-Policy), as a predicate over records that also tells which field
 * values matched.
 */
import type { Expr, Query } from '../language/ast.js';
import { MAX_TREE_DEPTH, treeDepthWithin } from '../language/depth.js';
import type { Diagnostic } from '../language/diagnostic.js';
import type { ParseOptions } from '../language/parse.js';
import { parseOrThrow } from '../language/parse-or-throw.js';
import { NEVER, rowTest, type Clause, type RowTest } from './clause.js';
import { HighlightSink, type FieldHighlight } from './highlight.js';
import { compileClause, type CompileContext } from './matchers.js';
import { ownPropertyRead, type DataRecord } from './record.js';
import { dropTable, tableFor, type RecordTable } from './record-table.js';
import { resolveEvaluatorSchema, type EvaluatorSchema } from './schema-input.js';

export interface CompileOptions {
  /**
   * The schema(s) the records belong to: a Get Schema response, an array of them, a
   * `SchemaIndex` from `loadSchema`, or a builder schema from `defineSchema`. Values are
   * then typed by their field (numbers, dates in the field's format, booleans, codes);
   * without one, by their JavaScript type.
   */
  readonly schema?: EvaluatorSchema;
  /** When date math in the query (`now-1d`, `now/M`) counts from; the time of compiling by default. Anything but a valid Date throws a TypeError. */
  readonly now?: Date;
  /** Limits for parsing query text (see `parse`). */
  readonly parse?: ParseOptions;
}

/** A compiled query: call it on a record. */
export interface Matcher {
  (record: DataRecord): boolean;
  /** Parts of the query that cannot be evaluated as written (each matches nothing, or is evaluated as said), with codes. */
  readonly diagnostics: readonly Diagnostic[];
  /** For a matching record, the field values (and spans of them) that matched; [] when it does not match. */
  highlight(record: DataRecord): readonly FieldHighlight[];
}

/** What `compile` takes: query text, a parsed tree (or any clause of one), or a builder result. */
export type CompileInput = string | Query | Expr | { readonly ast: Query; readonly text: string };

/**
 * @deprecated Renamed {@link CompileInput} (`mdq/client` had another `QueryInput`, now
 * `SearchInput`); this alias goes in the next release.
 */
export type QueryInput = CompileInput;

function treeOf(query: QueryInput, options: CompileOptions): Query {
  if (typeof query === 'string') return parseOrThrow(query, options.parse);
  if (query === null || typeof query !== 'object')
    throw new TypeError(
      `compile takes query text, a syntax tree or a built query, not ${query === null ? 'null' : typeof query}`,
    );
  if ('kind' in query)
    return query.kind === 'Query' ? query : { kind: 'Query', body: query, span: query.span };
  if ('ast' in query && query.ast?.kind === 'Query') return query.ast;
  throw new TypeError('compile takes query text, a syntax tree or a built query');
}

/** `options.now`, or the clock. Anything but a valid Date is a programming error: date math would otherwise match nothing, silently. */
function nowOf(options: CompileOptions): Date {
  const now: unknown = options.now;
  if (now === undefined || now === null) return new Date();
  if (!(now instanceof Date) || Number.isNaN(now.getTime()))
    throw new TypeError(
      `compile takes options.now as a valid Date, not ${now instanceof Date ? 'an invalid Date' : typeof now}`,
    );
  return now;
}

/**
 * Compiles a query into a matcher. Text with syntax errors throws a `QuerySyntaxError`;
 * parts that cannot be evaluated are listed in `matcher.diagnostics`.
 */
export function compile(query: QueryInput, options: CompileOptions = {}): Matcher {
  const tree = treeOf(query, options);
  const context: CompileContext = {
    schema: resolveEvaluatorSchema(options.schema),
    diagnostics: [],
    scopes: new Map(),
    now: nowOf(options),
  };
  let clause: Clause;
  if (tree.body === null) {
    context.diagnostics.push({
      code: 'empty-query',
      severity: 'warning',
      message: 'the query is empty: it matches no record (write *:* for every record)',
      span: tree.span,
    });
    clause = NEVER;
  } else if (treeDepthWithin(tree) === undefined) {
    // Compiling (and marking) recurse once per level: a hand-built tree deeper than any parsed one is reported, as `check` does (language/depth.ts).
    context.diagnostics.push({
      code: 'too-deep',
      severity: 'error',
      message: `the tree nests more than ${MAX_TREE_DEPTH} nodes deep; the limit is ${MAX_TREE_DEPTH}: it matches nothing`,
      span: tree.span ?? { start: 0, end: 0 },
    });
    clause = NEVER;
  } else {
    clause = compileClause(tree.body, null, context);
  }
  const { test, mark } = clause;
  const matcher = ((record: DataRecord) => test(record)) as Matcher & {
    diagnostics: readonly Diagnostic[];
  };
  clauses.set(matcher, clause);
  Object.defineProperty(matcher, 'diagnostics', {
    value: Object.freeze(context.diagnostics),
    enumerable: true,
  });
  Object.defineProperty(matcher, 'highlight', {
    enumerable: true,
    value: (record: DataRecord): readonly FieldHighlight[] => {
      if (!test(record)) return [];
      const sink = new HighlightSink();
      mark(record, sink);
      return sink.result();
    },
  });
  return matcher;
}

/** The clause behind each matcher, so that `filter` calls its test without the wrapper, or tests rows of a table. */
const clauses = /* @__PURE__ */ new WeakMap<Matcher, Clause>();

/**
 * The records that match `query`, in their order. An array met before is filtered by
 * its table (record-table.ts): the fields the query reads come from columns.
 */
export function filter<R extends DataRecord>(
  records: Iterable<R>,
  query: QueryInput | Matcher,
  options: CompileOptions = {},
): R[] {
  const matcher = typeof query === 'function' ? query : compile(query, options);
  const clause = clauses.get(matcher);
  const matches = clause?.test ?? matcher;
  if (!Array.isArray(records)) {
    const out: R[] = [];
    for (const record of records) if (matches(record)) out.push(record);
    return out;
  }
  const table = clause === undefined ? undefined : tableFor(records);
  if (table === undefined) {
    const field = clause?.field;
    const name = field === undefined ? undefined : ownPropertyRead(field.target.read);
    return name !== undefined
      ? filterByField(records, name, field!.matches)
      : filterRecords(records, matches);
  }
  return filterRows(
    records,
    table,
    table.rowTest(clause!, () => rowTest(clause!, table)),
    matches,
  );
}

function filterRecords<R extends DataRecord>(
  records: readonly R[],
  matches: (record: DataRecord) => boolean,
): R[] {
  const out: R[] = [];
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (matches(record)) out.push(record);
  }
  return out;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * A query that tests one field (`City:paris`, `Age:[30 TO 40]`, `City:berlin OR City:lyon`)
 * on records met for the first time: the field read in the loop itself, which spares two
 * calls per record (the clause's test and the field's reader; every query calls other
 * ones, so V8 inlines neither) on a path that costs little more than the read.
 */
function filterByField<R extends DataRecord>(
  records: readonly R[],
  name: string,
  matches: (value: unknown) => boolean,
): R[] {
  const out: R[] = [];
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (matches(hasOwn.call(record, name) ? record[name] : undefined)) out.push(record);
  }
  return out;
}

/** By rows of the table (a function of its own, so that V8 optimises each loop for its own calls). */
function filterRows<R extends DataRecord>(
  records: readonly R[],
  table: RecordTable,
  row: RowTest,
  matches: (record: DataRecord) => boolean,
): R[] {
  const out: R[] = [];
  const known = table.records;
  let replaced = false;
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    // A record put in place of another since the columns were read is tested itself.
    if (record === known[i] ? row(i) : ((replaced = true), matches(record))) out.push(record);
  }
  if (replaced) dropTable(records);
  return out;
}
