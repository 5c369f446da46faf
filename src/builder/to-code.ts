/**
 * `toBuilderCode(tree)`: the TypeScript that builds a query with mdq's factories,
 * for a query someone typed (the playground shows it next to the editor).
 *
 * Running the code builds the tree the parser returns for the query, with the
 * spellings the builder always writes: explicit `AND` (`a b` is `and(a, b)`), `NOT`
 * for the prohibit prefix `-`, nested ANDs and ORs flattened, and parentheses
 * exactly where the printer needs them (a redundant `(a)` is just `a`). Every other
 * detail, down to each value and operator, is the same; a property test runs the
 * printed code on generated trees to hold it to that.
 */
import type { Expr, FieldValue, Node, NodeOfKind, Query } from '../language/ast.js';
import { wildcardParts } from '../language/escape.js';
import { BuilderError } from './errors.js';
import { checkFieldName, valueNode, wildcardNode } from './nodes.js';

export interface BuilderCodeOptions {
  /** The name of the exported constant. Default `q`. */
  readonly name?: string;
  /** The module the factories are imported from. Default `'mdq/builder'`. */
  readonly from?: string;
  /** The line width the code aims for. Default 80. */
  readonly width?: number;
}

/** A call in the printed code: `head(args...)`, with its one-line text computed once. */
interface Call {
  readonly head: string;
  readonly args: readonly Code[];
  readonly flat: string;
}
type Code = string | Call;

const flatOf = (code: Code): string => (typeof code === 'string' ? code : code.flat);

