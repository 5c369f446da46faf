/**
 * Runs every ```ts example of the README's builder section. A line ending in
 * `// => <JS string literal>` asserts that the expression on that line evaluates
 * to that string. Each block is transpiled to CommonJS and run with `mdq` bound to
 * the source tree, so the README cannot drift from the code.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as mdq from '../../src/index.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The builder section: from its heading to the next `## ` heading. */
function builderSection(text: string): string {
  const start = text.indexOf('\n## Building queries in code\n');
  if (start < 0) throw new Error('README has no "Building queries in code" section');
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

function codeBlocks(section: string): string[] {
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

const ASSERTION = /^(?<code>.*?);?\s*\/\/ => (?<expected>'(?:[^'\\]|\\.)*')\s*$/;

/** Rewrites `expr; // => 'text'` lines into checks; returns the code and how many checks it holds. */
function instrument(block: string): { code: string; checks: number } {
  let checks = 0;
  const code = block
    .split('\n')
    .map((line) => {
      const m = ASSERTION.exec(line);
      if (m === null) return line;
      checks++;
      const { code, expected } = m.groups as { code: string; expected: string };
      return `__check(${code}, ${expected}, ${JSON.stringify(code.trim())});`;
    })
    .join('\n');
  return { code, checks };
}

function run(block: string): number {
  const { code, checks } = instrument(block);
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 }, reportDiagnostics: true });
  expect(js.diagnostics ?? []).toEqual([]);
  const check = (actual: unknown, expected: string, source: string) => expect(actual, source).toBe(expected);
  const require = (name: string) => {
    if (name !== 'mdq') throw new Error(`README examples import only 'mdq', not '${name}'`);
    return mdq;
  };
  new Function('exports', 'require', '__check', js.outputText)({}, require, check);
  return checks;
}

const blocks = codeBlocks(builderSection(README));

describe('README: building queries in code', () => {
  it('has examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
  });

  it('the harness catches a wrong assertion', () => {
    expect(() => run("import { format, term } from 'mdq';\nformat(term('a')); // => 'b'")).toThrow(/expected 'a' to be 'b'/);
  });

  it.each(blocks.map((block, i) => [i + 1, block] as const))('example %i runs and its assertions hold', (_, block) => {
    expect(run(block)).toBeGreaterThan(0);
  });
});
