/** Every kind of bad request gets a clear JSON answer: never a crash, never a stack trace. */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, tenantPaths, type TestApi } from './helpers.js';

describe('HTTP edge cases', () => {
  let api: TestApi;
  let objectsPath: string;
  beforeAll(async () => {
    api = await startApi({ maxBodyBytes: 4096 });
    ({ objectsPath } = await tenantPaths(api));
  });
  afterAll(() => api.emulator.close());

  it('answers an unknown route with 404 and a wrong method with 405 and Allow', async () => {
    const unknown = await api.get('/v1/nothing/here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('no such endpoint: GET /v1/nothing/here');
    const wrong = await api.request('DELETE', '/v1/my/businessareas');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    const token = await api.request('GET', '/oauth2/token');
    expect(token.status).toBe(405);
    expect(token.headers.get('allow')).toBe('POST');
  });

  it('answers HEAD wherever GET is answered: the same status and headers, no body (it answered 405)', async () => {
    const [object] = (await api.get(objectsPath)).body.items;
    for (const path of [
      '/v1/my/businessareas',
      objectsPath,
      `${objectsPath}/${object._dataObjectId}`,
      '/openapi.json',
      '/dataobjects/search?query=John',
    ]) {
      const get = await api.get(path);
      const head = await api.request('HEAD', path);
      expect(head.status, path).toBe(200);
      expect(head.text, path).toBe('');
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-length'), path).toBe(get.headers.get('content-length'));
    }
    // Its errors are the GET's too: no token, unknown path, bad parameters.
    expect((await api.request('HEAD', '/v1/my/businessareas', { token: null })).status).toBe(401);
    expect((await api.request('HEAD', '/v1/nothing/here')).status).toBe(404);
    expect((await api.request('HEAD', '/dataobjects/search')).status).toBe(400);
  });

  it('never writes on HEAD: a path without GET answers 405, and an object HEAD addresses stays', async () => {
    const [object] = (await api.get(objectsPath)).body.items;
    const path = `${objectsPath}/${object._dataObjectId}`;
    const token = await api.request('HEAD', '/oauth2/token');
    expect(token.status).toBe(405);
    expect(token.headers.get('allow')).toBe('POST');
    expect((await api.request('HEAD', '/_emulator/faults')).status).toBe(405);
    expect((await api.request('HEAD', path)).status).toBe(200);
    const after = await api.get(path);
    expect(after.status).toBe(200);
    expect(after.body._version).toBe(object._version);
  });

  it('answers malformed JSON, a non-object body and a wrong content type clearly', async () => {
    const [object] = (await api.get(objectsPath)).body.items;
    const path = `${objectsPath}/${object._dataObjectId}`;
    const malformed = await api.request('PUT', path, {
      raw: '{"_version": 1,',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^the request body is not valid JSON/);
    const array = await api.request('PUT', path, { body: [1, 2] });
    expect(array.status).toBe(400);
    expect(array.body.message).toBe('the request body must be a JSON object');
    const text = await api.request('PUT', path, {
      raw: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const none = await api.request('PUT', path, { raw: '{}' });
    expect(none.status).toBe(415);
    // With a charset parameter, JSON is JSON.
    const charset = await api.request('PUT', path, {
      raw: JSON.stringify({ _version: object._version }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(204);
  });

  it('refuses an oversized body with 413, declared or streamed', async () => {
    const big = await api.request('POST', objectsPath, { body: { City: 'x'.repeat(10_000) } });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/larger than 4096 bytes/);
    // Chunked, so no Content-Length to refuse up front.
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(api.url + objectsPath);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: api.token,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.write(`{"City": "${'y'.repeat(3000)}`);
      req.write(`${'y'.repeat(3000)}"}`);
      req.end();
    });
    expect(status).toBe(413);
  });

  it('refuses a compressed body with 415 instead of reading its bytes as JSON', async () => {
    for (const header of ['Content-Encoding: gzip', 'Transfer-Encoding: gzip, chunked']) {
      const body = header.startsWith('Transfer') ? '2\r\n{}\r\n0\r\n\r\n' : '{}';
      const length = header.startsWith('Transfer') ? '' : 'Content-Length: 2\r\n';
      const answer = await rawExchange(
        api.url,
        `POST /oauth2/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${header}\r\n${length}\r\n${body}`,
      );
      expect(answer, header).toMatch(/^HTTP\/1\.1 415 /);
      expect(answer).toMatch(/compressed/);
    }
    // identity is no compression.
    const plain = await rawExchange(
      api.url,
      `POST /oauth2/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Encoding: identity\r\nContent-Length: 2\r\n\r\n{}`,
    );
    expect(plain).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('answers Expect: 100-continue with the 413 at once when the declared body is too large, and with 100 Continue otherwise', async () => {
    const tooLarge = await rawExchange(
      api.url,
      `POST ${objectsPath} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 99999999\r\n\r\n`,
    );
    expect(tooLarge).toMatch(/^HTTP\/1\.1 413 /);
    expect(tooLarge).not.toMatch(/100 Continue/);
    const body = JSON.stringify({ 'First Name': 'Continued' });
    const { hostname, port } = new URL(api.url);
    const answer = await new Promise<string>((resolve) => {
      let data = '';
      const socket = connect(Number(port), hostname, () =>
        socket.write(
          `POST ${objectsPath} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        ),
      );
      socket.on('data', (chunk) => {
        // The body goes only once the server said to go on.
        if (data === '' && String(chunk).startsWith('HTTP/1.1 100 Continue')) socket.write(body);
        data += chunk;
      });
      socket.on('close', () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 Created\r\n/);
  });

  it('answers bad percent-encoding in a path with 400', async () => {
    const response = await api.get(`${objectsPath}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/percent-encoding/);
  });

  it('routes the path as sent: one starting with // is not a host (//x/v1/my/businessareas answered as /v1/my/businessareas)', async () => {
    const status = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(api.url);
        const req = httpRequest(
          { host: url.hostname, port: url.port, path, headers: { authorization: api.token } },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await status('//x/v1/my/businessareas')).toBe(404);
    expect(await status('/v1/my/businessareas')).toBe(200);
    // The absolute form (RFC 9112 3.2.2), which a server must accept, names the same path.
    expect(await status(`${api.url}/v1/my/businessareas`)).toBe(200);
  });

  it('answers a malformed HTTP request with 400 and stays up', async () => {
    const raw = await new Promise<string>((resolve) => {
      const url = new URL(api.url);
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write('NOT HTTP AT ALL\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('close', () => resolve(data));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
  });

  it("answers a malformed request pipelined behind a change after that change's own answer (the 400 came first, read as the PUT's while the PUT was applied)", async () => {
    const object = (await api.get(objectsPath)).body.items[0];
    for (const garbage of [
      'NOT HTTP AT ALL\r\n\r\n',
      `GET /v1/my/businessareas HTTP/1.1\r\nX: ${'a'.repeat(17_000)}\r\n\r\n`,
    ]) {
      const body = JSON.stringify({
        _version: object._version,
        City: `Pipelined${garbage.length}`,
      });
      const put = `PUT ${objectsPath}/${object._dataObjectId} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      const raw = await new Promise<string>((resolve) => {
        const url = new URL(api.url);
        const socket = connect(Number(url.port), url.hostname, () => socket.write(put + garbage));
        let data = '';
        socket.on('data', (chunk) => (data += chunk));
        socket.on('close', () => resolve(data));
      });
      expect(raw).toMatch(/^HTTP\/1\.1 204 No Content\r\n[\s\S]*\r\n\r\nHTTP\/1\.1 4(00|31) /);
      const stored = (await api.get(`${objectsPath}/${object._dataObjectId}`)).body;
      expect(stored.City).toBe(`Pipelined${garbage.length}`);
      object._version = stored._version;
    }
  });

  it('answers pipelined requests in the order they came, whatever they are, and a malformed one after them all', async () => {
    const token = JSON.stringify({ client_id: 'mdq-demo', client_secret: 'wrong' });
    const kinds: Record<string, { text: () => string; status: string }> = {
      areas: {
        text: () =>
          `GET /v1/my/businessareas HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\n\r\n`,
        status: '200',
      },
      missing: { text: () => 'GET /nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n', status: '404' },
      credentials: {
        text: () =>
          `POST /oauth2/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${token.length}\r\n\r\n${token}`,
        status: '401',
      },
      tooLarge: {
        text: () =>
          'POST /oauth2/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n',
        status: '413',
      },
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('areas', 'missing', 'credentials'), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.boolean(),
        async (sequence, bodyRefused) => {
          const sent = bodyRefused ? [...sequence, 'tooLarge'] : sequence;
          const raw = await new Promise<string>((resolve) => {
            const url = new URL(api.url);
            const socket = connect(Number(url.port), url.hostname, () =>
              socket.write(`${sent.map((k) => kinds[k]!.text()).join('')}NOT HTTP\r\n\r\n`),
            );
            let data = '';
            socket.on('data', (chunk) => (data += chunk));
            socket.on('close', () => resolve(data));
          });
          const statuses = [...raw.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
          // A refused body (413) ends the connection: what follows it is never read.
          expect(statuses).toEqual([
            ...sent.map((k) => kinds[k]!.status),
            ...(bodyRefused ? [] : ['400']),
          ]);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('answers an HTTP/1.1 request without Host, and a CONNECT, with a JSON message (an empty 400, and a connection dropped without a word)', async () => {
    const exchange = (text: string) =>
      new Promise<string>((resolve) => {
        const url = new URL(api.url);
        const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
        let data = '';
        socket.on('data', (chunk) => (data += chunk));
        socket.on('close', () => resolve(data));
      });
    const noHost = await exchange('GET /openapi.json HTTP/1.1\r\n\r\n');
    expect(noHost).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(noHost.slice(noHost.indexOf('\r\n\r\n') + 4)).message).toMatch(/Host header/);
    // HTTP/1.0 has no Host to require.
    expect(await exchange('GET /openapi.json HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
    const tunnel = await exchange(
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    expect(tunnel).toMatch(/^HTTP\/1\.1 405 /);
    expect(tunnel).toMatch(/\r\nAllow: GET, HEAD, POST, PUT, DELETE\r\n/);
    expect(JSON.parse(tunnel.slice(tunnel.indexOf('\r\n\r\n') + 4)).message).toMatch(/not a proxy/);
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
  });

  it('answers a request line or headers over 16 KiB (a long query) with 431 and a message, and stays up', async () => {
    const raw = await new Promise<string>((resolve) => {
      const url = new URL(api.url);
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write(
          `GET /dataobjects/search?query=${'a'.repeat(1 << 20)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
        ),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('error', () => {});
      socket.on('close', () => resolve(data));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).message).toMatch(
      /larger than 16 KiB/,
    );
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
  });

  it('never puts a stack trace in a body', async () => {
    const bodies = await Promise.all([
      api.get('/%'),
      api.request('PUT', `${objectsPath}/x`, {
        raw: '\u0000',
        headers: { 'content-type': 'application/json' },
      }),
      api.request('POST', '/oauth2/token', {
        raw: 'null',
        headers: { 'content-type': 'application/json' },
        token: null,
      }),
    ]);
    for (const response of bodies) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.text).not.toMatch(/\n\s+at |\.ts:\d+/);
      expect(typeof response.body.message).toBe('string');
    }
  });
});

/** Sends raw bytes, resolves with everything that came back by the time the server closed (or 5 s passed). */
function rawExchange(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let data = '';
    const socket = connect(Number(port), hostname, () => socket.write(text));
    const timer = setTimeout(() => socket.destroy(), 5000);
    socket.on('data', (chunk) => {
      data += chunk;
      // One whole JSON answer is enough: the connection may be kept alive.
      const head = data.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(data);
      if (head >= 0 && length !== null && data.length >= head + 4 + Number(length[1]))
        socket.destroy();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.on('error', () => {});
  });
}
