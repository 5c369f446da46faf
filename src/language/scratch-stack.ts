/**
 * A stack that builds arrays of exactly their length. An array that grows by `push`
 * gets a backing store of at least 17 slots (V8 grows it by half plus 16), so an AND of
 * two clauses built that way kept two ~150-byte lists where ~50 bytes do; a parser that
 * pushes every list's items onto one reused stack and copies each list out once (`take`)
 * keeps only exact-size arrays. Lists nest: an inner list is taken before its outer list
 * pushes again, so each list's items sit on top of the stack when it is taken.
 */
export class ScratchStack<T> {
  private readonly items: T[] = [];

  /** Where a list that starts now begins (pass it to `take`). */
  mark(): number {
    return this.items.length;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** The item on top (the last pushed and not yet taken). */
  top(): T {
    return this.items[this.items.length - 1]!;
  }

  /** The items pushed since `from` (a `mark()`), as an array of exactly their number; they leave the stack. */
  take(from: number): T[] {
    const list = this.items.slice(from);
    this.items.length = from;
    return list;
  }
}
