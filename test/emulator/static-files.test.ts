/** The static site (the playground) served at / for GET paths that are not API routes. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { startApi, type TestApi } from './helpers.js';

const base = mkdtempSync(join(tmpdir(), 'mdq-static-'));
const site = join(base, 'site');
mkdirSync(join(site, 'assets'), { recursive: true });
writeFileSync(join(site, 'index.html'), '<!doctype html><title>playground</title>');
writeFileSync(join(site, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(site, 'assets', 'style.css'), 'body{}');
writeFileSync(join(base, 'secret.txt'), 'outside the site');
symlinkSync(join(base, 'secret.txt'), join(site, 'link.txt'));

/** A raw request line, so that `..` reaches the server as written (fetch would normalise it). */
function raw(api: TestApi, path: string): Promise<string> {
  const url = new URL(api.url);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('close', () => resolve(data));
  });
}

describe('the static site', () => {
  let api: TestApi;
  beforeAll(async () => (api = await startApi({ staticDir: site })));
  afterAll(async () => {
    await api.emulator.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('answers HEAD on a file with its headers and no body', async () => {
    const head = await fetch(`${api.url}/assets/app.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(head.headers.get('content-length')).toBe(String('console.log(1)'.length));
    expect(await head.text()).toBe('');
  });

  it('serves index.html at / and files with their content types', async () => {
    const index = await fetch(`${api.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await index.text()).toContain('playground');
    const js = await fetch(`${api.url}/assets/app.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await fetch(`${api.url}/assets/style.css`)).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    expect((await fetch(`${api.url}/assets/`)).status).toBe(404);
  });

  it('leaves API routes to the API', async () => {
    expect((await api.get('/v1/my/businessareas')).body.response).toHaveLength(3);
    expect((await api.get('/openapi.json')).body.openapi).toBe('3.1.0');
    expect((await fetch(`${api.url}/index.html`, { method: 'POST' })).status).toBe(404);
  });

  it('never serves a file outside the folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/link.txt',
      '/%00',
    ]) {
      const answer = await raw(api, path);
      expect(answer, path).toMatch(/^HTTP\/1\.1 (404|400)/);
      expect(answer, path).not.toContain('outside the site');
    }
  });

  it('is off without staticDir', async () => {
    const plain = await startApi();
    try {
      expect((await plain.get('/')).status).toBe(404);
    } finally {
      await plain.emulator.close();
    }
  });

  it('answers 404 for a named pipe in the folder instead of waiting for a writer forever', async () => {
    execFileSync('mkfifo', [join(site, 'pipe.js')]);
    try {
      const pipe = await fetch(`${api.url}/pipe.js`, { signal: AbortSignal.timeout(10_000) });
      expect(pipe.status).toBe(404);
    } finally {
      rmSync(join(site, 'pipe.js'));
    }
  });

  it('refuses to start on a static folder that is missing or a file (it served 404s for every page, saying nothing)', async () => {
    await expect(startEmulator({ staticDir: join(base, 'missing') })).rejects.toThrow(
      /static folder .*missing.* is not a folder \(ENOENT\)/,
    );
    await expect(startEmulator({ staticDir: join(base, 'secret.txt') })).rejects.toThrow(
      /static folder .*secret\.txt.* is not a folder/,
    );
  });
});
