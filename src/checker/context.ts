/**
 * What a rule sees: the schema, the field a value is scoped to, and `report`. The
 * context follows the walk itself (its own visitor runs before every rule's on the
 * way in and after them on the way out), so rules stay small and stateless.
 */
import type { Exists, Field, FieldName, Node, Span } from '../language/ast.js';
import {
  applyEdits,
  type Fix,
  type RelatedInformation,
  type TextEdit,
} from '../language/diagnostic.js';
import { FixGuard } from '../language/fix-guard.js';
import { syntaxErrorsOf } from '../language/parse.js';
import type { Visitor } from '../language/visitor.js';
import type { SchemaIndex, SchemaField } from '../schema/schema.js';
import { ClauseHashes } from './clause-hashes.js';
import { MISSING, RecentAnswers } from './recent-answers.js';
import { spacedFieldNames, type SpacedFieldName } from './spaced-field-names.js';
import { readValue, valueText, type Reading, type ValueNode } from './values.js';
import { valueSiteHooks, type ValueSiteListener } from './value-sites.js';

export interface Report {
  readonly code: string;
  readonly message: string;
  readonly span: Span;
  readonly fixes?: readonly Fix[];
  readonly related?: readonly RelatedInformation[];
}

export interface CheckContext {
  readonly schema: SchemaIndex | undefined;
  /** The query text, when `check` was given text (undefined for a tree). */
  readonly text: string | undefined;
  report(report: Report): void;
  /** How many diagnostics have been reported so far: a place to report at later (`reportAt`). */
  reported(): number;
  /**
   * Reports as if at the moment `reported()` returned `at`: before everything
   * reported since (diagnostics on one span keep their report order).
   */
  reportAt(at: number, report: Report): void;
  /** `reportAt(at + i, reports[i])` for each report in turn, in one step. */
  reportAllAt(at: number, reports: readonly Report[]): void;
  /**
   * How many more reports are worth building in full now (Infinity without a limit):
   * past `maxDiagnostics` only a count is kept, so a rule with very many reports to make
   * at once (a list of 100 000 repeats) counts the rest with `reportUnbuilt` instead.
   */
  reportRoom(): number;
  /** Counts `n` reports of `code` left unbuilt, once `reportRoom()` reports have been made. */
  reportUnbuilt(code: string, n: number): void;
  /**
   * The structural hashes of clauses, which the walk computes on leaving each node
   * (clause-hashes.ts); only for rules that ask for them while being created.
   */
  clauseHashes(): ClauseHashes;
  /** The schema field a name refers to: exact, or the full name it continues (`First Name:x`). */
  fieldOf(name: FieldName, clause?: Field | Exists): SchemaField | undefined;
  /**
   * The field of the innermost `field:` clause around the current node (`f:x`, every
   * term of `f:(a OR b)`); undefined outside one, or when its field is unknown.
   */
  scopedField(): SchemaField | undefined;
  /** True inside a `field:` clause (`f:x`, every term of `f:(a OR b)`), whether or not the field is known. */
  inFieldScope(): boolean;
  /** The clause's name written with unescaped spaces, when it is one (`First Name:John`). */
  spacedName(clause: Field | Exists): SpacedFieldName | undefined;
  /** True for a word or clause that is part of a name written with unescaped spaces. */
  inSpacedName(node: Node): boolean;
  /**
   * False when applying `edits` to the text would add syntax errors (a fix that
   * changes how the words around it parse); true when there is no text to try. Meant
   * for edits that write a bracket comparison: only a lower-case `and`/`or`/`not` next
   * to one reads differently then, so without one nothing is parsed; with one, the
   * whole text is, a few times per check at most (after that the answer is false: a
   * fix is withheld rather than risked, and a long query costs linear time).
   */
  keepsSyntax(edits: readonly TextEdit[]): boolean;
  /** `readValue(valueText(node), field)`, remembered for the check: several rules read the same value. */
  reading(node: ValueNode, field: SchemaField): Reading;
  /** Calls `listener` for every value searched in a known field (see value-sites.ts); register while creating a rule. */
  onValueSite(listener: ValueSiteListener): void;
}

/** Where a check's reports go: appended; `count` says how many were kept, `moveTail` moves the latest back. */
export interface ReportSink {
  report(report: Report): void;
  count(): number;
  /** Moves the diagnostics kept from `from` on to `at`, before those kept since `at`, keeping their order. */
  moveTail(at: number, from: number): void;
  /** See `CheckContext.reportRoom`. */
  room(): number;
  /** See `CheckContext.reportUnbuilt`. */
  unbuilt(code: string, n: number): void;
}

