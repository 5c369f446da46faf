/**
 * `npm start`: builds what is stale, then runs `mdq serve` in this process with the
 * playground as its static site, so the page and the API share one port. Arguments
 * go to `mdq serve` (`npm start -- --port 0`).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStale, root } from './stale.mjs';

buildStale();

// Say where the playground is, right after the server says where it listens.
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const result = write(chunk, ...rest);
  const match = /listening on (http:\/\/\S+)/.exec(String(chunk));
  if (match) write(`\n  mdq playground: ${match[1]}/\n\n`);
  return result;
};

process.argv.splice(
  2,
  process.argv.length,
  'serve',
  '--static',
  join(root, 'dist', 'playground'),
  ...process.argv.slice(2),
);
await import(pathToFileURL(join(root, 'dist', 'cli.js')).href);
