/** Business areas, schemas (paged), Get Schema, datasets (paged), as the interface describes them. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleBusinessAreas, exampleSchemas } from '../../src/examples/index.js';
import { allPages, startApi, tenantPaths, type TestApi } from './helpers.js';

describe('metadata endpoints', () => {
  let api: TestApi;
  beforeAll(async () => (api = await startApi()));
  afterAll(() => api.emulator.close());

  it('lists the business areas as { response: [...] }', async () => {
    const response = await api.get('/v1/my/businessareas');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.body).toEqual({ response: exampleBusinessAreas });
  });

  it("answers the bare array of the interface's sample when asked to", async () => {
    const bare = await startApi({ bareArrayBusinessAreas: true });
    try {
      expect((await bare.get('/v1/my/businessareas')).body).toEqual(exampleBusinessAreas);
    } finally {
      await bare.emulator.close();
    }
  });

  it('pages schemas and datasets by opaque key, and every item appears exactly once', async () => {
    const { customer, schemaPath } = await tenantPaths(api);
    const first = await api.get(`${schemaPath}/datasets`);
    expect(first.body.items).toHaveLength(2);
    expect(typeof first.body.nextPageKey).toBe('string');
    const all = await allPages(api, `${schemaPath}/datasets`);
    expect(all.map((d) => d.dataSetName)).toEqual([
      'Retail Customers',
      'Wholesale Customers',
      'Customer Archive',
    ]);
    const schemas = await allPages(api, `/v1/businessareas/${customer.businessAreaId}/schemas`);
    expect(schemas.map((s) => s.name)).toEqual(['Customer', 'Customer Contact']);
    expect(schemas[0]).toMatchObject({
      fieldsCount: exampleSchemas[0]!.fields.length,
      dataSetCount: 3,
      state: 'published',
      deleted: false,
    });
  });

  it('counts the records and errored records of a dataset', async () => {
    const { schemaPath } = await tenantPaths(api);
    const [retail] = await allPages(api, `${schemaPath}/datasets`);
    const objects = await allPages(api, `${schemaPath}/datasets/${retail.dataSetId}/dataobjects`);
    expect(retail.recordCount).toBe(objects.length);
    expect(retail.erroredRecordsCount).toBe(objects.filter((o) => o._errors.length > 0).length);
    expect(retail.erroredRecordsCount).toBeGreaterThan(0);
  });

  it('rejects a page key that is made up or belongs to another list', async () => {
    const { customer, schemaPath } = await tenantPaths(api);
    const datasetKey = (await api.get(`${schemaPath}/datasets`)).body.nextPageKey;
    const crossed = await api.get(
      `/v1/businessareas/${customer.businessAreaId}/schemas?pageKey=${datasetKey}`,
    );
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toMatch(/invalid pageKey/);
    await fc.assert(
      fc.asyncProperty(fc.string(), async (key) => {
        const response = await api.get(`${schemaPath}/datasets?pageKey=${encodeURIComponent(key)}`);
        expect([200, 400]).toContain(response.status);
      }),
      { numRuns: 30 },
    );
  });

  it('takes an empty pageKey for the first page, as the service notes write it (dataobjects?pageKey=)', async () => {
    const { schemaPath, objectsPath } = await tenantPaths(api);
    for (const path of [`${schemaPath}/datasets`, objectsPath]) {
      const empty = await api.get(`${path}?pageKey=`);
      expect(empty.status, path).toBe(200);
      expect(empty.body).toEqual((await api.get(path)).body);
    }
  });

  it('answers Get Schema with the schema detail, fields in order', async () => {
    const { schemaPath } = await tenantPaths(api);
    const response = await api.get(schemaPath);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(exampleSchemas[0]);
  });

  it('answers 404 for a business area, schema or dataset that does not exist', async () => {
    const { customer, schemaPath } = await tenantPaths(api);
    for (const path of [
      '/v1/businessareas/nope/schemas',
      `/v1/businessareas/${customer.businessAreaId}/schemas/nope`,
      '/v1/businessareas/nope/schemas/nope/datasets',
      `${schemaPath}/datasets/nope/dataobjects`,
    ]) {
      const response = await api.get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.message).toMatch(/does not exist/);
    }
    // The schema of another business area is not found under this one.
    const product = (await api.get('/v1/my/businessareas')).body.response.find(
      (a: { name: string }) => a.name === 'product',
    );
    expect(
      (await api.get(schemaPath.replace(customer.businessAreaId, product.businessAreaId))).status,
    ).toBe(404);
  });

  it('pages at any page size without losing or repeating an item', async () => {
    const small = await startApi({ pageSize: 1, dataObjectPageSize: 7 });
    try {
      const { customer, schemaPath, objectsPath } = await tenantPaths(small);
      expect(
        (await allPages(small, `/v1/businessareas/${customer.businessAreaId}/schemas`)).length,
      ).toBe(2);
      expect((await allPages(small, `${schemaPath}/datasets`)).length).toBe(3);
      const ids = (await allPages(small, objectsPath)).map((o) => o._dataObjectId);
      expect(new Set(ids).size).toBe(ids.length);
      const reference = (await allPages(api, objectsPath)).map((o) => o._dataObjectId);
      expect(ids).toEqual(reference);
    } finally {
      await small.emulator.close();
    }
  });
});