const NO_SINK: ReportSink = {
  report: () => {},
  count: () => 0,
  moveTail: () => {},
  room: () => 0,
  unbuilt: () => {},
};

/** Listeners called in order, the first three from call sites of their own (each then sees one function). */
function fuseListeners(listeners: readonly ValueSiteListener[]): ValueSiteListener {
  const [a, b, c] = listeners;
  if (listeners.length === 1) return a!;
  if (listeners.length === 2) {
    return (node, field, role, inclusive) => {
      a!(node, field, role, inclusive);
      b!(node, field, role, inclusive);
    };
  }
  if (listeners.length === 3) {
    return (node, field, role, inclusive) => {
      a!(node, field, role, inclusive);
      b!(node, field, role, inclusive);
      c!(node, field, role, inclusive);
    };
  }
  return (node, field, role, inclusive) => {
    for (let i = 0; i < listeners.length; i++) listeners[i]!(node, field, role, inclusive);
  };
}

const OPERATOR_WORD_AFTER = /^(?:and|or|not)(?![^\s()])/;
const WORD_BEFORE = /(?:^|[\s()])(and|or|not|NOT)$/;

/**
 * True when a lower-case `and`/`or`/`not` follows `end` (past closing parentheses) or
 * precedes `start` (past opening parentheses and prefix operators): GRAMMAR.md 3.3's
 * places where a bracket comparison makes such a word an operator.
 */
function operatorWordAround(text: string, start: number, end: number): boolean {
  let after = end;
  while (after < text.length && /[\s)]/.test(text[after]!)) after++;
  if (OPERATOR_WORD_AFTER.test(text.slice(after, after + 4))) return true;
  let before = start;
  for (;;) {
    while (before > 0 && /[\s(+!-]/.test(text[before - 1]!)) before--;
    const word = WORD_BEFORE.exec(text.slice(Math.max(0, before - 4), before));
    if (word === null) return false;
    if (word[1] !== 'NOT') return true;
    before -= 3;
  }
}

/** How many times one check may parse the whole query for `keepsSyntax`. */
const MAX_WHOLE_PARSES = 8;

/** The syntax errors `parse(text)` reports, counted without trying their fixes (the fix guard's parses would triple the cost; it changes fixes, never the count). */
export function syntaxErrorCount(text: string): number {
  let n = 0;
  for (const d of syntaxErrorsOf(text)) if (d.severity === 'error') n++;
  return n;
}

/**
 * The context of one rule set, reused from check to check: `begin` resets it for
 * the next query, and `tracker()` makes the visitor that keeps it in step with the walk
 * (it runs before the rules on the way in and after them on the way out).
 */
export class Context implements CheckContext {
  schema: SchemaIndex | undefined = undefined;
  text: string | undefined = undefined;
  private sink: ReportSink = NO_SINK;
  /** Set when a rule asks for clause hashes: the walk then computes them. */
  hashes: ClauseHashes | undefined = undefined;
  // The fields of the `field:` clauses around the current node, innermost last.
  private readonly scopes: (SchemaField | undefined)[] = [];
  // Names with unescaped spaces are rare: the maps are made on the first one.
  private spaced: Map<Field | Exists, SpacedFieldName> | undefined;
  private spacedParts: Set<Node> | undefined;
  private baseErrors: number | undefined;
  private wholeParses = 0;
  // The query has syntax errors: the rules' fixes are tried before they are offered (fix-guard.ts).
  private broken = false;
  private guard: FixGuard | undefined;
  // Several rules ask for the same value's reading, and for the same name's field, one
  // after another while the walk is at its clause (one name per clause: the last is kept).
  private readonly readings = new RecentAnswers<ValueNode, SchemaField, Reading>();
  private lastName: FieldName | undefined = undefined;
  private lastField: SchemaField | undefined = undefined;

  // Registered while the rules are created, before `tracker` is made.
  private readonly valueListeners: ValueSiteListener[] = [];

  /**
   * The visitor that keeps the context in step with the walk, made once the rules have been
   * created: the hooks that find value sites are in it only when a rule listens, and call
   * the listeners straight away (a site for nearly every clause: no layer in between).
   */
  tracker(): Visitor {
    const visitor: Visitor = {
      And: (node) => {
        if (this.schema === undefined) return;
        const found = spacedFieldNames(node, this.schema);
        // Indexed: nearly always empty, and then no iterator is made.
        for (let i = 0; i < found.length; i++) {
          const s = found[i]!;
          (this.spaced ??= new Map()).set(s.clause, s);
          (this.spacedParts ??= new Set()).add(s.clause);
          for (const word of s.words) this.spacedParts.add(word);
        }
      },
      Field: {
        enter: (node) => {
          this.scopes.push(this.fieldOf(node.field, node));
        },
        leave: () => {
          this.scopes.pop();
        },
      },
    };
    if (this.valueListeners.length === 0) return visitor;
    return { ...visitor, ...valueSiteHooks(this, fuseListeners(this.valueListeners.slice())) };
  }

