/** The command line says why: what a search with problems found, a scope that is not there, a service that does not answer. */
import { createServer } from 'node:net';
import { createClient } from '../../src/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { fakeIo, runCaptured } from '../support/cli.js';

let emulator: Emulator;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  env = {
    MDQ_BASE_URL: emulator.url,
    MDQ_CLIENT_ID: emulator.demoClient.clientId,
    MDQ_CLIENT_SECRET: emulator.demoClient.clientSecret,
  };
}, 60_000);
afterAll(() => emulator?.close());

async function mdq(args: readonly string[], environment: Record<string, string> = env) {
  const { io, out } = fakeIo();
  const code = await runCli(args, { ...io, env: environment });
  return { code, stdout: out.stdout, stderr: out.stderr };
}

const codesIn = (stderr: string) =>
  [...stderr.matchAll(/^query:\d+:\d+: \w+ ([a-z-]+):/gm)].map((m) => m[1]);

describe('mdq search says why', () => {
  it("'First Name:Tim' finds nothing and says which problems explain it, each once (it said 'no hits (of 0)', exit 0)", async () => {
    const r = await mdq(['search', 'First Name:Tim']);
    expect(r.code).toBe(1);
    // One finding: the spaced name (the evaluator's unknown-field for `Name` came on top, twice).
    expect(codesIn(r.stderr)).toEqual(['unescaped-space']);
    expect(r.stderr).toContain('fix: Write [First Name] eq "Tim"');
    expect(r.stdout).toBe(
      'no hits (of 0): the query has 1 problem (unescaped-space), shown above\n',
    );
  });

  it('shows what the service says even with --check off (the emulator sends the checker’s findings)', async () => {
    const r = await mdq(['search', 'Nickname:tim', '--check', 'off']);
    expect(r.code).toBe(1);
    expect(codesIn(r.stderr)).toEqual(['unknown-field']);
  });

  it('VIP:true can never match a Y/N field: no hits and the fix; VIP:Y finds the VIPs', async () => {
    const wrong = await mdq(['search', 'VIP:true', '--schema', 'Customer']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('error invalid-boolean');
    expect(wrong.stderr).toContain('fix: Replace with Y');
    expect(wrong.stdout).toMatch(/^no hits \(of 0\): the query has 1 problem \(invalid-boolean\)/);
    const right = await mdq(['search', 'VIP:Y', '--schema', 'Customer']);
    expect(right.code).toBe(0);
    expect(right.stderr).toBe('');
    expect(right.stdout).toMatch(/^hits 1-\d+ of \d+\n$/m);
  });

  it('a query with hits and a warning: the warning on standard error, exit 0', async () => {
    const r = await mdq(['search', 'Tim OR Nickname:tim']);
    expect(r.code).toBe(0);
    expect(codesIn(r.stderr)).toEqual(['unknown-field']);
  });

  it('--all: the findings once, and "no hits" with why', async () => {
    const r = await mdq(['search', 'Nickname:tim', '--all']);
    expect(r.code).toBe(1);
    expect(codesIn(r.stderr)).toEqual(['unknown-field']);
    expect(r.stdout).toMatch(/no hits: the query has 1 problem \(unknown-field\), shown above\n$/);
  });

  it('a scope that does not exist is an error naming what does (it was zero hits)', async () => {
    const dataSet = await mdq(['search', 'tim', '--dataset', 'Nope']);
    expect(dataSet.code).toBe(1);
    expect(dataSet.stderr).toMatch(
      /^mdq search: no dataset named 'Nope' in any business area \(known: '.+'.*\)\n$/,
    );
    expect(dataSet.stdout).toBe('');
    const schema = await mdq(['search', 'tim', '--business-area', 'customer', '--schema', 'Nope']);
    expect(schema.code).toBe(1);
    expect(schema.stderr.split('\n')[0]).toMatch(/^mdq search: no .*'Nope'/);
    const area = await mdq(['search', 'tim', '--business-area', 'Nope']);
    expect(area.code).toBe(1);
    expect(area.stderr.split('\n')[0]).toMatch(/^mdq search: no business area named 'Nope'/);
    const real = await mdq(['search', 'tim', '--dataset', 'Retail Customers']);
    expect(real.code).toBe(0);
  });

  it('a refused connection says to start mdq serve or set MDQ_BASE_URL', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const r = await mdq(['search', 'tim'], { ...env, MDQ_BASE_URL: `http://127.0.0.1:${port}` });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('ECONNREFUSED');
    expect(r.stderr).toContain("'mdq serve'");
    expect(r.stderr).toContain('MDQ_BASE_URL');
  }, 60_000);
});

