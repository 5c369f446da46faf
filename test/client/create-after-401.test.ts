/**
 * Issue 30, item 2's last case: a 401 answered to a create may come from a gateway after
 * the service created the object. The client renews its token and reports the outcome as
 * unknown; it no longer sends the create again (which made a second object).
 */
import { describe, expect, it } from 'vitest';
import { createClient, WriteOutcomeUnknownError } from '../../src/client/index.js';
import { fakeFetch } from './support/fake-fetch.js';

const ref = { businessAreaId: 'ba', schemaId: 'sc', dataSetId: 'ds' };

describe('a create answered 401', () => {
  it('regression: is not replayed; its outcome is unknown, and the next call has a new token', async () => {
    let tokens = 0;
    const { fetch, requests } = fakeFetch((r) => {
      if (r.path === '/oauth2/token' || r.path.endsWith('/token'))
        return Response.json({ access_token: `t${++tokens}`, expires_in: 3600 });
      if (r.method === 'POST') {
        // The service created it; the gateway in front answered 401 (the token expired on the way back).
        if (r.headers.authorization === 'Bearer t1' || r.headers.authorization === 't1')
          return Response.json({ message: 'token expired' }, { status: 401 });
        return Response.json({ _dataObjectId: 'new', _version: 1 }, { status: 201 });
      }
      return Response.json({ response: [] });
    });
    const client = createClient({
      baseUrl: 'http://service.test',
      credentials: { clientId: 'app', clientSecret: 'secret-1234' },
      fetch,
    });
    const error = await client.createDataObject(ref, { Name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteOutcomeUnknownError);
    expect(
      requests.filter((r) => r.method === 'POST' && r.path.endsWith('/dataobjects')),
    ).toHaveLength(1);
    // The token was renewed: the next create goes through with the new one.
    await expect(client.createDataObject(ref, { Name: 'y' })).resolves.toMatchObject({
      _dataObjectId: 'new',
    });
    expect(tokens).toBe(2);
  });
});
