/**
 * How deep a query may nest, and the one measure of a tree's depth every public
 * function that walks a tree asks before it recurses.
 *
 * Why ceilings and not iterative walkers: the chevrotain parser, the printer, the
 * checker's walk and the builder's round trip are recursive, and rewriting them all
 * with explicit stacks would cost speed and clarity on every real query for the sake
 * of trees no person writes. So each recursive walk is bounded instead, by ceilings
 * that no option can raise: `MAX_NESTING` for text (the chevrotain parser, the
 * deepest recursion, overflows Node's default stack near 190 levels of parentheses)
 * and `MAX_TREE_DEPTH` for trees (the walkers overflow beyond about 1 500 levels);
 * deeper input gets a `too-deep` diagnostic or a typed error, never a `RangeError`.
 * `visit` is iterative (user callbacks may recurse on their own); so is this measure.
 */
import type { Node } from './ast.js';
import { childKeys } from './visitor.js';

/**
 * The deepest nesting of parentheses and prefix operators that `parse` accepts,
 * whatever `maxDepth` says: half of what the chevrotain parser's recursion can take.
 */
export const MAX_NESTING = 100;

/**
 * The deepest tree that `format`, `check` and the builder accept. A parsed tree is at
 * most five nodes deep per level of nesting (Field, Boost, Group, Or, And), plus the
 * Query and a leaf, so every tree `parse` returns fits; a third of what the printer's
 * recursion (the deepest of the walkers) can take.
 */
export const MAX_TREE_DEPTH = 5 * MAX_NESTING + 100;

/**
 * The depth of `root` (a lone node is 1 deep), or `undefined` once it exceeds `limit`:
 * an explicit stack, so any tree (even a cyclic one) is measured in time linear in its
 * size up to the limit.
 */
export function treeDepthWithin(root: Node, limit: number = MAX_TREE_DEPTH): number | undefined {
  const nodes: unknown[] = [root];
  const depths: number[] = [1];
  let deepest = 0;
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return undefined;
    if (depth > deepest) deepest = depth;
    const keys = childKeys[(node as Node).kind] as readonly string[] | undefined;
    if (keys === undefined) continue;
    for (const key of keys) {
      const value = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(value)) {
        for (const child of value) {
          nodes.push(child);
          depths.push(depth + 1);
        }
      } else if (value !== null && value !== undefined) {
        nodes.push(value);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}
