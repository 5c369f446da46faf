/**
 * A small cache of answers per node for one check: several rules ask the same
 * question about one node (its field, its value read in a field's type), some
 * before the walk reaches it. Answers sit in slots picked by where the node starts,
 * so a lookup is two array reads and a comparison; a slot keeps the last node put
 * there, so a clash costs a second computation, never a wrong answer.
 */
import type { Span } from '../language/ast.js';

/** Returned by `get` when there is no answer for the node yet. */
export const MISSING: unique symbol = Symbol('missing');

/** Slots (a power of two). */
const SLOTS = 1024;

export class NodeMemo<N extends { readonly span: Span }, Tag, V> {
  private readonly nodes: (N | undefined)[] = new Array<N | undefined>(SLOTS).fill(undefined);
  private readonly tags: (Tag | undefined)[] = new Array<Tag | undefined>(SLOTS).fill(undefined);
  private readonly values: (V | undefined)[] = new Array<V | undefined>(SLOTS).fill(undefined);
  // The slots written since the last `clear`, so that clearing costs what was used.
  private readonly written = new Uint16Array(SLOTS);
  private writes = 0;

  /** The answer remembered for `node` asked with `tag`, or `MISSING`. */
  get(node: N, tag: Tag): V | typeof MISSING {
    const slot = node.span.start & (SLOTS - 1);
    return this.nodes[slot] === node && this.tags[slot] === tag ? (this.values[slot] as V) : MISSING;
  }

  set(node: N, tag: Tag, value: V): V {
    const slot = node.span.start & (SLOTS - 1);
    if (this.nodes[slot] === undefined) this.written[this.writes++] = slot;
    this.nodes[slot] = node;
    this.tags[slot] = tag;
    this.values[slot] = value;
    return value;
  }

  /** Forgets everything (the next check may have another schema), holding on to no node. */
  clear(): void {
    for (let i = 0; i < this.writes; i++) {
      const slot = this.written[i]!;
      this.nodes[slot] = undefined;
      this.tags[slot] = undefined;
      this.values[slot] = undefined;
    }
    this.writes = 0;
  }
}
