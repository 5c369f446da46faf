/** A stand-in for `mdq/client` over a few records: it lists one business area with the example customer schema, and searches with mdq's evaluator. */
import type { SchemaResponse } from '../../src/index.js';
import { compile } from '../../src/evaluator/index.js';
import { customerSchema } from '../../src/examples/index.js';
import type { SearchBoxClient } from '../../src/element/index.js';

export const HITS = [
  { 'First Name': 'Tim', City: 'Berlin', Status: 'ACT', Age: 40 },
  { 'First Name': 'Ann', City: 'Bern', Status: 'INA', Age: 17 },
  { 'First Name': 'Tim', City: 'Paris', Status: 'ACT', Age: 33 },
].map((h, i) => ({
  ...h,
  _dataObjectId: `C${i}`,
  _schemaName: 'Customer',
  _dataSetName: 'Retail Customers',
  _businessAreaName: 'customer',
  _schemaId: 's1',
  _dataSetId: 'd1',
  _businessAreaId: 'b1',
}));

export interface SearchCall {
  readonly text: string;
  readonly options: Record<string, unknown>;
}

/** A client over HITS; `calls` records its searches, `dataSetLists` the schemas whose datasets it listed. */
export function fakeClient(fail = false): {
  client: SearchBoxClient;
  calls: SearchCall[];
  dataSetLists: string[];
} {
  const calls: SearchCall[] = [];
  const dataSetLists: string[] = [];
  const schema: SchemaResponse = customerSchema;
  const paged = <T>(items: T[]) =>
    ({ toArray: async () => items, [Symbol.asyncIterator]: async function* () {} }) as never;
  const client = {
    businessAreas: async () => [{ businessAreaId: 'b1', name: 'customer' }],
    schemas: () => paged([{ schemaId: 's1', name: schema.name }]),
    getSchema: async () => schema,
    dataSets: (businessAreaId: string, schemaId: string) => {
      dataSetLists.push(`${businessAreaId}/${schemaId}`);
      return paged([{ dataSetId: 'd1', dataSetName: 'Retail Customers' }]);
    },
    search: async (text: string, options: Record<string, unknown> = {}) => {
      const { signal: _, ...rest } = options;
      calls.push({ text, options: rest });
      if (fail) throw new Error('HTTP 503');
      const matcher = compile(text, { schema });
      const all = HITS.filter((h) => matcher(h as never));
      const from = Number(options.from ?? 0);
      const size = Number(options.size ?? 10);
      return { hits: all.slice(from, from + size), total: all.length, diagnostics: [] };
    },
  } as unknown as SearchBoxClient;
  return { client, calls, dataSetLists };
}

/** Resolves once `check` holds, polling each macrotask (at most `ms`). */
export async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