describe('mdq update checks values by the value rules, and says what the service stored', () => {
  const scope = [
    '--business-area',
    'customer',
    '--schema',
    'Customer',
    '--dataset',
    'Retail Customers',
  ];
  const client = () => createClient({ baseUrl: emulator.url, credentials: emulator.demoClient });
  const someCustomer = async () => {
    const dataSet = await client().findDataSet('customer', 'Customer', 'Retail Customers');
    return { dataSet, id: (await client().dataObjects(dataSet).toArray())[0]!._dataObjectId };
  };

  it.each([
    ['VIP=true', '"VIP": ("true") "true" is not one of Y, N'],
    ['VIP=y', '"VIP": ("y") "y" is not one of Y, N'],
    ['Status=Active', '"Status"'],
  ])('refuses %s before sending (exit 2)', async (assignment, message) => {
    const { id } = await someCustomer();
    const before = await client().getDataObject({
      ...(await someCustomer()).dataSet,
      dataObjectId: id,
    });
    const r = await mdq(['update', id, '--set', assignment, ...scope]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    const after = await client().getDataObject({
      ...(await someCustomer()).dataSet,
      dataObjectId: id,
    });
    expect(after._version).toBe(before._version);
  });

  it('sends a value the rules take; a record that still breaks them shows its _errors, exit 1', async () => {
    const { dataSet } = await someCustomer();
    const created = await client().createDataObject(dataSet, {
      'First Name': 'Ed',
      VIP: 'maybe',
    });
    expect(created._errors.length).toBeGreaterThan(0);
    const r = await mdq(['update', created._dataObjectId, '--set', 'First Name=Edward', ...scope]);
    expect(r.stdout).toMatch(/^updated .*: now at version 2\n$/);
    expect(r.stderr).toMatch(/holds values its schema refuses \(_errors\):\n/);
    expect(r.stderr).toMatch(/^ {2}"VIP": .*maybe/m);
    expect(r.code).toBe(1);
    const { id } = await someCustomer();
    const clean = await mdq(['update', id, '--set', 'VIP=N', ...scope]);
    expect(clean.stderr).toBe('');
    expect(clean.code).toBe(0);
  });
});

describe('mdq fmt --fix on SQL', () => {
  it('does not print the escaped SQL as fixed: it shows the query meant and says it needs --unsafe (exit 1)', async () => {
    const r = await runCaptured(['fmt', '--fix', "SELECT * FROM customers WHERE City = 'Berlin'"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('the query it means is:\n  [City] eq "Berlin"\n');
    expect(r.stderr).toContain('--unsafe');
    const unsafe = await runCaptured([
      'fmt',
      '--fix',
      '--unsafe',
      "SELECT * FROM customers WHERE City = 'Berlin'",
    ]);
    expect(unsafe.code).toBe(0);
    expect(unsafe.stdout).toBe('[City] eq "Berlin"\n');
    expect((await runCaptured(['fmt', '--fix', 'City:Berlin'])).stdout).toBe('City:Berlin\n');
  });
});

describe('a query on standard input', () => {
  async function piped(args: readonly string[], stdin: string) {
    const { io, out } = fakeIo({ stdin });
    const code = await runCli(args, { ...io, stdinIsTerminal: false });
    return { code, stdout: out.stdout, stderr: out.stderr };
  }

  it("is read when standard input is not a terminal: echo 'a b' | mdq fmt", async () => {
    expect(await piped(['fmt'], 'a  b\n')).toMatchObject({ code: 0, stdout: 'a b\n' });
    expect((await piped(['lint', '--example'], 'Nmae:tim\n')).stdout).toContain('unknown-field');
    expect((await piped(['parse'], 'a AND b\n')).code).toBe(0);
  });

  it('an argument wins over standard input; empty input is a missing query (exit 2); a terminal is never read', async () => {
    expect((await piped(['fmt', 'x  y'], 'a b\n')).stdout).toBe('x y\n');
    const empty = await piped(['fmt'], '\n');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/missing the query/);
    const { io } = fakeIo({ stdin: 'a b' });
    expect(await runCli(['fmt'], { ...io, stdinIsTerminal: true })).toBe(2);
  });
});
