/** The evaluator runs in browsers and under a strict Content-Security-Policy: no Node modules, no code from strings. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../../src/evaluator/', import.meta.url);
/** The code without its comments (which may name what the code avoids). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => [f, code(readFileSync(new URL(f, dir), 'utf8'))] as const);

describe('the evaluator is portable', () => {
  it('has sources to look at', () => {
    expect(sources.length).toBeGreaterThan(5);
  });

  it.each(sources)('%s imports no Node module and makes no code from strings', (_, text) => {
    expect(text).not.toMatch(/from ['"]node:|require\(|process\.|Buffer\b/);
    expect(text).not.toMatch(/\beval\(|new Function\b|\bFunction\(/);
  });
});
