/**
 * Exact field-name lookup for names fresh from the parser. A `Map` keyed by string
 * hashes every character of the key, and flattens it first when the parser built it
 * by concatenation (an escaped `First\ Name`): for every clause of every query. This
 * table sketches a name by its length and three characters instead, and compares
 * the few names that share the sketch.
 */

/** A sketch of `name`: its length, first, middle and last characters. */
function sketch(name: string): number {
  const n = name.length;
  if (n === 0) return 0;
  let h = Math.imul(n, 0x9e3779b1) ^ name.charCodeAt(0);
  h = Math.imul(h, 0x85ebca6b) ^ name.charCodeAt(n >> 1);
  return Math.imul(h, 0xc2b2ae35) ^ name.charCodeAt(n - 1);
}

export class NameTable<V extends { readonly name: string }> {
  private readonly mask: number;
  private readonly buckets: (V[] | undefined)[];

  constructor(values: Iterable<V>) {
    const list = [...values];
    let size = 16;
    while (size < list.length * 4) size *= 2;
    this.mask = size - 1;
    this.buckets = new Array<V[] | undefined>(size).fill(undefined);
    for (const value of list) {
      const slot = (sketch(value.name) >>> 0) & this.mask;
      (this.buckets[slot] ??= []).push(value);
    }
  }

  /** The value named exactly `name`. */
  get(name: string): V | undefined {
    const bucket = this.buckets[(sketch(name) >>> 0) & this.mask];
    if (bucket === undefined) return undefined;
    for (let i = 0; i < bucket.length; i++) if (bucket[i]!.name === name) return bucket[i];
    return undefined;
  }
}
