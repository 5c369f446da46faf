/**
 * `check(textOrTree, { schema })`: every rule in one walk of the tree, as in
 * graphql-js's validation. Each rule contributes a visitor; the visitors run side
 * by side, node by node (walk.ts). Given text, the syntax diagnostics of `parse` come first.
 */
import type { Node } from '../language/ast.js';
import type { Diagnostic, Severity } from '../language/diagnostic.js';
import { MAX_TREE_DEPTH, treeDepthWithin } from '../language/depth.js';
import { DiagnosticCollector, type LevelOf } from '../language/diagnostic-collector.js';
import { DEFAULT_LIMITS, parseCollecting, type ParseOptions } from '../language/parse.js';
import {
  isLoadedSchema,
  loadSchema,
  type SchemaIndex,
  type SchemaInput,
} from '../schema/schema.js';
import { Context, type Report, type ReportSink } from './context.js';
import { allRules } from './registry.js';
import { sortBySpan } from './sort-by-span.js';
import { syntaxCodes } from '../language/syntax-codes.js';
import { preferValueFixes } from './unquoted-values.js';
import type { Level, Rule } from './rule.js';
import type { Visitor } from '../language/visitor.js';
import { parallelWalk } from './walk.js';

export interface CheckOptions {
  /** A Get Schema response, several (a search across schemas), or a loaded `SchemaIndex`. Without one, only the rules that need no schema run. */
  readonly schema?: SchemaInput;
  /** The rules to run; all of them by default. */
  readonly rules?: readonly Rule[];
  /** Levels per diagnostic code, like ESLint's: `{ 'pii-field': 'info', 'leading-wildcard': 'off' }`. Syntax codes too. */
  readonly severities?: Readonly<Record<string, Level>>;
  /** Limits for parsing when `check` is given text. */
  readonly parse?: ParseOptions;
  /**
   * Most diagnostics returned, syntax and rules together (default: `parse.maxDiagnostics`,
   * else 100); past it one `too-many-errors` diagnostic says how many were left out.
   */
  readonly maxDiagnostics?: number;
}

const loaded = /* @__PURE__ */ new WeakMap<object, SchemaIndex>();

/** Loads a schema input once per object (a `SchemaError` for input that is no schema). */
export function resolveSchema(input: SchemaInput | undefined): SchemaIndex | undefined {
  if (input === undefined) return undefined;
  if (isLoadedSchema(input)) return input;
  let schema = loaded.get(input);
  if (schema === undefined) {
    schema = loadSchema(input);
    loaded.set(input, schema);
  }
  return schema;
}

/** The severity a code gets: the configured level, else the rule's default; undefined when off. */
function severityOf(
  code: string,
  fallback: Severity,
  enabled: boolean,
  levels: Readonly<Record<string, Level>>,
): Severity | undefined {
  const level = levels[code];
  if (level === undefined) return enabled ? fallback : undefined;
  if (level === 'off') return undefined;
  return level === 'on' ? fallback : level;
}

/** `severityOf` for the codes of a collector (DiagnosticCollector's `levelOf`): every code is on unless its level says otherwise. */
function levelsOf(levels: Readonly<Record<string, Level>>): LevelOf {
  return (code, severity) => severityOf(code, severity, true, levels);
}

function hasOwnKeys(record: object): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}

/** Where a plan's reports go between checks (none are made then): one for all plans, nothing made per check. */
const IDLE = /* @__PURE__ */ new DiagnosticCollector(0);

/**
 * A configuration ready to run: the rules with at least one code on, the severity
 * of each code, and their visitors made once, with the context they share. It is
 * also where the reports of the running check go (`diagnostics`).
 */
class Plan implements ReportSink {
  readonly context = new Context();
  /** True while a check runs on this plan (a rule that calls `check` gets a plan of its own). */
  busy = false;
  private diagnostics: DiagnosticCollector = IDLE;
  /** The rules' visitors, in order, made once. */
  private readonly visitors: readonly Visitor[];
  /** The rules with a text test (`Rule.mayReport`), by their index in `visitors`; at most 30 (one bit each). */
  private readonly gated: readonly {
    readonly index: number;
    readonly test: (text: string) => boolean;
  }[];
  /** The walks made so far, by the set of gated rules left out (a bit per rule of `gated`): 0 runs every rule. */
  private readonly walks = new Map<number, (root: Node) => void>();

