/** The OpenAPI document: served, complete (every route documented), and the validator really checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/emulator/index.js';
import { ROUTES } from '../../src/emulator/routes/index.js';
import { startApi, type TestApi } from './helpers.js';
import { problemOf } from './openapi-recorder.js';

describe('the OpenAPI document', () => {
  let api: TestApi;
  beforeAll(async () => (api = await startApi()));
  afterAll(() => api.emulator.close());

  it('is served at /openapi.json without a token, as OpenAPI 3.1', async () => {
    const response = await api.get('/openapi.json', { token: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(JSON.parse(JSON.stringify(openApiDocument)));
    expect(response.body.openapi).toBe('3.1.0');
  });

  it('documents exactly the routes the emulator has', () => {
    const documented = Object.entries(openApiDocument.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (m) => `${m.toUpperCase()} ${path.replace(/\{dataSetId\}/g, '{dataSetId}')}`,
      ),
    );
    const routes = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(documented)).toEqual(new Set(routes));
  });

  it('documents 401 and the injected fault statuses on every operation behind a token', () => {
    for (const [path, operations] of Object.entries(openApiDocument.paths)) {
      for (const [method, operation] of Object.entries(
        operations as Record<string, { responses: Record<string, unknown>; security?: unknown[] }>,
      )) {
        if (operation.security?.length === 0) continue;
        for (const status of ['401', '429', '500', '503'])
          expect(operation.responses, `${method} ${path} ${status}`).toHaveProperty(status);
      }
    }
  });

  it('catches a response that breaks it', () => {
    const base = {
      method: 'GET',
      path: '/dataobjects/search',
      contentType: 'application/json',
      text: '{}',
    };
    expect(problemOf({ ...base, status: 200, body: { hits: [], total: 0 } })).toBeNull();
    expect(problemOf({ ...base, status: 200, body: { hits: 'none', total: 0 } })).toMatch(
      /must be array/,
    );
    expect(
      problemOf({ ...base, status: 200, body: { hits: [{ _dataObjectId: 'x' }], total: 1 } }),
    ).toMatch(/must have required property '_businessAreaName'/);
    expect(problemOf({ ...base, status: 418, body: { message: 'x' } })).toMatch(
      /status not documented/,
    );
    expect(problemOf({ ...base, status: 400, body: { error: 'x' } })).toMatch(
      /must have required property 'message'/,
    );
    expect(problemOf({ ...base, method: 'PUT', status: 405, body: { message: 'x' } })).toBeNull();
    expect(problemOf({ ...base, path: '/nope', status: 200, body: {} })).toMatch(
      /not an operation/,
    );
    expect(
      problemOf({
        ...base,
        method: 'PUT',
        path: '/v1/businessareas/a/schemas/b/datasets/c/dataobjects/d',
        status: 204,
        body: undefined,
        text: 'x',
      }),
    ).toMatch(/without a body/);
  });
});
