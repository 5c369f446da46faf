import { describe, expect, it } from 'vitest';
import { customerSchema, exampleSchemas } from '../../src/examples/index.js';
import { runCaptured } from '../support/cli.js';

const FILES: Record<string, string> = {
  'customer.json': JSON.stringify(customerSchema),
  'all.json': JSON.stringify(exampleSchemas),
  'broken.json': '{ "fields": [',
  'list.json': JSON.stringify({ items: [] }),
};

const run = (args: string[], stdin = '', color = false) =>
  runCaptured(args, { files: FILES, stdin, color });

describe('mdq lint', () => {
  it('prints compiler-style diagnostics with a caret and exits 1 on errors', async () => {
    const r = await run(['lint', 'Fist\\ Name:Tim AND VIP:yes', '--schema', 'customer.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        'query:1:1: warning unknown-field: no field "Fist Name" in the Customer schema; did you mean "First Name" or "Last Name"?',
        '  Fist\\ Name:Tim AND VIP:yes',
        '  ^^^^^^^^^^',
        '  fix: Use "First Name"',
        '  fix: Use "Last Name"',
        'query:1:24: error invalid-boolean: \'yes\' can never match: this field stores Y or N, exactly as written (field "VIP")',
        '  Fist\\ Name:Tim AND VIP:yes',
        '                         ^^^',
        '  fix: Replace with Y',
        '2 problems (1 error, 1 warning)',
        '',
      ].join('\n'),
    );
  });

  it('exits 0 with warnings only, and prints nothing for a clean query', async () => {
    expect((await run(['lint', 'a AND b OR c', '--example'])).code).toBe(0);
    expect(await run(['lint', '[First Name] eq "Tim"', '--schema', 'all.json'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('colours severities on a terminal', async () => {
    expect((await run(['lint', 'VIP:yes', '--example'], '', true)).stdout).toContain(
      '\u001b[31merror\u001b[0m',
    );
  });

  it('answers JSON with line and column', async () => {
    const r = await run(['lint', 'VIP:yes', '--example', '--json']);
    const json = JSON.parse(r.stdout);
    expect(json.query).toBe('VIP:yes');
    expect(json.diagnostics[0]).toMatchObject({
      code: 'invalid-boolean',
      severity: 'error',
      line: 1,
      column: 5,
      span: { start: 4, end: 7 },
    });
  });

  it('lints a file of queries from stdin, one per line', async () => {
    const r = await run(['lint', '--stdin', '--example'], 'Status:ACT\nAge:[65 TO 18]\n');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('query 2:1:5: error inverted-range');
    const json = await run(
      ['lint', '--stdin', '--example', '--json'],
      'Status:ACT\nStatus:Active\n',
    );
    expect(
      json.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).diagnostics.length),
    ).toEqual([0, 1]);
  });

  it('takes severities per code', async () => {
    const r = await run(['lint', 'VIP:yes', '--example', '--severity', 'invalid-boolean=warning']);
    expect(r.code).toBe(0);
    expect(
      (await run(['lint', '[Email] eq "x"', '--example', '--severity', 'pii-field=on'])).stdout,
    ).toContain('info pii-field');
  });

  it('checks syntax and shape without a schema, and says so', async () => {
    const r = await run(['lint', 'Nope:x (a']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('mdq lint: no --schema given: checking syntax and query shape only\n');
    expect(r.stdout).not.toContain('unknown-field');
  });

  it.each([
    [
      ['lint', 'a', '--schema', 'missing.json'],
      "mdq lint: cannot read the schema file 'missing.json': no such file\n",
    ],
    [
      ['lint', 'a', '--schema', 'broken.json'],
      /^mdq lint: the schema file 'broken\.json' is not valid JSON: /,
    ],
    [
      ['lint', 'a', '--schema', 'list.json'],
      'mdq lint: the schema file \'list.json\' is not a Get Schema response: the schema has no "fields" array; is this a Get Schema response?\n',
    ],
    [['lint', 'a', '--example', '--schema', 'all.json'], /give either --schema or --example/],
    [['lint', 'a', '--severity', 'x=loud'], /--severity takes <code>=<level>/],
    [['lint'], /missing the query/],
    [['lint', 'a', '--bogus'], /unknown option '--bogus'/],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    if (typeof message === 'string') expect(r.stderr).toBe(message);
    else expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('lists the codes', async () => {
    const r = await run(['lint', '--rules']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/unknown-field\s+warning\s+no field/);
    expect(r.stdout).toMatch(/pii-field\s+off/);
  });
});

describe('mdq fmt --fix', () => {
  it("applies the checker's safe fixes, then prints canonical text", async () => {
    const r = await run([
      'fmt',
      '--fix',
      '--example',
      'First Name:John and Status:Active OR (VIP:yes',
    ]);
    expect(r.code).toBe(0);
    // `and` is a search word here: turning it into an operator is a change of meaning, left to --unsafe.
    expect(r.stdout).toBe('(First\\ Name:John and Status:ACT) OR (VIP:Y)\n');
    expect(r.stderr).toContain('fixed picklist-description: Replace with ACT\n');
    const all = await run([
      'fmt',
      '--fix',
      '--unsafe',
      '--example',
      'First Name:John and Status:Active OR (VIP:yes',
    ]);
    expect(all.stdout).toBe('([First Name] eq "John" AND Status:ACT) OR (VIP:Y)\n');
  });

  it('fixes the shape of a query without a schema', async () => {
    expect((await run(['fmt', '--fix', 'a AND b OR c and d'])).stdout).toBe(
      '(a AND b) OR (c and d)\n',
    );
    expect((await run(['fmt', '--fix', '--unsafe', 'a AND b OR c and d'])).stdout).toBe(
      '(a AND b) OR (c AND d)\n',
    );
  });

  it('leaves what is not sure alone, and exits 1 while errors remain (issue 9)', async () => {
    const cases: [string, string | null, number][] = [
      ['Last Name:van Dijk', 'Last Name:van Dijk', 0],
      ['[Supplier Name] like "Acme%"', null, 1],
      ['cats and dogs', 'cats and dogs', 0],
      ['[Loyalty Score] gt 0,5', '[Loyalty Score] gt 0.5', 0],
      ['[Age] ge eighteen', null, 1],
    ];
    for (const [query, printed, code] of cases) {
      const r = await run(['fmt', '--fix', '--example', query]);
      expect([query, r.code, r.code === 0 ? r.stdout : null]).toEqual([
        query,
        code,
        printed === null ? null : `${printed}\n`,
      ]);
    }
  });

  it('--unsafe goes with --fix', async () => {
    expect((await run(['fmt', '--unsafe', 'a'])).code).toBe(2);
  });

  it('keeps fmt as it was without --fix, and wants --fix for schema options', async () => {
    expect((await run(['fmt', 'Status:Active'])).stdout).toBe('Status:Active\n');
    expect((await run(['fmt', 'a', '--example'])).code).toBe(2);
  });

  it('reports what was applied per line with --stdin', async () => {
    const r = await run(['fmt', '--fix', '--stdin', '--example'], 'VIP:yes\n');
    expect(JSON.parse(r.stdout)).toMatchObject({
      query: 'VIP:yes',
      formatted: 'VIP:Y',
      applied: ['invalid-boolean: Replace with Y'],
    });
  });
});
