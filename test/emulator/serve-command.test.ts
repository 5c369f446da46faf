/** `mdq serve`'s usage errors (the running server is tested through a child process in kill.test.ts). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import type { CliIo } from '../../src/cli/io.js';
import { readFile } from 'node:fs/promises';
import { DEMO_CLIENT } from '../../src/emulator/index.js';
import { serve } from './child.js';
import { createClient, QueryError } from '../../src/client/index.js';

const dir = mkdtempSync(join(tmpdir(), 'mdq-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readStdin: async () => '',
    readFile: (p) => readFile(p, 'utf8'),
    color: false,
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

describe('mdq serve usage', () => {
  it('answers bad options with exit code 2 and the usage', async () => {
    for (const args of [
      ['serve', '--port', 'http'],
      ['serve', '--page-size', '0'],
      ['serve', 'extra'],
      ['serve', '--colour'],
    ]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/mdq serve: /);
    }
  });

  it('regression: a --static folder that is not there and more --records than the heap holds exit 2, as other bad options do (issue 30, item 14)', async () => {
    const noFolder = await run(['serve', '--port', '0', '--static', join(dir, 'nope')]);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toMatch(
      /--static: the static folder .*nope is not a folder \(ENOENT\)/,
    );
    const tooMany = await run(['serve', '--port', '0', '--records', '1000000000']);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toMatch(/--records: 1000000000 generated records need about/);
  });

  it('--database: refused with --data (exit 2, named as flags); a server it cannot reach is named without its password', async () => {
    const both = await run([
      'serve',
      '--port',
      '0',
      '--database',
      'postgres://u@127.0.0.1:1/x',
      '--data',
      dir,
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--database cannot be combined with --data/);
    const unreachable = await run([
      'serve',
      '--port',
      '0',
      '--database',
      'postgres://u:s3cret@127.0.0.1:1/x',
    ]);
    expect(unreachable.code).not.toBe(0);
    expect(unreachable.stderr).toMatch(/cannot connect to postgres:\/\/u@127\.0\.0\.1:1\/x/);
    expect(unreachable.stderr + unreachable.stdout).not.toContain('s3cret');
  });

  it('checks the clients and faults files before starting, never echoing a secret', async () => {
    writeFileSync(
      join(dir, 'clients.json'),
      JSON.stringify([{ clientId: 'a', clientSecret: 'hush-hush', businessAreas: 7 }]),
    );
    const clients = await run(['serve', '--clients', join(dir, 'clients.json')]);
    expect(clients.code).toBe(2);
    expect(clients.stderr).toMatch(/client "a": businessAreas must be "\*" or an array/);
    expect(clients.stderr).not.toContain('hush-hush');
    // Not JSON: the message says where, never quoting the file (V8 quoted the secret around the error).
    writeFileSync(
      join(dir, 'clients.json'),
      '[{"clientId": "a", "clientSecret": hush-hush, "businessAreas": "*"}]',
    );
    const broken = await run(['serve', '--clients', join(dir, 'clients.json')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/the clients file .* is not JSON: an unexpected character/);
    expect(broken.stderr).not.toContain('hush');
    writeFileSync(join(dir, 'faults.json'), '{"rules": [{"status": 200}]}');
    const faults = await run(['serve', '--faults', join(dir, 'faults.json')]);
    expect(faults.code).toBe(2);
    expect(faults.stderr).toMatch(/rule 1: status must be one of 429, 500, 502, 503, 504/);
    const missing = await run(['serve', '--faults', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the faults file .*ENOENT/);
  });

  it.runIf(process.platform === 'linux')(
    'fails with one line, never hangs, on a data folder it cannot make',
    async () => {
      const result = await run(['serve', '--data', '/proc/mdq-cannot-exist/data', '--port', '0']);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^mdq serve: ENOENT: .*mkdir '\/proc\/mdq-cannot-exist'\n$/);
    },
  );

  it('takes the limits of startEmulator as flags, sizes with binary units, and names the flag when one is out of range', async () => {
    const cases: [string[], RegExp][] = [
      [['--max-body-bytes', '0'], /--max-body-bytes must be a size of at least 1 byte: .*not "0"/],
      [['--max-upload-bytes', '4 MB'], /--max-upload-bytes must be a size .*not "4 MB"/],
      [['--max-unsent-bytes', '-1'], /--max-unsent-bytes must be a size/],
      [['--max-unsent-bytes', '99999999999GiB'], /--max-unsent-bytes must be a size/],
      [['--send-timeout-ms', '0'], /--send-timeout-ms must be an integer of at least 1/],
      [
        ['--send-timeout-ms', '9999999999'],
        /^mdq serve: --send-timeout-ms must be an integer between 1 and 2147483647, not 9999999999\n/,
      ],
      [
        ['--shutdown-grace-ms', '600001'],
        /--shutdown-grace-ms must be an integer between 0 and 600000/,
      ],
      [
        ['--max-body-bytes', '2MiB', '--max-upload-bytes', '1MiB'],
        /--max-upload-bytes \(1048576\) must be at least --max-body-bytes \(2097152\)/,
      ],
      [['--port', '70000'], /--port must be an integer of at least 0 and at most 65535/],
      [['--max-query-ms', '0'], /--max-query-ms must be an integer of at least 1/],
      [
        ['--max-query-ms', '9999999999'],
        /--max-query-ms must be an integer between 1 and 2147483647, not 9999999999/,
      ],
      [['--max-queued-searches', '0'], /--max-queued-searches must be an integer of at least 1/],
      [['--max-search-wait-ms', '-1'], /--max-search-wait-ms must be an integer of at least 0/],
      [['--compact-after-bytes', '0'], /--compact-after-bytes must be a size of at least 1 byte/],
    ];
    for (const [flags, message] of cases) {
      const result = await run(['serve', '--quiet', ...flags]);
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.stderr, flags.join(' ')).toMatch(message);
      expect(result.stderr).toContain('usage: mdq serve');
      expect(result.stdout, 'nothing started').toBe('');
    }
  });

  it('runs searches by the budget given as flags: --max-query-ms refuses a search past it with a 400 that says so', async () => {
    const server = await serve([
      '--quiet',
      '--records',
      '20000',
      '--max-query-ms',
      '1',
      '--max-queued-searches',
      '2',
      '--max-search-wait-ms',
      '60000',
      '--compact-after-bytes',
      '1MiB',
    ]);
    try {
      const client = createClient({
        baseUrl: server.url,
        credentials: { clientId: DEMO_CLIENT.clientId, clientSecret: DEMO_CLIENT.clientSecret },
      });
      const refused = await client.search('*a*e*i* OR *o*u*', { size: 1 }).catch((e: unknown) => e);
      expect(refused, String(refused)).toBeInstanceOf(QueryError);
      expect((refused as Error).message).toMatch(/budget of 1 ms/);
    } finally {
      server.child.kill('SIGINT');
      expect((await server.exited).code).toBe(0);
    }
  });

  it('runs by the limits given as flags', async () => {
    const server = await serve([
      '--quiet',
      '--max-body-bytes',
      '1KiB',
      '--send-timeout-ms',
      '5000',
      '--shutdown-grace-ms',
      '0',
    ]);
    try {
      const login = (body: object) =>
        fetch(`${server.url}/oauth2/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect(
        (await login({ client_id: DEMO_CLIENT.clientId, client_secret: DEMO_CLIENT.clientSecret }))
          .status,
      ).toBe(200);
      const tooLarge = await login({
        client_id: DEMO_CLIENT.clientId,
        client_secret: DEMO_CLIENT.clientSecret,
        padding: 'x'.repeat(1000),
      });
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toMatchObject({ message: expect.stringMatching(/1024/) });
    } finally {
      server.child.kill('SIGINT');
      expect((await server.exited).code).toBe(0);
    }
  });

  it('is listed in mdq --help', async () => {
    expect((await run(['--help'])).stdout).toMatch(/serve\s+run a local emulator/);
  });
});
