/**
 * Data file lines in the writer's shape are kept unparsed at start-up and parsed on first
 * access (issue 30, item 9): the scan reads only what the writer wrote, a store opened so
 * answers every request exactly as one whose lines were all parsed at start-up, and a
 * compaction writes a line never parsed unchanged.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allDataSets, loggedIn, type TestApi } from '../helpers.js';
import { seededFolder } from './seeded-folder.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { readDataDir, writeDataObjectFiles } from '../../../src/emulator/store/data-dir.js';
import { LineScanner } from '../../../src/emulator/store/data-line.js';
import { TenantStore } from '../../../src/emulator/store/tenant-store.js';

function scan(text: string) {
  const bytes = Buffer.from(text, 'utf8');
  return new LineScanner({ path: 'f.ndjson', bytes, unreadable: new Map() }).scan(0, bytes.length);
}

/** A line as the store writes it (`TenantStore.fileRecord`, then JSON.stringify). */
function writerLine(
  id: string,
  version: number,
  deleted: boolean,
  values: Record<string, unknown>,
): string {
  return JSON.stringify({
    _dataObjectId: id,
    _version: version,
    ...(deleted ? { _deleted: true } : {}),
    ...values,
  });
}

const values = fc.dictionary(
  fc.string().filter((k) => !k.startsWith('_')),
  fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null)),
  { maxKeys: 6 },
);
const version = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

describe('the line scanner', () => {
  it('reads the id, version and deletion of every line the store writes with a plain id and no "_ past the prefix', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{1,47}$/),
        version,
        fc.boolean(),
        values,
        (id, v, deleted, fields) => {
          const line = writerLine(id, v, deleted, fields);
          const found = scan(line);
          const prefix = writerLine(id, v, deleted, {}).length - 1;
          // JavaScript puts integer-like keys first (a field named "0"): such a line is parsed at start-up.
          if (!line.startsWith('{"_dataObjectId"') || line.indexOf('"_', prefix) >= 0)
            expect(found).toBeUndefined();
          else expect(found).toMatchObject({ id, version: v, deleted, start: 0 });
        },
      ),
    );
  });

  it('never reads a line otherwise than JSON.parse does: what it reads, a valid line holds', () => {
    // Writer lines with any id, cut, spliced and edited by hand; and any text.
    const edited = fc
      .tuple(fc.string({ unit: 'binary' }), version, fc.boolean(), values, fc.nat(), fc.nat())
      .chain(([id, v, deleted, fields, a, b]) => {
        const line = writerLine(id, v, deleted, fields);
        return fc.oneof(
          fc.constant(line),
          fc.constant(line.slice(0, a % (line.length + 1))),
          fc
            .string()
            .map(
              (s) => line.slice(0, a % (line.length + 1)) + s + line.slice(b % (line.length + 1)),
            ),
          fc.constant(line.replace('"_version":', '"_version":0')),
          fc.constant(line.replace(/}$/, ',"_version":7}')),
          fc.constant(line.replace(/}$/, ',"_deleted":true}')),
        );
      });
    fc.assert(
      fc.property(fc.oneof(edited, fc.string({ unit: 'binary' })), (line) => {
        const found = scan(line);
        if (found === undefined) return;
        let parsed: Record<string, unknown>;
        try {
          // As the file's bytes hold it (a lone surrogate is written as U+FFFD).
          parsed = JSON.parse(Buffer.from(line, 'utf8').toString('utf8'));
        } catch {
          return; // not JSON: found on first access (corrupt-lines.test.ts)
        }
        expect(parsed._dataObjectId).toBe(found.id);
        expect(parsed._version).toBe(found.version);
        expect(parsed._deleted === true).toBe(found.deleted);
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves to JSON.parse a line in another shape: edited, escaped, torn, or not a line of objects', () => {
    for (const line of [
      ' {"_dataObjectId":"a","_version":1}',
      '{"_version":1,"_dataObjectId":"a"}',
      '{"_dataObjectId":"a\\u0062","_version":1}',
      '{"_dataObjectId":"","_version":1}',
      '{"_dataObjectId":"a","_version":0}',
      '{"_dataObjectId":"a","_version":01}',
      '{"_dataObjectId":"a","_version":1.5}',
      '{"_dataObjectId":"a","_version":1,"x":1',
      '{"_dataObjectId":"a","_version":1}\r',
      '{"_dataObjectId":"a","_version":1,"_deleted":false}',
      '{"_dataObjectId":"a","_version":1,"x":"_y"}',
      '{"_dataObjectId":"a","_version":1}}',
    ])
      expect(scan(line), line).toBeUndefined();
    expect(scan('{"_dataObjectId":"a","_version":12,"_deleted":true}')).toMatchObject({
      id: 'a',
      version: 12,
      deleted: true,
    });
    expect(scan('{"_dataObjectId":"\u00e9t\u00e9","_version":1,"x":1}')).toMatchObject({
      id: '\u00e9t\u00e9',
    });
  });
});

const copy = seededFolder('lazy', 60, 7);

function dataFiles(dir: string): string[] {
  return readdirSync(join(dir, 'dataobjects')).map((f) => join(dir, 'dataobjects', f));
}

