/** `mdq serve`'s port: out of range is bad usage (exit 2), taken is one line (exit 1); neither a stack trace. */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../support/cli.js';

const STACK = /^\s+at /m;

describe('mdq serve --port', () => {
  it.each(['65536', '99999', '9007199254740993'])('refuses port %s with the usage (a port past 65535 made listen throw: exit 1, a message about options.port)', async (port) => {
    const r = await runCaptured(['serve', '--port', port]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`mdq serve: --port must be an integer of at least 0 and at most 65535, not "${port}"`);
    expect(r.stderr).toMatch(/\nusage: mdq serve /);
  });

  it('says in one line that a port is taken, exit 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const listening = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
      const r = await runCaptured(['serve', '--port', String(port), '--quiet', '--in-memory']);
      expect(r.code).toBe(1);
      // The failed start took back its Ctrl-C handlers (they stayed, and caught Ctrl-C in the process that ran it).
      expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(listening);
      expect(r.stderr).toBe(`mdq serve: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`);
      expect(r.stderr).not.toMatch(STACK);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
