/**
 * Issue 30, item 15: highlighting grows linearly on every family of long input. Judged by a
 * ratio of times (one call at 8n characters against eight at n), not by a wall-clock bound. What made steps of 17-58x per 10x was the collector
 * (each token is an object, alive until the answer is dropped), not the algorithm: a CPU
 * profile of `highlightGlue` on `a:` x 400 000 spent more time in the collector than in the code.
 */
import { describe, expect, it } from 'vitest';
import { highlight, highlightGlue, highlightSegments } from '../../src/completion/highlight.js';

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

/**
 * The same amount of text read as 8 calls at n characters and as one call at 8n (as
 * bench/growth.mjs measures), each the fastest of five runs taken in turn: about 1 when the
 * time is linear, about 8 when quadratic.
 */
function step(f: (text: string) => unknown, unit: string, n: number) {
  const small = unit.repeat(Math.ceil(n / unit.length));
  const large = unit.repeat(Math.ceil((8 * n) / unit.length));
  f(small); // compiled before it is timed
  let atN = Number.POSITIVE_INFINITY;
  let at8n = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    let started = performance.now();
    for (let call = 0; call < 8; call++) f(small);
    atN = Math.min(atN, performance.now() - started);
    started = performance.now();
    f(large);
    at8n = Math.min(at8n, performance.now() - started);
  }
  return at8n / Math.max(1, atN);
}

describe('highlighting grows linearly', () => {
  // 4: four times linear's 1, half of quadratic's 8 (the collector's share and a loaded machine's noise stay under it).
  it.each(FAMILIES)('highlightGlue and highlightSegments on %j', (unit) => {
    expect(step(highlightGlue, unit, 20_000)).toBeLessThan(4);
    expect(step(highlightSegments, unit, 20_000)).toBeLessThan(4);
  });

  it.each(FAMILIES)('highlight on %j', (unit) => {
    expect(step(highlight, unit, 2_500)).toBeLessThan(4);
  });
});