  /** Starts a check: everything learnt about the previous query is forgotten. */
  begin(schema: SchemaIndex | undefined, text: string | undefined, sink: ReportSink): void {
    this.schema = schema;
    this.text = text;
    this.sink = sink;
    // Empty unless a rule threw in the last check; setting the length costs even when it is 0.
    if (this.scopes.length !== 0) this.scopes.length = 0;
    this.spaced = undefined;
    this.spacedParts = undefined;
    this.baseErrors = undefined;
    this.wholeParses = 0;
    // The parser's diagnostics are in the sink already: any means the text did not parse cleanly.
    this.broken = text !== undefined && sink.count() > 0;
    this.guard = undefined;
  }

  /** Ends a check, letting go of the query. */
  end(): void {
    this.readings.clear();
    this.lastName = undefined;
    this.lastField = undefined;
    this.begin(undefined, undefined, NO_SINK);
  }

  report(report: Report): void {
    this.sink.report(this.broken ? this.tried(report) : report);
  }

  reported(): number {
    return this.sink.count();
  }

  reportAt(at: number, report: Report): void {
    const from = this.sink.count();
    this.sink.report(this.broken ? this.tried(report) : report);
    this.sink.moveTail(at, from);
  }

  reportAllAt(at: number, reports: readonly Report[]): void {
    const from = this.sink.count();
    for (let i = 0; i < reports.length; i++)
      this.sink.report(this.broken ? this.tried(reports[i]!) : reports[i]!);
    this.sink.moveTail(at, from);
  }

  /** `report` with only the fixes that add no syntax error to a query that has some already. */
  private tried(report: Report): Report {
    const fixes = report.fixes;
    if (fixes === undefined || fixes.length === 0 || this.text === undefined) return report;
    const text = this.text;
    const guard = (this.guard ??= new FixGuard(text, (t) => syntaxErrorsOf(t)));
    const kept = fixes.filter((f) => guard.keeps(report, f));
    return kept.length === fixes.length ? report : { ...report, fixes: kept };
  }

  reportRoom(): number {
    return this.sink.room();
  }

  reportUnbuilt(code: string, n: number): void {
    this.sink.unbuilt(code, n);
  }

  clauseHashes(): ClauseHashes {
    return (this.hashes ??= new ClauseHashes());
  }

  fieldOf(name: FieldName, clause?: Field | Exists): SchemaField | undefined {
    if (this.schema === undefined) return undefined;
    if (clause !== undefined && this.spaced !== undefined) {
      const s = this.spaced.get(clause);
      if (s) return s.field;
    }
    if (name === this.lastName) return this.lastField;
    this.lastName = name;
    return (this.lastField = this.schema.field(name.value));
  }

  inFieldScope(): boolean {
    return this.scopes.length !== 0;
  }

  scopedField(): SchemaField | undefined {
    const n = this.scopes.length;
    return n === 0 ? undefined : this.scopes[n - 1];
  }

  spacedName(clause: Field | Exists): SpacedFieldName | undefined {
    return this.spaced?.get(clause);
  }

  inSpacedName(node: Node): boolean {
    return this.spacedParts?.has(node) ?? false;
  }

  reading(node: ValueNode, field: SchemaField): Reading {
    const known = this.readings.get(node, field);
    return known !== MISSING
      ? known
      : this.readings.set(node, field, readValue(valueText(node), field));
  }

  onValueSite(listener: ValueSiteListener): void {
    this.valueListeners.push(listener);
  }

  keepsSyntax(edits: readonly TextEdit[]): boolean {
    const text = this.text;
    if (text === undefined || edits.length === 0) return true;
    let start = text.length;
    let end = 0;
    for (const e of edits) {
      start = Math.min(start, e.span.start);
      end = Math.max(end, e.span.end);
    }
    this.baseErrors ??= syntaxErrorCount(text);
    if (this.baseErrors === 0 && !operatorWordAround(text, start, end)) return true;
    if (this.wholeParses >= MAX_WHOLE_PARSES) return false;
    this.wholeParses++;
    return syntaxErrorCount(applyEdits(text, edits)) <= this.baseErrors;
  }
}
