/**
 * Issue 30, item 15: highlighting grows linearly on every family of long input. No clock here
 * (speed is the benchmarks' job): each family at a size where a quadratic reading could not
 * finish within the suite's timeout, and the answer well formed. What made steps of 17-58x per 10x was the collector
 * (each token is an object, alive until the answer is dropped), not the algorithm: a CPU
 * profile of `highlightGlue` on `a:` x 400 000 spent more time in the collector than in the code.
 */
import { describe, expect, it } from 'vitest';
import { highlight, highlightGlue, highlightSegments } from '../../src/completion/highlight.js';
import type { SemanticToken } from '../../src/completion/types.js';

/** The families the issue names, and long runs of each character that opens, escapes or joins. */
const FAMILIES = [
  '"a" ',
  'a:',
  '*a*b*c ',
  'First Name:',
  '(',
  ')',
  '[',
  '"',
  '\\',
  '~',
  'OR ',
  '-',
  '[a TO ',
  '(a:"b',
];

/** Tokens in order, inside the text, never overlapping: what any caller draws from. */
function wellFormed(tokens: readonly SemanticToken[], length: number): boolean {
  let at = 0;
  for (const token of tokens) {
    if (token.start < at || token.end <= token.start || token.end > length) return false;
    at = token.end;
  }
  return true;
}

/** Segment bounds in pairs, in order, inside the text. */
function wellFormedBounds(bounds: Uint32Array, length: number): boolean {
  if (bounds.length % 2 !== 0) return false;
  for (let i = 1; i < bounds.length; i++) if (bounds[i]! < bounds[i - 1]!) return false;
  return bounds.length === 0 || bounds[bounds.length - 1]! <= length;
}

// Sizes at which a quadratic reading would take minutes and fail the suite's timeout (bench/growth.mjs measures the ratios).
describe('highlighting reads a long run of any family in linear time', () => {
  it.each(FAMILIES)('highlightGlue and highlightSegments on 400 000 characters of %j', (unit) => {
    const text = unit.repeat(Math.ceil(400_000 / unit.length));
    expect(wellFormed(highlightGlue(text), text.length)).toBe(true);
    expect(wellFormedBounds(highlightSegments(text), text.length)).toBe(true);
  });

  it.each(FAMILIES)('highlight on 100 000 characters of %j', (unit) => {
    const text = unit.repeat(Math.ceil(100_000 / unit.length));
    expect(wellFormed(highlight(text), text.length)).toBe(true);
  });
});
