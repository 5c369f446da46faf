/**
 * `npm test` shares each worker's modules between files (vitest.config.ts, isolate: false), so a
 * file that replaces a module would hand its mock to the files after it. Such files are named
 * *.isolated.test.ts and run in fresh modules; this holds the rule for every file in test/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const replacesAModule = /\bvi\s*\.\s*(?:mock|doMock|hoisted)\s*\(/;

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('module isolation in npm test', () => {
  const files = testFiles(root);

  it('finds the test files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('names every file that replaces a module *.isolated.test.ts', () => {
    const leaking = files
      .filter((file) => replacesAModule.test(readFileSync(file, 'utf8')))
      .filter((file) => !file.endsWith('.isolated.test.ts'))
      .map((file) => relative(root, file));
    expect(leaking).toEqual([]);
  });

  it('runs the isolated files that way only when they need it', () => {
    const needless = files
      .filter((file) => file.endsWith('.isolated.test.ts'))
      .filter((file) => !replacesAModule.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(needless).toEqual([]);
  });
});
