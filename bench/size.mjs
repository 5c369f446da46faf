/**
 * Stage "size": the core bundle (dist/index.js, chevrotain bundled in) as shipped, minified
 * with esbuild, and minified + gzipped (zlib, default level) — what a browser would download.
 * Also what an application pays for the parser alone: `import { parse } from 'mdq'` bundled
 * with tree-shaking (dist/index.js is ESM and the package declares no side effects).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';
import { DIST_CJS, DIST_ESM } from './parsers.mjs';

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

async function measure(file, format) {
  const code = readFileSync(file, 'utf8');
  const minified = (await transform(code, { minify: true, format, target: 'node20', legalComments: 'none' })).code;
  return { raw: Buffer.byteLength(code), minified: Buffer.byteLength(minified), gzipped: gzipSync(minified).length };
}

async function treeShaken(names) {
  const common = {
    stdin: { contents: `export { ${names.join(', ')} } from ${JSON.stringify(DIST_ESM)};`, loader: 'js', resolveDir: process.cwd() },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    legalComments: 'none',
  };
  const raw = (await build(common)).outputFiles[0].contents;
  const minified = (await build({ ...common, minify: true })).outputFiles[0].contents;
  return { raw: raw.length, minified: minified.length, gzipped: gzipSync(minified).length };
}

export async function run({ log = () => {} } = {}) {
  log('size: minifying dist/index.js and dist/index.cjs');
  const builds = [
    { label: 'ESM dist/index.js', ...(await measure(DIST_ESM, 'esm')) },
    { label: 'CJS dist/index.cjs', ...(await measure(DIST_CJS, 'cjs')) },
    { label: "`import { parse } from 'mdq'`, tree-shaken", ...(await treeShaken(['parse'])) },
    { label: "`import { parse, format } from 'mdq'`, tree-shaken", ...(await treeShaken(['parse', 'format'])) },
  ];
  return {
    title: 'Core bundle size',
    tables: [
      {
        columns: ['bundle', 'as built (bundled)', 'minified', 'minified + gzip'],
        rows: builds.map((b) => [b.label, kB(b.raw), kB(b.minified), kB(b.gzipped)]),
      },
    ],
    notes: ['Every figure includes chevrotain. The issue sets no size target: the figures are for comparison over time.'],
    checks: [],
    summary: `dist/index.js ${kB(builds[0].minified)} minified, ${kB(builds[0].gzipped)} minified + gzipped (parse alone, tree-shaken: ${kB(builds[2].gzipped)} gzipped)`,
  };
}
