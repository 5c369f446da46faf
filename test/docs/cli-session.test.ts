/**
 * The README's command-line session against `mdq serve` ("A session from the command
 * line", its ```console blocks), replayed. `$ mdq serve ...` starts the real CLI as a
 * child process on a free port and must print the banner shown; every later `$ mdq ...`
 * runs in-process with the environment the `$ export` line set, and must print exactly
 * what the README shows (stdout and stderr in the order written, as a terminal shows
 * them); `$ echo $?` is the last exit code. Two pieces of shell are understood:
 * `> FILE` (stdout into a file in a scratch folder, which later commands read) and
 * `| head -N` (the reader goes away after N lines: stdout then fails as a closed pipe does).
 *
 * The address is the one thing that varies from run to run: the README writes it as
 * http://127.0.0.1:8787 (serve's default port), and the test reads that as the address
 * the server really got, in commands and outputs alike. Ids are the example tenant's,
 * the same on every run (a seeded generator), so they are checked as written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputClosed, type CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { serve, type ServeProcess } from '../emulator/child.js';
import { shellWords, transcripts, type Transcript } from '../support/readme-examples.js';

const README_ADDRESS = 'http://127.0.0.1:8787';
const HEADING = 'A session from the command line';
const session = transcripts(
  readFileSync(new URL('../../docs/client.md', import.meta.url), 'utf8'),
  'console',
).filter((t) => t.heading === HEADING);
const steps = session.flatMap((t) => t.steps);

const scratch = mkdtempSync(join(tmpdir(), 'mdq-session-'));
let server: ServeProcess | undefined;
afterAll(async () => {
  if (server !== undefined && server.child.exitCode === null) {
    server.child.kill('SIGINT');
    await server.exited;
  }
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs `mdq <args>` in-process: what a terminal shows, and stdout alone (for `>`). */
async function run(
  args: readonly string[],
  env: Record<string, string>,
  options: { redirect?: boolean; head?: number } = {},
) {
  let shown = '';
  let stdout = '';
  let lines = 0;
  const io: CliIo = {
    stdout: (text) => {
      for (const piece of text.split(/(?<=\n)/)) {
        // `| head -N`: after N lines the reader is gone, and the next write fails.
        if (options.head !== undefined && lines >= options.head) throw new OutputClosed();
        stdout += piece;
        if (!options.redirect) shown += piece;
        if (piece.endsWith('\n')) lines++;
      }
    },
    stderr: (text) => void (shown += text),
    readStdin: async () => '',
    readFile: (path) => readFile(resolve(scratch, path), 'utf8'),
    color: false,
    env,
    stderrIsTerminal: false,
  };
  const code = await runCli(args, io);
  return { code, shown, stdout };
}

/** Replays the steps; `fill` turns the README's address into the real one. */
async function replay(all: Transcript['steps']): Promise<void> {
  const env: Record<string, string> = {};
  let fill = (text: string) => text;
  let code: number | undefined;
  for (const step of all) {
    const command = fill(step.command);
    const expected = fill(step.output);
    if (command === 'echo $?') {
      expect(code, 'echo $? before any mdq command').toBeDefined();
      expect(`${code}\n`, command).toBe(expected);
      continue;
    }
    if (command.startsWith('export ')) {
      for (const assignment of shellWords(command.slice('export '.length))) {
        const at = assignment.indexOf('=');
        env[assignment.slice(0, at)] = assignment.slice(at + 1);
      }
      expect(expected, `${command} prints nothing`).toBe('');
      continue;
    }
    const head = / \| head -(\d+)$/.exec(command);
    const redirect = / > (\S+)$/.exec(command);
    const [program, ...args] = shellWords(
      command.slice(0, head?.index ?? redirect?.index ?? command.length),
    );
    expect(program, `the session runs mdq only: ${command}`).toBe('mdq');
    if (args[0] === 'serve') {
      expect(server, 'one server per session').toBeUndefined();
      expect(
        args,
        'the README serves on the default port; the test picks a free one',
      ).not.toContain('--port');
      server = await serve(args.slice(1));
      const url = server.url;
      fill = (text) => text.replaceAll(README_ADDRESS, url);
      await expect.poll(() => server!.output()).toMatch(/Stop with Ctrl-C\.\n$/);
      expect(server.output(), command).toBe(fill(step.output));
      continue;
    }
    const result = await run(args, env, {
      ...(redirect ? { redirect: true } : {}),
      ...(head ? { head: Number(head[1]) } : {}),
    });
    code = result.code;
    if (redirect) writeFileSync(join(scratch, redirect[1]!), result.stdout);
    expect(result.shown, command).toBe(expected);
  }
}

describe("the README's session against mdq serve", () => {
  it('shows every command the issue asks for', () => {
    const commands = steps.map((s) => s.command);
    expect(session).toHaveLength(2);
    for (const wanted of [
      /^mdq serve\b/,
      /^export MDQ_BASE_URL=.* MDQ_CLIENT_ID=.* MDQ_CLIENT_SECRET=/,
      /^mdq areas$/,
      /^mdq schemas \S+$/,
      /^mdq datasets /,
      /^mdq search .* --size \d+$/,
      /^mdq search .* --all --ndjson \| head -\d+$/,
      /^mdq schema pull .* > \S+$/,
      /^mdq get \S+$/,
      /^mdq update \S+ --set .* --version \d+$/,
      /^mdq lint --remote /,
    ]) {
      expect(
        commands.some((c) => wanted.test(c)),
        String(wanted),
      ).toBe(true);
    }
  });

  it('the harness catches a wrong output, a wrong exit code and a wrong line count', async () => {
    await expect(replay([{ command: 'mdq fmt "a && b"', output: 'a && b\n' }])).rejects.toThrow();
    await expect(
      replay([
        { command: 'mdq fmt "a && b"', output: 'a AND b\n' },
        { command: 'echo $?', output: '1\n' },
      ]),
    ).rejects.toThrow();
    await expect(replay([{ command: 'mdq demo | head -2', output: '' }])).rejects.toThrow();
    const first = (await run(['demo'], {}, { head: 2 })).shown;
    expect(first.split('\n')).toHaveLength(3);
    await replay([
      { command: 'mdq demo | head -2', output: first },
      { command: 'echo $?', output: '0\n' },
    ]);
  });

  it('prints what the README shows, against a real mdq serve', async () => {
    await replay(steps);
    // Ctrl-C stops the server cleanly.
    server!.child.kill('SIGINT');
    expect(await server!.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
