/**
 * The command line reads the project file the language server and the ESLint plugin read
 * (mdq.config.json, found walking up from the working directory): its schemas when no
 * --schema or --example is given, its aliases always, under --alias, and its rules (levels
 * of codes) always, under --severity.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleSchemas } from '../../src/examples/index.js';
import { runCli } from '../../src/cli/run.js';
import { startEmulator } from '../../src/emulator/index.js';
import { fakeIo, runCaptured } from '../support/cli.js';

let root: string;
let nested: string;

function project(dir: string, config: unknown): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'mdq.config.json'), JSON.stringify(config));
  return dir;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'mdq-cli-project-'));
  writeFileSync(join(root, 'schemas.json'), JSON.stringify(exampleSchemas));
  project(root, { schemas: ['schemas.json'], aliases: { surname: 'Last Name', Stadt: 'City' } });
  nested = join(root, 'a', 'b');
  mkdirSync(nested, { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the project file on the command line', () => {
  it('gives `mdq lint` its schemas and aliases, found walking up from the working directory', async () => {
    const run = await runCaptured(['lint', 'surname:Smith AND Stadt:Berlin'], { cwd: nested });
    expect(run.stdout).toContain(
      'field-alias: "surname" is another name for the field "Last Name"',
    );
    expect(run.stdout).toContain('"Stadt" is another name for the field "City"');
    expect(run.stderr).not.toContain('no --schema given');
  });

  it('gives `mdq fmt --fix` the fix an alias means', async () => {
    const run = await runCaptured(['fmt', '--fix', 'surname:Smith'], { cwd: nested });
    expect(run.stdout).toBe('Last\\ Name:Smith\n');
  });

  it('keeps its aliases beside --schema and --example, and --alias adds to them', async () => {
    const run = await runCaptured(
      ['lint', '--example', '--alias', 'nom=Last Name', 'surname:Smith nom:Dupont'],
      {
        cwd: nested,
      },
    );
    expect(run.stdout).toContain('"surname" is another name for the field "Last Name"');
    expect(run.stdout).toContain('"nom" is another name for the field "Last Name"');
  });

  it('takes --alias on top of the schemas it names', async () => {
    const run = await runCaptured(['lint', '--alias', 'nom=Last Name', 'nom:Dupont'], {
      cwd: nested,
    });
    expect(run.stdout).toContain('"nom" is another name for the field "Last Name"');
  });

  it('is not looked for without a working directory, and --alias alone is then a usage error', async () => {
    const run = await runCaptured(['lint', '--alias', 'nom=Last Name', 'nom:Dupont']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--alias goes with --schema, --example or a project file');
    const plain = await runCaptured(['lint', 'surname:Smith']);
    expect(plain.stderr).toContain('no --schema given');
  });

  it("reports the file's problems on stderr and uses what it can read", async () => {
    const dir = project(join(root, 'broken'), {
      schemas: ['schemas.json', 'missing.json'],
      aliases: { surname: 'Last Name', nowhere: 'No Such Field', empty: '' },
    });
    writeFileSync(join(dir, 'schemas.json'), JSON.stringify(exampleSchemas));
    const run = await runCaptured(['lint', 'surname:Smith'], { cwd: dir });
    expect(run.stderr).toContain("'aliases.empty' is a field name");
    expect(run.stderr).toContain("the schema file 'missing.json' cannot be read");
    expect(run.stderr).toContain('alias "nowhere": no field "No Such Field"');
    expect(run.stdout).toContain('"surname" is another name for the field "Last Name"');
  });

  it('leaves `mdq lint --files` to find each file its own project file', async () => {
    const other = project(join(root, 'other'), { schemas: ['../schemas.json'] });
    const file = join(nested, 'q.mdq');
    const run = await runCaptured(['lint', '--files', file], {
      cwd: other,
      files: { [file]: 'surname:Smith\n' },
    });
    expect(run.stdout).toContain('"surname" is another name for the field "Last Name"');
  });
});

describe("the project file's rules on the command line", () => {
  let dir: string;
  beforeAll(() => {
    dir = project(join(root, 'rules'), {
      schemas: ['../schemas.json'],
      aliases: { surname: 'Last Name' },
      rules: { 'field-alias': 'off', 'value-then-words': 'error' },
    });
  });

  it('set the levels of a single query in `mdq lint`: off is not reported, error fails', async () => {
    const off = await runCaptured(['lint', 'surname:Smith'], { cwd: dir });
    expect(off.stdout).not.toContain('field-alias');
    expect(off.code).toBe(0);
    const raised = await runCaptured(['lint', 'City:New York'], { cwd: dir });
    expect(raised.stdout).toMatch(/error value-then-words/);
    expect(raised.code).toBe(1);
  });

  it('apply beside --schema and --example, to --stdin and --json, under --severity', async () => {
    const example = await runCaptured(['lint', '--example', 'City:New York'], { cwd: dir });
    expect(example.stdout).toMatch(/error value-then-words/);
    const stdin = await runCaptured(['lint', '--stdin', '--json'], {
      cwd: dir,
      stdin: 'surname:Smith\nCity:New York\n',
    });
    const lines = stdin.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0].diagnostics).toEqual([]);
    expect(lines[1].diagnostics.map((d: { severity: string }) => d.severity)).toEqual(['error']);
    const given = await runCaptured(
      [
        'lint',
        '--severity',
        'value-then-words=warning',
        '--severity',
        'field-alias=on',
        'surname:Smith City:New York',
      ],
      { cwd: dir },
    );
    expect(given.stdout).toMatch(/warning value-then-words/);
    expect(given.stdout).toContain('field-alias');
    expect(given.code).toBe(0);
  });

  it('keep `mdq fmt --fix` from applying the fix of a code that is off', async () => {
    const off = await runCaptured(['fmt', '--fix', 'surname:Smith'], { cwd: dir });
    expect(off.stdout).toBe('surname:Smith\n');
    const on = await runCaptured(
      ['fmt', '--fix', '--severity', 'field-alias=on', 'surname:Smith'],
      {
        cwd: dir,
      },
    );
    expect(on.stdout).toBe('Last\\ Name:Smith\n');
  });

  it('apply with --remote too (the schemas from the service, the levels from the project file)', async () => {
    const emulator = await startEmulator({ port: 0, records: 10 });
    try {
      const { io, out } = fakeIo({ cwd: dir });
      const env = {
        MDQ_BASE_URL: emulator.url,
        MDQ_CLIENT_ID: emulator.demoClient.clientId,
        MDQ_CLIENT_SECRET: emulator.demoClient.clientSecret,
      };
      const code = await runCli(
        ['lint', 'City:New York', '--remote', '--business-area', 'customer'],
        { ...io, env },
      );
      expect(out.stdout).toMatch(/error value-then-words/);
      expect(code).toBe(1);
    } finally {
      await emulator.close();
    }
  }, 60_000);

  it("apply to `mdq lint --files` with --schema too, from each file's project file", async () => {
    const file = join(dir, 'q.mdq');
    const run = await runCaptured(['lint', '--files', '--example', file], {
      cwd: root,
      files: { [file]: 'City:New York\n' },
    });
    expect(run.stdout).toMatch(/error value-then-words/);
    expect(run.code).toBe(1);
  });
});
