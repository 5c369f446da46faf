/** `mdq serve`'s usage errors (the running server is tested through a child process in kill.test.ts). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import type { CliIo } from '../../src/cli/io.js';
import { readFile } from 'node:fs/promises';

const dir = mkdtempSync(join(tmpdir(), 'mdq-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => '', readFile: (p) => readFile(p, 'utf8'), color: false };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

describe('mdq serve usage', () => {
  it('answers bad options with exit code 2 and the usage', async () => {
    for (const args of [['serve', '--port', 'http'], ['serve', '--page-size', '0'], ['serve', 'extra'], ['serve', '--colour']]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/mdq serve: /);
    }
  });

  it('checks the clients and faults files before starting, never echoing a secret', async () => {
    writeFileSync(join(dir, 'clients.json'), JSON.stringify([{ clientId: 'a', clientSecret: 'hush-hush', businessAreas: 7 }]));
    const clients = await run(['serve', '--clients', join(dir, 'clients.json')]);
    expect(clients.code).toBe(2);
    expect(clients.stderr).toMatch(/client "a": businessAreas must be "\*" or an array/);
    expect(clients.stderr).not.toContain('hush-hush');
    writeFileSync(join(dir, 'faults.json'), '{"rules": [{"status": 200}]}');
    const faults = await run(['serve', '--faults', join(dir, 'faults.json')]);
    expect(faults.code).toBe(2);
    expect(faults.stderr).toMatch(/rule 1: status must be one of 429, 500, 502, 503, 504/);
    const missing = await run(['serve', '--faults', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the faults file .*ENOENT/);
  });

  it.runIf(process.platform === 'linux')('fails with one line, never hangs, on a data folder it cannot make', async () => {
    const result = await run(['serve', '--data', '/proc/mdq-cannot-exist/data', '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^mdq serve: ENOENT: .*mkdir '\/proc\/mdq-cannot-exist'\n$/);
  });

  it('is listed in mdq --help', async () => {
    expect((await run(['--help'])).stdout).toMatch(/serve\s+run a local emulator/);
  });
});
