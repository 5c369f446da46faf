/**
 * One start-up of a data folder and the first search after it, from a source tree (issue 30,
 * item 9): prints the ms to `startEmulator({ dataDir })` settling (wall and CPU of all
 * threads), the first search's ms (a word search: during the word index's build, a scan of
 * the part not built), and the two together. Run it in turns for the trees compared.
 *
 *   node [--max-old-space-size=8192] --import tsx bench/emulator-startup-probe.mts <src folder> <data folder> [label] [query]
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoToken } from './demo-token.mjs';

const [src, dataDir, label = '', query = 'Berlin'] = process.argv.slice(2);
const { startEmulator } = await import(pathToFileURL(join(resolve(src!), 'emulator/index.ts')).href);
const cpu = process.cpuUsage();
const began = performance.now();
const emulator = await startEmulator({ quiet: true, dataDir });
const ready = performance.now() - began;
const used = process.cpuUsage(cpu);
const token = await demoToken(emulator.url);
const asked = performance.now();
const answer = await fetch(
  `${emulator.url}/dataobjects/search?size=1&query=${encodeURIComponent(query)}`,
  { headers: { authorization: token } },
);
await answer.text();
const first = performance.now() - asked;
console.log(
  `${label} ready ${Math.round(ready)} ms, CPU ${Math.round((used.user + used.system) / 1000)} ms; first search ${Math.round(first)} ms (${answer.status}); both ${Math.round(performance.now() - began)} ms`,
);
await emulator.close();
process.exit(0);
