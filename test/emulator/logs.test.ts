/** One log line per request, never with a token or a secret. */
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startApi, tenantPaths } from './helpers.js';

describe('the request log', () => {
  it('writes method, path, status and milliseconds, and no token or secret', async () => {
    const lines: string[] = [];
    const api = await startApi({ quiet: false, log: (line) => lines.push(line) });
    try {
      const { objectsPath } = await tenantPaths(api);
      await api.get(`${objectsPath}?pageKey=x`);
      await api.request('POST', '/oauth2/token', {
        body: { client_id: 'mdq-demo', client_secret: 'wrong-but-secret' },
        token: null,
      });
      await api.get('/v1/my/businessareas', { headers: { authorization: `Bearer ${api.token}` } });
      expect(lines[0]).toMatch(/^POST \/oauth2\/token 200 \d+\.\dms$/);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^GET ${objectsPath.replace(/\//g, '\\/')} 400 \\d+\\.\\dms$`),
        ),
      );
      expect(lines).toContainEqual(expect.stringMatching(/^POST \/oauth2\/token 401 /));
      const all = lines.join('\n');
      for (const secret of [api.token, 'mdq-demo-secret', 'wrong-but-secret', 'pageKey'])
        expect(all).not.toContain(secret);
    } finally {
      await api.emulator.close();
    }
  });

  it('a log that throws (its reader went away) changes no answer and closes no connection', async () => {
    let calls = 0;
    const api = await startApi({
      quiet: false,
      log: () => {
        calls++;
        throw new Error('write EPIPE');
      },
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(
          `${api.url}${path}`,
          { agent, headers: { authorization: api.token } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    try {
      const answers = [];
      for (const path of [
        '/v1/my/businessareas',
        '/v1/businessareas/nope/schemas',
        '/no/such/endpoint',
        '/v1/my/businessareas',
      ])
        answers.push(await get(path));
      expect(answers).toEqual([
        { status: 200, reused: false },
        { status: 404, reused: true },
        { status: 404, reused: true },
        { status: 200, reused: true },
      ]);
      expect(calls).toBeGreaterThanOrEqual(5); // the login and the four requests were each logged (and each log threw)
    } finally {
      agent.destroy();
      await api.emulator.close();
    }
  });

  it('is quiet by default from code', async () => {
    const lines: string[] = [];
    const api = await startApi({ log: (line) => lines.push(line) });
    await api.get('/v1/my/businessareas');
    await api.emulator.close();
    expect(lines).toEqual([]);
  });
});
