/**
 * The canonical printer. One table keyed by node kind says how each node prints;
 * parentheses are added wherever the tree needs them, in particular wherever AND
 * and OR mix, because the service's Lucene-family engine ignores precedence and
 * would otherwise read something else than the tree means.
 *
 * Everything prints from `value`/`pattern`, never from `raw`, with minimal escaping,
 * so a hand-built tree prints as well as a parsed one and cannot inject syntax.
 */
import type { And, Expr, Node, NodeKind, NodeOfKind, Or } from '../language/ast.js';
import {
  bracketFieldName,
  escapeFieldName,
  escapeTerm,
  printDecimal,
  printRangeBound,
  printRegex,
  printWildcardPattern,
  quote,
} from '../language/escape.js';
import { MAX_TREE_DEPTH, treeDepthWithin } from '../language/depth.js';
import { QuerySyntaxError } from '../language/errors.js';
import { parse, type ParseOptions } from '../language/parse.js';
import { endsWithComparison, startsWithComparison } from '../language/comparison-edges.js';
import { COMPARISON_WORD_PATTERN } from '../language/tokens.js';

export interface FormatOptions {
  /** `flat` (default): one line. `multiline`: boolean expressions wider than `width` break over lines. */
  readonly layout?: 'flat' | 'multiline';
  /** Line width the multi-line layout aims for. Default 80. */
  readonly width?: number;
  /** Indentation for each nesting level in the multi-line layout. Default two spaces. */
  readonly indent?: string;
  /** Limits for parsing when `format` is given text. */
  readonly parse?: ParseOptions;
}

/** A tree that cannot be printed as a valid query (an `Error` node, an empty name, a bad number). */
export class FormatError extends Error {
  override readonly name = 'FormatError';
  constructor(
    message: string,
    readonly node: Node | undefined,
  ) {
    super(message);
  }
}

type Printer = { readonly [K in NodeKind]: (node: NodeOfKind<K>) => string };

