import { describe, expect, it } from 'vitest';
import { compile, filter } from '../../src/evaluator/index.js';
import { fieldReader, someValue } from '../../src/evaluator/record.js';
import { allTexts } from '../../src/evaluator/record-texts.js';

/** An object whose two keys hold the next level, `depth` levels down to `{ name: leaf }`: 2^depth paths to one leaf. */
function sharedObjects(depth: number, leaf: string): Record<string, unknown> {
  let level: Record<string, unknown> = { name: leaf };
  for (let d = 0; d < depth; d++) level = { left: level, right: level };
  return level;
}

/** The same with arrays: `[x, x]`, `depth` levels down to `[{ v: leaf }]`. */
function sharedArrays(depth: number, leaf: string): unknown[] {
  let level: unknown[] = [{ v: leaf }];
  for (let d = 0; d < depth; d++) level = [level, level];
  return level;
}

describe('records that share or hold themselves', () => {
  // Each of these took 2^32 steps (a hang) while every path was walked.
  const cyclic: Record<string, unknown> = { name: 'tim' };
  cyclic.self = cyclic;
  cyclic.again = cyclic;
  const loop: unknown[] = ['tim'];
  loop.push(loop, loop);

  it('walk each object and array once: full text, patterns, fields, presence, dotted names', () => {
    for (const record of [
      { x: sharedObjects(30, 'tim') },
      { x: sharedArrays(30, 'tim') },
      cyclic,
      { x: loop },
    ]) {
      for (const query of [
        'smith',
        'smi*h',
        'x:smith',
        'x.v:smith',
        'x.left.left.name:smith',
        '"tim smith"~3',
        'smith~1',
      ])
        expect(compile(query)(record), query).toBe(false);
      expect(compile('tim')(record)).toBe(true);
      expect(compile('t?m')(record)).toBe(true);
      expect(compile('tim~1').highlight(record).length).toBeGreaterThan(0);
    }
    expect(compile('x.left.left.left.name:tim')({ x: sharedObjects(40, 'tim') })).toBe(false); // 40 levels: deeper than the 32 a dotted name reads
    expect(compile('x.left.right.name:tim')({ x: sharedObjects(2, 'tim') })).toBe(true);
    expect(compile('x.v:tim')({ x: sharedArrays(20, 'tim') })).toBe(true);
    expect(compile('_exists_:x')({ x: [loop] })).toBe(true);
    expect(compile('_exists_:x')({ x: sharedArrays(30, '') })).toBe(true); // an object is present
  });

  it('filter an array of them again and again (columns, the table of words)', () => {
    const records = [cyclic, { x: sharedObjects(30, 'jane') }, { x: loop }, { name: 'john' }];
    // Positions, not the records: a deep equality would walk every path itself.
    const positions = (query: string) => filter(records, query).map((r) => records.indexOf(r));
    for (let round = 0; round < 3; round++) {
      expect(positions('tim')).toEqual([0, 2]);
      expect(positions('x:tim')).toEqual([2]);
      expect(positions('jane OR john')).toEqual([1, 3]);
    }
  });

  it('a value shared by two fields is still found under the first', () => {
    const shared = { city: 'Berlin' };
    const record = { home: shared, work: shared };
    expect(allTexts(record).map((e) => e.field)).toEqual(['home.city', 'work.city']);
    expect(compile('work.city:berlin')(record)).toBe(true);
    const values: unknown[] = [];
    someValue([shared, [shared], [[shared]]], (v) => (values.push(v), false));
    expect(values).toEqual([shared, shared, shared]); // leaves are not containers walked into
  });
});

describe('long dotted names', () => {
  it("read a name of thousands of dots by the object's own names, longest first", () => {
    const name = `${'a.'.repeat(5_000)}b`;
    const records = Array.from({ length: 200 }, (_, i) => ({ i, a: { a: { b: 'x' } } }));
    expect(filter(records, `${name.replaceAll('.', '\\.')}:x`)).toEqual([]); // took seconds: every prefix hashed at every level
    const deep = `${'a.'.repeat(20)}b`;
    const read = fieldReader(deep);
    expect(read({ [`${'a.'.repeat(19)}a`]: { b: 1 } })).toBe(1);
    expect(read({ a: { [`${'a.'.repeat(18)}a`]: { b: 2 } } })).toBe(2);
    expect(read({ 'a.a': { a: 'no' }, a: { [`${'a.'.repeat(18)}a.b`]: 3 } })).toBe(3); // the longest name first, then the next
    expect(read({ [`${'a.'.repeat(20)}`]: { b: 4 } })).toBeUndefined();
  });
});
