/**
 * Completion values from a configured tenant, through the real stdio transport against a
 * real emulator on 127.0.0.1: the values a search of the service gives (the same lookup as
 * `<mdq-search-box>`'s), and a tenant that is slow or down never holding completion up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { type Emulator, startEmulator } from '../../src/emulator/index.js';
import { project, type Session, start } from './support/client.js';

interface List {
  isIncomplete: boolean;
  items: { label: string; kind?: number }[];
}

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, records: 60 });
}, 30_000);
afterAll(async () => {
  await emulator.close();
});

/** The City values a search of the service gives for `City:<prefix>*`, as the lookup reads them. */
async function serviceCities(prefix: string): Promise<string[]> {
  const client = createClient({ baseUrl: emulator.url, credentials: emulator.demoClient });
  const page = await client.search(`City:${prefix}*`, {
    businessArea: 'customer',
    schema: 'Customer',
    size: 50,
  });
  return [...new Set(page.hits.map((h) => String(h.City)))].slice(0, 20);
}

async function session(baseUrl: string, secret = emulator.demoClient.clientSecret) {
  const dir = project(
    {},
    {
      schemas: ['schemas.json'],
      tenant: { baseUrl, businessArea: 'customer', schemas: ['Customer'] },
    },
  );
  return start({
    dir,
    env: { MDQ_CLIENT_ID: emulator.demoClient.clientId, MDQ_CLIENT_SECRET: secret },
  });
}

async function completeAt(s: Session, uri: string, character: number): Promise<List> {
  return (await s.connection.sendRequest('textDocument/completion', {
    textDocument: { uri },
    position: { line: 0, character },
  })) as List;
}

describe('mdq lsp --stdio: values from the tenant', () => {
  it("offers a field's values as a search of the service gives them", async () => {
    const expected = await serviceCities('B');
    expect(expected.length).toBeGreaterThan(0);
    const s = await session(emulator.url);
    try {
      const uri = s.open('values.mdq', 'City:B');
      let list: List = { isIncomplete: true, items: [] };
      await expect
        .poll(async () => {
          list = await completeAt(s, uri, 6);
          return list.items.map((i) => i.label);
        })
        .toEqual(expect.arrayContaining(expected));
      // Nothing for a picklist (its values are the schema's) nor for a field no schema has.
      const status = s.open('status.mdq', 'Status:A');
      expect((await completeAt(s, status, 8)).items.map((i) => i.label)).toEqual(['ACT', 'INA']);
      expect((await completeAt(s, s.open('typo.mdq', 'Citty:B'), 7)).items).toEqual([]);
    } finally {
      expect(await s.close()).toBe(0);
    }
  }, 30_000);

  it('never waits on a slow tenant: the schema items at once, the values once they came', async () => {
    const s = await session(emulator.url);
    try {
      const uri = s.open('slow.mdq', 'City:Ba');
      // The tenant's schemas first (no faults yet), so the field is known.
      await expect.poll(() => s.logs.join('\n')).toContain('schema(s) from the tenant');
      emulator.setFaults({ rules: [{ route: 'GET /dataobjects/search', latencyMs: 2_000 }] });
      const started = performance.now();
      const first = await completeAt(s, uri, 7);
      const took = performance.now() - started;
      expect(took).toBeLessThan(1_500);
      const expected = await serviceCities('Ba'); // waits out the latency too
      expect(expected.length).toBeGreaterThan(0);
      expect(first.items.filter((i) => expected.includes(i.label))).toEqual([]);
      await expect
        .poll(async () => (await completeAt(s, uri, 7)).items.map((i) => i.label), {
          timeout: 10_000,
        })
        .toEqual(expect.arrayContaining(expected));
    } finally {
      emulator.setFaults(null);
      expect(await s.close()).toBe(0);
    }
  }, 30_000);

  it('completes from the schemas when the tenant is down, and keeps answering', async () => {
    const s = await session('http://127.0.0.1:9', 'never-logged-secret');
    try {
      const city = s.open('down.mdq', 'City:B');
      const status = s.open('status.mdq', 'Status:A');
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        expect(await completeAt(s, city, 6)).toMatchObject({ items: [] });
        // the schema's own values, as without a tenant
        const list = await completeAt(s, status, 8);
        expect(list.items.map((item) => item.label)).toContain('ACT');
        expect(performance.now() - started).toBeLessThan(1_500);
      }
      expect(`${s.logs.join('\n')}${s.stderr()}`).not.toContain('never-logged-secret');
    } finally {
      expect(await s.close()).toBe(0);
    }
  }, 30_000);
});
