/** One log line per request, never with a token or a secret. */
import { describe, expect, it } from 'vitest';
import { startApi, tenantPaths } from './helpers.js';

describe('the request log', () => {
  it('writes method, path, status and milliseconds, and no token or secret', async () => {
    const lines: string[] = [];
    const api = await startApi({ quiet: false, log: (line) => lines.push(line) });
    try {
      const { objectsPath } = await tenantPaths(api);
      await api.get(`${objectsPath}?pageKey=x`);
      await api.request('POST', '/oauth2/token', { body: { client_id: 'mdq-demo', client_secret: 'wrong-but-secret' }, token: null });
      await api.get('/v1/my/businessareas', { headers: { authorization: `Bearer ${api.token}` } });
      expect(lines[0]).toMatch(/^POST \/oauth2\/token 200 \d+\.\dms$/);
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^GET ${objectsPath.replace(/\//g, '\\/')} 400 \\d+\\.\\dms$`)));
      expect(lines).toContainEqual(expect.stringMatching(/^POST \/oauth2\/token 401 /));
      const all = lines.join('\n');
      for (const secret of [api.token, 'mdq-demo-secret', 'wrong-but-secret', 'pageKey']) expect(all).not.toContain(secret);
    } finally {
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