/** Rewrites every data line through `change` (its index in the folder, its record). */
function rewrite(
  dir: string,
  change: (record: Record<string, unknown>, i: number) => string,
): void {
  let i = 0;
  for (const file of dataFiles(dir)) {
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    writeFileSync(file, `${lines.map((l) => change(JSON.parse(l), i++)).join('\n')}\n`);
  }
}

/** An answer as one string, status and text: what two emulators must agree on. */
async function answerOf(
  api: TestApi,
  method: string,
  path: string,
  body?: unknown,
): Promise<string> {
  const { status, text } = await api.request(method, path, { body });
  return `${status} ${text}`;
}

const QUERIES = [
  '*:*',
  'a*',
  'Berlin',
  'City:*',
  '_dataObjectId:*1*',
  'Age:>30',
  '"van der"',
  'NOT Status:ACT',
];

describe('a store whose lines are parsed on first access', () => {
  it('answers every read and write exactly as one whose lines were all parsed at start-up', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.boolean()), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(
          fc.tuple(
            fc.constantFrom('get', 'list', 'search', 'update', 'delete', 'datasets'),
            fc.nat(),
            fc.constantFrom(...QUERIES),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        async (states, requests) => {
          // Some objects at a later version or deleted, as a compaction writes them.
          const lazy = copy();
          rewrite(lazy, (r, i) => {
            const [v, deleted] = states[i % states.length]!;
            const { _dataObjectId, _version, ...fields } = r;
            return writerLine(_dataObjectId as string, v, deleted && i % 3 === 0, fields);
          });
          // The same lines with a space before each: not the writer's shape, so parsed at start-up (the eager path).
          const eager = copy();
          cpSync(lazy, eager, { recursive: true });
          for (const file of dataFiles(eager))
            writeFileSync(file, readFileSync(file, 'utf8').replace(/^{/gm, ' {'));
          const emulators = [
            await startEmulator({ port: 0, dataDir: lazy, inMemory: true }),
            await startEmulator({ port: 0, dataDir: eager, inMemory: true }),
          ];
          try {
            const apis = await Promise.all(emulators.map(loggedIn));
            // GET /datasets answers the counts, which read every object's errors.
            const paths = (await allDataSets(apis[0]!)).map((d) => d.objectsPath);
            expect((await allDataSets(apis[1]!)).map((d) => d.objectsPath)).toEqual(paths);
            for (const [kind, n, query] of requests) {
              const path = paths[n % paths.length]!;
              const answers: string[] = [];
              for (const api of apis) {
                const call = (method: string, path: string, body?: unknown) =>
                  answerOf(api, method, path, body);
                const ids = JSON.parse((await call('GET', path)).slice(4)).items;
                const item = ids[n % Math.max(1, ids.length)];
                const objectPath = `${path}/${item?._dataObjectId ?? 'none'}`;
                const answer =
                  kind === 'get'
                    ? await call('GET', objectPath)
                    : kind === 'list'
                      ? await call('GET', path)
                      : kind === 'search'
                        ? await call(
                            'GET',
                            `/dataobjects/search?size=50&query=${encodeURIComponent(query)}`,
                          )
                        : kind === 'update'
                          ? await call('PUT', objectPath, { _version: item?._version ?? 1 })
                          : kind === 'delete'
                            ? await call('DELETE', objectPath)
                            : await call('GET', path.replace(/\/datasets\/.*/, '/datasets'));
                answers.push(answer);
              }
              expect(answers[0], `${kind} ${path} ${query}`).toBe(answers[1]);
            }
          } finally {
            for (const emulator of emulators) await emulator.close();
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 60_000);

  it('writes a line never parsed unchanged when it compacts its dataset', async () => {
    const dir = copy();
    const [file] = dataFiles(dir);
    const lines = readFileSync(file!, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    // In the writer's shape, but written otherwise than JSON.stringify would: kept as it is.
    const odd = lines[1]!.replace(/}$/, ',"Extra" :  1.50 }');
    writeFileSync(file!, `${[lines[0], odd, ...lines.slice(2)].join('\n')}\n`);
    // The store alone: the emulator's background index build would parse every line.
    const store = new TenantStore((await readDataDir(dir)).tenant);
    const dataSet = store.dataSets.find(
      (d) => d.objects[0]?.id === JSON.parse(lines[0]!)._dataObjectId,
    )!;
    store.update(dataSet.objects[0]!, { _version: dataSet.objects[0]!.version });
    await writeDataObjectFiles(dir, store);
    const after = readFileSync(file!, 'utf8').split('\n');
    expect(after[1]).toBe(odd);
    expect(after.slice(2)).toEqual([...lines.slice(2), '']);
    expect(JSON.parse(after[0]!)._version).toBe(JSON.parse(lines[0]!)._version + 1);
    // Once read, it is written as the store writes any object.
    expect(dataSet.objects[1]!.values.Extra).toBe(1.5);
    dataSet.dirty = true;
    await writeDataObjectFiles(dir, store);
    expect(readFileSync(file!, 'utf8').split('\n')[1]).toBe(odd.replace(' :  1.50 }', ':1.5}'));
  });
});
