/**
 * The checker's walk: every rule's visitor side by side in one depth-first pass
 * (graphql-js's `visitInParallel`). On entering a node each visitor's function for
 * its kind runs, in order; on leaving, in reverse order. Return values are ignored:
 * rules never skip subtrees.
 *
 * This is the hot path of every check, so the hooks of each kind are fused into one
 * function once per plan (null when nothing hooks the kind) and looked up by a
 * constant property name in the node's own case: no closures, arrays or keyed
 * lookups per node.
 *
 * On the way back up it returns each node's structural hash when asked to
 * (see clause-hashes.ts): every node is hashed once, by the code that visits it.
 */
import type { Node, NodeKind } from '../language/ast.js';
import type { VisitFn, Visitor } from '../language/visitor.js';
import { ClauseHashes, mixNumber, mixText } from './clause-hashes.js';

/**
 * A rule's hook as the walk calls it: with the parent's kind as a third argument, which
 * the walk knows where it stands and a hook would otherwise read from the parent (a
 * megamorphic read). Rule visitors may declare it (`around?: NodeKind | null`); see `kindAround`.
 */
type Hook = (node: Node, parent: Node | null, around: NodeKind | null) => unknown;

/** A rule visitor's hook that takes the parent's kind when the walk gives it. */
export type WalkHook<N extends Node = Node> = (
  node: N,
  parent: Node | null,
  around?: NodeKind | null,
) => void;
type HookLists = { [K in NodeKind]: Hook[] };
type HookTable = { readonly [K in NodeKind]: Hook | null };

function hookLists(): HookLists {
  return {
    Query: [],
    Or: [],
    And: [],
    Not: [],
    Required: [],
    Group: [],
    Field: [],
    Exists: [],
    Comparison: [],
    Term: [],
    Wildcard: [],
    Phrase: [],
    Regex: [],
    Range: [],
    RangeBound: [],
    Relation: [],
    Fuzzy: [],
    Proximity: [],
    Boost: [],
    MatchAll: [],
    FieldName: [],
    StringValue: [],
    NumberValue: [],
    Error: [],
  };
}

/**
 * The hooks of one kind as one function, in order; null when there are none. They are
 * called from call sites of their own (three to a closure, more through nested ones) rather
 * than from one loop's call site, which sees them all: measured a few percent faster on the
 * bench corpora. Closures of up to six calls each measured no faster (session 17), and a
 * function literal per kind (a feedback vector per kind) no faster either.
 */
function fuse(hooks: readonly Hook[]): Hook | null {
  switch (hooks.length) {
    case 0:
      return null;
    case 1:
      return hooks[0]!;
    case 2: {
      const [a, b] = hooks as [Hook, Hook];
      return (node, parent, around) => {
        a(node, parent, around);
        b(node, parent, around);
      };
    }
    case 3: {
      const [a, b, c] = hooks as [Hook, Hook, Hook];
      return (node, parent, around) => {
        a(node, parent, around);
        b(node, parent, around);
        c(node, parent, around);
      };
    }
    default: {
      // More than three: the first three as above, then the rest.
      const first = fuse(hooks.slice(0, 3))!;
      const rest = fuse(hooks.slice(3))!;
      return (node, parent, around) => {
        first(node, parent, around);
        rest(node, parent, around);
      };
    }
  }
}

/** Every slot present from the start (a fixed object shape), so `table.Field` is a plain load. */
function fuseAll(lists: HookLists): HookTable {
  return {
    Query: fuse(lists.Query),
    Or: fuse(lists.Or),
    And: fuse(lists.And),
    Not: fuse(lists.Not),
    Required: fuse(lists.Required),
    Group: fuse(lists.Group),
    Field: fuse(lists.Field),
    Exists: fuse(lists.Exists),
    Comparison: fuse(lists.Comparison),
    Term: fuse(lists.Term),
    Wildcard: fuse(lists.Wildcard),
    Phrase: fuse(lists.Phrase),
    Regex: fuse(lists.Regex),
    Range: fuse(lists.Range),
    RangeBound: fuse(lists.RangeBound),
    Relation: fuse(lists.Relation),
    Fuzzy: fuse(lists.Fuzzy),
    Proximity: fuse(lists.Proximity),
    Boost: fuse(lists.Boost),
    MatchAll: fuse(lists.MatchAll),
    FieldName: fuse(lists.FieldName),
    StringValue: fuse(lists.StringValue),
    NumberValue: fuse(lists.NumberValue),
    Error: fuse(lists.Error),
  };
}

