/**
 * The first dataset lists after a start-up of a data folder, from a source tree (issue 30,
 * item 9, session 18): GET .../datasets of every schema once, in order, right after
 * `startEmulator({ dataDir, inMemory: true })`; their counts read every object's `_errors`,
 * so with lazy lines they parse every line. Prints each list's ms. Run it in turns for the
 * trees compared.
 *
 *   node [--max-old-space-size=8192] --import tsx bench/emulator-dataset-list-probe.mts <src folder> <data folder> [label]
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoToken } from './demo-token.mjs';

const [src, dataDir, label = ''] = process.argv.slice(2);
const { startEmulator } = await import(pathToFileURL(join(resolve(src!), 'emulator/index.ts')).href);
const emulator = await startEmulator({ quiet: true, dataDir, inMemory: true });
const token = await demoToken(emulator.url);
const get = async (path: string) => {
  const began = performance.now();
  const response = await fetch(`${emulator.url}${path}`, { headers: { authorization: token } });
  const body = await response.json();
  return { ms: Math.round(performance.now() - began), body };
};
const lists: string[] = [];
for (const area of (await get('/v1/my/businessareas')).body.response) {
  const schemas = (await get(`/v1/businessareas/${area.businessAreaId}/schemas`)).body.items;
  for (const schema of schemas) {
    const { ms } = await get(
      `/v1/businessareas/${area.businessAreaId}/schemas/${schema.schemaId}/datasets`,
    );
    lists.push(`${schema.name} ${ms} ms`);
  }
}
console.log(`${label} first dataset lists: ${lists.join(', ')}`);
await emulator.close();
process.exit(0);
