/**
 * `mdq serve` whose standard output goes away (`mdq serve | head -1`): the server
 * serves on, keeps its connections, says so once on stderr without a stack trace,
 * and still stops cleanly on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cli, serve } from './child.js';

/** GET `path` on a keep-alive agent: the status, and whether the request went over a socket used before. */
function get(
  agent: Agent,
  url: string,
  path: string,
): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });
}

const STACK = /^\s+at /m;

describe('mdq serve with its standard output closed', () => {
  it('answers every request on the same connection once the reader of the log has gone', async () => {
    const server = await serve([]);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(agent, server.url, '/openapi.json')).status).toBe(200);
      await expect.poll(() => server.output()).toMatch(/GET \/openapi\.json 200/);
      server.child.stdout!.destroy(); // the reader goes away, as `head -1` does
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await get(agent, server.url, '/openapi.json'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      // The log's failed write neither closed the connection nor stopped the server.
      expect(answers.map((a) => a.reused)).toEqual([true, true, true, true]);
      await expect
        .poll(() => server.errors())
        .toMatch(
          /standard output was closed; serving on http:\/\/127\.0\.0\.1:\d+ without the request log/,
        );
      expect(server.errors().match(/standard output was closed/g)).toHaveLength(1);
      expect(server.errors()).not.toMatch(STACK);
      server.child.kill('SIGINT');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.errors()).not.toMatch(STACK);
    } finally {
      agent.destroy();
      server.child.kill('SIGKILL');
    }
  });

  it('starts and stops cleanly when nobody reads even the banner', async () => {
    const child = spawn(process.execPath, [cli(), 'serve', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.destroy(); // closed before the first line, as in `mdq serve | true`
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      await expect.poll(() => stderr, { timeout: 60_000 }).toMatch(/serving on (http:\/\/\S+)/);
      const url = /serving on (http:\/\/\S+)/.exec(stderr)![1]!;
      const agent = new Agent({ keepAlive: true });
      expect((await get(agent, url, '/openapi.json')).status).toBe(200);
      agent.destroy();
      child.kill('SIGINT');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(stderr).not.toMatch(STACK);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