/** The kind of a hook's parent: the one the walk passed, else (another caller, like `visit`) read from the parent. */
export function kindAround(
  parent: Node | null,
  around: NodeKind | null | undefined,
): NodeKind | null {
  return around !== undefined ? around : parent === null ? null : parent.kind;
}

function unreachable(node: never): never {
  throw new Error(`unknown node kind: ${(node as { kind: string }).kind}`);
}

/**
 * Prepares a walk that runs `visitors` side by side; the tables are built once and the
 * walk reused. With `hashes`, the walk also hashes every clause on leaving it and keeps
 * the hashes of an AND's or OR's operands there for its leave hooks (clause-hashes.ts).
 */
export function parallelWalk(
  visitors: readonly Visitor[],
  hashes?: ClauseHashes,
): (root: Node) => void {
  const enters = hookLists();
  const leaves = hookLists();
  for (const v of visitors) {
    for (const key in v) {
      const value = (
        v as Record<string, VisitFn | { enter?: VisitFn; leave?: VisitFn } | undefined>
      )[key];
      if (value === undefined) continue;
      if (!(key in enters))
        throw new Error(`rule visitors must be keyed by node kind, not '${key}'`);
      const fn = typeof value === 'function' ? value : value.enter;
      if (fn) enters[key as NodeKind].push(fn as Hook);
      if (typeof value !== 'function' && value.leave)
        leaves[key as NodeKind].unshift(value.leave as Hook);
    }
  }
  const enter = fuseAll(enters);
  const leave = fuseAll(leaves);
  // Leaves in fixed places that nothing hooks are not visited at all; a field name,
  // always a FieldName, gets its hooks called directly (no dispatch on its kind).
  const hooked = (kind: NodeKind) => enter[kind] !== null || leave[kind] !== null;
  const enterName = enter.FieldName as Hook | null;
  const leaveName = leave.FieldName as Hook | null;
  const visitBounds = hooked('RangeBound');
  const visitComparisonValues = hooked('StringValue') || hooked('NumberValue') || hooked('Error');
  const visitName = (name: Node, clause: Node, kind: NodeKind): void => {
    if (enterName !== null) enterName(name, clause, kind);
    if (leaveName !== null) leaveName(name, clause, kind);
  };

  // Without a rule that compares clauses, every hash is 0 and no node is read for one.
  const hashing = hashes !== undefined;
  const stack = hashes ?? new ClauseHashes();

  /** An AND or OR: its operands' hashes stay on the stack while its leave hooks run (NoDuplicateClauses reads them). */
  const junction = (
    node: Node & { kind: 'And' | 'Or' },
    parent: Node | null,
    around: NodeKind | null,
    seed: number,
  ): number => {
    const kind = node.kind;
    const and = kind === 'And';
    const enterHook = (and ? enter.And : enter.Or) as Hook | null;
    const leaveHook = (and ? leave.And : leave.Or) as Hook | null;
    if (enterHook !== null) enterHook(node, parent, around);
    const operands = node.operands;
    const n = operands.length;
    if (!hashing) {
      for (let i = 0; i < n; i++) walk(operands[i]!, node, kind);
      if (leaveHook !== null) leaveHook(node, parent, around);
      return 0;
    }
    const base = stack.top;
    let h = seed ^ n;
    for (let i = 0; i < n; i++) {
      const operand = walk(operands[i]!, node, kind);
      stack.push(operand);
      h = mixNumber(h, operand);
    }
    stack.operands = base;
    if (leaveHook !== null) leaveHook(node, parent, around);
    stack.top = base;
    return h;
  };

  /** A node around one operand (a prefix or a postfix operator): hashes as its operand, marked by `seed`. */
  const wrapper = (
    node: Node,
    parent: Node | null,
    around: NodeKind | null,
    kind: NodeKind,
    operand: Node,
    seed: number,
  ): number => {
    const enterHook = enter[kind] as Hook | null;
    const leaveHook = leave[kind] as Hook | null;
    if (enterHook !== null) enterHook(node, parent, around);
    const h = walk(operand, node, kind);
    if (leaveHook !== null) leaveHook(node, parent, around);
    return mixNumber(seed, h);
  };

  /** A node with no children walked: its hooks, and `hash` given back. */
  const leaf = (
    node: Node,
    parent: Node | null,
    around: NodeKind | null,
    kind: NodeKind,
    hash: number,
  ): number => {
    const enterHook = enter[kind] as Hook | null;
    const leaveHook = leave[kind] as Hook | null;
    if (enterHook !== null) enterHook(node, parent, around);
    if (leaveHook !== null) leaveHook(node, parent, around);
    return hash;
  };

  /** Walks `node`, returning its structural hash (see clause-hashes.ts). */
  const walk = (node: Node, parent: Node | null, around: NodeKind | null): number => {
    // Cases in order of how often they come: a switch on strings tests them one by one.
    switch (node.kind) {
      case 'Field': {
        if (enter.Field !== null) enter.Field(node, parent, around);
        visitName(node.field, node, 'Field');
        const value = walk(node.value, node, 'Field');
        if (leave.Field !== null) leave.Field(node, parent, around);
        return hashing ? mixNumber(mixText(7, node.field.value), value) : 0;
      }
      case 'Comparison':
        if (enter.Comparison !== null) enter.Comparison(node, parent, around);
        visitName(node.field, node, 'Comparison');
        if (visitComparisonValues) walk(node.value, node, 'Comparison');
        if (leave.Comparison !== null) leave.Comparison(node, parent, around);
        if (!hashing) return 0;
        {
          const value = node.value;
          const h = mixText(mixText(9, node.operator), node.field.value);
          return value.kind === 'StringValue' ? mixText(h, value.value) : mixNumber(h, value.value);
        }
      case 'Term':
        if (enter.Term !== null) enter.Term(node, parent, around);
        if (leave.Term !== null) leave.Term(node, parent, around);
        return hashing ? mixText(1, node.value) : 0;
      case 'And':
      case 'Or':
        return junction(node, parent, around, node.kind === 'And' ? 14 : 15);
      case 'Phrase':
        if (enter.Phrase !== null) enter.Phrase(node, parent, around);
        if (leave.Phrase !== null) leave.Phrase(node, parent, around);
        return hashing ? mixText(2, node.value) : 0;
      case 'Group': {
        // Parentheses change nothing about a clause: a group hashes as its body.
        if (enter.Group !== null) enter.Group(node, parent, around);
        const h = walk(node.body, node, 'Group');
        if (leave.Group !== null) leave.Group(node, parent, around);
        return h;
      }
      case 'Range':
        if (enter.Range !== null) enter.Range(node, parent, around);
        if (visitBounds) {
          walk(node.lower, node, 'Range');
          walk(node.upper, node, 'Range');
        }
        if (leave.Range !== null) leave.Range(node, parent, around);
        return hashing ? mixText(mixText(10, node.lower.value ?? '*'), node.upper.value ?? '*') : 0;
      case 'Relation': {
        if (enter.Relation !== null) enter.Relation(node, parent, around);
        const h = walk(node.value, node, 'Relation');
        if (leave.Relation !== null) leave.Relation(node, parent, around);
        return hashing ? mixNumber(mixText(11, node.operator), h) : 0;
      }
      case 'Exists':
        if (enter.Exists !== null) enter.Exists(node, parent, around);
        visitName(node.field, node, 'Exists');
        if (leave.Exists !== null) leave.Exists(node, parent, around);
        return hashing ? mixText(8, node.field.value) : 0;
      case 'Not':
        return wrapper(node, parent, around, 'Not', node.operand, 12);
      case 'Required':
      case 'Boost':
      case 'Fuzzy':
      case 'Proximity':
        return wrapper(node, parent, around, node.kind, node.operand, 13);
      case 'Wildcard':
        if (enter.Wildcard !== null) enter.Wildcard(node, parent, around);
        if (leave.Wildcard !== null) leave.Wildcard(node, parent, around);
        return hashing ? mixText(5, node.pattern) : 0;
      case 'Query': {
        if (enter.Query !== null) enter.Query(node, parent, around);
        const h = node.body !== null ? walk(node.body, node, 'Query') : 0;
        if (leave.Query !== null) leave.Query(node, parent, around);
        return h;
      }
      case 'Regex':
        return leaf(node, parent, around, 'Regex', hashing ? mixText(6, node.pattern) : 0);
      // Leaves in fixed places, mostly skipped (see above) or rare: hashed by kind alone.
      case 'StringValue':
        return leaf(node, parent, around, 'StringValue', 3);
      case 'NumberValue':
        return leaf(node, parent, around, 'NumberValue', 4);
      case 'MatchAll':
        return leaf(node, parent, around, 'MatchAll', 17);
      case 'Error':
        return leaf(node, parent, around, 'Error', 16);
      case 'RangeBound':
        return leaf(node, parent, around, 'RangeBound', 18);
      case 'FieldName':
        return leaf(node, parent, around, 'FieldName', 19);
      default:
        return unreachable(node);
    }
  };
  return (root) => walk(root, null, null);
}
