/**
 * What each part of a browser bundle weighs: `npx tsx bench/size-parts.mts parse,check,complete`
 * bundles those names of src/index.ts as an application would (esbuild, browser, minified,
 * tree-shaken), and lists the minified bytes per source folder (`--files`: per file).
 * gzip does not split by input, so the parts are minified bytes; the
 * total is given both ways. Not a stage of bench/run.mjs: a tool for finding what to cut.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const names = (process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'parse').split(',');
const perFile = process.argv.includes('--files');
const result = await build({
  stdin: {
    contents: `export { ${names.join(', ')} } from './src/index.ts';`,
    loader: 'ts',
    resolveDir: process.cwd(),
  },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  minify: true,
  metafile: true,
  legalComments: 'none',
  mainFields: ['module', 'main'],
});
const out = result.outputFiles[0]!.contents;
console.log(`${names.join(' + ')}: ${out.length} B minified, ${gzipSync(out).length} B gzipped`);
const parts = new Map();
for (const [input, { bytesInOutput }] of Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)) {
  const part = perFile
    ? input
    : input
        .replace(/^node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, '$1')
        .replace(/^src\/([^/]+)\/.*$/, 'src/$1');
  parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
}
for (const [part, bytes] of [...parts].sort((a, b) => b[1] - a[1]))
  if (bytes > 0) console.log(`${String(bytes).padStart(8)}  ${part}`);
