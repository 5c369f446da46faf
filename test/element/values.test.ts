/**
 * Value suggestions from the service: asked only for fields the schemas know and do not
 * list the values of (a picklist's raw stored values broke its list: `ACTIVE` beside
 * `ACT Active`; a field no schema has meant a lookup per keystroke of a typo).
 */
import { describe, expect, it } from 'vitest';
import { clientValues } from '../../src/element/values.js';
import { loadSchema } from '../../src/index.js';
import { customerSchema } from '../../src/examples/index.js';
import { fakeClient } from './support.js';

const index = loadSchema(customerSchema);

describe('value suggestions from the client', () => {
  it("asks the service for a text field's values in the scope, starting with what is typed", async () => {
    const { client, calls } = fakeClient();
    const values = clientValues(
      client,
      () => ({ businessArea: 'customer' }),
      () => index,
    );
    const found = await values('First Name', 'T', new AbortController().signal);
    expect(found).toEqual([{ value: 'Tim' }]);
    expect(calls).toEqual([
      {
        text: 'First\\ Name:T*',
        options: { businessArea: 'customer', from: 0, size: 50, check: 'off' },
      },
    ]);
  });

  it('asks nothing for a picklist, a boolean, a metadata field or a field no schema has', async () => {
    const { client, calls } = fakeClient();
    const values = clientValues(
      client,
      () => ({}),
      () => index,
    );
    const signal = new AbortController().signal;
    for (const field of ['Status', 'Cityy', '_schemaName'])
      expect(await values(field, 'A', signal)).toEqual([]);
    const bool = [...index.fields.values()].find((f) => f.booleanValues !== undefined);
    if (bool !== undefined) expect(await values(bool.name, '', signal)).toEqual([]);
    expect(calls).toEqual([]);
    // Without schemas nothing is known: nothing is asked.
    expect(
      await clientValues(
        client,
        () => ({}),
        () => undefined,
      )('City', 'B', signal),
    ).toEqual([]);
  });
});
