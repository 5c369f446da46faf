/**
 * Stage "size": the core bundle (dist/index.js, chevrotain bundled in) as shipped, minified
 * with esbuild, and minified + gzipped (zlib, default level) — what a browser would download.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { DIST_CJS, DIST_ESM } from './parsers.mjs';

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

async function measure(file, format) {
  const code = readFileSync(file, 'utf8');
  const minified = (await transform(code, { minify: true, format, target: 'node20', legalComments: 'none' })).code;
  return { raw: Buffer.byteLength(code), minified: Buffer.byteLength(minified), gzipped: gzipSync(minified).length };
}

export async function run({ log = () => {} } = {}) {
  log('size: minifying dist/index.js and dist/index.cjs');
  const builds = [
    { label: 'ESM dist/index.js', ...(await measure(DIST_ESM, 'esm')) },
    { label: 'CJS dist/index.cjs', ...(await measure(DIST_CJS, 'cjs')) },
  ];
  return {
    title: 'Core bundle size',
    tables: [
      {
        columns: ['bundle', 'as built', 'minified', 'minified + gzip'],
        rows: builds.map((b) => [b.label, kB(b.raw), kB(b.minified), kB(b.gzipped)]),
      },
    ],
    notes: ['The bundle holds chevrotain; the issue sets no size target, the figure is for comparison over time.'],
    checks: [],
    summary: `core bundle ${kB(builds[0].minified)} minified, ${kB(builds[0].gzipped)} gzipped`,
  };
}
