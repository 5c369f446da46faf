/**
 * Generic traversal driven by one table of child keys per node kind. The table is a
 * required mapped type, so adding a node kind fails to compile until it is listed.
 */
import type { Node, NodeKind, NodeOfKind } from './ast.js';

type ChildKey<K extends NodeKind> = {
  [P in keyof NodeOfKind<K>]: NodeOfKind<K>[P] extends Node | null | readonly Node[] ? P : never;
}[keyof NodeOfKind<K>];

/** For each kind, the properties that hold child nodes, in source order. */
export const childKeys: { readonly [K in NodeKind]: readonly ChildKey<K>[] } = {
  Query: ['body'],
  Or: ['operands'],
  And: ['operands'],
  Not: ['operand'],
  Required: ['operand'],
  Group: ['body'],
  Field: ['field', 'value'],
  Exists: ['field'],
  Comparison: ['field', 'value'],
  Term: [],
  Wildcard: [],
  Phrase: [],
  Regex: [],
  Range: ['lower', 'upper'],
  RangeBound: [],
  Relation: ['value'],
  Fuzzy: ['operand'],
  Proximity: ['operand'],
  Boost: ['operand'],
  MatchAll: [],
  FieldName: [],
  StringValue: [],
  NumberValue: [],
  Error: [],
};

/** The child nodes of `node`, in source order. */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const key of childKeys[node.kind] as readonly string[]) {
    const value = (node as unknown as Record<string, Node | Node[] | null>)[key];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const child of value as Node[]) out.push(child);
    else out.push(value as Node);
  }
  return out;
}

/** Returned by a visitor function to stop the whole walk. */
export const BREAK: unique symbol = Symbol('BREAK');

/** What a visitor function may return: `false` skips the node's children, `BREAK` stops the walk. */
export type VisitResult = void | false | typeof BREAK;

export type VisitFn<N extends Node = Node> = (node: N, parent: Node | null) => VisitResult;

/**
 * A visitor: `enter` / `leave` for every node, and per-kind functions
 * (`Term(node)` or `Term: { enter, leave }`), called on entering nodes of that kind.
 */
export type Visitor = {
  readonly enter?: VisitFn;
  readonly leave?: VisitFn;
} & {
  readonly [K in NodeKind]?:
    | VisitFn<NodeOfKind<K>>
    | { readonly enter?: VisitFn<NodeOfKind<K>>; readonly leave?: VisitFn<NodeOfKind<K>> };
};

/**
 * Walks `root` depth-first in source order, calling `visitor` on the way in and out.
 * Iterative, so a tree of any depth is walked without growing the call stack.
 */
export function visit(root: Node, visitor: Visitor): void {
  // One frame per node on the current path: the node, its parent and its children left to visit.
  const frames: { node: Node; parent: Node | null; kids: Node[]; next: number }[] = [];
  const enter = (node: Node, parent: Node | null): boolean => {
    const specific = hooksOf(visitor, node);
    let result = visitor.enter?.(node, parent);
    if (result === BREAK) return false;
    let descend = result !== false;
    result = specific.enter?.(node, parent);
    if (result === BREAK) return false;
    if (result === false) descend = false;
    frames.push({ node, parent, kids: descend ? children(node) : [], next: 0 });
    return true;
  };
  if (!enter(root, null)) return;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.next < frame.kids.length) {
      if (!enter(frame.kids[frame.next++]!, frame.node)) return;
      continue;
    }
    frames.pop();
    if (hooksOf(visitor, frame.node).leave?.(frame.node, frame.parent) === BREAK) return;
    if (visitor.leave?.(frame.node, frame.parent) === BREAK) return;
  }
}

function hooksOf(visitor: Visitor, node: Node): { enter?: VisitFn; leave?: VisitFn } {
  const specific = visitor[node.kind] as VisitFn | { enter?: VisitFn; leave?: VisitFn } | undefined;
  return typeof specific === 'function' ? { enter: specific } : (specific ?? {});
}

/**
 * The chain of nodes from `root` down to the innermost node at `offset`. A node
 * contains the offsets of its half-open span; when no child does, a child that
 * ends exactly at `offset` is taken (the cursor just after a word belongs to it).
 */
export function pathAt(root: Node, offset: number): Node[] {
  const path: Node[] = [];
  if (offset < root.span.start || offset > root.span.end) return path;
  let node: Node | undefined = root;
  while (node) {
    path.push(node);
    const kids = children(node);
    node =
      kids.find((c) => c.span.start <= offset && offset < c.span.end) ??
      kids.findLast((c) => c.span.end === offset && c.span.start <= offset);
  }
  return path;
}

/** The innermost node at `offset` (see `pathAt`), or undefined when `offset` is outside `root`. */
export function nodeAt(root: Node, offset: number): Node | undefined {
  const path = pathAt(root, offset);
  return path[path.length - 1];
}