/** The leading word of an operand's text, behind any prefix operators. */
const LEADING_WORD = /^((?:[-+!]|NOT )*)([^ \t\n\r\u3000!():^[\]"{}~\\/]+)/;
const LOWER_KEYWORDS = /* @__PURE__ */ new Set(['and', 'or', 'not']);

/** True when the clause ends with a range, so a comparison word right after it would turn `[a TO b]` into a bracket field. */
function endsWithRange(node: Expr): boolean {
  switch (node.kind) {
    case 'Range':
      return true;
    case 'Field':
      return node.value.kind === 'Range';
    case 'Not':
    case 'Required':
      return endsWithRange(node.operand);
    default:
      return false;
  }
}

function needsParens(
  child: Expr,
  parent: 'operand' | 'prefix' | 'postfix' | 'fieldValue',
): boolean {
  switch (child.kind) {
    case 'And':
    case 'Or':
      return true;
    case 'Not':
    case 'Required':
      return parent === 'postfix' || parent === 'fieldValue';
    case 'Boost':
      return parent === 'postfix' || parent === 'fieldValue';
    default:
      return false;
  }
}

function nonEmptyName(name: NodeOfKind<'FieldName'>): string {
  if (name.value.length === 0) throw new FormatError('a field name cannot be empty', name);
  return name.value;
}

function printNumber(node: NodeOfKind<'NumberValue'>): string {
  if (/^[+-]?\d+(?:\.\d+)?$/.test(node.raw) && Number(node.raw) === node.value) return node.raw;
  if (!Number.isFinite(node.value))
    throw new FormatError(`a comparison number must be finite, not ${node.value}`, node);
  return node.value < 0 ? `-${printDecimal(-node.value)}` : printDecimal(node.value);
}

function decimal(value: number, node: Node, what: string): string {
  try {
    return printDecimal(value);
  } catch {
    throw new FormatError(`${what} must be a non-negative finite number, not ${value}`, node);
  }
}

/**
 * Prints one operand of an AND/OR, escaping a leading word that the parser would
 * otherwise read as an operator there: a lower-case `and`/`or`/`not` next to a
 * bracket comparison, or a comparison word right after a range.
 */
function operandText(
  text: string,
  previous: Expr | undefined,
  next: Expr | undefined,
  implicitBefore: boolean,
  implicitAfter: boolean,
): string {
  const match = LEADING_WORD.exec(text);
  if (match === null) return text;
  const word = match[2]!;
  const risky = LOWER_KEYWORDS.has(word)
    ? (implicitBefore && previous !== undefined && endsWithComparison(previous)) ||
      (implicitAfter && next !== undefined && startsWithComparison(next))
    : COMPARISON_WORD_PATTERN.test(word) &&
      implicitBefore &&
      previous !== undefined &&
      endsWithRange(previous) &&
      match[1] === '';
  return risky ? `${match[1]}\\${text.slice(match[1]!.length)}` : text;
}

class FlatPrinter {
  readonly table: Printer = {
    Query: (n) => (n.body ? this.print(n.body) : ''),
    Or: (n) => this.operands(n).join(' OR '),
    And: (n) => {
      const parts = this.operands(n);
      let out = parts[0]!;
      for (let i = 1; i < parts.length; i++) out += (n.explicit[i - 1] ? ' AND ' : ' ') + parts[i];
      return out;
    },
    Not: (n) => (n.operator === '-' ? '-' : 'NOT ') + this.child(n.operand, 'prefix'),
    Required: (n) => `+${this.child(n.operand, 'prefix')}`,
    Group: (n) => `(${this.print(n.body)})`,
    Field: (n) => `${this.print(n.field)}:${this.fieldValue(n.value)}`,
    // The name after `_exists_:` is a plain word: `*` there is a field called `*`, not every field.
    // An empty name has no bare form (`_exists_:""` parses, as in Lucene): quoted then.
    Exists: (n) => `_exists_:${n.field.value === '' ? '""' : escapeTerm(n.field.value)}`,
    Comparison: (n) =>
      `${bracketFieldName(nonEmptyName(n.field))} ${n.operator} ${this.print(n.value)}`,
    Term: (n) => {
      if (n.value.length === 0)
        throw new FormatError('a term cannot be empty; use a phrase ("") instead', n);
      return escapeTerm(n.value);
    },
    Wildcard: (n) => {
      if (n.pattern.length === 0) throw new FormatError('a wildcard pattern cannot be empty', n);
      return printWildcardPattern(n.pattern);
    },
    Phrase: (n) => quote(n.value),
    Regex: (n) => printRegex(n.pattern),
    Range: (n) =>
      `${n.lowerInclusive ? '[' : '{'}${this.print(n.lower)} TO ${this.print(n.upper)}${n.upperInclusive ? ']' : '}'}`,
    RangeBound: (n) => printRangeBound(n.value),
    // `>` then a value starting with `=` would read as `>=`; a sign before a digit is the value's (`<-10`).
    Relation: (n) =>
      `${n.operator}${this.print(n.value)
        .replace(/^=/, '\\=')
        .replace(/^\\([-+])(?=\d)/, '$1')}`,
    Fuzzy: (n) =>
      `${this.print(n.operand)}~${n.distance === null ? '' : decimal(n.distance, n, 'a fuzzy distance')}`,
    Proximity: (n) =>
      `${this.print(n.operand)}~${n.distance === null ? '' : decimal(n.distance, n, 'a proximity')}`,
    Boost: (n) => `${this.child(n.operand, 'postfix')}^${decimal(n.value, n, 'a boost')}`,
    MatchAll: () => '*:*',
    FieldName: (n) => (n.value === '_exists_' ? `\\${n.value}` : escapeFieldName(nonEmptyName(n))),
    StringValue: (n) => quote(n.value),
    NumberValue: (n) => printNumber(n),
    Error: (n) => {
      throw new FormatError('the tree has an error node where a clause is missing', n);
    },
  };

  print(node: Node): string {
    return (this.table[node.kind] as (n: Node) => string)(node);
  }

  child(node: Expr, position: 'operand' | 'prefix' | 'postfix' | 'fieldValue'): string {
    return needsParens(node, position) ? `(${this.print(node)})` : this.print(node);
  }

  fieldValue(node: NodeOfKind<'Field'>['value']): string {
    return this.child(node as Expr, 'fieldValue');
  }

  /** Each operand of an AND/OR as text, parenthesised and keyword-escaped as needed. */
  operands(n: And | Or): string[] {
    const implicit = (i: number): boolean =>
      n.kind === 'And' && i >= 0 && i < n.explicit.length && !n.explicit[i];
    return n.operands.map((operand, i) =>
      operandText(
        this.child(operand, 'operand'),
        n.operands[i - 1],
        n.operands[i + 1],
        implicit(i - 1),
        implicit(i),
      ),
    );
  }
}

const flat = /* @__PURE__ */ new FlatPrinter();

/**
 * Prints the multi-line layout: an AND/OR wider than the line puts each operand on
 * a line of its own, led by its operator; parentheses that must break put their
 * content on indented lines between `(` and `)`.
 */
function printBroken(
  node: Expr,
  indent: string,
  options: Required<Pick<FormatOptions, 'width' | 'indent'>>,
): string {
  const text = flat.print(node);
  if (indent.length + text.length <= options.width) return text;
  const inner = indent + options.indent;
  const wrap = (
    child: Expr,
    position: 'operand' | 'prefix' | 'postfix' | 'fieldValue',
    at: string,
  ): string => {
    if (!needsParens(child, position)) return printBroken(child, at, options);
    return `(\n${inner}${printBroken(child, inner, options)}\n${at})`;
  };
  switch (node.kind) {
    case 'Or':
    case 'And': {
      const texts = flat.operands(node);
      return node.operands
        .map((operand, i) => {
          const operator =
            i === 0 ? '' : node.kind === 'Or' ? 'OR ' : node.explicit[i - 1] ? 'AND ' : '';
          const broken = needsParens(operand, 'operand')
            ? wrap(operand, 'operand', indent)
            : texts[i]!.length + indent.length + operator.length <= options.width
              ? texts[i]!
              : printBroken(operand, indent, options);
          return (i === 0 ? '' : `\n${indent}`) + operator + broken;
        })
        .join('');
    }
    case 'Group':
      return `(\n${inner}${printBroken(node.body, inner, options)}\n${indent})`;
    case 'Not':
      return (node.operator === '-' ? '-' : 'NOT ') + wrap(node.operand, 'prefix', indent);
    case 'Required':
      return `+${wrap(node.operand, 'prefix', indent)}`;
    case 'Boost':
      return `${wrap(node.operand, 'postfix', indent)}^${printDecimal(node.value)}`;
    case 'Field':
      if (node.value.kind === 'Group')
        return `${flat.print(node.field)}:${printBroken(node.value, indent, options)}`;
      return text;
    default:
      return text;
  }
}

/**
 * Prints canonical query text for a tree (parsed or hand-built) or for query text.
 * Text with syntax errors throws a `QuerySyntaxError`; a tree that cannot be printed
 * (it holds an `Error` node, say) throws a `FormatError`.
 */
export function format(input: string | Node, options: FormatOptions = {}): string {
  let node: Node;
  if (typeof input === 'string') {
    const result = parse(input, options.parse);
    if (result.diagnostics.some((d) => d.severity === 'error'))
      throw new QuerySyntaxError(input, result.diagnostics);
    node = result.ast;
  } else if (
    typeof input === 'object' &&
    input !== null &&
    typeof (input as { kind?: unknown }).kind === 'string' &&
    (input as Node).kind in flat.table
  ) {
    node = input;
    // The printer recurses: a hand-built tree deeper than any parsed one is refused (see depth.ts).
    if (treeDepthWithin(node) === undefined)
      throw new FormatError(
        `the tree nests more than ${MAX_TREE_DEPTH} nodes deep, deeper than any query the parser accepts`,
        node,
      );
  } else {
    throw new FormatError(
      `expected query text or a syntax tree, got ${input === null ? 'null' : typeof input}`,
      undefined,
    );
  }
  if (options.layout !== 'multiline') return flat.print(node);
  const settings = { width: options.width ?? 80, indent: options.indent ?? '  ' };
  const body = node.kind === 'Query' ? node.body : node;
  if (body === null) return '';
  if (
    body.kind === 'FieldName' ||
    body.kind === 'RangeBound' ||
    body.kind === 'Relation' ||
    body.kind === 'StringValue' ||
    body.kind === 'NumberValue'
  )
    return flat.print(body);
  return printBroken(body, '', settings);
}
