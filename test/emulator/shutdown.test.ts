/**
 * close() (Ctrl-C, SIGTERM) finishes what was acknowledged or under way, but nothing a
 * client can stall keeps it waiting: an upload that stops half-way, injected latency.
 * (Both held close() for minutes: until Node's 5-minute request timeout, or the latency.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { Journal } from '../../src/emulator/store/journal.js';
import { allPages, startApi, tenantPaths } from './helpers.js';

/** Holds every journal write until `open()`: a change in flight for as long as a test needs. */
function holdJournal(): { open: () => void } {
  const original = Journal.prototype.append;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  // Every argument passed on: `settled` tells the store when the line is on disk.
  vi.spyOn(Journal.prototype, 'append').mockImplementation(async function (
    this: Journal,
    ...args: Parameters<Journal['append']>
  ) {
    await gate;
    return original.apply(this, args);
  });
  return { open };
}

/** Rejects when `promise` has not settled after `ms`: a close() that hangs fails the test instead of timing it out. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) =>
      (timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

afterEach(() => vi.restoreAllMocks());

/** Sends `head` and then nothing more; resolves once the server has read it, with the socket and whatever came back. */
function stall(
  url: string,
  head: string,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let data = '';
    let closed!: () => void;
    const closedPromise = new Promise<void>((r) => (closed = r));
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      setTimeout(() => resolve({ socket, received: () => data, closed: closedPromise }), 150);
    });
    socket.on('data', (chunk) => (data += chunk));
    socket.on('close', () => closed());
    socket.on('error', () => {});
  });
}

describe('stopping the emulator', () => {
  it('does not wait for an upload that stalled half-way, and changes nothing for it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mdq-shutdown-'));
    try {
      let api = await startApi({ dataDir: dir });
      const { objectsPath } = await tenantPaths(api);
      const count = (await allPages(api, objectsPath)).length;
      const stalled = await stall(
        api.url,
        `POST ${objectsPath} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"City": "Half`,
      );
      // An acknowledged write under way at the same time is kept.
      const acknowledged = api.request('POST', objectsPath, { body: { 'First Name': 'Kept' } });
      expect((await acknowledged).status).toBe(201);
      await api.emulator.close();
      await stalled.closed;
      api = await startApi({ dataDir: dir });
      const items = (await allPages(api, objectsPath)) as {
        City?: string;
        'First Name'?: string;
      }[];
      expect(items).toHaveLength(count + 1);
      expect(items.some((o) => o['First Name'] === 'Kept')).toBe(true);
      expect(items.some((o) => o.City === 'Half')).toBe(false);
      await api.emulator.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends injected latency at once, dropping those requests unhandled', async () => {
    const api = await startApi();
    const { objectsPath } = await tenantPaths(api);
    const [object] = (await api.get(objectsPath)).body.items;
    api.emulator.setFaults({ rules: [{ latencyMs: 600_000 }] });
    const waiting = await stall(
      api.url,
      `DELETE ${objectsPath}/${object._dataObjectId} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\n\r\n`,
    );
    await api.emulator.close();
    await waiting.closed;
    expect(waiting.received()).toBe('');
  });

  it('answers a complete request that arrived before close(), while one held by latency is dropped', async () => {
    const api = await startApi();
    const { objectsPath } = await tenantPaths(api);
    api.emulator.setFaults({ rules: [{ route: 'GET /v1/my/businessareas', latencyMs: 600_000 }] });
    const body = JSON.stringify({ 'First Name': 'Finished' });
    const created = await stall(
      api.url,
      `POST ${objectsPath} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const held = await stall(
      api.url,
      `GET /v1/my/businessareas HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\n\r\n`,
    );
    await api.emulator.close();
    await Promise.all([created.closed, held.closed]);
    expect(created.received()).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(held.received()).toBe('');
  });

  it('answers a request that arrives on a keep-alive connection after close() began with 503 and Connection: close (a stalled one held close() without end)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mdq-shutdown-'));
    try {
      let api = await startApi({ dataDir: dir });
      const { objectsPath } = await tenantPaths(api);
      const journal = holdJournal();
      const body = JSON.stringify({ 'First Name': 'In flight' });
      // A change under way when close() begins, and a connection that has begun its next request.
      const inFlight = await stall(
        api.url,
        `POST ${objectsPath} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      const late = await stall(api.url, `POST ${objectsPath} HTTP/1.1\r\nHost: localhost\r\n`);
      const closed = api.emulator.close();
      // The rest of that request arrives after close() began, its body never complete.
      late.socket.write(
        `Authorization: ${api.token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"City": "Late`,
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      journal.open();
      await within(closed, 10_000, 'close()');
      await Promise.all([inFlight.closed, late.closed]);
      expect(inFlight.received()).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
      expect(inFlight.received()).toMatch(/\r\nConnection: close\r\n/i);
      expect(late.received()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
      expect(late.received()).toMatch(/\r\nConnection: close\r\n/i);
      expect(late.received()).toMatch(/\r\nRetry-After: \d+\r\n/i);
      vi.restoreAllMocks();
      api = await startApi({ dataDir: dir });
      const items = (await allPages(api, objectsPath)) as {
        City?: string;
        'First Name'?: string;
      }[];
      expect(items.some((o) => o['First Name'] === 'In flight')).toBe(true);
      expect(items.some((o) => o.City === 'Late')).toBe(false);
      await api.emulator.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a request in flight a short grace period, then cuts it: close() ends, and nothing unanswered was acknowledged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mdq-shutdown-'));
    try {
      const api = await startApi({ dataDir: dir, shutdownGraceMs: 200 });
      const { objectsPath } = await tenantPaths(api);
      const journal = holdJournal();
      const body = JSON.stringify({ 'First Name': 'Never answered' });
      const held = await stall(
        api.url,
        `POST ${objectsPath} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      await within(api.emulator.close(), 10_000, 'close()');
      await held.closed;
      expect(held.received()).toBe('');
      journal.open();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('closes an idle keep-alive connection at once', async () => {
    const api = await startApi();
    const idle = await stall(
      api.url,
      `GET /v1/my/businessareas HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\n\r\n`,
    );
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    await within(api.emulator.close(), 10_000, 'close()');
    await within(idle.closed, 1000, 'the idle connection');
  });

  it('refuses a grace period out of range before it takes the data folder, which stays free', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mdq-shutdown-'));
    try {
      for (const shutdownGraceMs of [-1, Number.NaN, 600_001])
        await expect(startEmulator({ dataDir: dir, shutdownGraceMs })).rejects.toThrow(
          /shutdownGraceMs must be an integer between 0 and 600000/,
        );
      const api = await startApi({ dataDir: dir, shutdownGraceMs: 0 });
      await api.emulator.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
