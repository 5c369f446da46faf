import { describe, expect, it } from 'vitest';
import { runCaptured } from '../support/cli.js';

const run = (args: string[], stdin = '') => runCaptured(args, { stdin });

describe('mdq parse', () => {
  it('prints an outline of the tree and exits 0 for a valid query', async () => {
    const { code, stdout, stderr } = await run(['parse', 'a AND b']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe('Query 0-7\n  And 0-7 explicit=[true]\n    Term 0-1 value="a"\n    Term 6-7 value="b"\n');
  });

  it('prints the tree as JSON with --json', async () => {
    const { code, stdout } = await run(['parse', '--json', 'city:Berlin']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ kind: 'Query', body: { kind: 'Field', field: { value: 'city' } } });
  });

  it('prints errors like a compiler, with the line and a caret, and exits 1', async () => {
    const { code, stderr } = await run(['parse', 'a OR (b']);
    expect(code).toBe(1);
    expect(stderr).toBe("query:1:6: error unclosed-paren: missing ')' to close '(' at 1:6\n  a OR (b\n       ^\n  fix: Add the closing ')'\n");
  });

  it('reads one query per line with --stdin and writes one JSON line per query', async () => {
    const { code, stdout } = await run(['parse', '--stdin'], 'a b\n(x\n');
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ query: 'a b', diagnostics: [], ast: { body: { kind: 'And' } } });
    expect(lines[1]).toMatchObject({ query: '(x', diagnostics: [{ code: 'unclosed-paren' }] });
  });

  it('exits 2 with a usage message for bad usage', async () => {
    for (const args of [['parse'], ['parse', 'a', 'b'], ['parse', '--nope', 'a'], ['parse', '--stdin', 'a'], ['frobnicate'], []]) {
      const { code, stderr } = await run(args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toMatch(/usage: mdq/);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('mdq fmt', () => {
  it('prints canonical text', async () => {
    const { code, stdout } = await run(['fmt', 'a && b || [Age] ge 18 and [Age] lt 65']);
    expect(code).toBe(0);
    expect(stdout).toBe('(a AND b) OR ([Age] ge 18 AND [Age] lt 65)\n');
  });

  it('breaks long queries over lines with --multiline', async () => {
    const { stdout } = await run(['fmt', '--multiline', '--width', '20', 'alpha AND (beta OR gamma OR delta)']);
    expect(stdout).toBe('alpha\nAND (\n  beta\n  OR gamma\n  OR delta\n)\n');
  });

  it('exits 1 on syntax errors and prints them', async () => {
    const { code, stdout, stderr } = await run(['fmt', '[S] eq x']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('unquoted-value');
  });

  it('formats each line of --stdin as a JSON line', async () => {
    const { code, stdout } = await run(['fmt', '--stdin'], 'a and [B] eq 1\nb\r\n');
    expect(code).toBe(0);
    expect(stdout.trim().split('\n').map((l) => JSON.parse(l).formatted)).toEqual(['a AND [B] eq 1', 'b']);
  });

  it('rejects a bad --width', async () => {
    const { code, stderr } = await run(['fmt', '--width', 'wide', 'a']);
    expect(code).toBe(2);
    expect(stderr).toContain('--width takes a positive whole number');
  });
});

describe('mdq help and demo', () => {
  it('lists the commands with --help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/parse\s+print the syntax tree/);
    expect(stdout).toMatch(/fmt\s+print a query in canonical form/);
  });

  it('prints a command usage with --help', async () => {
    const { code, stdout } = await run(['fmt', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('usage: mdq fmt');
  });

  it('runs the demo on the built-in examples', async () => {
    const { code, stdout } = await run(['demo']);
    expect(code).toBe(0);
    expect(stdout).toContain('=> (a AND b) OR c');
    expect(stdout).toContain('error unquoted-value');
  });
});
