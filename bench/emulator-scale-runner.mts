/**
 * One emulator for bench/emulator-scale.mjs, started from a source tree (this one, or an
 * older one for ratios in the same run): prints `ready <url> <start-up ms> <heap bytes>`.
 *
 *   tsx bench/emulator-scale-runner.mts <src folder> <records> [data folder]
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const [src, records, dataDir] = process.argv.slice(2);
const { startEmulator } = await import(pathToFileURL(join(resolve(src!), 'emulator/index.ts')).href);
collect();
const before = process.memoryUsage().heapUsed;
const started = performance.now();
const emulator = await startEmulator({
  records: Number(records),
  quiet: true,
  ...(dataDir ? { dataDir } : {}),
});
const ms = performance.now() - started;
collect();
console.log(`ready ${emulator.url} ${Math.round(ms)} ${process.memoryUsage().heapUsed - before}`);
process.on('SIGTERM', () => void emulator.close().then(() => process.exit(0)));
