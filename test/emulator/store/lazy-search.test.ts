/**
 * A search during the word index's build rules out objects past the part built by their data
 * file line while it is not parsed (word-index.ts `mayHold`): the first search after start-up
 * would otherwise parse every line. The law: its hits are exactly a full scan's over the same
 * objects parsed, for words of every kind, ids, escapes, non-ASCII text and the Kelvin sign
 * (whose lower case is an ASCII k).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { filter } from '../../../src/evaluator/index.js';
import { parse } from '../../../src/index.js';
import { TestApi } from '../helpers.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { candidates } from '../../../src/emulator/search/word-index.js';
import { readDataDir } from '../../../src/emulator/store/data-dir.js';
import { TenantStore } from '../../../src/emulator/store/tenant-store.js';

let dir: string;
let words: string[];
let ids: string[];
beforeAll(async () => {
  const seeded = mkdtempSync(join(tmpdir(), 'mdq-lazy-search-seed-'));
  await (await startEmulator({ port: 0, dataDir: seeded, records: 6000, seed: 11 })).close();
  dir = mkdtempSync(join(tmpdir(), 'mdq-lazy-search-'));
  cpSync(seeded, dir, { recursive: true });
  rmSync(seeded, { recursive: true, force: true });
  // Lines of the writer's shape that a plain substring test would misread: escapes, the Kelvin sign, non-ASCII words.
  const odd = [
    '"City":"\\u0042erlin","Last Name":"Esc\\u0061ped"',
    '"City":"\u212Aelvin","Last Name":"\u212Anight"',
    '"City":"Z\u00fcrich","Last Name":"M\u00fcller-\u00c5berg"',
    '"City":"KELVIN","Last Name":"O\'Neil"',
  ];
  words = [
    'Berlin',
    'Escaped',
    'kelvin',
    'KNIGHT',
    'Z\u00fcrich',
    'M\u00fcller',
    '\u00e5berg',
    "O'Neil",
  ];
  ids = [];
  for (const f of readdirSync(join(dir, 'dataobjects'))) {
    const file = join(dir, 'dataobjects', f);
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    const changed = lines.map((line, i) => {
      const record = JSON.parse(line);
      if (i % 7 === 0)
        words.push(...[record.City, record['Last Name']].filter((w) => typeof w === 'string'));
      if (i % 97 === 0) ids.push(record._dataObjectId);
      // Late in the file, past the part a first search indexes (1 024 objects).
      return i > 1100 && i % 50 === 0
        ? line.replace(/}$/, `,${odd[(i / 50) % odd.length]}}`)
        : line;
    });
    writeFileSync(file, `${changed.join('\n')}\n`);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a search during the index build over lines not parsed', () => {
  it('finds exactly what a full scan of the parsed objects finds', async () => {
    // Every line parsed at start-up: a space before each, not the writer's shape.
    const eagerDir = mkdtempSync(join(tmpdir(), 'mdq-lazy-search-eager-'));
    cpSync(dir, eagerDir, { recursive: true });
    for (const f of readdirSync(join(eagerDir, 'dataobjects'))) {
      const file = join(eagerDir, 'dataobjects', f);
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^{/gm, ' {'));
    }
    const eager = new TenantStore((await readDataDir(eagerDir)).tenant);
    rmSync(eagerDir, { recursive: true, force: true });
    const word = fc.constantFrom(...words.slice(0, 60), ...words.slice(-8));
    const leaf = fc.oneof(
      word.map((w) => JSON.stringify(w)),
      word.map((w) => `City:${JSON.stringify(w)}`),
      word.map((w) => `Last\\ Name:${JSON.stringify(w)}`),
      word.map((w) => `Unknown:${JSON.stringify(w)}`),
      fc.constantFrom(...ids).map((id) => `_dataObjectId:${id.toUpperCase()}`),
      fc.constantFrom('Age:>=60', 'nothingatall'),
    );
    const query = fc.oneof(
      leaf,
      fc.tuple(leaf, leaf).map(([a, b]) => `${a} AND ${b}`),
      fc.tuple(leaf, leaf).map(([a, b]) => `${a} OR ${b}`),
      fc.tuple(leaf, leaf).map(([a, b]) => `+${a} -${b}`),
    );
    let ruledOut = 0;
    const check = async (text: string) => {
      // A fresh store per query: nothing parsed, nothing indexed.
      const lazy = new TenantStore((await readDataDir(dir)).tenant);
      const ast = parse(text).ast;
      for (const dataSet of lazy.dataSets) {
        const parsed = eager.dataSet(dataSet.item.dataSetId)!;
        const schema = dataSet.schema;
        const expected = filter(
          parsed.objects.map((o) => o.hit),
          text,
          { schema },
        ).map((h) => h._dataObjectId);
        const positions = candidates(dataSet, ast);
        const tested =
          positions === null ? dataSet.objects : positions.map((i) => dataSet.objects[i]!);
        if (positions !== null) ruledOut += dataSet.objects.length - positions.length;
        const found = filter(
          tested.map((o) => o.hit),
          text,
          { schema },
        ).map((h) => h._dataObjectId);
        expect(found, `${text} in ${dataSet.item.dataSetName}`).toEqual(expected);
      }
    };
    // Each word of the odd lines, then random queries.
    for (const w of words.slice(0, 8)) {
      await check(JSON.stringify(w));
      await check(`City:${JSON.stringify(w)}`);
    }
    await fc.assert(fc.asyncProperty(query, check), { numRuns: 15 });
    // The lines did rule objects out (the law is not held by testing every object).
    expect(ruledOut).toBeGreaterThan(0);
  }, 120_000);

  it("leaves the lines it parses out of a query's time budget: the store's loading, not the query's cost", async () => {
    // Each data line's parse made 1 ms long: the first search parses about 6 000 lines, 6 s, past a budget of 2.5 s.
    const parse = JSON.parse;
    const spy = vi
      .spyOn(JSON, 'parse')
      .mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
        if (text.startsWith('{"_dataObjectId"')) {
          const until = performance.now() + 1;
          while (performance.now() < until);
        }
        return parse(text, reviver);
      });
    const emulator = await startEmulator({
      port: 0,
      dataDir: dir,
      inMemory: true,
      maxQueryMs: 2500,
    });
    try {
      const token = await new TestApi(emulator).login();
      // A range: no word to narrow by, every object is tested.
      const answer = await fetch(`${emulator.url}/dataobjects/search?size=1&query=Age:%3E%3D0`, {
        headers: { authorization: token },
      });
      expect(answer.status, await answer.text()).toBe(200);
    } finally {
      spy.mockRestore();
      await emulator.close();
    }
  }, 60_000);
});
