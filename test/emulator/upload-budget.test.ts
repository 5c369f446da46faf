/**
 * Many uploads at once: each body has its own limit (413), and together the bodies being
 * received have a budget (`maxUploadBytes`): past it a request is a 503 with Retry-After,
 * sent again later, instead of the emulator's memory filling with slow uploads.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { startApi, tenantPaths, type TestApi } from './helpers.js';

interface Upload {
  readonly socket: Socket;
  /** What came back so far. */
  received(): string;
  /** Resolves once a whole answer head has come back (or the connection closed). */
  readonly answered: Promise<string>;
}

/** Sends a request head and the start of its body, leaving the rest unsent. */
function upload(api: TestApi, path: string, headers: string, body: string): Upload {
  const { hostname, port } = new URL(api.url);
  let data = '';
  let done!: (text: string) => void;
  const answered = new Promise<string>((resolve) => (done = resolve));
  const socket = connect(Number(port), hostname, () => {
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\nContent-Type: application/json\r\n${headers}\r\n${body}`,
    );
  });
  socket.on('data', (chunk) => {
    data += chunk;
    if (data.includes('\r\n\r\n')) done(data);
  });
  socket.on('close', () => done(data));
  socket.on('error', () => {});
  return { socket, received: () => data, answered };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

let api: TestApi | undefined;
afterEach(async () => {
  await api?.emulator.close();
  api = undefined;
});

describe('the budget of bodies being received', () => {
  it('answers 503 with Retry-After past it, declared or streamed, and takes bodies again once others are done', async () => {
    api = await startApi({ maxBodyBytes: 1000, maxUploadBytes: 2500 });
    const { objectsPath } = await tenantPaths(api);
    const value = (n: number) => `{"City": "${'x'.repeat(n - 10)}`;
    // Two slow uploads hold 1 800 bytes between them.
    const slow = [
      upload(api, objectsPath, 'Content-Length: 1000\r\n', value(900)),
      upload(api, objectsPath, 'Content-Length: 1000\r\n', value(900)),
    ];
    await settle();
    expect(slow.map((u) => u.received())).toEqual(['', '']);
    // A third that declares 1 000 bytes would pass the budget: refused before its body is read.
    const declared = await upload(api, objectsPath, 'Content-Length: 1000\r\n', '').answered;
    expect(declared).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(declared).toMatch(/\r\nRetry-After: 1\r\n/i);
    expect(declared).toMatch(/\r\nConnection: close\r\n/i);
    // One without a declared length is cut once its chunks pass the budget.
    const streamed = upload(
      api,
      objectsPath,
      'Transfer-Encoding: chunked\r\n',
      `1f4\r\n${value(500)}\r\n`,
    );
    await settle();
    expect(streamed.received()).toBe('');
    streamed.socket.write(`1f4\r\n${'y'.repeat(500)}\r\n`);
    expect(await streamed.answered).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    // Asked first with Expect: 100-continue, it is refused before it is sent.
    const expecting = await upload(
      api,
      objectsPath,
      'Content-Length: 1000\r\nExpect: 100-continue\r\n',
      '',
    ).answered;
    expect(expecting).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    // A body over the per-body limit is still a 413.
    expect(await upload(api, objectsPath, 'Content-Length: 1001\r\n', '').answered).toMatch(
      /^HTTP\/1\.1 413 /,
    );
    // The slow uploads go away: their bytes are given back, and a whole body is taken again.
    for (const u of slow) u.socket.destroy();
    await settle();
    const body = JSON.stringify({ City: 'z'.repeat(980) });
    const created = await api.request('POST', objectsPath, {
      raw: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(201);
  });

  it('gives back the bytes of every body, read whole, refused or cut off: the budget never leaks', async () => {
    api = await startApi({ maxBodyBytes: 1000, maxUploadBytes: 1000 });
    const { objectsPath } = await tenantPaths(api);
    const body = JSON.stringify({ City: 'z'.repeat(950) });
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await api.request('POST', objectsPath, {
            raw: body,
            headers: { 'content-type': 'application/json' },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await api.request('POST', objectsPath, {
            raw: `${body.slice(0, -1)},`,
            headers: { 'content-type': 'application/json' },
          })
        ).status,
      ).toBe(400);
      const cut = upload(api, objectsPath, 'Content-Length: 1000\r\n', body.slice(0, 500));
      await settle();
      cut.socket.destroy();
      await settle();
    }
    expect(
      (
        await api.request('POST', objectsPath, {
          raw: body,
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a budget smaller than one body, and a budget that is not a positive integer', async () => {
    await expect(startEmulator({ maxBodyBytes: 2000, maxUploadBytes: 1000 })).rejects.toThrow(
      /maxUploadBytes/,
    );
    await expect(startEmulator({ maxUploadBytes: 0 })).rejects.toThrow(/maxUploadBytes/);
  });
});
