/**
 * What a hostile service can put on the user's terminal: names, values and error messages
 * holding escape sequences (`ESC ]52;c;...` writes the clipboard, `ESC [2J` clears the
 * screen). Tables and error lines show them as `\u001b` escapes; `--json` was always safe.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printable } from '../../src/cli/printable.js';
import { runCli } from '../../src/cli/run.js';
import { cell } from '../../src/cli/table.js';
import { fakeIo } from '../support/cli.js';

const CLIPBOARD = '\u001b]52;c;cm0gLXJmIH4=\u0007';
const CLEAR = '\u001b[2J\u001b[H';
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let server: Server;
let env: Record<string, string>;

beforeAll(async () => {
  server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/oauth2/token')
      return send(200, { access_token: 'hostile-token', expires_in: 3600 });
    if (request.url === '/v1/my/businessareas')
      return send(200, [
        {
          businessAreaId: 'ba1',
          name: `evil${CLIPBOARD}`,
          active: true,
          description: `${CLEAR}owned\rhidden`,
        },
      ]);
    if (request.url?.startsWith('/v1/businessareas/ba1/schemas'))
      return send(500, { message: `boom${CLEAR}\u001b]0;title\u0007\nsecond line` });
    return send(404, { message: 'no' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  env = {
    MDQ_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    MDQ_CLIENT_ID: 'a',
    MDQ_CLIENT_SECRET: 'secret-value',
  };
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function mdq(args: readonly string[]) {
  const { io, out } = fakeIo();
  const code = await runCli(args, { ...io, env });
  return { code, stdout: out.stdout, stderr: out.stderr };
}

describe('a hostile service', () => {
  it("cannot reach the terminal through a table's cells", async () => {
    const r = await mdq(['areas']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(CONTROL);
    expect(r.stdout).toContain('evil\\u001b]52;c;cm0gLXJmIH4=\\u0007');
    expect(r.stdout).toContain('\\u001b[2J\\u001b[Howned hidden');
  });

  it('cannot reach the terminal through an error line, its own message or a name it sent', async () => {
    const failed = await mdq(['schemas', 'ba1']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).not.toMatch(CONTROL);
    expect(failed.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(failed.stderr).toMatch(
      /^mdq schemas: GET \/v1\/businessareas\/ba1\/schemas answered 500: boom \[2J \[H \]0;title second line\n$/,
    );
    const missing = await mdq(['schemas', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).not.toMatch(CONTROL);
    expect(missing.stderr).toContain("known: 'evil\\u001b]52;c;cm0gLXJmIH4=\\u0007'");
  });

  it('--json keeps the values exactly, as JSON escapes', async () => {
    const r = await mdq(['areas', '--json']);
    expect(r.stdout).not.toMatch(CONTROL);
    expect(JSON.parse(r.stdout)[0].name).toBe(`evil${CLIPBOARD}`);
  });
});

describe('printable', () => {
  it('law: no control character but newline and tab survives, and text without any is unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const shown = printable(text);
        expect(shown).not.toMatch(CONTROL);
        if (!CONTROL.test(text)) expect(shown).toBe(text);
        expect(cell(text, Infinity)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }),
    );
  });
});