  constructor(
    rules: readonly Rule[],
    private readonly codes: ReadonlyMap<string, Severity | undefined>,
  ) {
    // The tracker after the rules: it calls the value-site listeners they register.
    const visitors = rules.map((rule) => rule.create(this.context));
    this.visitors = [this.context.tracker(), ...visitors];
    const gated: { index: number; test: (text: string) => boolean }[] = [];
    for (let i = 0; i < rules.length && gated.length < 30; i++) {
      const test = rules[i]!.mayReport;
      if (test !== undefined) gated.push({ index: i + 1, test });
    }
    this.gated = gated;
  }

  /** The walk that leaves out the rules whose text test says they can report nothing on `text`. */
  private walkFor(text: string | undefined): (root: Node) => void {
    let skipped = 0;
    if (text !== undefined)
      for (let i = 0; i < this.gated.length; i++) if (!this.gated[i]!.test(text)) skipped |= 1 << i;
    let walk = this.walks.get(skipped);
    if (walk === undefined) {
      const left = new Set<number>();
      for (let i = 0; i < this.gated.length; i++)
        if (skipped & (1 << i)) left.add(this.gated[i]!.index);
      // Made after the rules: they ask for clause hashes while being created.
      walk = parallelWalk(
        this.visitors.filter((_, i) => !left.has(i)),
        this.context.hashes,
      );
      this.walks.set(skipped, walk);
    }
    return walk;
  }

  /** Runs the rules over `root`, adding their reports to `diagnostics`. */
  run(
    root: Node,
    schema: SchemaIndex | undefined,
    text: string | undefined,
    diagnostics: DiagnosticCollector,
  ): void {
    this.busy = true;
    this.diagnostics = diagnostics;
    this.context.begin(schema, text, this);
    try {
      this.walkFor(text)(root);
    } finally {
      this.context.end();
      this.diagnostics = IDLE;
      this.busy = false;
    }
  }

  /** The diagnostic a report becomes, or undefined when its code is off. */
  private diagnostic(r: Report): Diagnostic | undefined {
    const severity = this.codes.get(r.code);
    if (severity === undefined) return undefined;
    const { code, message, span, fixes, related } = r;
    // Each shape written out whole: adding properties afterwards would give each diagnostic
    // a separate property store, and its shape would change on the way.
    const withFixes = fixes !== undefined && fixes.length > 0;
    const withRelated = related !== undefined && related.length > 0;
    if (withFixes)
      return withRelated
        ? { code, severity, message, span, fixes, related }
        : { code, severity, message, span, fixes };
    return withRelated
      ? { code, severity, message, span, related }
      : { code, severity, message, span };
  }

  report(r: Report): void {
    const d = this.diagnostic(r);
    if (d !== undefined) this.diagnostics.add(d);
  }

  moveTail(at: number, from: number): void {
    const ds = this.diagnostics.kept;
    const end = ds.length;
    if (from === end || at === from) return;
    // A rotation of ds[at..end) by three reversals: in place, nothing allocated.
    reverse(ds, at, from);
    reverse(ds, from, end);
    reverse(ds, at, end);
  }

  count(): number {
    return this.diagnostics.kept.length;
  }

  room(): number {
    return this.diagnostics.room;
  }

  unbuilt(code: string, n: number): void {
    const severity = this.codes.get(code);
    if (severity !== undefined) this.diagnostics.addUnbuilt(n, severity, code);
  }
}

