/**
 * The last few answers to a question about a node, for one check: several rules ask
 * the same question about one node (its field, its value read in a field's type),
 * one after another while the walk is at its clause. Matched by the node's identity
 * alone, so a lookup reads nothing from the node (a freshly parsed tree is cold in
 * the cache); an answer pushed out costs a second computation, never a wrong answer.
 */

/** Returned by `get` when there is no answer for the node yet. */
export const MISSING: unique symbol = Symbol('missing');

/** Answers kept (a power of two): enough for every question asked within one clause. */
const KEPT = 4;

export class RecentAnswers<N extends object, Tag, V> {
  // Written as literals: packed arrays, read without hole checks.
  private readonly nodes: (N | undefined)[] = [undefined, undefined, undefined, undefined];
  private readonly tags: (Tag | undefined)[] = [undefined, undefined, undefined, undefined];
  private readonly values: (V | undefined)[] = [undefined, undefined, undefined, undefined];
  private next = 0;
  /** How many slots hold an answer (up to KEPT): what `clear` has to empty. */
  private filled = 0;

  /** The answer remembered for `node` asked with `tag`, or `MISSING`. */
  get(node: N, tag: Tag): V | typeof MISSING {
    // Newest first: the question just asked is the one most often asked again.
    for (let k = 1; k <= KEPT; k++) {
      const i = (this.next - k) & (KEPT - 1);
      if (this.nodes[i] === node && this.tags[i] === tag) return this.values[i] as V;
    }
    return MISSING;
  }

  set(node: N, tag: Tag, value: V): V {
    const i = this.next;
    this.next = (i + 1) & (KEPT - 1);
    this.nodes[i] = node;
    this.tags[i] = tag;
    this.values[i] = value;
    if (this.filled < KEPT) this.filled++;
    return value;
  }

  /** Forgets everything (the next check may have another schema), holding on to no node. */
  clear(): void {
    // Slots are filled from 0 up, so the filled ones are the first `filled`.
    for (let i = 0; i < this.filled; i++) {
      this.nodes[i] = undefined;
      this.tags[i] = undefined;
      this.values[i] = undefined;
    }
    this.next = 0;
    this.filled = 0;
  }
}
