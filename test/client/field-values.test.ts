import { describe, expect, it } from 'vitest';
import { fieldValues } from '../../src/client/field-values.js';
import { loadSchema } from '../../src/index.js';
import { exampleSchemas } from '../../src/examples/index.js';

const schema = loadSchema(exampleSchemas);

function fakeClient(hits: Record<string, unknown>[]) {
  const asked: { text: string; options: Record<string, unknown> }[] = [];
  return {
    asked,
    client: {
      async search(text: unknown, options: Record<string, unknown> = {}) {
        asked.push({ text: String(text), options });
        return { hits, total: hits.length, diagnostics: [], serviceDiagnostics: [] };
      },
    } as unknown as Parameters<typeof fieldValues>[0],
  };
}

describe('fieldValues (a field\u2019s values as the service holds them)', () => {
  it('searches Field:prefix* in the scope and lists the distinct values found', async () => {
    const { asked, client } = fakeClient([
      { City: 'Berlin' },
      { City: 'Bonn' },
      { City: 'Berlin' },
      { City: ['Bremen', 7, null] },
    ]);
    const provider = fieldValues(client, {
      scope: () => ({ businessArea: 'customer' }),
      schema: () => schema,
    });
    const signal = new AbortController().signal;
    expect(await provider('City', 'B', signal)).toEqual(
      ['Berlin', 'Bonn', 'Bremen', '7'].map((value) => ({ value })),
    );
    expect(asked).toEqual([
      {
        text: 'City:B*',
        options: { businessArea: 'customer', from: 0, size: 50, check: 'off', signal },
      },
    ]);
    await provider('City', '', signal);
    expect(asked[1]!.text).toBe('_exists_:City');
  });

  it('keeps at most 20 values', async () => {
    const { client } = fakeClient(Array.from({ length: 50 }, (_, i) => ({ City: `c${i}` })));
    const provider = fieldValues(client, { schema: () => schema });
    expect(await provider('City', 'c', new AbortController().signal)).toHaveLength(20);
  });

  it('asks nothing for a picklist, a boolean, a metadata field, an unknown field, or without schemas', async () => {
    const { asked, client } = fakeClient([{ Status: 'ACT' }]);
    const signal = new AbortController().signal;
    const provider = fieldValues(client, { schema: () => schema });
    for (const field of ['Status', 'VIP', '_schemaName', 'Citty'])
      expect(await provider(field, '', signal)).toEqual([]);
    expect(await fieldValues(client, { schema: () => undefined })('City', '', signal)).toEqual([]);
    expect(asked).toEqual([]);
  });
});
