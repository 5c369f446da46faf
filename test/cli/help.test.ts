/** `--help` is true for every command: its usage names every option the command takes, and no other. */
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { optionHelp } from '../../src/cli/help.js';
import { runCaptured } from '../support/cli.js';

const named = (usage: string) =>
  new Set([...usage.matchAll(/--([a-z][a-z0-9-]*)/g)].map((m) => m[1]!));

describe('mdq <command> --help', () => {
  it.each(Object.keys(commands))(
    '%s: the usage names exactly the options it takes (--timeout, --token-path and the connection of lint --remote were missing)',
    (name) => {
      const command = commands[name]!;
      expect([...named(command.usage)].sort()).toEqual(Object.keys(command.options).sort());
    },
  );

  it.each(Object.keys(commands))(
    '%s --help: the usage and the summary, exit 0; the note on queries only where a query is taken',
    async (name) => {
      const command = commands[name]!;
      const r = await runCaptured([name, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout.startsWith(`usage: ${command.usage}\n\n${command.summary}\n`)).toBe(true);
      expect(r.stdout.includes("A query may start with '-' or '+'")).toBe(
        command.takesQuery === true,
      );
    },
  );

  it.each(Object.keys(commands))(
    '%s: every option its usage names is taken (never "unknown option")',
    async (name) => {
      for (const option of named(commands[name]!.usage)) {
        // A value that fails fast everywhere: serve's port makes it stop before it starts.
        const r = await runCaptured(
          [name, `--${option}`, ...(name === 'serve' ? ['--port', 'x'] : [])],
          { stdin: '' },
        );
        expect(r.stderr, `${name} --${option}`).not.toContain('unknown option');
      }
    },
  );

  it.each(Object.keys(commands))(
    '%s --help: describes every option it takes and shows two examples of the command',
    async (name) => {
      const command = commands[name]!;
      const r = await runCaptured([name, '--help']);
      for (const option of Object.keys(command.options)) {
        expect(optionHelp(command, option), `${name} --${option}`).toMatch(/\w{3}/);
        expect(r.stdout).toMatch(new RegExp(`^  --${option} +\\S`, 'm'));
      }
      const examples = r.stdout.split('\nexamples:\n')[1]?.split('\n\n')[0]?.trimEnd().split('\n');
      expect(examples).toHaveLength(2);
      for (const example of examples!) expect(example).toMatch(new RegExp(`^  mdq ${name}\\b`));
    },
  );

  it('mdq help <command> answers as mdq <command> --help (it printed the general help); an unknown one is bad usage', async () => {
    expect(await runCaptured(['help', 'search'])).toEqual(await runCaptured(['search', '--help']));
    const unknown = await runCaptured(['help', 'serach']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toBe("mdq: unknown command 'serach'");
  });

  it('mdq demo takes no argument and no option (it ran the tour whatever it was given)', async () => {
    for (const args of [
      ['demo', 'extra'],
      ['demo', '--json'],
    ]) {
      const r = await runCaptured(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/\nusage: mdq demo\n$/);
    }
  });
});
