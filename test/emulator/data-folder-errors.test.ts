/**
 * A data folder damaged or edited wrongly by hand: the start stops with a message that
 * names the file and the entry (not "Cannot read properties of null"), and a file that
 * cannot be read is never taken for a missing one, which would seed the example tenant
 * over the user's own files.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';

let seeded: string;
const folders: string[] = [];
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mdq-damaged-'));
  folders.push(dir);
  cpSync(seeded, dir, { recursive: true });
  return dir;
}
beforeAll(async () => {
  seeded = mkdtempSync(join(tmpdir(), 'mdq-seeded-'));
  await (await startEmulator({ port: 0, dataDir: seeded })).close();
});
afterAll(() => {
  for (const dir of [seeded, ...folders]) rmSync(dir, { recursive: true, force: true });
});

const edit = (path: string, change: (value: any) => void) => {
  const value = JSON.parse(readFileSync(path, 'utf8'));
  change(value);
  writeFileSync(path, JSON.stringify(value));
};

describe('a damaged data folder', () => {
  it('names the file and the entry that is not what it should be', async () => {
    const cases: [string, (dir: string) => void, RegExp][] = [
      [
        'a null business area',
        (dir) => writeFileSync(join(dir, 'business-areas.json'), '[null]'),
        /business-areas\.json: entry 1 is not a business area \(an object with businessAreaId, name as text\)$/,
      ],
      [
        'a dataset without its schema id',
        (dir) => edit(join(dir, 'datasets.json'), (d) => delete d[1].schemaId),
        /datasets\.json: entry 2 is not a dataset \(an object with dataSetId, dataSetName, schemaId, businessAreaId as text\)$/,
      ],
      [
        'a null dataset',
        (dir) => writeFileSync(join(dir, 'datasets.json'), '[null]'),
        /datasets\.json: entry 1 is not a dataset/,
      ],
      [
        'a schema field without a name',
        (dir) => {
          const file = join(dir, 'schemas', readdirSync(join(dir, 'schemas'))[0]!);
          edit(file, (s) => (s.fields[2] = { dataType: 'string' }));
        },
        /schemas\/[^/]+\.json fields: entry 3 is not a field \(an object with name as text\)$/,
      ],
      [
        'two schemas with one id (a copied file)',
        (dir) => {
          const file = readdirSync(join(dir, 'schemas'))[0]!;
          cpSync(join(dir, 'schemas', file), join(dir, 'schemas', `copy-of-${file}`));
        },
        /^two schemas have the id "\d{17}[0-9a-f]{30}"$/,
      ],
      [
        'two business areas with one id',
        (dir) =>
          edit(join(dir, 'business-areas.json'), (areas) =>
            areas.push({ ...areas[0], name: 'again' }),
          ),
        /^two business areas have the id /,
      ],
    ];
    for (const [what, damage, message] of cases) {
      const dir = copy();
      damage(dir);
      await expect(startEmulator({ port: 0, dataDir: dir }), what).rejects.toThrow(message);
      // The folder is given back: the lock is gone.
      expect(readdirSync(dir)).not.toContain('.lock');
    }
  });

  it('refuses a business-areas.json it cannot read instead of seeding the example tenant over the folder', async () => {
    const dir = copy();
    edit(join(dir, 'datasets.json'), (d) => (d[0].dataSetName = 'My Own Customers'));
    const datasetsBefore = readFileSync(join(dir, 'datasets.json'), 'utf8');
    rmSync(join(dir, 'business-areas.json'));
    mkdirSync(join(dir, 'business-areas.json'));
    await expect(startEmulator({ port: 0, dataDir: dir })).rejects.toThrow(
      `${join(dir, 'business-areas.json')} is not a file`,
    );
    expect(readFileSync(join(dir, 'datasets.json'), 'utf8')).toBe(datasetsBefore);
  });

  it('refuses a datasets.json it cannot read instead of serving no datasets', async () => {
    const dir = copy();
    rmSync(join(dir, 'datasets.json'));
    mkdirSync(join(dir, 'datasets.json'));
    await expect(startEmulator({ port: 0, dataDir: dir })).rejects.toThrow(
      `${join(dir, 'datasets.json')} is not a file`,
    );
  });

  it('says that a data folder which is a file must be a folder', async () => {
    const dir = copy();
    await expect(startEmulator({ port: 0, dataDir: join(dir, 'datasets.json') })).rejects.toThrow(
      `the data folder ${join(dir, 'datasets.json')} is a file, or inside one: it must be a folder (EEXIST)`,
    );
    await expect(
      startEmulator({ port: 0, dataDir: join(dir, 'datasets.json', 'below') }),
    ).rejects.toThrow(/is a file, or inside one: it must be a folder \(ENOTDIR\)$/);
  });
});

describe('data object files decoded line by line', () => {
  it('reads every character of a file with non-ASCII text, CRLF line ends and a blank line exactly, and still names a bad line', async () => {
    const dir = copy();
    const files = join(dir, 'dataobjects');
    const file = join(files, readdirSync(files).find((f) => f.endsWith('.ndjson'))!);
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const first = JSON.parse(lines[0]!);
    const name = Object.keys(first).find(
      (k) => !k.startsWith('_') && typeof first[k] === 'string',
    )!;
    // Two- to four-byte UTF-8 sequences, a line of ASCII only after them, CRLF and a blank line.
    const odd = 'Zo\u00eb \u65e5\u672c \ud83d\ude00 \u00df';
    lines[0] = JSON.stringify({ ...first, [name]: odd });
    writeFileSync(file, `${lines.join('\r\n')}\r\n\r\n`);
    const emulator = await startEmulator({ port: 0, dataDir: dir });
    try {
      const auth = { authorization: await demoToken(emulator.url) };
      const listed = await fetch(
        `${emulator.url}/dataobjects/search?size=1&query=${encodeURIComponent(`_dataObjectId:${first._dataObjectId}`)}`,
        { headers: auth },
      );
      const hit = (await listed.json()).hits[0];
      expect(hit[name]).toBe(odd);
    } finally {
      await emulator.close();
    }
    const bad = copy();
    const badFile = join(
      bad,
      'dataobjects',
      readdirSync(files).find((f) => f.endsWith('.ndjson'))!,
    );
    writeFileSync(badFile, `${lines[1]}\n\u00e9{not json\n`);
    await expect(startEmulator({ port: 0, dataDir: bad })).rejects.toThrow(/line 2 is not JSON$/);
  });
});

async function demoToken(url: string): Promise<string> {
  const response = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'mdq-demo', client_secret: 'mdq-demo-secret' }),
  });
  return (await response.json()).access_token;
}
