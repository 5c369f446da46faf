/**
 * A finished query: the canonical text and its syntax tree. Building one prints
 * the factories' tree and parses the text back; if the parse is not the very tree
 * that was built, the builder refuses (`unrepresentable`) rather than send a query
 * that means something else. The property tests say this never happens; the check
 * keeps it so should the printer or parser ever change.
 */
import type { Query } from '../language/ast.js';
import { MAX_TREE_DEPTH, treeDepthWithin } from '../language/depth.js';
import { parse } from '../language/parse.js';
import { format, type FormatOptions } from '../printer/format.js';
import { andOf, type Part } from './combine.js';
import { BuilderError } from './errors.js';
import { matchAll } from './factories.js';
import { sameTree } from './same-tree.js';

export interface BuiltQuery {
  /** The tree parsed from `text`: real spans into `text`, ready for the checker. */
  readonly ast: Query;
  /** The canonical query text, ready for the search endpoint's `query` parameter. */
  readonly text: string;
  /** The canonical query text. */
  toString(): string;
  /** The query text in another layout (`{ layout: 'multiline' }`); same meaning. */
  format(options?: Omit<FormatOptions, 'parse'>): string;
}

/**
 * All parts, combined with AND, as a finished query. With no parts left (every
 * filter empty) the query is `*:*`, which matches every record.
 */
export function query(...parts: Part[]): BuiltQuery {
  const body = andOf(parts) ?? matchAll();
  if (treeDepthWithin(body) === undefined)
    throw new BuilderError(
      'too-deep',
      `the query nests more than ${MAX_TREE_DEPTH} nodes deep, deeper than the parser accepts`,
    );
  const text = format(body);
  const parsed = parse(text);
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !sameTree(parsed.ast.body, body)) {
    const why =
      errors.length > 0 ? errors.map((d) => d.message).join('; ') : 'it parses as a different tree';
    throw new BuilderError(
      'unrepresentable',
      `the built query does not read back as built (${why}): ${text}`,
    );
  }
  const ast = parsed.ast;
  return {
    ast,
    text,
    toString: () => text,
    format: (options = {}) => format(ast, options),
  };
}
