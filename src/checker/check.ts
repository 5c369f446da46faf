/**
 * `check(textOrTree, { schema })`: every rule in one walk of the tree, as in
 * graphql-js's validation. Each rule contributes a visitor; the visitors run side by
 * side, node by node. Given text, the syntax diagnostics of `parse` come first.
 */
import type { Node, NodeKind } from '../language/ast.js';
import type { Diagnostic, Severity } from '../language/diagnostic.js';
import { parse, type ParseOptions } from '../language/parse.js';
import { visit, type VisitFn, type Visitor } from '../language/visitor.js';
import { loadSchema, type SchemaIndex, type SchemaInput } from '../schema/schema.js';
import { createContext, type Report } from './context.js';
import { allRules } from './registry.js';
import type { Level, Rule } from './rule.js';

export interface CheckOptions {
  /** A Get Schema response, several (a search across schemas), or a loaded `SchemaIndex`. Without one, only the rules that need no schema run. */
  readonly schema?: SchemaInput;
  /** The rules to run; all of them by default. */
  readonly rules?: readonly Rule[];
  /** Levels per diagnostic code, like ESLint's: `{ 'pii-field': 'info', 'leading-wildcard': 'off' }`. Syntax codes too. */
  readonly severities?: Readonly<Record<string, Level>>;
  /** Limits for parsing when `check` is given text. */
  readonly parse?: ParseOptions;
}

const loaded = new WeakMap<object, SchemaIndex>();

/** Loads a schema input once per object (a `SchemaError` for input that is no schema). */
export function resolveSchema(input: SchemaInput | undefined): SchemaIndex | undefined {
  if (input === undefined) return undefined;
  let schema = loaded.get(input);
  if (schema === undefined) {
    schema = loadSchema(input);
    loaded.set(input, schema);
  }
  return schema;
}

/** The severity a code gets: the configured level, else the rule's default; undefined when off. */
function severityOf(code: string, fallback: Severity, enabled: boolean, levels: Readonly<Record<string, Level>>): Severity | undefined {
  const level = levels[code];
  if (level === undefined) return enabled ? fallback : undefined;
  if (level === 'off') return undefined;
  return level === 'on' ? fallback : level;
}

type Hook = (node: Node, parent: Node | null) => unknown;

/** One visitor that calls each of `visitors` in turn, entering in order and leaving in reverse. */
function inParallel(visitors: readonly Visitor[]): Visitor {
  const enter = new Map<NodeKind, Hook[]>();
  const leave = new Map<NodeKind, Hook[]>();
  const add = (table: Map<NodeKind, Hook[]>, kind: NodeKind, fn: Hook, first = false) => {
    const list = table.get(kind) ?? [];
    if (first) list.unshift(fn);
    else list.push(fn);
    table.set(kind, list);
  };
  for (const v of visitors) {
    for (const [key, value] of Object.entries(v)) {
      if (value === undefined) continue;
      if (key === 'enter' || key === 'leave') throw new Error('rule visitors must be keyed by node kind');
      const kind = key as NodeKind;
      if (typeof value === 'function') add(enter, kind, value as Hook);
      else {
        const pair = value as { enter?: VisitFn; leave?: VisitFn };
        if (pair.enter) add(enter, kind, pair.enter as Hook);
        if (pair.leave) add(leave, kind, pair.leave as Hook, true);
      }
    }
  }
  const combined: Record<string, { enter?: Hook; leave?: Hook }> = {};
  const kinds = new Set([...enter.keys(), ...leave.keys()]);
  for (const kind of kinds) {
    const ins = enter.get(kind);
    const outs = leave.get(kind);
    combined[kind] = {
      ...(ins ? { enter: ins.length === 1 ? (n, p) => void ins[0]!(n, p) : (n, p) => { for (const f of ins) f(n, p); } } : {}),
      ...(outs ? { leave: outs.length === 1 ? (n, p) => void outs[0]!(n, p) : (n, p) => { for (const f of outs) f(n, p); } } : {}),
    };
  }
  return combined as Visitor;
}

/**
 * Checks a query against a schema: syntax (when given text), field names, value
 * types, operators, bounds and the shape of the query. Returns every diagnostic,
 * sorted by position. Never throws for any query; throws a `SchemaError` when
 * `schema` is not a Get Schema response.
 */
export function check(input: string | Node, options: CheckOptions = {}): Diagnostic[] {
  const schema = resolveSchema(options.schema);
  const levels = options.severities ?? {};
  const diagnostics: Diagnostic[] = [];
  let root: Node;
  let text: string | undefined;
  if (typeof input === 'string') {
    text = input;
    const parsed = parse(input, options.parse);
    root = parsed.ast;
    for (const d of parsed.diagnostics) {
      const severity = severityOf(d.code, d.severity, true, levels);
      if (severity !== undefined) diagnostics.push(severity === d.severity ? d : { ...d, severity });
    }
  } else {
    root = input;
  }

  const rules = (options.rules ?? allRules).filter(
    (rule) => (schema !== undefined || !rule.needsSchema) && Object.entries(rule.codes).some(([code, info]) => severityOf(code, info.severity, info.enabled !== false, levels)),
  );
  const codes = new Map<string, Severity | undefined>();
  for (const rule of rules) {
    for (const [code, info] of Object.entries(rule.codes)) codes.set(code, severityOf(code, info.severity, info.enabled !== false, levels));
  }
  const report = (r: Report): void => {
    const severity = codes.get(r.code);
    if (severity === undefined) return;
    const d: Diagnostic = { code: r.code, severity, message: r.message, span: r.span };
    diagnostics.push({ ...d, ...(r.fixes && r.fixes.length > 0 ? { fixes: r.fixes } : {}), ...(r.related && r.related.length > 0 ? { related: r.related } : {}) });
  };
  const { context, tracker } = createContext(schema, text, report);
  const visitors = [tracker, ...rules.map((rule) => rule.create(context))];
  visit(root, inParallel(visitors));
  return diagnostics.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}
