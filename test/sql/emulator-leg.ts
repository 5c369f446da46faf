/**
 * The parity law's emulator leg: the generated schema and records as a tenant of the
 * emulator in memory (a data folder it reads, one business area, schema and dataset), and
 * a query's hits over every page of its search endpoint.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataRecord } from '../../src/evaluator/index.js';
import { startEmulator } from '../../src/emulator/index.js';
import { exampleData } from '../../src/emulator/data/generate.js';
import { seedDataDir } from '../../src/emulator/store/data-dir.js';
import { TenantStore } from '../../src/emulator/store/tenant-store.js';
import type { GeneratedField } from './arbitraries.js';

/** Small pages, so that every search spans several. */
const PAGE = 3;

export interface EmulatorLeg {
  /** The ids of every hit of `query`, over all pages, sorted; and when the search ran (its `now`). */
  ids(query: string): Promise<{ ids: string[]; now: Date }>;
  close(): Promise<void>;
}

export async function emulatorOf(
  list: readonly GeneratedField[],
  records: readonly DataRecord[],
): Promise<EmulatorLeg> {
  const example = exampleData();
  const area = example.businessAreas[0]!;
  const template = example.schemas.find((s) => s.businessAreaId === area.businessAreaId)!;
  const schema = {
    ...template,
    name: 'Generated',
    fields: list.map((f, i) => ({
      fieldId: `f${i}`,
      name: f.name,
      dataType: f.kind,
      ...(f.dateFormat ? { dateFormat: f.dateFormat } : {}),
    })),
  };
  const dataSet = {
    ...example.dataSets.find((d) => d.dataSet.schemaId === template.schemaId)!.dataSet,
    dataSetName: 'generated',
  };
  const dir = await mkdtemp(join(tmpdir(), 'mdq-parity-'));
  const store = new TenantStore({
    businessAreas: [area],
    schemas: [schema],
    dataSets: [{ dataSet, dataObjects: records }],
  });
  await seedDataDir(dir, store);
  const emulator = await startEmulator({ dataDir: dir, inMemory: true });
  const token = await fetch(`${emulator.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: emulator.demoClient.clientId,
      client_secret: emulator.demoClient.clientSecret,
    }),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  return {
    async ids(query) {
      const now = new Date();
      const ids: string[] = [];
      for (let from = 0; ; from += PAGE) {
        const url = `${emulator.url}/dataobjects/search?query=${encodeURIComponent(query)}&from=${from}&size=${PAGE}`;
        const response = await fetch(url, { headers: { authorization: token } });
        const body = (await response.json()) as {
          hits: { _dataObjectId: string }[];
          total: number;
          message?: string;
        };
        if (response.status !== 200)
          throw new Error(`${query}: ${response.status} ${body.message}`);
        ids.push(...body.hits.map((h) => h._dataObjectId));
        if (from + PAGE >= body.total) break;
      }
      return { ids: ids.sort(), now };
    },
    async close() {
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
