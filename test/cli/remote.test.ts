/** The commands that talk to the service, in-process, against an emulator on 127.0.0.1. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { createClient } from '../../src/client/index.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { fakeIo } from '../support/cli.js';
import { IDS_PER_SEARCH } from '../../src/cli/remote.js';

let emulator: Emulator;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, records: 60 });
  env = {
    MDQ_BASE_URL: emulator.url,
    MDQ_CLIENT_ID: emulator.demoClient.clientId,
    MDQ_CLIENT_SECRET: emulator.demoClient.clientSecret,
  };
}, 60_000);
afterAll(() => emulator?.close());

/** Runs `mdq <args>` with the emulator in the environment (or the environment given). */
async function mdq(
  args: readonly string[],
  options: { env?: Record<string, string>; files?: Record<string, string> } = {},
) {
  const { io, out } = fakeIo({ files: options.files ?? {} });
  const code = await runCli(args, { ...io, env: options.env ?? env });
  return { code, stdout: out.stdout, stderr: out.stderr };
}

const client = () => createClient({ baseUrl: emulator.url, credentials: emulator.demoClient });

describe('mdq areas, schemas, datasets', () => {
  it('lists the business areas as a table, or as JSON', async () => {
    const table = await mdq(['areas']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^name\s+id\s+active\s+description$/);
    for (const name of ['customer', 'product', 'supplier'])
      expect(table.stdout).toMatch(new RegExp(`^${name} `, 'm'));
    const json = await mdq(['areas', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(await client().businessAreas());
  });

  it('lists the schemas of a business area given by name or id, and the datasets of a schema', async () => {
    const byName = await mdq(['schemas', 'customer']);
    expect(byName.code).toBe(0);
    expect(byName.stdout).toMatch(/^Customer /m);
    expect(byName.stdout).toMatch(/^Customer Contact /m);
    const area = await client().findBusinessArea('customer');
    expect((await mdq(['schemas', area.businessAreaId])).stdout).toBe(byName.stdout);
    const dataSets = await mdq(['datasets', 'product', 'Product']);
    expect(dataSets.stdout).toMatch(/^Catalogue 2024 /m);
    expect(dataSets.stdout).toMatch(/^Catalogue Archive /m);
  });

  it('says in one line what is not there, exit 1, no stack trace', async () => {
    const r = await mdq(['schemas', 'nowhere']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "mdq schemas: no business area named 'nowhere' (known: 'customer', 'product', 'supplier')\n",
    );
    expect(r.stdout).toBe('');
  });
});

describe('mdq schema pull', () => {
  it('writes the Get Schema JSON, which mdq lint reads offline', async () => {
    const pulled = await mdq(['schema', 'pull', 'product', 'Product']);
    expect(pulled.code).toBe(0);
    const schema = JSON.parse(pulled.stdout);
    const product = await client().findSchema('product', 'Product');
    expect(schema).toEqual(await client().getSchema(product.businessAreaId, product.schemaId));
    const lint = await mdq(['lint', '[Stock Quantity] ge "many"', '--schema', 'product.json'], {
      files: { 'product.json': pulled.stdout },
    });
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain('invalid-number');
  });

  it('pulls every schema of a business area as one array', async () => {
    const pulled = await mdq(['schema', 'pull', 'customer']);
    expect(
      JSON.parse(pulled.stdout)
        .map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['Customer', 'Customer Contact']);
  });

  it('knows one action only', async () => {
    expect((await mdq(['schema', 'push', 'x'])).code).toBe(2);
  });
});

describe('mdq get and mdq update', () => {
  const scope = [
    '--business-area',
    'product',
    '--schema',
    'Product',
    '--dataset',
    'Catalogue 2024',
  ];
  let id: string;
  let version: number;
  beforeAll(async () => {
    const dataSet = await client().findDataSet('product', 'Product', 'Catalogue 2024');
    const first = (await client().dataObjects(dataSet).toArray())[0]!;
    id = first._dataObjectId;
    version = first._version;
  });

  it('prints a data object with its version', async () => {
    const r = await mdq(['get', id, ...scope]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      _dataObjectId: id,
      _version: version,
      _dataSetName: 'Catalogue 2024',
    });
  });

  it('updates fields typed by the schema, with or without a version, and refuses a stale one', async () => {
    const r = await mdq([
      'update',
      id,
      '--set',
      'Stock Quantity=77',
      '--set',
      'Product Name=Lamp',
      ...scope,
    ]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`updated ${id}: now at version ${version + 1}\n`);
    expect(JSON.parse((await mdq(['get', id, ...scope])).stdout)).toMatchObject({
      'Stock Quantity': 77,
      'Product Name': 'Lamp',
      _version: version + 1,
    });
    const pinned = await mdq([
      'update',
      id,
      '--set',
      'Stock Quantity=78',
      '--version',
      String(version + 1),
      ...scope,
    ]);
    expect(pinned.stdout).toBe(`updated ${id}: now at version ${version + 2}\n`);
    const stale = await mdq([
      'update',
      id,
      '--set',
      'Stock Quantity=79',
      '--version',
      String(version),
      ...scope,
    ]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(
      /^mdq update: .*version \d+ is stale; the object is at version \d+\n$/,
    );
  });

  it('refuses unknown fields and values of the wrong type before sending anything (exit 2)', async () => {
    const unknown = await mdq(['update', id, '--set', 'Stok=1', ...scope]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no field "Stok" in schema "Product"');
    // A schema of more than 20 fields: the message names 20 and counts the rest.
    const customers = await client().findDataSet('customer', 'Customer', 'Retail Customers');
    const customer = (await client().dataObjects(customers).toArray())[0]!._dataObjectId;
    const many = await mdq([
      'update',
      customer,
      '--set',
      'Nmae=x',
      '--business-area',
      'customer',
      '--schema',
      'Customer',
      '--dataset',
      'Retail Customers',
    ]);
    expect(many.code).toBe(2);
    const listed = /\(fields: (.*)\)\n$/.exec(many.stderr)![1]!;
    expect(listed.match(/"[^"]+"/g)).toHaveLength(20);
    expect(listed).toMatch(/, and \d+ more$/);
    const wrong = await mdq(['update', id, '--set', 'Stock Quantity=many', ...scope]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('"Stock Quantity" holds numbers (integer)');
  });

  it('refuses --set without Field= before asking the service anything (it searched for the ids first: exit 1 on a service that is down)', async () => {
    const down = {
      MDQ_BASE_URL: 'http://127.0.0.1:1',
      MDQ_CLIENT_ID: 'app',
      MDQ_CLIENT_SECRET: 'secret-never-used',
    };
    for (const flag of ['--set', '--set-json']) {
      const r = await mdq(['update', id, flag, 'noequals'], { env: down });
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(
        `mdq update: ${flag} takes Field=value (a name with spaces in quotes: "First Name=Tim"), not 'noequals'`,
      );
    }
  });
});

describe('credentials', () => {
  it('says where credentials come from when there are none (exit 2)', async () => {
    const r = await mdq(['areas'], { env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'give --base-url or MDQ_BASE_URL, --client-id or MDQ_CLIENT_ID, --client-secret or MDQ_CLIENT_SECRET',
    );
  });

  it('takes flags as well, and never echoes the secret', async () => {
    const secret = 'not-the-secret-Q7w';
    const r = await mdq(
      ['areas', '--base-url', emulator.url, '--client-id', 'mdq-demo', '--client-secret', secret],
      { env: {} },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^mdq areas: the token endpoint refused the client credentials of 'mdq-demo' \(401\)\n$/,
    );
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(
      (
        await mdq(
          [
            'areas',
            '--base-url',
            emulator.url,
            '--client-id',
            'mdq-demo',
            '--client-secret',
            'mdq-demo-secret',
          ],
          { env: {} },
        )
      ).code,
    ).toBe(0);
  });
});

describe('mdq search', () => {
  it('prints a page as a table, with the range and the total', async () => {
    const r = await mdq(['search', 'Category:ELEC', '--business-area', 'product', '--size', '3']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+dataset\s+/);
    expect(lines[1]).toMatch(/^-+\s+-+/);
    expect(lines).toHaveLength(2 + 3 + 1);
    expect(lines.at(-1)).toMatch(/^hits 1-3 of \d+$/);
    // Ids are whole, so one can be copied into `mdq get`; other long cells are cut.
    const ids = (
      JSON.parse(
        (
          await mdq([
            'search',
            'Category:ELEC',
            '--business-area',
            'product',
            '--size',
            '3',
            '--json',
          ])
        ).stdout,
      ) as { hits: { _dataObjectId: string }[] }
    ).hits.map((h) => h._dataObjectId);
    expect(lines.slice(2, 5).map((line) => line.split(/\s+/)[0])).toEqual(ids);
    expect(r.stdout).toContain('…');
  });

  it('--json: the page as the service answered it; --ndjson --all: every hit, one per line', async () => {
    const json = JSON.parse(
      (await mdq(['search', 'Category:ELEC', '--business-area', 'product', '--json'])).stdout,
    );
    expect(json.hits.length).toBeGreaterThan(0);
    const all = await mdq([
      'search',
      'Category:ELEC',
      '--business-area',
      'product',
      '--all',
      '--ndjson',
    ]);
    const lines = all.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(json.total);
    expect(new Set(lines.map((h: { _dataObjectId: string }) => h._dataObjectId)).size).toBe(
      json.total,
    );
    expect(lines.slice(0, json.hits.length)).toEqual(json.hits);
    const array = JSON.parse(
      (await mdq(['search', 'Category:ELEC', '--business-area', 'product', '--all', '--json']))
        .stdout,
    );
    expect(array).toEqual(lines);
  });

  it('--all as a table: one header, every row, the count', async () => {
    const total = JSON.parse(
      (await mdq(['search', 'Category:ELEC', '--business-area', 'product', '--json'])).stdout,
    ).total;
    const r = await mdq(['search', 'Category:ELEC', '--business-area', 'product', '--all']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => /^id\s+dataset/.test(l))).toHaveLength(1);
    expect(lines).toHaveLength(2 + total + 1);
    expect(lines.at(-1)).toBe(`${total} hits`);
  });

  it('draws progress on standard error only when it is a terminal', async () => {
    const { io, out } = fakeIo();
    await runCli(['search', 'Category:ELEC', '--business-area', 'product', '--all', '--ndjson'], {
      ...io,
      env,
      stderrIsTerminal: true,
    });
    expect(out.stderr).toMatch(/\[#+\] \d+\/\d+/);
    expect(
      (await mdq(['search', 'Category:ELEC', '--business-area', 'product', '--all', '--ndjson']))
        .stderr,
    ).toBe('');
  });

  it('--check error: a query with errors is not sent; the diagnostics are shown, exit 1', async () => {
    const r = await mdq([
      'search',
      '[Stock Quantity] ge "many"',
      '--business-area',
      'product',
      '--check',
      'error',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error invalid-number');
    expect(r.stderr).toMatch(/mdq search: the query has errors and was not sent\n$/);
    expect(r.stdout).toBe('');
  });

  it('a query the service refuses: its message and the local diagnostics, exit 1', async () => {
    const r = await mdq(['search', '(a OR']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unclosed-paren');
    expect(r.stderr).toMatch(/mdq search: GET \/dataobjects\/search answered 400: .*\n$/);
  });

  it('refuses bad options before asking anything (exit 2)', async () => {
    expect((await mdq(['search', 'a', '--size', 'ten'])).code).toBe(2);
    expect((await mdq(['search', 'a', '--all', '--from', '10'])).code).toBe(2);
    expect((await mdq(['search', 'a', '--json', '--ndjson'])).code).toBe(2);
    expect((await mdq(['search', 'a', '--check', 'maybe'])).code).toBe(2);
    expect((await mdq(['search'])).code).toBe(2);
  });

  it.each(['3000000', '1e10', '0x10', '0', '-1', 'Infinity'])(
    'refuses --timeout %s (beyond a timer it timed out at once or threw a RangeError: exit 1; 0x10 read as 16)',
    async (timeout) => {
      const r = await mdq(['search', 'a', '--timeout', timeout]);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(
        `mdq search: --timeout takes seconds, more than 0 and at most 2147483, not '${timeout}'`,
      );
      expect(r.stdout).toBe('');
    },
  );

  it('takes --timeout in decimal seconds up to what a timer holds', async () => {
    expect((await mdq(['search', 'a', '--timeout', '2147483'])).code).toBe(0);
    expect((await mdq(['search', 'a', '--timeout', '0.5'])).code).toBe(0);
    // 1000.1 ms and 0.1 ms: fractions of a millisecond threw from AbortSignal.timeout (exit 1, "The value of \"delay\" is out of range").
    expect((await mdq(['search', 'a', '--timeout', '1.0001'])).code).toBe(0);
    expect((await mdq(['search', 'a', '--timeout', '0.0001'])).stderr).not.toContain(
      'out of range',
    );
  });

  it.each([
    [
      'http://127.0.0.1:1/api?tenant=1',
      'baseUrl must not have a query or a fragment: the paths of the service are appended to it',
    ],
    [
      'http://127.0.0.1:1/#top',
      'baseUrl must not have a query or a fragment: the paths of the service are appended to it',
    ],
    ['http://admin:pw-Zz81@[broken', 'baseUrl is not a URL: http://[REDACTED]@[broken'],
  ])('refuses MDQ_BASE_URL=%s with exit 2, never echoing a password', async (baseUrl, message) => {
    const r = await mdq(['areas'], { env: { ...env, MDQ_BASE_URL: baseUrl } });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`mdq areas: ${message}`);
    expect(r.stderr).not.toContain('pw-Zz81');
  });
});

describe('mdq get and update by id alone', () => {
  it('finds each id by a search', async () => {
    const json = JSON.parse(
      (
        await mdq([
          'search',
          'Category:HOME',
          '--business-area',
          'product',
          '--size',
          '2',
          '--json',
        ])
      ).stdout,
    );
    const ids = json.hits.map((h: { _dataObjectId: string }) => h._dataObjectId);
    const got = JSON.parse((await mdq(['get', ...ids])).stdout);
    expect(got.map((o: { _dataObjectId: string }) => o._dataObjectId)).toEqual(ids);
    expect(got.every((o: { _version: unknown }) => Number.isInteger(o._version))).toBe(true);
    const r = await mdq(['update', ...ids, '--set', 'Stock Quantity=3']);
    expect(r.stdout.trimEnd().split('\n')).toEqual(
      ids.map((id: string, i: number) => `updated ${id}: now at version ${got[i]._version + 1}`),
    );
    const missing = await mdq(['get', 'no-such-id-123']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      "mdq get: no data object 'no-such-id-123' (or not visible to this client)\n",
    );
  });
});

describe('mdq get with many ids', () => {
  it(`finds ids across several searches of ${IDS_PER_SEARCH}, and names at most ten missing ones (300 ids were one search too long for a URL: "malformed HTTP request")`, async () => {
    const all = (await mdq(['search', '*:*', '--all', '--ndjson'])).stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l)._dataObjectId as string);
    expect(all.length).toBeGreaterThan(IDS_PER_SEARCH);
    const got = JSON.parse((await mdq(['get', ...all])).stdout);
    expect(got.map((o: { _dataObjectId: string }) => o._dataObjectId)).toEqual(all);
    const fakes = Array.from({ length: 300 - all.length }, (_, i) => `${'0'.repeat(40)}fake${i}`);
    const r = await mdq(['get', ...all, ...fakes]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `mdq get: no data object ${fakes
        .slice(0, 10)
        .map((id) => `'${id}'`)
        .join(', ')} and ${fakes.length - 10} more (or not visible to this client)\n`,
    );
  });
});

describe('mdq lint --remote', () => {
  it('checks against the schemas the service has, by business area and schema name', async () => {
    const r = await mdq([
      'lint',
      '[Stok Quantity] ge 1',
      '--remote',
      '--business-area',
      'product',
      '--schema',
      'Product',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('unknown-field');
    expect(r.stdout).toContain('Stock Quantity');
    const wrong = await mdq([
      'lint',
      '[Stock Quantity] ge "many"',
      '--remote',
      '--business-area',
      'product',
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('invalid-number');
    expect((await mdq(['lint', 'a', '--remote', '--example'])).code).toBe(2);
  });
});