/** A TypeScript string literal in single quotes that reads back as exactly `text` (lone surrogates included). */
export function tsString(text: string): string {
  const body = JSON.stringify(text)
    .slice(1, -1)
    .replace(/\\.|'/g, (m) => (m === "'" ? "\\'" : m === '\\"' ? '"' : m));
  return `'${body}'`;
}

function tsNumber(value: number): string {
  return Object.is(value, -0) ? '-0' : String(value);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

class CodeWriter {
  readonly imports = new Set<string>();

  call(fn: string, args: readonly Code[], head: string = fn): Call {
    this.imports.add(fn);
    return { head, args, flat: `${head}(${args.map(flatOf).join(', ')})` };
  }

  /** `expr`, without the parentheses the builder adds back itself. */
  expr(node: Expr): Code {
    const table = this.table as { [K in Expr['kind']]: (n: Expr) => Code };
    return table[node.kind](node);
  }

  /** The clauses an AND means, as arguments: `and(a, b)`, `not(a, b)`, `query(a, b)`. */
  parts(node: Expr): Code[] {
    const body = ungroup(node);
    return body.kind === 'And' ? body.operands.map((o) => this.expr(o)) : [this.expr(body)];
  }

  readonly table: { readonly [K in Expr['kind']]: (node: NodeOfKind<K>) => Code } = {
    Or: (n) =>
      this.call(
        'or',
        n.operands.map((o) => this.expr(o)),
      ),
    And: (n) =>
      this.call(
        'and',
        n.operands.map((o) => this.expr(o)),
      ),
    Not: (n) => this.call('not', this.parts(n.operand)),
    Required: (n) => this.call('required', this.parts(n.operand)),
    Group: (n) => this.expr(n.body),
    Field: (n) => this.field(n),
    Exists: (n) => this.call('exists', [fieldString(n.field)]),
    Comparison: (n) => {
      const value =
        n.value.kind === 'NumberValue' ? tsNumber(n.value.value) : tsString(n.value.value);
      const name = fieldString(n.field);
      if (n.operator.length === 2)
        return this.call('field', [value], `field(${name}).${n.operator}`);
      return this.call('compare', [name, tsString(n.operator), value]);
    },
    Term: (n) => this.call('term', [tsString(n.value)]),
    Wildcard: (n) => this.call('wildcard', [tsString(n.pattern)]),
    Phrase: (n) => this.call('phrase', [tsString(n.value)]),
    Regex: (n) => this.call('regex', [tsString(n.pattern)]),
    Range: (n) => this.range('valueRange', [], n),
    Fuzzy: (n) =>
      this.call('fuzzy', [
        tsString(n.operand.value),
        ...(n.distance === null ? [] : [tsNumber(n.distance)]),
      ]),
    Proximity: (n) =>
      this.call('proximity', [
        tsString(n.operand.value),
        ...(n.distance === null ? [] : [tsNumber(n.distance)]),
      ]),
    Boost: (n) => this.call('boost', [this.expr(n.operand), tsNumber(n.value)]),
    MatchAll: () => this.call('matchAll', []),
    Error: (n) => unrepresentable(n),
  };

  range(fn: string, first: Code[], n: NodeOfKind<'Range'>): Call {
    const bound = (b: NodeOfKind<'RangeBound'>): string =>
      b.value === null ? 'null' : tsString(b.value);
    const args: Code[] = [...first, bound(n.lower), bound(n.upper)];
    if (!n.lowerInclusive || !n.upperInclusive)
      args.push(`{ lowerInclusive: ${n.lowerInclusive}, upperInclusive: ${n.upperInclusive} }`);
    return this.call(fn, args);
  }

  /** `field:value` with the everyday factory where one builds exactly this value, `inField` otherwise. */
  field(n: NodeOfKind<'Field'>): Code {
    const name = fieldString(n.field);
    const value: FieldValue = n.value;
    switch (value.kind) {
      case 'Term':
      case 'Phrase':
        if (valueNode(value.value).kind === value.kind)
          return this.call('equals', [name, tsString(value.value)]);
        return this.call('inField', [name, this.expr(value)]);
      case 'Wildcard': {
        const shape = wildcardShape(value.pattern);
        if (shape !== undefined) return this.call(shape.fn, [name, tsString(shape.text)]);
        return this.call('inField', [name, this.expr(value)]);
      }
      case 'Range':
        if (value.lower.value === null && value.upper.value === null)
          return this.call('inField', [name, this.expr(value)]);
        return this.range('between', [name], value);
      case 'Relation': {
        const leaf = value.value;
        const fn = RELATION_FACTORIES[value.operator];
        if (valueNode(leaf.value).kind === leaf.kind)
          return this.call(fn, [name, tsString(leaf.value)]);
        return this.call('inField', [
          name,
          this.call('relation', [tsString(value.operator), this.expr(leaf)]),
        ]);
      }
      case 'Group':
        return this.call('scope', [name, ...this.parts(value.body)]);
      case 'Error':
        return unrepresentable(value);
      default:
        return this.call('inField', [name, this.expr(value)]);
    }
  }
}

const RELATION_FACTORIES = {
  '>': 'greaterThan',
  '>=': 'greaterOrEqual',
  '<': 'lessThan',
  '<=': 'lessOrEqual',
} as const;

/** A field name as a literal; names the builder refuses (`*`, blank) fail here, as the code would when run. */
function fieldString(name: NodeOfKind<'FieldName'>): string {
  return tsString(checkFieldName(name.value));
}

function ungroup(node: Expr): Expr {
  let body = node;
  while (body.kind === 'Group') body = body.body;
  return body;
}

function unrepresentable(node: Node): never {
  throw new BuilderError(
    'unrepresentable',
    `the tree has a syntax error at ${node.span.start}..${node.span.end}; fix it before writing builder code`,
  );
}

/** `startsWith`/`endsWith`/`contains` when one of them builds exactly this pattern. */
function wildcardShape(
  pattern: string,
): { fn: 'startsWith' | 'endsWith' | 'contains'; text: string } | undefined {
  const parts = wildcardParts(pattern);
  const star = (i: number): boolean => {
    const part = parts[i];
    return part !== undefined && 'wildcard' in part && part.wildcard === '*';
  };
  const literal = parts.find((p) => 'literal' in p) as { literal: string } | undefined;
  const text = literal?.literal ?? '';
  const literals = parts.filter((p) => 'literal' in p).length;
  if (literals !== 1) return undefined;
  const candidates = [
    { fn: 'contains', leading: true, trailing: true, ok: parts.length === 3 && star(0) && star(2) },
    { fn: 'startsWith', leading: false, trailing: true, ok: parts.length === 2 && star(1) },
    { fn: 'endsWith', leading: true, trailing: false, ok: parts.length === 2 && star(0) },
  ] as const;
  for (const c of candidates) {
    if (c.ok && wildcardNode(text, c.leading, c.trailing).pattern === pattern)
      return { fn: c.fn, text };
  }
  return undefined;
}

function layout(code: Code, indent: string, width: number): string {
  const flat = flatOf(code);
  if (typeof code === 'string' || indent.length + flat.length <= width || code.args.length === 0)
    return flat;
  const inner = `${indent}  `;
  return `${code.head}(\n${code.args.map((a) => inner + layout(a, inner, width)).join(',\n')},\n${indent})`;
}

/**
 * TypeScript that builds `tree` (a parsed query or a clause) with mdq's factories:
 * an import line and `export const q = query(...)`. Throws a `BuilderError` where
 * no builder call produces the tree: `unrepresentable` for syntax errors and the
 * empty query, `invalid-field-name`/`empty-field-name` for the field `*` (every
 * field: the builder writes a full-text clause instead) and blank names.
 */
export function toBuilderCode(tree: Query | Expr, options: BuilderCodeOptions = {}): string {
  const name = options.name ?? 'q';
  if (!IDENTIFIER.test(name))
    throw new BuilderError(
      'invalid-value',
      `${JSON.stringify(name)} is not a JavaScript identifier`,
    );
  const body = tree.kind === 'Query' ? tree.body : tree;
  if (body === null)
    throw new BuilderError(
      'unrepresentable',
      'the query is empty; query() of nothing is *:*, which matches every record',
    );
  const writer = new CodeWriter();
  const call = writer.call('query', writer.parts(body));
  const imports = [...writer.imports].sort();
  const prefix = `export const ${name} = `;
  const code = layout(call, '', (options.width ?? 80) - prefix.length);
  return `import { ${imports.join(', ')} } from ${tsString(options.from ?? 'mdq/builder')};\n\n${prefix}${code};\n`;
}
