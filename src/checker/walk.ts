/**
 * The checker's walk: every rule's visitor side by side in one depth-first pass
 * (graphql-js's `visitInParallel`). On entering a node each visitor's function for
 * its kind runs, in order; on leaving, in reverse order. Return values are ignored:
 * rules never skip subtrees. Children are reached by direct property access per
 * kind (an exhaustive switch), the hot path of every check.
 */
import type { Node, NodeKind } from '../language/ast.js';
import type { VisitFn, Visitor } from '../language/visitor.js';

type Hook = (node: Node, parent: Node | null) => unknown;
type HookTable = { [K in NodeKind]: Hook[] | null };

/** One slot per node kind, all present from the start, so lookups by kind stay fast. */
function hookTable(): HookTable {
  return {
    Query: null, Or: null, And: null, Not: null, Required: null, Group: null, Field: null, Exists: null, Comparison: null, Term: null, Wildcard: null,
    Phrase: null, Regex: null, Range: null, RangeBound: null, Relation: null, Fuzzy: null, Proximity: null, Boost: null, MatchAll: null,
    FieldName: null, StringValue: null, NumberValue: null, Error: null,
  };
}

function unreachable(node: never): never {
  throw new Error(`unknown node kind: ${(node as { kind: string }).kind}`);
}

/** Prepares a walk that runs `visitors` side by side; the tables are built once and the walk reused. */
export function parallelWalk(visitors: readonly Visitor[]): (root: Node) => void {
  const enter = hookTable();
  const leave = hookTable();
  for (const v of visitors) {
    for (const key in v) {
      const value = (v as Record<string, VisitFn | { enter?: VisitFn; leave?: VisitFn } | undefined>)[key];
      if (value === undefined) continue;
      if (!(key in enter)) throw new Error(`rule visitors must be keyed by node kind, not '${key}'`);
      const fn = typeof value === 'function' ? value : value.enter;
      if (fn) (enter[key as NodeKind] ??= []).push(fn as Hook);
      if (typeof value !== 'function' && value.leave) (leave[key as NodeKind] ??= []).unshift(value.leave as Hook);
    }
  }

  // A leaf that no visitor hooks need not be visited at all.
  const LEAVES: readonly NodeKind[] = ['Term', 'Wildcard', 'Phrase', 'Regex', 'RangeBound', 'MatchAll', 'FieldName', 'StringValue', 'NumberValue', 'Error'];
  const skip = Object.fromEntries(LEAVES.map((k) => [k, enter[k] === null && leave[k] === null])) as Partial<Record<NodeKind, boolean>>;
  const visitChild = (node: Node, parent: Node): void => {
    if (skip[node.kind] !== true) walk(node, parent);
  };
  const walk = (node: Node, parent: Node | null): void => {
    const ins = enter[node.kind];
    if (ins !== null) for (let i = 0; i < ins.length; i++) ins[i]!(node, parent);
    switch (node.kind) {
      case 'Query':
        if (node.body !== null) walk(node.body, node);
        break;
      case 'Or':
      case 'And':
        for (let i = 0; i < node.operands.length; i++) visitChild(node.operands[i]!, node);
        break;
      case 'Not':
      case 'Required':
      case 'Fuzzy':
      case 'Proximity':
      case 'Boost':
        visitChild(node.operand, node);
        break;
      case 'Group':
        visitChild(node.body, node);
        break;
      case 'Field':
        visitChild(node.field, node);
        visitChild(node.value, node);
        break;
      case 'Exists':
        visitChild(node.field, node);
        break;
      case 'Comparison':
        visitChild(node.field, node);
        visitChild(node.value, node);
        break;
      case 'Range':
        visitChild(node.lower, node);
        visitChild(node.upper, node);
        break;
      case 'Relation':
        visitChild(node.value, node);
        break;
      case 'Term':
      case 'Wildcard':
      case 'Phrase':
      case 'Regex':
      case 'RangeBound':
      case 'MatchAll':
      case 'FieldName':
      case 'StringValue':
      case 'NumberValue':
      case 'Error':
        break;
      default:
        unreachable(node);
    }
    const outs = leave[node.kind];
    if (outs !== null) for (let i = 0; i < outs.length; i++) outs[i]!(node, parent);
  };
  return (root) => walk(root, null);
}
