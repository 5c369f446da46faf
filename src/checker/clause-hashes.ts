/**
 * Structural hashes of clauses, computed bottom-up by the walk as it leaves each
 * node (walk.ts), so that every node is hashed exactly once, while its properties
 * are being read anyway. Two clauses that mean the same (NoDuplicateClauses'
 * comparison: spacing, escaping and parentheses aside) always hash alike; clauses
 * that hash alike are compared in full, so collisions cost time, never correctness.
 *
 * While the leave hooks of an AND or OR run, the hashes of its operands are
 * `buffer[operands]` to `buffer[operands + n - 1]`.
 */

/** 32-bit FNV prime. */
const PRIME = 16777619;

/** Mixes a number into the hash `h` (numbers equal as values, NaN included, mix alike). */
export function mixNumber(h: number, value: number): number {
  return Math.imul(h ^ value, PRIME);
}

/**
 * Mixes a sketch of `value` (its length and last two characters, where values such
 * as ids and numbers differ most) into the 32-bit FNV-1a hash `h`. A thin sketch:
 * every character read costs (the strings are fresh from the parser), and a collision
 * only costs a comparison (or, in a long list, fingerprints: see clause-fingerprints.ts).
 */
export function mixText(h: number, value: string): number {
  const n = value.length;
  h = Math.imul(h ^ n, PRIME);
  if (n === 0) return h;
  h = Math.imul(h ^ value.charCodeAt(n - 1), PRIME);
  return n === 1 ? h : Math.imul(h ^ value.charCodeAt(n - 2), PRIME);
}

export class ClauseHashes {
  /** A stack: the hashes of the operands of the ANDs and ORs being walked. */
  buffer = new Int32Array(256);
  /** The stack's height. */
  top = 0;
  /** Where the operands of the AND or OR being left start in `buffer`. */
  operands = 0;

  push(hash: number): void {
    if (this.top === this.buffer.length) {
      const grown = new Int32Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.top++] = hash;
  }
}
