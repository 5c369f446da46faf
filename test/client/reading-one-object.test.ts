/** Issue 30, item 12: reading one object costs one listing page once it was found, and updateWithRetry has an overall deadline. */
import { describe, expect, it } from 'vitest';
import { createClient, TimeoutError, WriteOutcomeUnknownError } from '../../src/client/index.js';
import { HANG, fakeClock, type Recorded } from './support/fake-fetch.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  catalogue,
  fakeService,
  type FakeServiceOptions,
} from './support/fake-service.js';

const listings = (requests: readonly Recorded[]) =>
  requests.filter((r) => r.method === 'GET' && r.path.endsWith('/dataobjects')).length;

function setup(options: FakeServiceOptions = {}) {
  const service = fakeService({ pageSize: 1, ...options });
  const client = createClient({
    baseUrl: 'http://service.test',
    credentials: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    fetch: service.fetch,
    clock: fakeClock(() => 0.5).clock,
  });
  return { service, client };
}

describe('reading one object', () => {
  it('regression: the second read of an object deep in the listing costs one request, not a walk to it', async () => {
    const { service, client } = setup();
    const objects = service.objects.get(catalogue.dataSetId)!;
    const last = objects[objects.length - 1]!;
    const ref = { ...catalogue, dataObjectId: last._dataObjectId as string };
    expect(objects.length).toBeGreaterThan(2);
    await client.getDataObject(ref);
    const walked = listings(service.requests);
    expect(walked).toBe(objects.length);
    expect((await client.getDataObject(ref))._dataObjectId).toBe(ref.dataObjectId);
    expect(listings(service.requests) - walked).toBe(1);
  });

  it('regression: a walk remembers every object it passed, so reading one of them next costs one request', async () => {
    const { service, client } = setup();
    const objects = service.objects.get(catalogue.dataSetId)!;
    const ref = (i: number) => ({
      ...catalogue,
      dataObjectId: objects[i]!._dataObjectId as string,
    });
    const middle = Math.floor(objects.length / 2);
    expect(middle).toBeGreaterThan(1);
    await client.getDataObject(ref(objects.length - 1));
    const walked = listings(service.requests);
    expect((await client.getDataObject(ref(middle)))._dataObjectId).toBe(ref(middle).dataObjectId);
    expect(listings(service.requests) - walked).toBe(1);
  });

  it('remembers a bounded number of objects, the oldest forgotten first', async () => {
    const { service, client } = setup({ pageSize: 100 });
    const objects = service.objects.get(catalogue.dataSetId)!;
    const template = objects[0]!;
    while (objects.length < 20_300)
      objects.push({ ...template, _dataObjectId: `bulk-${objects.length}` });
    const ref = (i: number) => ({
      ...catalogue,
      dataObjectId: objects[i]!._dataObjectId as string,
    });
    await client.getDataObject(ref(objects.length - 1));
    let before = listings(service.requests);
    await client.getDataObject(ref(20_000));
    expect(listings(service.requests) - before).toBe(1);
    // Page 1 was among the first 300 seen: forgotten, so it is walked to again (pages 0 and 1).
    before = listings(service.requests);
    await client.getDataObject(ref(150));
    expect(listings(service.requests) - before).toBe(2);
  });

  it('an object no longer on its remembered page is found by the walk again', async () => {
    const { service, client } = setup();
    const objects = service.objects.get(catalogue.dataSetId)!;
    const last = objects[objects.length - 1]!;
    const ref = { ...catalogue, dataObjectId: last._dataObjectId as string };
    await client.getDataObject(ref);
    // Moved to the front: its remembered page now holds another object.
    objects.unshift(objects.pop()!);
    const before = listings(service.requests);
    expect((await client.getDataObject(ref))._dataObjectId).toBe(ref.dataObjectId);
    expect(listings(service.requests) - before).toBe(2);
  });

  it('every conflict of updateWithRetry re-reads with one request', async () => {
    let conflicts = 2;
    const { service, client } = setup({
      before: (r) => {
        if (r.method !== 'PUT' || conflicts-- <= 0) return undefined;
        const target = service.objects
          .get(catalogue.dataSetId)!
          .find((o) => r.path.endsWith(encodeURIComponent(o._dataObjectId as string)))!;
        target._version = (target._version as number) + 1;
        return undefined;
      },
    });
    const objects = service.objects.get(catalogue.dataSetId)!;
    const ref = {
      ...catalogue,
      dataObjectId: objects[objects.length - 1]!._dataObjectId as string,
    };
    const result = await client.updateWithRetry(ref, (c) => ({
      'Stock Quantity': (c['Stock Quantity'] as number) + 1,
    }));
    expect(result.conflicts).toBe(2);
    // One walk to find it, then one page per read after each conflict (two for the 400's check and the fresh read).
    expect(listings(service.requests)).toBe(objects.length + 2 * 2);
  });
});

describe('updateWithRetry deadlineMs', () => {
  it('a read that never answers ends at the deadline with a TimeoutError, no write sent', async () => {
    const { service, client } = setup({
      before: (r) => (r.method === 'GET' && r.path.endsWith('/dataobjects') ? HANG : undefined),
    });
    const ref = { ...catalogue, dataObjectId: 'x' };
    const error = await client
      .updateWithRetry(ref, () => ({ SKU: 'A' }), { deadlineMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/deadline of 50 ms/);
    expect(service.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('a write under way at the deadline is a WriteOutcomeUnknownError, never a TimeoutError', async () => {
    const { client, service } = setup({ before: (r) => (r.method === 'PUT' ? HANG : undefined) });
    const objects = service.objects.get(catalogue.dataSetId)!;
    const ref = { ...catalogue, dataObjectId: objects[0]!._dataObjectId as string };
    await expect(
      client.updateWithRetry(ref, () => ({ SKU: 'A' }), { deadlineMs: 50 }),
    ).rejects.toBeInstanceOf(WriteOutcomeUnknownError);
  });

  it('refuses a deadline that is not a positive number', async () => {
    const { client } = setup();
    for (const deadlineMs of [0, -1, Number.NaN, 2 ** 32])
      await expect(
        client.updateWithRetry({ ...catalogue, dataObjectId: 'x' }, () => undefined, {
          deadlineMs,
        }),
      ).rejects.toThrow(RangeError);
  });
});
