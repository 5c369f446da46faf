/** Issue 9, item 14: queries that start with `-` or `+` are queries; only declared option names are options. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/io.js';
import { runCaptured } from '../support/cli.js';

const run = (args: string[], stdin = '') => runCaptured(args, { stdin });

describe('queries that look like options', () => {
  it("lints '-Status:BLK AND -VIP:Y' against the example tenant (the issue's reproducer)", async () => {
    const r = await run(['lint', '-Status:BLK AND -VIP:Y', '--example']);
    expect(r.stderr).toBe('');
    // Checked as a query: the only finding is that a query of negations alone matches almost everything.
    expect(r.stdout).toMatch(/^query:1:1: warning only-negations: /);
    expect(r.stdout).toMatch(/1 problem \(1 warning\)\n$/);
    expect(r.code).toBe(0);
  });

  it("parses '-Doe', as the README teaches it", async () => {
    const r = await run(['parse', '-Doe']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Query 0-4\n  Not 0-4 operator="-"\n    Term 1-4 value="Doe"\n');
  });

  it('takes +, - and a lone - as queries, before or after the options', async () => {
    expect((await run(['fmt', '+John -Doe'])).stdout).toBe('+John -Doe\n');
    expect((await run(['fmt', '--multiline', '-a'])).stdout).toBe('-a\n');
    expect((await run(['fmt', '-a', '--multiline'])).stdout).toBe('-a\n');
    const lone = await run(['parse', '-']);
    expect(lone.code).toBe(1);
    expect(lone.stderr).toContain('missing-operand');
  });

  it('reads everything after -- as the query, even option names', async () => {
    expect((await run(['fmt', '--', '--help'])).stdout).toBe('--help\n');
    expect((await run(['fmt', '--multiline', '--', '--json'])).stdout).toBe('--json\n');
    const r = await run(['parse', '--json', '--', '-x']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ body: { kind: 'Not', operand: { value: 'x' } } });
  });

  it('rejects an unknown --name, and says how to search for it', async () => {
    const r = await run(['parse', '--nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "mdq parse: unknown option '--nope' (a query that starts with '--' goes after '--': mdq <command> -- '--nope')\nusage: mdq parse \"<query>\" [--json] | mdq parse --stdin\n",
    );
  });

  it('does not echo the value of a misspelt option, which may be a secret', async () => {
    const r = await run(['areas', '--client-secrt=s3cret-Zx9', '--base-url', 'http://127.0.0.1:1']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(
      "mdq areas: unknown option '--client-secrt' (a query that starts with '--' goes after '--': mdq <command> -- '--client-secrt=...')",
    );
    expect(r.stderr).not.toContain('s3cret-Zx9');
  });

  it('says so in --help', async () => {
    for (const args of [['--help'], ['parse', '--help'], ['lint', '-h']]) {
      const r = await run(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(
        "A query may start with '-' or '+' (mdq parse -Doe): only the options listed are options.",
      );
      expect(r.stdout).toContain("After '--' every argument is a query");
    }
  });
});

describe('parseCommandArgs', () => {
  const options = {
    json: { type: 'boolean' },
    width: { type: 'string' },
    schema: { type: 'string', multiple: true },
  } as const;
  const parse = (args: string[]) => parseCommandArgs(args, options, 'mdq test');

  it('reads booleans, strings (separate or with =) and repeated options', () => {
    expect(
      parse(['--json', '--width', '20', 'q', '--schema=a.json', '--schema', 'b.json']),
    ).toEqual({
      values: { json: true, width: '20', schema: ['a.json', 'b.json'] },
      positionals: ['q'],
    });
    expect(parse(['--width', '-3'])).toEqual({ values: { width: '-3' }, positionals: [] });
  });

  it.each([
    [['--width'], "option '--width' needs a value"],
    [['--json=yes'], "option '--json' takes no value"],
    [['--bogus'], "unknown option '--bogus'"],
    [['--constructor'], "unknown option '--constructor'"],
  ])('%j is a usage error', (args, message) => {
    expect(() => parse(args)).toThrow(UsageError);
    expect(() => parse(args)).toThrow(message);
  });

  it('keeps every argument that is not an option, in order (property)', () => {
    // Anything but `--` and `--<name>` is a positional; after `--` everything is.
    const notOption = fc.string().filter((s) => s !== '--' && !/^--[a-z]/.test(s));
    fc.assert(
      fc.property(fc.array(notOption), fc.array(fc.string()), (before, after) => {
        expect(parse([...before, '--json', '--', ...after]).positionals).toEqual([
          ...before,
          ...after,
        ]);
      }),
    );
  });
});
