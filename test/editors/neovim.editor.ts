/**
 * A real editor as the client: Neovim (Debian's package; .ci/run installs it) runs headless
 * with its built-in LSP client against `mdq lsp --stdio` and writes back the diagnostics, a
 * completion list, a hover and a rename it got. The client is started by the init file that
 * docs/editors.md documents, as written there but for the command (this checkout's server).
 * Run by `npm run test:editors`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleSchemas } from '../../src/examples/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCUMENTED_COMMAND = "{ 'npx', 'mdq', 'lsp', '--stdio' }";

/** The Lua snippet of docs/editors.md's Neovim section, with the checkout's server as its command. */
function documentedInit(): string {
  const docs = readFileSync(join(ROOT, 'docs', 'editors.md'), 'utf8');
  const section = docs.slice(docs.indexOf('### Neovim'));
  const snippet = /```lua\n([\s\S]*?)```/.exec(section)![1]!;
  expect(snippet.split(DOCUMENTED_COMMAND).length).toBe(2);
  return snippet.replace(DOCUMENTED_COMMAND, 'vim.fn.json_decode(vim.env.MDQ_CMD)');
}

describe('Neovim as the client of mdq lsp --stdio', () => {
  it('shows diagnostics, completes, hovers and renames a field in a .mdq file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mdq-nvim-'));
    writeFileSync(join(dir, 'schemas.json'), JSON.stringify(exampleSchemas));
    writeFileSync(join(dir, 'mdq.config.json'), JSON.stringify({ schemas: ['schemas.json'] }));
    const file = join(dir, 'saved.mdq');
    writeFileSync(file, 'City:Berlin AND [City] eq "Paris"\n\n[Fir\n\nCitty:Rome\n');
    const out = join(dir, 'out.json');
    const init = join(dir, 'init.lua');
    writeFileSync(init, documentedInit());
    const cmd = [
      process.execPath,
      '--import',
      'tsx',
      join(ROOT, 'src', 'cli', 'main.ts'),
      'lsp',
      '--stdio',
    ];
    const nvim = spawn(
      'nvim',
      ['--headless', '-n', '-u', init, '-c', `luafile ${join(import.meta.dirname, 'neovim.lua')}`],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, MDQ_FILE: file, MDQ_OUT: out, MDQ_CMD: JSON.stringify(cmd) },
      },
    );
    let stderr = '';
    nvim.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => nvim.on('exit', resolve));
    expect(code, stderr).toBe(0);
    const seen = JSON.parse(readFileSync(out, 'utf8')) as {
      diagnostics: { code: string; line: number; col: number }[];
      completion: string[];
      hover: string;
      lines: string[];
    };
    expect(seen.diagnostics.map((d) => [d.code, d.line, d.col]).sort()).toEqual(
      [
        ['unclosed-bracket', 2, 0],
        ['missing-operator', 2, 0],
        ['unknown-field', 4, 0],
      ].sort(),
    );
    expect(seen.completion).toContain('First Name');
    expect(seen.hover).toContain('City');
    expect(seen.lines).toEqual([
      'Home\\ Town:Berlin AND [Home Town] eq "Paris"',
      '',
      '[Fir',
      '',
      'Citty:Rome',
    ]);
  }, 120_000);
});
