/** Listing, creating, updating (optimistic locking) and deleting data objects. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, startApi, tenantPaths, type TestApi } from './helpers.js';

describe('data objects', () => {
  let api: TestApi;
  let objectsPath: string;
  beforeAll(async () => {
    api = await startApi();
    ({ objectsPath } = await tenantPaths(api));
  });
  afterAll(() => api.emulator.close());

  const read = async (id: string) => (await api.get(`${objectsPath}/${id}`)).body;

  it('lists the objects of a dataset with _version and _errors, the example ones first', async () => {
    const first = await api.get(objectsPath);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(100);
    expect(first.body.items[0]).toMatchObject({
      _version: expect.any(Number),
      _errors: [],
      'First Name': 'Tim',
      'Last Name': 'Smith',
    });
  });

  it('creates an object, valid or not, and reports the broken values in _errors', async () => {
    const created = await api.request('POST', objectsPath, {
      body: {
        'Customer ID': 'C-99999999',
        'First Name': 'Ada',
        'Last Name': 'Lovelace',
        Status: 'ACT',
        Email: 'ada@example.com',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      _dataObjectId: expect.stringMatching(/^\d{17}[0-9a-f]{30}$/),
      _version: 1,
      _errors: [],
    });
    expect(await read(created.body._dataObjectId)).toMatchObject({
      _version: 1,
      'First Name': 'Ada',
    });
    const broken = await api.request('POST', objectsPath, {
      body: { 'First Name': 'Bob', Status: 'ACTIVE', Age: 'old', Tags: 'single' },
    });
    expect(broken.status).toBe(201);
    const names = broken.body._errors.map((e: { name: string }) => e.name);
    expect(names).toEqual(['Customer ID', 'Last Name', 'Age', 'Status']);
    expect(
      broken.body._errors.find((e: { name: string }) => e.name === 'Status').errors[0],
    ).toMatch(/not one of the codes ACT, INA, PRO, BLK/);
  });

  it('updates the fields sent, keeps the others, increments the version and answers 204', async () => {
    const [object] = (await api.get(objectsPath)).body.items;
    const response = await api.request('PUT', `${objectsPath}/${object._dataObjectId}`, {
      body: { _version: object._version, City: 'Potsdam', Phone: null },
    });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const after = await read(object._dataObjectId);
    expect(after._version).toBe(object._version + 1);
    expect(after.City).toBe('Potsdam');
    expect(after.Phone).toBeUndefined();
    expect(after['First Name']).toBe(object['First Name']);
  });

  it('rejects a stale _version with a 400 naming both versions, and changes nothing', async () => {
    const [, object] = (await api.get(objectsPath)).body.items;
    const response = await api.request('PUT', `${objectsPath}/${object._dataObjectId}`, {
      body: { _version: object._version + 5, City: 'Nowhere' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(`_version ${object._version + 5}`);
    expect(response.body.message).toContain(`stored version is ${object._version}`);
    expect(await read(object._dataObjectId)).toEqual(object);
  });

  it("requires _version as an integer, and knows only the schema's field names", async () => {
    const [, , object] = (await api.get(objectsPath)).body.items;
    const path = `${objectsPath}/${object._dataObjectId}`;
    expect((await api.request('PUT', path, { body: { City: 'X' } })).body.message).toMatch(
      /must carry _version/,
    );
    expect((await api.request('PUT', path, { body: { _version: '1' } })).status).toBe(400);
    const unknown = await api.request('PUT', path, {
      body: { _version: object._version, 'first name': 'x', _dataObjectId: 'y' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(
      /no field "first name", "_dataObjectId" in schema "Customer"/,
    );
    expect(await read(object._dataObjectId)).toEqual(object);
  });

  it('records values that break the rules in _errors on update too', async () => {
    const [, , , object] = (await api.get(objectsPath)).body.items;
    const path = `${objectsPath}/${object._dataObjectId}`;
    expect(
      (
        await api.request('PUT', path, {
          body: { _version: object._version, 'Date of Birth': '1990-01-01' },
        })
      ).status,
    ).toBe(204);
    expect((await read(object._dataObjectId))._errors).toEqual([
      { name: 'Date of Birth', errors: ['"1990-01-01" is not a date written MM/DD/YYYY'] },
    ]);
  });

  it('lets exactly one of several writers with the same version win', async () => {
    const [, , , , object] = (await api.get(objectsPath)).body.items;
    const path = `${objectsPath}/${object._dataObjectId}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.request('PUT', path, { body: { _version: object._version, City: `City ${i}` } }),
      ),
    );
    expect(results.filter((r) => r.status === 204)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(19);
    expect((await read(object._dataObjectId))._version).toBe(object._version + 1);
  });

  it('deletes softly: 204, then gone from every answer', async () => {
    const created = await api.request('POST', objectsPath, { body: { 'First Name': 'Temp' } });
    const path = `${objectsPath}/${created.body._dataObjectId}`;
    expect((await api.request('DELETE', path)).status).toBe(204);
    expect((await api.get(path)).status).toBe(404);
    expect((await api.request('DELETE', path)).status).toBe(404);
    expect((await api.request('PUT', path, { body: { _version: 1 } })).status).toBe(404);
    expect(
      (await allPages(api, objectsPath)).some(
        (o) => o._dataObjectId === created.body._dataObjectId,
      ),
    ).toBe(false);
  });

  it('never answers a 5xx to any update body', async () => {
    const [, , , , , object] = (await api.get(objectsPath)).body.items;
    const path = `${objectsPath}/${object._dataObjectId}`;
    const fieldName = fc.constantFrom(
      'City',
      'Age',
      'Tags',
      'Status',
      'Date of Birth',
      'VIP',
      'Loyalty Score',
      'Home Location',
      '_version',
      'nope',
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fieldName, fc.jsonValue({ maxDepth: 2 })), async (body) => {
        const response = await api.request('PUT', path, { body });
        expect([204, 400]).toContain(response.status);
        if (response.status === 400) expect(typeof response.body.message).toBe('string');
      }),
      { numRuns: 60 },
    );
  });
});

describe('paging data objects while they change', () => {
  it('sees every object once when a client deletes each page it reads (an offset key skipped half of them)', async () => {
    const api = await startApi({ dataObjectPageSize: 7 });
    try {
      const { objectsPath } = await tenantPaths(api);
      const before = (await allPages(api, objectsPath)).map((o) => o._dataObjectId as string);
      const seen: string[] = [];
      let key: string | undefined;
      do {
        const page = await api.get(
          `${objectsPath}${key === undefined ? '' : `?pageKey=${encodeURIComponent(key)}`}`,
        );
        expect(page.status).toBe(200);
        for (const object of page.body.items) {
          seen.push(object._dataObjectId);
          expect(
            (await api.request('DELETE', `${objectsPath}/${object._dataObjectId}`)).status,
          ).toBe(204);
        }
        key = page.body.nextPageKey;
      } while (key !== undefined);
      expect(seen).toEqual(before);
      expect((await api.get(objectsPath)).body).toEqual({ items: [] });
    } finally {
      await api.emulator.close();
    }
  });
});
