/**
 * `npm run build` and `prepare` (what `npm install` runs): tsup, then the CommonJS entries.
 * With `--quiet` (prepare) it prints nothing unless the build fails, and then all of it.
 *
 * Then every `require` export of package.json gets a one-line CommonJS entry that requires the
 * ES module of its `import` export (Node 20.19+, the package's engines floor, loads ES
 * modules with require), and a `.d.cts` that re-exports the declarations of that module: the
 * package ships one copy of its code and its types instead of two.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
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

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const written = [];
for (const [subpath, target] of Object.entries(pkg.exports)) {
  if (typeof target !== 'object' || !target.require || !target.import) continue;
  const { default: cjs, types: cts } = target.require;
  const { default: esm, types: dts } = target.import;
  const relative = `./${basename(esm)}`;
  if (dirname(cjs) !== dirname(esm))
    throw new Error(`${subpath}: the require and import files must sit side by side`);
  writeFileSync(
    join(root, cjs),
    `'use strict';\n// ${subpath === '.' ? 'mdq' : `mdq/${subpath.slice(2)}`} for require(): the ES module itself (Node 20.19+ loads ES modules with require).\nmodule.exports = require(${JSON.stringify(relative)});\n`,
  );
  // The ES module's declarations, re-exported: as a copy they were a second 100 KB of the tarball.
  writeFileSync(
    join(root, cts),
    `export * from ${JSON.stringify(`./${basename(dts).replace(/\.d\.ts$/, '.js')}`)};\n`,
  );
  written.push(cjs, cts);
}
if (!quiet)
  process.stdout.write(
    `${tsup.stdout
      .split('\n')
      .filter((l) => /dist\//.test(l))
      .join('\n')}\nCJS entries: ${written.join(', ')}\n`,
  );
