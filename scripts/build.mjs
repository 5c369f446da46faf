/**
 * `npm run build` and `prepack` (what `npm pack` and `npm publish` run): tsup, then the
 * CommonJS entries. With `--quiet` it prints nothing unless the build fails, and then all of it.
 *
 * Then every `require` export of package.json gets a one-line CommonJS entry that requires the
 * ES module of its `import` export (Node 20.19+, the package's engines floor, loads ES
 * modules with require): the package ships one copy of its code.
 *
 * And one copy of its types, written as CommonJS declarations (`.d.cts`, importing each other
 * by `.cjs` names), which the ES entries' `.d.ts` re-export: an ES module may import a
 * CommonJS one under every `moduleResolution`, while the reverse is TS1479 under `node16`
 * (a `.d.cts` re-exporting an ES `.d.ts`, as this build wrote before, failed there).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet');
// Arguments after `--` go to tsup (the tests use it to see a failing build speak up).
const tsupArgs = process.argv.includes('--')
  ? process.argv.slice(process.argv.indexOf('--') + 1)
  : [];
const require = createRequire(import.meta.url);

const dist = join(root, 'dist');
// tsup's configs run side by side, so none of them cleans dist/ (a `clean` in one deleted what
// the others had written): once tsup has succeeded, what it did not write is removed here.
// dist/playground is Vite's (npm start serves it) and stays; a failed build leaves dist/ as it was.
const started = Date.now();
const tsup = spawnSync(
  process.execPath,
  [require.resolve('tsup/dist/cli-default.js'), ...tsupArgs],
  { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
);
if (tsup.status !== 0) {
  process.stderr.write(
    `${tsup.stdout}${tsup.stderr}${tsup.error ? `${tsup.error.message}\n` : ''}mdq build: tsup failed (exit ${tsup.status ?? tsup.signal})\n`,
  );
  process.exit(1);
}

/** Removes the files under `dir` that this build did not write (older than its start). */
function removeStale(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path === join(dist, 'playground')) continue;
      removeStale(path);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true, force: true });
    } else if (statSync(path).mtimeMs < started) rmSync(path, { force: true });
  }
}
removeStale(dist);

/*
 * The root's chunks as one file. tsup builds the root and its parts (mdq/builder, ...) in one
 * split build, so esbuild cuts what they share into a chunk per set of entries that reach it:
 * `import 'mdq'` read six files, and each file Node resolves, reads and links cost about a
 * millisecond of its cold start (bench/cold.mjs: 3.4x the peer against 2.9x for the same code in
 * one file). Every chunk the root reaches is bundled into dist/core.js (esbuild: their top-level
 * names are unique across the build, so nothing is renamed), and every import of them points there.
 */
const CHUNK_IMPORT = /(\bfrom\s*|\bimport\s*)(["'])\.\/(chunk-[\w-]+\.js)\2/g;
function chunksOf(file, seen = new Set()) {
  for (const [, , , chunk] of readFileSync(join(dist, file), 'utf8').matchAll(CHUNK_IMPORT)) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    chunksOf(chunk, seen);
  }
  return seen;
}
const rootChunks = chunksOf('index.js');
if (rootChunks.size > 0) {
  const { buildSync } = await import('esbuild');
  buildSync({
    stdin: {
      contents: [...rootChunks].map((chunk) => `export * from './${chunk}';`).join('\n'),
      resolveDir: dist,
      sourcefile: 'root-chunks.js',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    charset: 'ascii',
    outfile: join(dist, 'core.js'),
    logLevel: 'error',
  });
  for (const file of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(dist, file), 'utf8');
    const pointed = text.replace(CHUNK_IMPORT, (whole, keyword, quote, chunk) =>
      rootChunks.has(chunk) ? `${keyword}${quote}./core.js${quote}` : whole,
    );
    if (pointed !== text) writeFileSync(join(dist, file), pointed);
  }
  for (const chunk of rootChunks) rmSync(join(dist, chunk));
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// tsup's declarations (entries and shared chunks), as CommonJS declarations.
const DECLARATION = /\.d\.ts$/;
for (const file of readdirSync(dist).filter((f) => DECLARATION.test(f))) {
  const text = readFileSync(join(dist, file), 'utf8').replace(
    /(from |import\(|import )(['"])(\.\/[\w.-]+)\.js\2/g,
    '$1$2$3.cjs$2',
  );
  writeFileSync(join(dist, file), text);
  renameSync(join(dist, file), join(dist, file.replace(DECLARATION, '.d.cts')));
}

const written = [];
for (const [subpath, target] of Object.entries(pkg.exports)) {
  if (typeof target !== 'object' || !target.require || !target.import) continue;
  const { default: cjs, types: cts } = target.require;
  const { default: esm, types: dts } = target.import;
  const relative = `./${basename(esm)}`;
  if (dirname(cjs) !== dirname(esm) || dirname(cts) !== dirname(dts))
    throw new Error(`${subpath}: the require and import files must sit side by side`);
  writeFileSync(
    join(root, cjs),
    `'use strict';\n// ${subpath === '.' ? 'mdq' : `mdq/${subpath.slice(2)}`} for require(): the ES module itself (Node 20.19+ loads ES modules with require).\nmodule.exports = require(${JSON.stringify(relative)});\n`,
  );
  writeFileSync(
    join(root, dts),
    `export * from ${JSON.stringify(`./${basename(cts).replace(/\.d\.cts$/, '.cjs')}`)};\n`,
  );
  written.push(cjs, dts);
}
if (!quiet)
  process.stdout.write(
    `${tsup.stdout
      .split('\n')
      .filter((l) => /dist\//.test(l))
      .join('\n')}\nCJS entries and ES declarations: ${written.join(', ')}\n`,
  );
