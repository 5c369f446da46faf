/** The CLI's plain text tables. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { table, widest } from '../../src/cli/table.js';

describe('table', () => {
  it('pads columns to their widest cell, keeps ids whole and cuts other long cells', () => {
    const id = 'x'.repeat(47);
    const text = table(
      ['id', 'name'],
      [
        [id, 'y'.repeat(60)],
        ['b', 'short'],
      ],
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(`${'id'.padEnd(47)}  name`);
    expect(lines[2]).toBe(`${id}  ${'y'.repeat(39)}…`);
    expect(lines[3]).toBe(`${'b'.padEnd(47)}  short`);
  });

  it('takes more rows than a function call takes arguments', () => {
    const rows = Array.from({ length: 300_000 }, (_, i) => [`id${i}`]);
    const lines = table(['id'], rows).trimEnd().split('\n');
    expect(lines).toHaveLength(300_002);
    expect(lines[1]).toBe('-'.repeat('id299999'.length));
  });
});

describe('widest', () => {
  it("takes more lengths than a call takes arguments (mdq fields on a schema of 130 000 fields threw 'Maximum call stack size exceeded' from Math.max(...))", () => {
    const lengths = Array.from({ length: 300_000 }, (_, i) => i % 50);
    expect(widest(lengths, 4, 32)).toBe(32);
    expect(widest(lengths, 4)).toBe(49);
  });

  it('law: the longest length, within [min, max]', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100)), fc.nat(50), fc.nat(100), (lengths, min, extra) => {
        const max = min + extra;
        expect(widest(lengths, min, max)).toBe(Math.min(max, Math.max(min, ...lengths)));
      }),
    );
  });
});
