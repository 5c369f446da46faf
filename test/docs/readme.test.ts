/** Every ```ts example of README.md runs, and its `// => '...'` assertions hold (see support/readme-examples.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeBlocks, runExample } from '../support/readme-examples.js';

const blocks = codeBlocks(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));

describe('README examples', () => {
  it('the harness catches a wrong assertion', () => {
    expect(() => runExample("import { format, term } from 'mdq';\nformat(term('a')); // => 'b'")).toThrow(/expected 'a' to be 'b'/);
  });

  it('covers every section with examples', () => {
    expect(new Set(blocks.map((b) => b.heading))).toEqual(
      new Set(['Quick start', 'Parsing', 'Formatting', 'Walking the tree', 'Checking queries against a schema', 'Rules and codes', 'Editors: LSP and CodeMirror', 'Building queries in code', 'Evaluating queries on records', 'How a query matches', 'Completion, hover and highlighting']),
    );
  });

  it.each(blocks.map((b, i) => [`${i + 1} (${b.heading})`, b.code] as const))('example %s runs and its assertions hold', (_, code) => {
    expect(runExample(code)).toBeGreaterThan(0);
  });
});
