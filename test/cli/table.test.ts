/** The CLI's plain text tables. */
import { describe, expect, it } from 'vitest';
import { table } from '../../src/cli/table.js';

describe('table', () => {
  it('pads columns to their widest cell, keeps ids whole and cuts other long cells', () => {
    const id = 'x'.repeat(47);
    const text = table(['id', 'name'], [[id, 'y'.repeat(60)], ['b', 'short']]);
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
