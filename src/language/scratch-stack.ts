/**
 * A stack that builds arrays of exactly their length. An array that grows by `push`
 * gets a backing store of at least 17 slots (V8 grows it by half plus 16), so an AND of
 * two clauses built that way kept two ~150-byte lists where ~50 bytes do; a parser that
 * pushes every list's items onto one reused stack and copies each list out once (`take`)
 * keeps only exact-size arrays. Lists nest: an inner list is taken before its outer list
 * pushes again, so each list's items sit on top of the stack when it is taken.
 *
 * The stack keeps its storage when items leave it (their slots are cleared, so it holds
 * no tree alive), and the fast path keeps one stack for every parse, as the scanner keeps
 * its token arrays: a stack grown afresh for each parse was about three times its final
 * size in garbage, 27 bytes a character of `""""…` (a million characters: 27 MB the
 * young generation had to make room for, copying the tree being built each time).
 */
export class ScratchStack<T> {
  private readonly items: (T | undefined)[] = [];
  private size = 0;

  /** Where a list that starts now begins (pass it to `take`). */
  mark(): number {
    return this.size;
  }

  push(item: T): void {
    if (this.size < this.items.length) this.items[this.size] = item;
    else this.items.push(item);
    this.size++;
  }

  /** The item on top (the last pushed and not yet taken). */
  top(): T {
    return this.items[this.size - 1]!;
  }

  /** The items pushed since `from` (a `mark()`), as an array of exactly their number; they leave the stack. */
  take(from: number): T[] {
    const list = this.items.slice(from, this.size) as T[];
    this.items.fill(undefined, from, this.size);
    this.size = from;
    return list;
  }

  /** Takes the item on top off the stack. */
  pop(): T {
    const item = this.items[--this.size]!;
    this.items[this.size] = undefined;
    return item;
  }

  /** Empties the stack (after a parse that gave up half-way), letting go of what it held. */
  clear(): void {
    this.items.fill(undefined, 0, this.size);
    this.size = 0;
  }

  /** Slots kept for later pushes (for tests). */
  get capacity(): number {
    return this.items.length;
  }
}
