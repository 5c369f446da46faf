/**
 * The query an engine target compiles: text parsed strictly, or a tree; and the two queries no
 * engine compiles (an empty one, one nested too deep), reported alike by every engine.
 */
import type { Expr, Query } from '../language/ast.js';
import { MAX_TREE_DEPTH, treeDepthWithin } from '../language/depth.js';
import type { Diagnostic } from '../language/diagnostic.js';
import type { ParseOptions } from '../language/parse.js';
// The core through its public API: the engines' entries import it from the root module (tsup.config.ts).
import { parseOrThrow } from '../index.js';
import { reportAt } from './field-scope.js';

/** The tree of `query` (text is parsed and must be valid); `caller` names the API in the TypeError for anything else. */
export function engineQueryTree(
  query: string | Query | Expr,
  parse: ParseOptions | undefined,
  caller: string,
): Query {
  if (typeof query === 'string') return parseOrThrow(query, parse);
  if (query === null || typeof query !== 'object' || !('kind' in query))
    throw new TypeError(`${caller} takes query text or a syntax tree`);
  return query.kind === 'Query' ? query : { kind: 'Query', body: query, span: query.span };
}

/** The body to compile; null, after a diagnostic, for an empty query or one nested too deep (both match no record). */
export function compilableBody(tree: Query, diagnostics: Diagnostic[]): Expr | null {
  if (tree.body === null) {
    reportAt(
      diagnostics,
      tree,
      'empty-query',
      'the query is empty: it matches no record',
      'warning',
    );
    return null;
  }
  if (treeDepthWithin(tree) === undefined) {
    reportAt(
      diagnostics,
      tree,
      'too-deep',
      `the tree nests more than ${MAX_TREE_DEPTH} nodes deep`,
    );
    return null;
  }
  return tree.body;
}
