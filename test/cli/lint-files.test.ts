/** `mdq lint --files`: saved .mdq files and globs, blocks at their lines, schemas from mdq.config.json. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandGlob } from '../../src/cli/glob.js';
import { runCli } from '../../src/cli/run.js';
import { exampleSchemas } from '../../src/examples/index.js';
import { fakeIo } from '../support/cli.js';

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'mdq-lint-files-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function lint(args: string[]) {
  const { io, out } = fakeIo();
  const code = await runCli(['lint', ...args], {
    ...io,
    readFile: (path) => readFile(path, 'utf8'),
  });
  return { code, ...out };
}

const project = () =>
  tree({
    'mdq.config.json': JSON.stringify({
      schemas: ['schemas.json'],
      rules: { 'unknown-field': 'error' },
    }),
    'schemas.json': JSON.stringify(exampleSchemas),
    'queries/good.mdq': 'City:Berlin\n\nAge:[18 TO 30]\n',
    'queries/deep/bad.mdq': 'City:Berlin\n\n\nCitty:Berlin\n',
    'queries/notes.txt': 'Citty:x',
    'node_modules/x/skip.mdq': 'Citty:x',
  });

describe('mdq lint --files', () => {
  it('expands globs: * within a segment, ** at any depth, no node_modules or dot entries', () => {
    const dir = project();
    expect(expandGlob(`${dir}/**/*.mdq`).map((f) => f.slice(dir.length + 1))).toEqual([
      'queries/deep/bad.mdq',
      'queries/good.mdq',
    ]);
    expect(expandGlob(`${dir}/queries/*.mdq`).map((f) => f.slice(dir.length + 1))).toEqual([
      'queries/good.mdq',
    ]);
    expect(expandGlob(`${dir}/queries/g??d.mdq`)).toHaveLength(1);
    expect(expandGlob('no/wildcards.mdq')).toEqual(['no/wildcards.mdq']);
  });

  it('checks each block against the config found walking up, and exits 1 on errors', async () => {
    const dir = project();
    const { code, stdout } = await lint(['--files', `${dir}/**/*.mdq`]);
    expect(code).toBe(1);
    expect(stdout).toContain(`${dir}/queries/deep/bad.mdq:4:1: error unknown-field:`);
    expect(stdout).toContain('1 problem (1 error) in 1 of 2 files');
  });

  it('checks the "query" strings of *.mdq.json saved searches, at their characters in the file', async () => {
    const dir = project();
    const saved =
      '{ "searches": [\n  { "name": "Citty", "query": "Email:\\"a@b.c\\" AND Citty:x" }\n] }\n';
    writeFileSync(join(dir, 'queries', 'saved.mdq.json'), saved);
    const { code, stdout } = await lint(['--files', `${dir}/queries/*.mdq.json`]);
    expect(code).toBe(1);
    const column = saved.split('\n')[1]!.indexOf('Citty:x') + 1;
    expect(stdout).toContain(`${dir}/queries/saved.mdq.json:2:${column}: error unknown-field:`);
    expect(stdout).toContain('1 problem (1 error) in 1 of 1 file');
  });

  it('exits 0 when only warnings are left, with --severity over the config', async () => {
    const dir = project();
    const { code } = await lint([
      '--files',
      `${dir}/queries/deep/bad.mdq`,
      '--severity',
      'unknown-field=warning',
    ]);
    expect(code).toBe(0);
  });

  it('prints one JSON line per file with --json', async () => {
    const dir = project();
    const { stdout } = await lint([
      '--files',
      `${dir}/queries/good.mdq`,
      `${dir}/queries/deep/bad.mdq`,
      '--json',
    ]);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      lines.map((l) => [
        l.file.slice(dir.length + 1),
        l.diagnostics.map((d: { line: number }) => d.line),
      ]),
    ).toEqual([
      ['queries/good.mdq', []],
      ['queries/deep/bad.mdq', [4]],
    ]);
  });

  it('is a usage error when nothing matches or a file is missing', async () => {
    const dir = project();
    expect((await lint(['--files', `${dir}/*.none`])).code).toBe(2);
    const missing = await lint(['--files', `${dir}/missing.mdq`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
  });
});
