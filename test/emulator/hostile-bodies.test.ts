/**
 * Request bodies an attacker or a careless client sends: nested past any sensible depth,
 * not UTF-8, cut short, or any JSON at all on any route. Each is a 4xx that changes
 * nothing, or a 2xx whose change survives a restart; never a 5xx, never a crash.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/emulator/http/json-depth.js';
import { allPages, startApi, tenantPaths, type TestApi } from './helpers.js';

const nested = (depth: number, inner = '"x"') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('JSON nesting depth', () => {
  it('is the depth of the deepest array or object, brackets inside strings not counted', () => {
    const depth = (text: string) => {
      for (let limit = 0; ; limit++) if (!nestsDeeperThan(Buffer.from(text), limit)) return limit;
    };
    expect(depth('1')).toBe(0);
    expect(depth('{"a": [1, {"b": []}], "c": {}}')).toBe(4);
    expect(depth('["[[[[", "\\"[[[", {"}}}": "{{{{"}]')).toBe(2);
    expect(depth(nested(50))).toBe(50);
  });

  it('agrees with the parsed value for any JSON', () => {
    const measured = (value: unknown): number =>
      typeof value === 'object' && value !== null
        ? 1 + Math.max(0, ...Object.values(value).map(measured))
        : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.nat(8), (value, limit) => {
        expect(nestsDeeperThan(Buffer.from(JSON.stringify(value), 'utf8'), limit)).toBe(
          measured(value) > limit,
        );
      }),
    );
  });
});

describe('hostile request bodies', () => {
  let dir: string;
  let api: TestApi;
  let objectsPath: string;
  const restart = async () => {
    await api.emulator.close();
    const token = api.token;
    api = await startApi({ dataDir: dir, quiet: false, log: (line) => lines.push(line) });
    expect(api.token).not.toBe(token);
  };
  const lines: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mdq-hostile-'));
    api = await startApi({ dataDir: dir, quiet: false, log: (line) => lines.push(line) });
    ({ objectsPath } = await tenantPaths(api));
  });
  afterAll(async () => {
    await api.emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a body nested deeper than 1 000 levels with a 400 and creates nothing (it used to be created, then answered 500 and never written)', async () => {
    const before = (await allPages(api, objectsPath)).length;
    for (const field of ['City', 'Tags', 'Home Location']) {
      for (const depth of [MAX_JSON_DEPTH + 1, 100_000]) {
        const response = await api.request('POST', objectsPath, {
          raw: `{"${field}": ${nested(depth)}}`,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.status, `${field} ${depth}`).toBe(400);
        expect(response.body.message).toBe(
          `the request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`,
        );
      }
    }
    const [object] = (await api.get(objectsPath)).body.items;
    const update = await api.request('PUT', `${objectsPath}/${object._dataObjectId}`, {
      raw: `{"_version": ${object._version}, "Tags": ${nested(20_000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(update.status).toBe(400);
    expect((await api.get(`${objectsPath}/${object._dataObjectId}`)).body._version).toBe(
      object._version,
    );
    expect((await allPages(api, objectsPath)).length).toBe(before);
    expect(lines.filter((line) => line.startsWith('error:'))).toEqual([]);
  });

  it('keeps a body nested exactly 1 000 levels deep: created, searched, listed and there after a restart', async () => {
    const value = JSON.parse(nested(MAX_JSON_DEPTH - 1, '"deepword"'));
    for (const field of ['Home Location', 'Tags', 'City']) {
      const created = await api.request('POST', objectsPath, {
        body: { 'First Name': 'Deep', [field]: value },
      });
      expect(created.status, field).toBe(201);
      const search = await api.get(
        `/dataobjects/search?query=${encodeURIComponent('deepword OR Deep')}&size=1`,
      );
      expect(search.status).toBe(200);
    }
    await restart();
    const deep = (await allPages(api, objectsPath)).filter((o) => o['First Name'] === 'Deep');
    expect(deep).toHaveLength(3);
    expect(deep.map((o) => o['Home Location'] ?? o.Tags ?? o.City)).toEqual([value, value, value]);
    expect(lines.filter((line) => line.startsWith('error:'))).toEqual([]);
  });

  it('reads back after a restart exactly the values it acknowledged, lone surrogates and line separators included', async () => {
    const created = new Map<string, unknown>();
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('\ud800', '\udfff', '\u2028', '\u0000', '"', '\\', '\n'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(text, fc.jsonValue({ maxDepth: 3 }), fc.dictionary(text, text)),
        async (value) => {
          const response = await api.request('POST', objectsPath, {
            body: { 'Home Location': value },
          });
          expect(response.status).toBe(201);
          // A null value is no value (as on update, where null clears a field).
          created.set(
            response.body._dataObjectId,
            value === null ? undefined : JSON.parse(JSON.stringify(value)),
          );
        },
      ),
      { numRuns: 40 },
    );
    await restart();
    for (const [id, value] of created)
      expect((await api.get(`${objectsPath}/${id}`)).body['Home Location'], id).toEqual(value);
  });

  it("refuses a number beyond a double's range (it was served as Infinity, written as null, and gone after a restart)", async () => {
    const before = (await allPages(api, objectsPath)).length;
    const object = (await api.get(objectsPath)).body.items[0];
    for (const number of ['1e309', '-1e400', `1${'0'.repeat(400)}`]) {
      for (const raw of [
        `{"Loyalty Score": ${number}}`,
        `{"Home Location": {"lat": [1, ${number}]}}`,
      ]) {
        const created = await api.request('POST', objectsPath, {
          raw,
          headers: { 'content-type': 'application/json' },
        });
        expect(created.status).toBe(400);
        expect(created.body.message).toMatch(/beyond the range of a double/);
        const updated = await api.request('PUT', `${objectsPath}/${object._dataObjectId}`, {
          raw: raw.replace('{', `{"_version": ${object._version}, `),
          headers: { 'content-type': 'application/json' },
        });
        expect(updated.status).toBe(400);
      }
    }
    expect((await allPages(api, objectsPath)).length).toBe(before);
    expect((await api.get(`${objectsPath}/${object._dataObjectId}`)).body._version).toBe(
      object._version,
    );
    // The largest double is a number like any other.
    const largest = await api.request('POST', objectsPath, {
      raw: '{"Loyalty Score": 1.7976931348623157e308}',
      headers: { 'content-type': 'application/json' },
    });
    expect(largest.status).toBe(201);
    await restart();
    expect(
      (await api.get(`${objectsPath}/${largest.body._dataObjectId}`)).body['Loyalty Score'],
    ).toBe(Number.MAX_VALUE);
  });

  it('refuses a body that is not UTF-8 with a 400 instead of storing U+FFFD', async () => {
    const before = (await allPages(api, objectsPath)).length;
    const body = Buffer.concat([
      Buffer.from('{"City": "M'),
      Buffer.from([0xfc]),
      Buffer.from('nchen"}'),
    ]);
    const response = await fetch(api.url + objectsPath, {
      method: 'POST',
      headers: { authorization: api.token, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'the request body is not valid UTF-8',
    );
    expect((await allPages(api, objectsPath)).length).toBe(before);
  });

  it('reads a body that starts with a UTF-8 byte order mark, as Jackson does', async () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"First Name": "Bom"}'),
    ]);
    const response = await fetch(api.url + objectsPath, {
      method: 'POST',
      headers: { authorization: api.token, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(201);
    const { _dataObjectId: id } = (await response.json()) as { _dataObjectId: string };
    expect((await api.get(`${objectsPath}/${id}`)).body['First Name']).toBe('Bom');
  });

  it('answers a body cut short by a client that goes away as a 400 in the log, not an internal error', async () => {
    const before = (await allPages(api, objectsPath)).length;
    const url = new URL(api.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST ${objectsPath} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${api.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"City": "Ha`,
        );
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => resolve());
    });
    await expect
      .poll(() => lines.some((line) => line.startsWith(`POST ${objectsPath} 400 `)))
      .toBe(true);
    expect(lines.filter((line) => line.startsWith('error:'))).toEqual([]);
    expect((await allPages(api, objectsPath)).length).toBe(before);
  });

  it('answers any query parameters, repeated or not, on any GET route with a status below 500', async () => {
    const { schemaPath } = await tenantPaths(api);
    const [object] = (await api.get(objectsPath)).body.items;
    const paths = [
      '/dataobjects/search',
      '/v1/my/businessareas',
      schemaPath,
      `${schemaPath}/datasets`,
      objectsPath,
      `${objectsPath}/${object._dataObjectId}`,
      '/openapi.json',
    ];
    const name = fc.constantFrom(
      'query',
      'from',
      'size',
      'pageKey',
      'businessArea',
      'schema',
      'dataSet',
      '__proto__',
      'constructor',
      '',
    );
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '-1',
        'NaN',
        '1e309',
        '9999999999',
        '0x10',
        ' 5 ',
        '',
        'all',
        'a'.repeat(5000),
        '%zz',
        '*:*',
        '()',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.array(fc.tuple(name, value), { maxLength: 6 }),
        async (path, params) => {
          const response = await api.get(`${path}?${new URLSearchParams(params)}`);
          expect(response.status, `${path} ${JSON.stringify(params)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('answers any JSON body on any route with a status below 500, and serves on', async () => {
    const prototypeNames = Object.getOwnPropertyNames(Object.prototype);
    const [object] = (await api.get(objectsPath)).body.items;
    const routes: [string, string][] = [
      ['POST', '/oauth2/token'],
      ['POST', objectsPath],
      ['PUT', `${objectsPath}/${object._dataObjectId}`],
      ['PUT', '/_emulator/faults'],
      ['DELETE', '/v1/my/businessareas'],
      ['DELETE', `${objectsPath}/no-such-object`],
    ];
    const key = fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'City',
      'Tags',
      'Age',
      '_version',
      'client_id',
      'client_secret',
      'rules',
      'a.b',
      ' ',
      '',
      'x'.repeat(300),
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(key, fc.jsonValue({ maxDepth: 3 })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async ([method, path], value) => {
        const response = await api.request(method, path, {
          raw: JSON.stringify(value),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.status, JSON.stringify(value)).toBeLessThan(500);
        expect(typeof response.body?.message === 'string' || response.status < 300).toBe(true);
        // A fault config it accepted must not fault the next runs.
        if (path === '/_emulator/faults') await api.request('DELETE', path, { token: null });
      }),
      { numRuns: 80 },
    );
    expect((await api.get('/v1/my/businessareas')).status).toBe(200);
    // No body reached Object.prototype.
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeNames);
  });
});
