/** Issue 9, item 4 for the builder: deep input is a BuilderError, never a RangeError. */
import { describe, expect, it } from 'vitest';
import type { Expr } from '../../src/index.js';
import { BuilderError, field, not, or, query, type Part } from '../../src/builder/index.js';

describe('builder: deep input', () => {
  it('query() over not(...) nested 5 000 deep throws BuilderError too-deep', () => {
    let clause: Expr = field('City').eq('Berlin');
    for (let i = 0; i < 5_000; i++) clause = not(clause);
    expect(() => query(clause)).toThrow(BuilderError);
    expect(() => query(clause)).toThrow(expect.objectContaining({ code: 'too-deep' }));
  });

  it('nesting the parser accepts still builds', () => {
    let clause: Expr = field('City').eq('Berlin');
    for (let i = 0; i < 20; i++) clause = not(or(clause, field('Age').gt(i)));
    expect(query(clause).text).toMatch(/^NOT \(NOT \(/);
  });

  it('arrays of parts nested 100 000 deep are flattened without recursion', () => {
    let parts: Part = field('City').eq('Berlin');
    for (let i = 0; i < 100_000; i++) parts = [parts];
    expect(query(parts).text).toBe('[City] eq "Berlin"');
  });

  it('200 000 parts in one list', () => {
    const parts = Array.from({ length: 200_000 }, (_, i) => field('Id').eq(`C${i}`));
    expect(or(parts)!.kind).toBe('Or');
  });
});
