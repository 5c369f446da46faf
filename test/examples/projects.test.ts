/**
 * The projects of examples/, as a user copies them: each type-checks under `tsc --strict`,
 * bundles (esbuild, `mdq` resolved to src/), and runs against the emulator: the Node
 * script and the CI step as processes, the search page served by the emulator (the browser
 * suite opens it in Chromium: test/e2e/examples.e2e.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../../src/emulator/index.js';
import { bundleExample, examples } from '../support/example-bundle.js';
import { typeCheck } from '../support/readme-examples.js';

const out = mkdtempSync(join(tmpdir(), 'mdq-examples-'));

/** Bundles one example into `out`; returns the file written. */
const bundle = (entry: string, platform: 'node' | 'browser'): string =>
  bundleExample(entry, platform, join(out, entry.replace(/[\\/]/g, '-').replace(/\.ts$/, '.mjs')));

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, inMemory: true, staticDir: out });
});
afterAll(async () => {
  await emulator?.close();
  rmSync(out, { recursive: true, force: true });
});

/** Runs a bundled script as a process (asynchronously: the emulator answers from this one). */
const run = (file: string, args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [file, ...args],
      {
        encoding: 'utf8',
        cwd: examples,
        env: {
          ...process.env,
          MDQ_BASE_URL: emulator.url,
          MDQ_CLIENT_ID: emulator.demoClient.clientId,
          MDQ_CLIENT_SECRET: emulator.demoClient.clientSecret,
        },
      },
      (error, stdout, stderr) =>
        resolve({
          status: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    );
  });

describe('examples/', () => {
  it('every example type-checks under tsc --strict', () => {
    const sources = ['node-script/search.ts', 'lint-saved-queries/lint.ts', 'search-page/main.ts'];
    expect(
      typeCheck(
        sources.map((file) => ({
          name: file.replace(/\W/g, '-'),
          code: readFileSync(join(examples, file), 'utf8'),
        })),
      ),
    ).toEqual([]);
  }, 300_000);

  it('the Node script searches the tenant, every page, and says so when nothing matches', async () => {
    const script = bundle('node-script/search.ts', 'node');
    const found = await run(script, ['tim', 'customer']);
    expect(found.stderr).toBe('');
    expect(found.status).toBe(0);
    const lines = found.stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^\d+ hits$/);
    expect(Number.parseInt(lines.at(-1)!, 10)).toBe(lines.length - 1);
    expect(lines.length).toBeGreaterThan(1);
    const none = await run(script, ['zzzzzzzz', 'customer']);
    expect(none.stdout).toBe('0 hits\n');
  }, 60_000);

  it('the CI step lints the saved queries and fails on the one with a misspelt field', async () => {
    const step = bundle('lint-saved-queries/lint.ts', 'node');
    const r = await run(step, [join('lint-saved-queries', 'queries'), 'customer']);
    expect(r.stdout).toMatch(
      /^lint-saved-queries\/queries\/misspelt-field\.txt:1:1: warning unknown-field: .*"Fist Name".*\n/m,
    );
    expect(r.stdout).not.toMatch(/adults-named-tim/);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('saved queries: 1 errors and warnings');
    expect(r.status).toBe(1);
  }, 60_000);

  it('the search page bundles for browsers and the emulator serves it with its bundle', async () => {
    const page = bundle('search-page/main.ts', 'browser');
    const js = readFileSync(page, 'utf8');
    expect(js).not.toMatch(/from ['"]node:/);
    expect(js).toMatch(/EditorView/);
    const html = readFileSync(join(examples, 'search-page', 'index.html'), 'utf8');
    expect(html).toMatch(/<script type="module" src="\.\/main\.js"><\/script>/);
    const served = await fetch(`${emulator.url}/${page.slice(out.length + 1)}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(js);
  }, 60_000);
});
