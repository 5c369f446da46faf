/**
 * The shape of an engine's compiler: an exhaustive table keyed by node kind, each entry
 * compiling one kind of clause (in a field's scope, or null for every field) into the
 * engine's output (SQL text, a DSL object).
 */
import type { Expr, FieldValue, NodeOfKind } from '../language/ast.js';

/** What a clause can be: every expression, and everything that may follow `field:`. */
export type ClauseKind = Expr['kind'] | FieldValue['kind'];

export type ClauseTable<Scope, Context, Out> = {
  readonly [K in ClauseKind]: (node: NodeOfKind<K>, scope: Scope | null, context: Context) => Out;
};

/** The table's entry for the node's kind, applied. */
export function compileClause<Scope, Context, Out>(
  table: ClauseTable<Scope, Context, Out>,
  node: Expr | FieldValue,
  scope: Scope | null,
  context: Context,
): Out {
  const compile = table[node.kind] as (n: never, s: Scope | null, c: Context) => Out;
  return compile(node as never, scope, context);
}
