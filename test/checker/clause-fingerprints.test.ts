/**
 * Clause fingerprints (src/checker/clause-fingerprints.ts): clauses that mean the same
 * have one fingerprint, whatever their spacing, escaping or parentheses; look-alike
 * values that the walk's sketches confuse get fingerprints of their own.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprint } from '../../src/checker/clause-fingerprints.js';
import { format, parse } from '../../src/index.js';
import type { Node } from '../../src/language/ast.js';
import { query } from '../support/arbitraries.js';

const scale = Number(process.env.FC_RUNS ?? 1);
const tree = (text: string): Node => parse(text).ast;

describe('clause fingerprints', () => {
  it('are one for a clause however it is laid out or parenthesised', () => {
    fc.assert(
      fc.property(query, (q) => {
        const text = format(q);
        const same = fingerprint(tree(text));
        expect(fingerprint(tree(format(q, { layout: 'multiline', width: 20 })))).toBe(same);
        if (q.body !== null) expect(fingerprint(tree(`(${text})`))).toBe(same);
      }),
      { numRuns: 1000 * scale },
    );
  });

  it.each([
    ['x:a', 'x:\\a'],
    ['[Age] eq 0', '[Age] eq -0'],
    ['(a AND (b))', '((a) AND b)'],
    ['x:[1 TO *]', 'x:[ 1   TO * ]'],
    ['"a b"~2', '"a b"~2.0'],
  ])('are one for %s and %s', (a, b) => {
    expect(fingerprint(tree(a))).toBe(fingerprint(tree(b)));
  });

  it('tell apart look-alike values that share a length and a last character', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `C${String(i).padStart(6, '0')}`);
    const prints = new Set(ids.map((id) => fingerprint(tree(`id:${id}`))));
    expect(prints.size).toBe(ids.length);
  });

  it.each([
    ['a AND b', 'a OR b'],
    ['a b', 'a AND b'],
    ['x:[1 TO 2]', 'x:{1 TO 2]'],
    ['[Age] gt 5', '[Age] ge 5'],
    ['x:a', 'y:a'],
    ['NOT a', '-a'],
    ['a~1', 'a~2'],
  ])('differ for %s and %s', (a, b) => {
    expect(fingerprint(tree(a))).not.toBe(fingerprint(tree(b)));
  });
});
