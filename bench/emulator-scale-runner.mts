/**
 * One emulator for bench/emulator-scale.mjs, started from a source tree (this one, or an
 * older one for ratios in the same run): prints `ready <url> <start-up ms> <heap bytes> <rss bytes>`,
 * and on SIGUSR2 (after a search burst) `memory <heap bytes> <rss bytes>`, both after a full collection.
 * The heap counts array buffers too: a data folder's lines not parsed yet are held as file bytes there.
 * With `floor` for the source folder it serves a constant answer instead (the transport's floor).
 *
 *   tsx bench/emulator-scale-runner.mts <src folder | floor> <records> [data folder]
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const [src, records, dataDir] = process.argv.slice(2);
if (src === 'floor') {
  // A bare Node server answering a constant: what any request costs on this machine and load.
  const body = JSON.stringify({ total: 1, hits: [{ _dataObjectId: 'x' }] });
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  console.log(`ready http://127.0.0.1:${port} 0 0 0`);
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
  process.on('SIGUSR2', () => console.log('memory 0 0'));
} else {
const { startEmulator } = await import(pathToFileURL(join(resolve(src!), 'emulator/index.ts')).href);
collect();
const used = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const before = used();
const started = performance.now();
const emulator = await startEmulator({
  records: Number(records),
  quiet: true,
  ...(dataDir ? { dataDir } : {}),
});
const ms = performance.now() - started;
collect();
const memory = () => {
  collect();
  return `${used() - before} ${process.memoryUsage().rss}`;
};
console.log(`ready ${emulator.url} ${Math.round(ms)} ${memory()}`);
process.on('SIGUSR2', () => console.log(`memory ${memory()}`));
process.on('SIGTERM', () => void emulator.close().then(() => process.exit(0)));
}
