import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../support/cli.js';

const run = (args: string[], stdin = '') => runCaptured(args, { stdin });

describe('mdq parse', () => {
  it('prints an outline of the tree and exits 0 for a valid query', async () => {
    const { code, stdout, stderr } = await run(['parse', 'a AND b']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      'Query 0-7\n  And 0-7 explicit=[true]\n    Term 0-1 value="a"\n    Term 6-7 value="b"\n',
    );
  });

  it('prints the tree as JSON with --json', async () => {
    const { code, stdout } = await run(['parse', '--json', 'city:Berlin']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      kind: 'Query',
      body: { kind: 'Field', field: { value: 'city' } },
    });
  });

  it('prints errors like a compiler, with the line and a caret, and exits 1', async () => {
    const { code, stderr } = await run(['parse', 'a OR (b']);
    expect(code).toBe(1);
    expect(stderr).toBe(
      "query:1:6: error unclosed-paren: missing ')' to close '(' at 1:6\n  a OR (b\n       ^\n  fix: Add the closing ')'\n",
    );
  });

  it('reads one query per line with --stdin and writes one JSON line per query', async () => {
    const { code, stdout } = await run(['parse', '--stdin'], 'a b\n(x\n');
    expect(code).toBe(1);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      query: 'a b',
      diagnostics: [],
      ast: { body: { kind: 'And' } },
    });
    expect(lines[1]).toMatchObject({ query: '(x', diagnostics: [{ code: 'unclosed-paren' }] });
  });

  it('exits 2 with a usage message for bad usage', async () => {
    for (const args of [
      ['parse'],
      ['parse', 'a', 'b'],
      ['parse', '--nope', 'a'],
      ['parse', '--stdin', 'a'],
      ['frobnicate'],
      [],
    ]) {
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
    const { stdout } = await run([
      'fmt',
      '--multiline',
      '--width',
      '20',
      'alpha AND (beta OR gamma OR delta)',
    ]);
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
    expect(
      stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).formatted),
    ).toEqual(['a AND [B] eq 1', 'b']);
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

describe('issue 9, item 17: version, option checks, notices', () => {
  it('prints the version of package.json with --version', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const r = await run(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
    expect((await run(['--help'])).stdout).toContain("'mdq --version'");
  });

  it('takes --width as asking for the multiline layout (documented in the usage)', async () => {
    const r = await run(['fmt', '--width', '20', 'alpha AND (beta OR gamma OR delta)']);
    expect(r.stdout).toBe('alpha\nAND (\n  beta\n  OR gamma\n  OR delta\n)\n');
    expect((await run(['fmt', '--help'])).stdout).toContain('--width N (implies --multiline)');
  });

  it.each([
    [
      ['lint', 'a', '--severity', 'nonexistent=off'],
      "mdq lint: --severity: no diagnostic has the code 'nonexistent'",
    ],
    [
      ['lint', 'a', '--severity', 'unknown-field=loud'],
      "mdq lint: --severity takes <code>=<level> with a level among off, on, error, warning, info, hint, not 'unknown-field=loud'",
    ],
    [
      ['fmt', '--fix', 'a', '--severity', 'unknown-feild=off'],
      "mdq fmt: --severity: no diagnostic has the code 'unknown-feild'",
    ],
  ])('rejects %j with exit 2', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr.startsWith(message)).toBe(true);
    expect(r.stdout).toBe('');
  });

  it('accepts --severity for syntax codes and checker codes', async () => {
    expect((await run(['lint', '(a', '--severity', 'unclosed-paren=warning'])).code).toBe(0);
    expect((await run(['lint', 'a a', '--severity', 'duplicate-clause=off'])).stdout).toBe('');
  });

  it('fmt --fix without a schema says that schema checks were skipped, as lint does', async () => {
    const r = await run(['fmt', '--fix', 'a AND a']);
    expect(r.stdout).toBe('a\n');
    expect(r.stderr.split('\n')[0]).toBe(
      'mdq fmt: no --schema given: schema checks skipped, fixing syntax and query shape only',
    );
    expect((await run(['fmt', '--fix', '--example', 'a'])).stderr).toBe('');
  });
});

describe('fmt --fix when one run cannot fix everything (issue 9, item 5)', () => {
  const notice =
    /^mdq fmt: not everything could be fixed in one run: (\d+) diagnostics? still offers? a fix; run mdq fmt --fix again on the fixed query \(--stdin prints it as "fixed"\)$/m;

  it('says so, exits 1 while errors remain, and a second run on the result goes on', async () => {
    // A long broken query: each check tries only the first fixes within the fix guard's budget.
    const query = '[a TO b) '.repeat(300);
    const first = await run(['fmt', '--fix', query]);
    expect(first.code).toBe(1);
    expect(first.stdout).toBe('');
    expect(first.stderr).toMatch(notice);
    const fixed = first.stderr.match(/^fixed /gm)!.length;
    expect(fixed).toBeGreaterThan(0);
    // The fixed text, as `fmt --fix --stdin` gives it, fixed again: the next run goes on.
    const json = JSON.parse((await run(['fmt', '--fix', '--stdin'], `${query}\n`)).stdout) as {
      formatted: string | null;
      fixed: string;
      applied: string[];
    };
    expect(json.formatted).toBeNull();
    expect(json.applied).toHaveLength(fixed);
    expect(json.fixed).not.toBe(query);
    const again = await run(['fmt', '--fix', json.fixed]);
    expect(again.stderr.match(/^fixed /gm)!.length).toBeGreaterThan(0);
    expect(again.code).toBe(1);
  });

  it('says nothing when everything was fixed, or nothing could be', async () => {
    const fixedAll = await run(['fmt', '--fix', 'a '.repeat(300)]);
    expect(fixedAll.code).toBe(0);
    expect(fixedAll.stderr).not.toMatch(notice);
    const none = await run(['fmt', '--fix', ')'.repeat(50)]);
    expect(none.code).toBe(1);
    expect(none.stderr).not.toMatch(notice);
  });
});
