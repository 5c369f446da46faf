/** Issue 30, item 8: the emulator serves only the hosts it is reached by legitimately (a guard against DNS rebinding). */
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostFilter } from '../../../src/emulator/http/allowed-hosts.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';

/** A GET with the Host header given (fetch cannot set it). */
function getWithHost(
  url: string,
  path: string,
  host: string | undefined,
): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: 'GET',
        setHost: host === undefined,
        headers: host === undefined ? {} : { Host: host },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('hostFilter', () => {
  it('serves localhost, IP addresses, the listening host and the names given, in any case and with any port', () => {
    const allowed = hostFilter('0.0.0.0', ['dev.example.test']);
    for (const host of [
      'localhost',
      'LOCALHOST:8787',
      '127.0.0.1:8787',
      '[::1]:8787',
      '192.168.1.20',
      'dev.example.test:8787',
      'Dev.Example.Test.',
      undefined,
    ])
      expect(allowed(host), String(host)).toBe(true);
    for (const host of ['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', 'a', ''])
      expect(allowed(host), host).toBe(false);
    expect(hostFilter('myhost.lan')('myhost.lan:1')).toBe(true);
    expect(hostFilter('::1')('[::1]')).toBe(true);
  });

  it('law: a name that is neither localhost, nor an address, nor given, is refused', () => {
    const allowed = hostFilter('127.0.0.1', ['given.test']);
    fc.assert(
      fc.property(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 })), (name, port) => {
        fc.pre(!['localhost', 'given.test'].includes(name.toLowerCase()));
        expect(allowed(port === null ? name : `${name}:${port}`)).toBe(false);
      }),
    );
  });
});

describe('the emulator behind a rebinding name', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, allowedHosts: ['mdq.test'] });
  });
  afterAll(() => emulator.close());

  it('regression: a request with a foreign Host is refused with a 403, the control endpoint and the token endpoint included', async () => {
    for (const path of ['/openapi.json', '/_emulator/faults', '/v1/my/businessareas']) {
      const refused = await getWithHost(emulator.url, path, 'rebind.attacker.example:8787');
      expect(refused.status, path).toBe(403);
      expect(JSON.parse(refused.body).message).toMatch(
        /does not serve the host 'rebind\.attacker\.example'.*--allowed-host/,
      );
    }
  });

  it('serves its own names', async () => {
    const port = new URL(emulator.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `mdq.test:${port}`])
      expect((await getWithHost(emulator.url, '/openapi.json', host)).status, host).toBe(200);
  });
});