/** Reverses `items[start..end)` in place. */
function reverse<T>(items: T[], start: number, end: number): void {
  for (let i = start, j = end - 1; i < j; i++, j--) {
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
}

function makePlan(
  ruleList: readonly Rule[],
  levels: Readonly<Record<string, Level>>,
  withSchema: boolean,
): Plan {
  const rules = ruleList.filter(
    (rule) =>
      (withSchema || !rule.needsSchema) &&
      Object.entries(rule.codes).some(([code, info]) =>
        severityOf(code, info.severity, info.enabled !== false, levels),
      ),
  );
  const codes = new Map<string, Severity | undefined>();
  for (const rule of rules) {
    for (const [code, info] of Object.entries(rule.codes))
      codes.set(code, severityOf(code, info.severity, info.enabled !== false, levels));
  }
  return new Plan(rules, codes);
}

/** Plans by rule list, then by levels and whether there is a schema: most calls reuse one. */
const plans = /* @__PURE__ */ new WeakMap<readonly Rule[], Map<string, Plan>>();

/**
 * The same, by the rules a list holds, in order: `check(q, { rules: [A, B] })` makes a new
 * list at every call, and a plan made afresh (every rule's visitor, the walk) cost 2-3 checks.
 * Lists of the same rules share one map of plans. Bounded: past `MAX_RULE_LISTS` lists of
 * rules it starts afresh.
 */
const plansByRules = /* @__PURE__ */ new Map<string, Map<string, Plan>>();
const MAX_RULE_LISTS = 64;
/** A number for each rule object met, to key `plansByRules` by the rules' identities. */
const ruleIds = /* @__PURE__ */ new WeakMap<Rule, number>();
let ruleCount = 0;

/** The plans of the lists that hold the rules of `ruleList`, in its order. */
function plansOf(ruleList: readonly Rule[]): Map<string, Plan> {
  let key = '';
  for (const rule of ruleList) {
    let id = ruleIds.get(rule);
    if (id === undefined) ruleIds.set(rule, (id = ruleCount++));
    key += `${id},`;
  }
  let byKey = plansByRules.get(key);
  if (byKey === undefined) {
    if (plansByRules.size >= MAX_RULE_LISTS) plansByRules.clear();
    plansByRules.set(key, (byKey = new Map()));
  }
  return byKey;
}

const NO_LEVELS: Readonly<Record<string, Level>> = /* @__PURE__ */ Object.freeze({});

/**
 * The last plan found, and what it was found for: a program checks query after query with
 * one configuration. Four variables rather than one object: no object to make or read through.
 */
let lastPlan: Plan | undefined;
let lastRules: readonly Rule[] | undefined;
let lastLevels: Readonly<Record<string, Level>> | undefined;
let lastWithSchema = false;

function planFor(
  ruleList: readonly Rule[],
  levels: Readonly<Record<string, Level>> | undefined,
  withSchema: boolean,
): Plan {
  if (
    lastPlan !== undefined &&
    lastRules === ruleList &&
    lastLevels === levels &&
    lastWithSchema === withSchema &&
    !lastPlan.busy
  )
    return lastPlan;
  const entries = levels === undefined ? [] : Object.entries(levels);
  const key = `${withSchema ? 1 : 0}${entries.length === 0 ? '' : JSON.stringify(entries)}`;
  let byKey = plans.get(ruleList);
  if (byKey === undefined) plans.set(ruleList, (byKey = plansOf(ruleList)));
  let plan = byKey.get(key);
  if (plan === undefined || plan.busy) {
    plan = makePlan(ruleList, levels ?? NO_LEVELS, withSchema);
    if (!byKey.has(key) && byKey.size < 100) byKey.set(key, plan);
  }
  // The levels object may change between calls with the same identity: only a frozen one is remembered.
  const remembered = levels === undefined || Object.isFrozen(levels);
  lastPlan = remembered ? plan : undefined;
  lastRules = remembered ? ruleList : undefined;
  lastLevels = levels;
  lastWithSchema = withSchema;
  return plan;
}

/** The parse options of a check given no `parse` options: the same object while the limit stays (parsing only reads it). */
let limitOptions: Readonly<ParseOptions> = /* @__PURE__ */ Object.freeze({
  maxDiagnostics: DEFAULT_LIMITS.maxDiagnostics,
});

function limitOnly(max: number | undefined): Readonly<ParseOptions> {
  if (!Object.is(limitOptions.maxDiagnostics, max))
    limitOptions = Object.freeze({ maxDiagnostics: max });
  return limitOptions;
}

/**
 * Checks a query against a schema: syntax (when given text), field names, value
 * types, operators, bounds and the shape of the query. Returns every diagnostic,
 * sorted by position. Never throws for any query; throws a `SchemaError` when
 * `schema` is not a Get Schema response.
 */
export function check(input: string | Node, options: CheckOptions = {}): Diagnostic[] {
  return checkCollecting(input, options).diagnostics;
}

/** What `fixQuery` needs of a check: the diagnostics, and how many syntax errors there are in all. */
export interface CountedCheck {
  /** As `check` returns them: at most `maxDiagnostics`, then one `too-many-errors`. */
  readonly diagnostics: Diagnostic[];
  /** True when diagnostics were left out (the last one is `too-many-errors`). */
  readonly overflowed: boolean;
  /** The syntax errors (`parse`'s codes, not a rule's, at severity error after `severities`), those left out included. */
  readonly syntaxErrors: number;
}

/** The codes `parse` reports: GRAMMAR.md's, and those for input that is not a string and for a failure of the parser. */
const syntaxCodeSet = /* @__PURE__ */ new Set([...syntaxCodes, 'invalid-input', 'internal-error']);
const OVERFLOW = 'too-many-errors';

/**
 * `check` of a text, with the exact number of its syntax errors past `maxDiagnostics` too:
 * `fixQuery` keeps a bounded number of diagnostics and still compares counts between rounds.
 * Not exported from the package.
 */
export function checkCounting(text: string, options: CheckOptions = {}): CountedCheck {
  const { diagnostics, collected } = checkCollecting(text, options);
  const levels = options.severities ?? NO_LEVELS;
  let syntaxErrors = 0;
  for (let i = 0; i < diagnostics.length; i++) {
    const d = diagnostics[i]!;
    // The overflow is not counted itself: it stands for those left out, counted by code below.
    if (d.severity === 'error' && d.code !== OVERFLOW && syntaxCodeSet.has(d.code)) syntaxErrors++;
  }
  // Every syntax diagnostic is an error when parsed (the checker's levels apply to it after).
  collected.droppedByCode?.forEach((n, code) => {
    if (syntaxCodeSet.has(code) && severityOf(code, 'error', true, levels) === 'error')
      syntaxErrors += n;
  });
  return { diagnostics, overflowed: collected.dropped > 0, syntaxErrors };
}

function checkCollecting(
  input: string | Node,
  options: CheckOptions,
): { diagnostics: Diagnostic[]; collected: DiagnosticCollector } {
  const schema = resolveSchema(options.schema);
  const levels = options.severities;
  const max =
    options.maxDiagnostics ?? options.parse?.maxDiagnostics ?? DEFAULT_LIMITS.maxDiagnostics;
  let collected: DiagnosticCollector;
  let root: Node;
  let text: string | undefined;
  let unquoted = false;
  if (typeof input === 'string') {
    text = input;
    // The levels apply as the parser collects: a syntax code turned off takes no place under the limit.
    const levelOf = levels === undefined || !hasOwnKeys(levels) ? undefined : levelsOf(levels);
    const parsed = parseCollecting(
      input,
      options.parse === undefined ? limitOnly(max) : { ...options.parse, maxDiagnostics: max },
      true,
      'guarded',
      levelOf,
    );
    root = parsed.ast;
    collected = parsed.collected;
    // The rules' reports come with their levels applied (Plan.diagnostic): not applied twice.
    collected.levelOf = undefined;
    for (const d of collected.kept) if (d.code === 'unquoted-value') unquoted = true;
  } else {
    root = input;
    collected = new DiagnosticCollector(
      typeof max === 'number' && !Number.isNaN(max)
        ? Math.max(0, max)
        : DEFAULT_LIMITS.maxDiagnostics,
    );
    // The rules' walk recurses: a hand-built tree deeper than any parsed one gets a diagnostic instead (see depth.ts).
    if (treeDepthWithin(input) === undefined) {
      const span =
        input !== null && typeof input === 'object' && input.span !== undefined
          ? input.span
          : { start: 0, end: 0 };
      collected.add({
        code: 'too-deep',
        severity: 'error',
        message: `the tree nests more than ${MAX_TREE_DEPTH} nodes deep; the limit is ${MAX_TREE_DEPTH}`,
        span,
      });
      return { diagnostics: collected.kept, collected };
    }
  }
  planFor(options.rules ?? allRules, levels, schema !== undefined).run(
    root,
    schema,
    text,
    collected,
  );
  const diagnostics = sortBySpan(collected.kept);
  if (unquoted) preferValueFixes(diagnostics);
  const overflow = collected.overflow();
  const severity =
    overflow && severityOf(overflow.code, overflow.severity, true, levels ?? NO_LEVELS);
  if (overflow !== undefined && severity !== undefined)
    diagnostics.push(severity === overflow.severity ? overflow : { ...overflow, severity });
  return { diagnostics, collected };
}
