/**
 * A damaged data file line (issue 30, item 9, docs/emulator-reliability.md). One that fails
 * start-up's cheap check (not the writer's shape and not JSON, or torn: it does not end in
 * `}`) stops the start, naming the file and line, as before. One in the writer's shape whose
 * rest is not JSON is found on first access: each request that reads it answers a 500 naming
 * the file and line, it is warned of once, and the rest of the tenant is served.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allDataSets, loggedIn } from '../helpers.js';
import { seededFolder } from './seeded-folder.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { readDataDir } from '../../../src/emulator/store/data-dir.js';
import { TenantStore } from '../../../src/emulator/store/tenant-store.js';

const copy = seededFolder('corrupt', 40, 3);
afterEach(() => {
  vi.restoreAllMocks();
});

/** The dataset file with the most lines, its lines, and the dataset's id. */
function biggest(dir: string) {
  const files = readdirSync(join(dir, 'dataobjects')).map((f) => join(dir, 'dataobjects', f));
  const withLines = files.map((file) => ({
    file,
    lines: readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== ''),
    dataSetId: decodeURIComponent(
      file
        .split('/')
        .pop()!
        .replace(/\.ndjson$/, ''),
    ),
  }));
  return withLines.sort((a, b) => b.lines.length - a.lines.length)[0]!;
}

describe('a data file line that is not JSON', () => {
  it('stops the start, naming the file and line, when it fails the cheap check (torn, or not the writer shape)', async () => {
    for (const damage of [
      (line: string) => line.slice(0, -5), // torn: does not end in }
      (line: string) => ` ${line.replace(/:/, ': oops')}`, // edited by hand, not JSON
    ]) {
      const dir = copy();
      const { file, lines } = biggest(dir);
      writeFileSync(file, `${[lines[0], damage(lines[1]!), ...lines.slice(2)].join('\n')}\n`);
      await expect(startEmulator({ port: 0, dataDir: dir })).rejects.toThrow(
        `${file}: line 2 is not JSON`,
      );
    }
  });

  it('stops the start when it lists an id twice (edited by hand) and the second line is not JSON; a second line that is JSON wins when newer', async () => {
    const dir = copy();
    const { file, lines } = biggest(dir);
    const first = JSON.parse(lines[0]!);
    const again = `{"_dataObjectId":"${first._dataObjectId}","_version":${first._version + 1},"Note":oops}`;
    writeFileSync(file, `${[...lines, again].join('\n')}\n`);
    await expect(startEmulator({ port: 0, dataDir: dir })).rejects.toThrow(
      `${file}: line ${lines.length + 1} is not JSON`,
    );
    const newer = again.replace('oops', '"newer"');
    writeFileSync(file, `${[...lines, newer].join('\n')}\n`);
    const store = new TenantStore((await readDataDir(dir)).tenant);
    const object = store.dataSets
      .flatMap((d) => d.objects)
      .find((o) => o.id === first._dataObjectId)!;
    expect(object.version).toBe(first._version + 1);
    expect(object.values.Note).toBe('newer');
  });

  it('is found on first access when it has the writer shape: a 500 naming the file and line for each request that reads it, warned of once; the rest is served', async () => {
    const dir = copy();
    const { file, lines, dataSetId } = biggest(dir);
    const broken = JSON.parse(lines[2]!);
    const brokenLine = lines[2]!.replace(/}$/, ',"Note":oops}');
    writeFileSync(file, `${[...lines.slice(0, 2), brokenLine, ...lines.slice(3)].join('\n')}\n`);
    const warnings: string[] = [];
    vi.spyOn(process, 'emitWarning').mockImplementation((w) => {
      warnings.push(String(w));
    });
    const emulator = await startEmulator({ port: 0, dataDir: dir });
    try {
      // The background index build reads every object: it goes on past the line, and the process lives.
      await emulator.indexed;
      const api = await loggedIn(emulator);
      const { objectsPath, listPath: dataSetsPath } = (await allDataSets(api)).find(
        (d) => d.dataSetId === dataSetId,
      )!;
      // The status and body of an answer (its headers and text left out).
      const call = async (method: string, path: string, body?: unknown) => {
        const { status, body: answer } = await api.request(method, path, { body });
        return { status, body: answer };
      };
      const message = `${file}: line 3 is not JSON (the data file was damaged or edited by hand); the rest of the tenant is served: mend or remove the line and restart the emulator`;
      const refused = { status: 500, body: { message } };
      // Every request that reads it: its GET, its list page, a search that tests it, an update, a delete.
      expect(await call('GET', `${objectsPath}/${broken._dataObjectId}`)).toEqual(refused);
      expect(await call('GET', objectsPath)).toEqual(refused);
      expect(await call('GET', '/dataobjects/search?query=*:*&size=100')).toEqual(refused);
      const word = encodeURIComponent(`_dataObjectId:${broken._dataObjectId}`);
      expect(await call('GET', `/dataobjects/search?query=${word}`)).toEqual(refused);
      // A word search of the index lists it among its candidates, so the answer never silently leaves it out.
      expect(await call('GET', '/dataobjects/search?query=zzzznotaword')).toEqual(refused);
      expect(
        await call('PUT', `${objectsPath}/${broken._dataObjectId}`, { _version: broken._version }),
      ).toEqual(refused);
      expect(await call('DELETE', `${objectsPath}/${broken._dataObjectId}`)).toEqual(refused);
      // The rest of the tenant: another object of the dataset, the dataset list (the line counted as errored).
      const other = JSON.parse(lines[0]!);
      const got = await call('GET', `${objectsPath}/${other._dataObjectId}`);
      expect(got.status).toBe(200);
      expect(got.body._version).toBe(other._version);
      expect(
        (await call('PUT', `${objectsPath}/${other._dataObjectId}`, { _version: other._version }))
          .status,
      ).toBe(204);
      const listed = (await call('GET', dataSetsPath)).body.items.find(
        (d: { dataSetId: string }) => d.dataSetId === dataSetId,
      );
      expect(listed.recordCount).toBe(lines.length);
      expect(listed.erroredRecordsCount).toBeGreaterThanOrEqual(1);
      expect(warnings).toEqual([`mdq emulator: ${message}`]);
    } finally {
      await emulator.close();
    }
    // The compaction at close kept the line as it was: nothing is lost, the next start finds it again.
    const after = readFileSync(file, 'utf8').split('\n');
    expect(after[2]).toBe(brokenLine);
  });
});
