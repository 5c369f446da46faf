/** `mdq serve`'s port: out of range is bad usage (exit 2), taken is one line (exit 1); neither a stack trace. */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../support/cli.js';

const STACK = /^\s+at /m;

describe('mdq serve --port', () => {
  it.each(['65536', '99999', '9007199254740993'])(
    'refuses port %s with the usage (a port past 65535 made listen throw: exit 1, a message about options.port)',
    async (port) => {
      const r = await runCaptured(['serve', '--port', port]);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(
        `mdq serve: --port must be an integer of at least 0 and at most 65535, not "${port}"`,
      );
      expect(r.stderr).toMatch(/\nusage: mdq serve /);
    },
  );

  it('says in one line that a port is taken, exit 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const listening = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
      const r = await runCaptured(['serve', '--port', String(port), '--quiet', '--in-memory']);
      expect(r.code).toBe(1);
      // The failed start took back its Ctrl-C handlers (they stayed, and caught Ctrl-C in the process that ran it).
      expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(
        listening,
      );
      expect(r.stderr).toBe(
        `mdq serve: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`,
      );
      expect(r.stderr).not.toMatch(STACK);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('warns that a non-loopback --host opens the faults and the data to the network, and stays quiet on loopback', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const wide = await runCaptured([
        'serve',
        '--host',
        '0.0.0.0',
        '--port',
        String(port),
        '--quiet',
        '--in-memory',
      ]);
      const [warning, failure] = wide.stderr.split('\n');
      expect(warning).toBe(
        'mdq serve: --host 0.0.0.0 is not a loopback address: whoever reaches it can change the faults at /_emulator/faults (they ask no token) and, with the demo client, read and write the data; the emulator is for development and tests',
      );
      expect(failure).toMatch(/^mdq serve: listen EADDRINUSE/);
      const local = await runCaptured([
        'serve',
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
        '--quiet',
        '--in-memory',
      ]);
      expect(local.stderr).not.toContain('loopback');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
