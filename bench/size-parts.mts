/**
 * What each part of a browser bundle weighs: `npx tsx bench/size-parts.mts parse,check,complete`
 * bundles those names of src/index.ts as an application would (esbuild, browser, minified,
 * tree-shaken, chevrotain from its ES modules as dist/vendor/chevrotain.js bundles it, with the
 * same stubs: scripts/chevrotain/vendor.ts), and lists the minified bytes per source folder
 * (`--files`: per file; `--no-chevrotain`: chevrotain.ts replaced by a stub, the floor of a
 * bundle without chevrotain). gzip does not split by input, so the parts are minified bytes; the
 * total is given both ways. Not a stage of bench/run.mjs: a tool for finding what to cut.
 */
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { chevrotainStubs } from '../scripts/chevrotain/vendor.js';

const names = (process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'parse').split(',');
const perFile = process.argv.includes('--files');
const noChevrotain: Plugin = {
  name: 'no-chevrotain',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]language[\\/]chevrotain\.ts$/ }, () => ({
      contents: 'export function loadChevrotain() { throw new Error("no chevrotain"); }',
      loader: 'ts',
    }));
  },
};
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
  plugins: process.argv.includes('--no-chevrotain') ? [noChevrotain] : [chevrotainStubs],
});
const out = result.outputFiles[0]!.contents;
console.log(`${names.join(' + ')}: ${out.length} B minified, ${gzipSync(out).length} B gzipped`);
const parts = new Map();
for (const [input, { bytesInOutput }] of Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)) {
  const part = perFile
    ? input
    : input
        .replace(/^node_modules\/((?:@chevrotain\/)?[^/]+)\/.*$/, '$1')
        .replace(/^src\/([^/]+)\/.*$/, 'src/$1')
        .replace(/^scripts\/chevrotain\/.*$/, 'chevrotain (stubs)');
  parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
}
for (const [part, bytes] of [...parts].sort((a, b) => b[1] - a[1]))
  if (bytes > 0) console.log(`${String(bytes).padStart(8)}  ${part}`);
