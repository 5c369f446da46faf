/**
 * Clients that ask for large answers and never read them: each answer is cut (its connection
 * reset) once it has waited `sendTimeoutMs` to be sent, so it cannot hold the emulator's
 * memory, and the emulator keeps answering the others meanwhile; past `maxUnsentBytes` of
 * answers waiting at once, an answer is a 503 with Retry-After instead (large answers never take
 * the eighth of it kept for small ones).
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { startApi, type TestApi } from './helpers.js';

/** Sends the request (`requests` times, pipelined) and reads nothing: the answers back up into the emulator. */
function stalledClient(api: TestApi, path: string, requests = 1): Socket {
  const { hostname, port } = new URL(api.url);
  const socket = connect(Number(port), hostname, () =>
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\n\r\n`.repeat(
        requests,
      ),
    ),
  );
  socket.pause();
  socket.on('error', () => {});
  return socket;
}

/** Reads what the socket has (and what still comes) until it closes; whether it ended in an error. */
function drain(socket: Socket): Promise<{ text: string; reset: boolean }> {
  let text = '';
  let reset = false;
  return new Promise((resolve) => {
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => (reset = true));
    socket.on('close', () => resolve({ text, reset }));
    socket.resume();
  });
}

const bigSearch = `/dataobjects/search?${new URLSearchParams({ query: '*:*', size: '10000' })}`;

/**
 * The big answer, read whole by a client that reads. On a loaded machine this test's own
 * process can stop reading for longer than the send timeout, and the emulator then cuts this
 * reader too (as it should: it cannot tell); a few tries tell a slow reader from a broken answer.
 */
async function readBig(api: TestApi) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await api.get(bigSearch);
    } catch (error) {
      const cut = (error as { cause?: { code?: string } }).cause?.code;
      if (attempt === 5 || cut !== 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') throw error;
    }
  }
}

let api: TestApi | undefined;
afterEach(async () => {
  await api?.emulator.close();
  api = undefined;
});

describe('the send timeout', () => {
  it('resets the connection of clients that do not read a large answer, and answers others meanwhile', async () => {
    const lines: string[] = [];
    api = await startApi({
      records: 20_000,
      sendTimeoutMs: 500,
      quiet: false,
      log: (line) => lines.push(line),
    });
    const whole = await readBig(api);
    expect(whole.status).toBe(200);
    const bytes = Buffer.byteLength(whole.text);
    // Larger than what the kernel buffers of a loopback connection take in, so the answer backs up.
    expect(bytes).toBeGreaterThan(6 * 1024 * 1024);

    // Only the cuts from here on: on a loaded machine readBig's own first try may have been cut too.
    const cutsBefore = lines.length;
    const stalled = Array.from({ length: 3 }, () => stalledClient(api!, bigSearch));
    // While they hold their answers, others are answered.
    const others = await Promise.all(
      Array.from({ length: 3 }, () => api!.get('/v1/my/businessareas')),
    );
    expect(others.map((r) => r.status)).toEqual([200, 200, 200]);

    await expect
      .poll(
        () =>
          lines
            .slice(cutsBefore)
            .filter((l) => l.includes(' cut: the client took no answer within 500 ms')).length,
        { timeout: 10_000, interval: 50 },
      )
      .toBe(3);
    expect(lines.slice(cutsBefore).find((l) => l.includes(' cut: '))).toMatch(
      /^GET \/dataobjects\/search 200 cut: /,
    );
    // What the clients read now is a part of the answer before the connection ends: never the whole.
    for (const socket of stalled) {
      const { text } = await drain(socket);
      expect(Buffer.byteLength(text)).toBeLessThan(bytes);
    }
    expect((await readBig(api)).status).toBe(200);
  });

  it('cuts a pipelined connection whose answers wait behind one the client does not read', async () => {
    const lines: string[] = [];
    api = await startApi({
      records: 20_000,
      sendTimeoutMs: 500,
      quiet: false,
      log: (line) => lines.push(line),
    });
    const bytes = Buffer.byteLength((await readBig(api)).text);
    const cutsBefore = lines.length;
    const pipelined = stalledClient(api, bigSearch, 3);
    await expect
      .poll(() => lines.slice(cutsBefore).some((l) => l.includes(' cut: ')), {
        timeout: 10_000,
        interval: 50,
      })
      .toBe(true);
    const { text } = await drain(pipelined);
    expect(Buffer.byteLength(text)).toBeLessThan(bytes);
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
  });

  it("leaves a client that reads its answer alone, and refuses a send timeout outside a timer's range", async () => {
    const lines: string[] = [];
    api = await startApi({ sendTimeoutMs: 200, quiet: false, log: (line) => lines.push(line) });
    const slowReader = stalledClient(api, '/v1/my/businessareas');
    // A small answer fits in the kernel's buffers: it is sent even though the client reads it late.
    await new Promise((resolve) => setTimeout(resolve, 400));
    slowReader.end();
    const { text, reset } = await drain(slowReader);
    expect(reset).toBe(false);
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(lines.some((l) => l.includes(' cut: '))).toBe(false);
    for (const sendTimeoutMs of [0, -1, 1.5, Number.NaN, 2 ** 31])
      await expect(startEmulator({ sendTimeoutMs })).rejects.toThrow(/sendTimeoutMs/);
  });

  it('answers 503 with Retry-After past the budget of unsent bytes, and takes answers again once they are sent or cut', async () => {
    const lines: string[] = [];
    api = await startApi({
      records: 20_000,
      sendTimeoutMs: 1500,
      maxUnsentBytes: 1024 * 1024,
      quiet: false,
      log: (line) => lines.push(line),
    });
    // Larger than the whole budget, it still goes when no other answer waits; read at once, it is given back.
    const first = await api.get(bigSearch);
    expect(first.status).toBe(200);
    expect((await api.get(bigSearch)).status).toBe(200);
    const stalled = stalledClient(api, bigSearch);
    await expect
      .poll(() => lines.filter((l) => l.startsWith('GET /dataobjects/search 200')).length, {
        timeout: 10_000,
        interval: 20,
      })
      .toBe(3);
    // It holds all the budget large answers may take: other large answers must wait.
    const refused = await api.get(bigSearch);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.body.message).toMatch(/too many answers waiting/);
    expect(lines.at(-1)).toMatch(/^GET \/dataobjects\/search 503 /);
    // Small answers still go, from the reserve large ones never take (they were refused too: one slow reader shut everyone out).
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
    expect(
      (await api.get(`/dataobjects/search?${new URLSearchParams({ query: '*:*', size: '50' })}`))
        .status,
    ).toBe(200);
    // Cut at the send timeout, its bytes come back: an answer larger than the budget goes again, so none are left over.
    await expect
      .poll(() => lines.some((l) => l.includes(' cut: ')), { timeout: 10_000, interval: 50 })
      .toBe(true);
    expect(Buffer.byteLength((await drain(stalled)).text)).toBeLessThan(
      Buffer.byteLength(first.text),
    );
    expect((await api.get(bigSearch)).status).toBe(200);
    // Clients that leave before their answers are written (two pipelined, held back by injected latency) hold nothing either.
    api.emulator.setFaults({ rules: [{ route: 'GET /dataobjects/search', latencyMs: 300 }] });
    const written = lines.length;
    const leaving = stalledClient(api, bigSearch, 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    leaving.destroy();
    await expect
      .poll(
        () => lines.slice(written).filter((l) => l.startsWith('GET /dataobjects/search ')).length,
        { timeout: 10_000, interval: 20 },
      )
      .toBeGreaterThan(0);
    api.emulator.setFaults(null);
    expect((await api.get(bigSearch)).status).toBe(200);
    for (const maxUnsentBytes of [0, -1, 1.5, Number.NaN])
      await expect(startEmulator({ maxUnsentBytes })).rejects.toThrow(/maxUnsentBytes/);
  });
});
