/**
 * No query makes the emulator's heap grow past a stated bound (issue 30, item 10): the
 * evaluator's analysis cache is bounded by bytes, and a search past its time budget is
 * refused with a 400 that says why.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTextCacheBudget, textCacheBytes } from '../../src/evaluator/record-texts.js';
import { startApi, type TestApi } from './helpers.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function heapAfterCollection(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

const MiB = 1024 * 1024;
/** The budget the law runs with: small, so that 3 000 records (about 30 MB of analysis) overflow it. */
const BUDGET = 4 * MiB;
/** What a search may leave behind beyond the cache: compiled matchers, the checker's tables, V8's own. */
const SLACK = 12 * MiB;

/** Queries of every shape that reads text: patterns on every value, regexes, fuzzy terms, phrases, field clauses. */
const fragment = fc.stringMatching(/^[a-z]{1,4}$/);
const query = fc.oneof(
  fragment.map((w) => `*${w}`),
  fragment.map((w) => `${w}?*`),
  fragment.map((w) => `*${w}*`),
  fragment.map((w) => `/.*${w}.*/`),
  fragment.map((w) => `${w}~1`),
  fc.tuple(fragment, fragment).map(([a, b]) => `"${a} ${b}"~3`),
  fragment.map((w) => `City:*${w}*`),
  fragment.map((w) => `[First Name] contains "${w}"`),
  fragment,
);

describe('the heap bound', () => {
  let api: TestApi;
  let previous: number;
  beforeAll(async () => {
    previous = setTextCacheBudget(BUDGET);
    api = await startApi({ records: 3000 });
  });
  afterAll(async () => {
    setTextCacheBudget(previous);
    await api.emulator.close();
  });

  it('no query grows the heap past the cache budget and a fixed slack', async () => {
    // One query first, so that what every search loads once (the checker, the schemas' tables) is in the baseline.
    expect((await api.get('/dataobjects/search?query=John')).status).toBe(200);
    const baseline = heapAfterCollection();
    let worst = 0;
    await fc.assert(
      fc.asyncProperty(query, async (text) => {
        const response = await api.get(`/dataobjects/search?query=${encodeURIComponent(text)}`);
        expect([200, 400]).toContain(response.status);
        expect(textCacheBytes()).toBeLessThanOrEqual(BUDGET);
        const grown = heapAfterCollection() - baseline;
        worst = Math.max(worst, grown);
        expect(grown).toBeLessThan(BUDGET + SLACK);
      }),
      { numRuns: 25 },
    );
    // `*ton` alone analysed every value of every record: about 10 KB each, 30 MB here, before the bound.
    const response = await api.get('/dataobjects/search?query=*ton');
    expect(response.status).toBe(200);
    expect(heapAfterCollection() - baseline).toBeLessThan(BUDGET + SLACK);
  }, 120_000);
});

describe("a query's time budget", () => {
  let api: TestApi;
  beforeAll(async () => (api = await startApi({ records: 20_000, maxQueryMs: 1 })));
  afterAll(() => api.emulator.close());

  it('refuses a search that runs past maxQueryMs with a 400 that says why', async () => {
    const response = await api.get('/dataobjects/search?query=*a*');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/ran past its budget of 1 ms after examining \d+/);
    expect(response.body.message).toMatch(/narrow it/);
  });
});
