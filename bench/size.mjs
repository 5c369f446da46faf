/**
 * Stage "size": the package root as shipped (dist/index.js with the chunks it imports),
 * minified with esbuild, and minified + gzipped (zlib, default level):
 * what a browser would download. Also what an application pays for the parser alone:
 * `import { parse } from 'mdq'` bundled with tree-shaking (dist/ is ESM and the package
 * declares no side effects). And the npm tarball, as `npm pack --dry-run --json` reports it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { DIST_ESM } from './parsers.mjs';

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
/**
 * The tarball cap is the package test's (test/package/package.test.ts), read from it so the two
 * never disagree (its comment says why it grew).
 */
const TARBALL_TARGET = (() => {
  const test = readFileSync(new URL('../test/package/package.test.ts', import.meta.url), 'utf8');
  const cap = /pack\.size\)\.toBeLessThanOrEqual\((\d+) \* 1024\)/.exec(test);
  if (!cap)
    throw new Error('bench/size.mjs: the package test no longer caps pack.size as N * 1024');
  return Number(cap[1]) * 1024;
})();
/** Issue 29's browser budgets, minified + gzipped. */
const PARSE_TARGET = 40 * 1024;
const EDITOR_TARGET = 60 * 1024;

/** dist/index.js and everything it imports, as one file: as shipped (unminified), minified, gzipped. */
async function measure(file) {
  const common = {
    entryPoints: [file],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    legalComments: 'none',
  };
  const raw = (await build(common)).outputFiles[0].contents;
  const minified = (await build({ ...common, minify: true })).outputFiles[0].contents;
  return { raw: raw.length, minified: minified.length, gzipped: gzipSync(minified).length };
}

/** The tarball `npm publish` would upload (scripts are not run: dist/ must be built). */
export function tarball() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [pack] = JSON.parse(out);
  return { packed: pack.size, unpacked: pack.unpackedSize, files: pack.entryCount };
}

/** The built entries an application imports these names from: the root and its parts (mdq/completion, ...). */
const ENTRIES = ['index', 'builder', 'completion', 'evaluator', 'examples'].map((name) =>
  fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url)),
);

/** What a browser application pays for these names of the package: esbuild, tree-shaken, minified, gzipped. */
async function treeShaken(names, platform = 'neutral') {
  const lines = [];
  for (const file of ENTRIES) {
    const exported = Object.keys(await import(pathToFileURL(file).href));
    const here = names.filter((name) => exported.includes(name));
    if (here.length > 0) lines.push(`export { ${here.join(', ')} } from ${JSON.stringify(file)};`);
  }
  const common = {
    stdin: {
      contents: lines.join('\n'),
      loader: 'js',
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: 'esm',
    platform,
    target: 'es2022',
    write: false,
    legalComments: 'none',
    // A part's bare import of a shared chunk (kept for evaluation order) is dropped as the package
    // declares no side effects, which is right: no need to say so on every run.
    logOverride: { 'ignored-bare-import': 'silent' },
  };
  const raw = (await build(common)).outputFiles[0].contents;
  const minified = (await build({ ...common, minify: true })).outputFiles[0].contents;
  return { raw: raw.length, minified: minified.length, gzipped: gzipSync(minified).length };
}

export async function run({ log = () => {} } = {}) {
  log('size: bundling and minifying dist/index.js; npm pack --dry-run');
  const pack = tarball();
  const builds = [
    {
      label: 'ESM dist/index.js, with its chunks',
      ...(await measure(DIST_ESM)),
    },
    { label: "`import { parse } from 'mdq'`, tree-shaken", ...(await treeShaken(['parse'])) },
    {
      label: "`import { parse, format } from 'mdq'`, tree-shaken",
      ...(await treeShaken(['parse', 'format'])),
    },
    {
      label: "`import { parse } from 'mdq'`, tree-shaken, browser",
      ...(await treeShaken(['parse'], 'browser')),
    },
    {
      label: "`parse`, `check` from 'mdq', `complete` from 'mdq/completion', tree-shaken, browser",
      ...(await treeShaken(['parse', 'check', 'complete'], 'browser')),
    },
  ];
  const browserParse = builds[3];
  const browserEditor = builds[4];
  return {
    title: 'Core bundle size',
    tables: [
      {
        columns: ['bundle', 'as built (bundled)', 'minified', 'minified + gzip'],
        rows: builds.map((b) => [b.label, kB(b.raw), kB(b.minified), kB(b.gzipped)]),
      },
      {
        columns: ['npm tarball', 'packed', 'unpacked', 'files'],
        rows: [['`npm pack --dry-run`', kB(pack.packed), kB(pack.unpacked), String(pack.files)]],
      },
    ],
    notes: [
      'The grammar runs on mdq\'s own recognizer (src/language/recognizer); chevrotain is not shipped. dist/ ships unminified (names kept, no source maps); "minified" is what a bundler of the package would make of it.',
      'The CommonJS entries (dist/*.cjs) are one-line require()s of the ES modules, so the code ships once.',
      'The browser rows bundle dist/index.js as an application would (esbuild, `platform: browser`, minified, tree-shaken): dist/ is one module, so what is left out depends on top-level statements esbuild can prove unused (`/* @__PURE__ */` where a call or `new` has no effect).',
    ],
    checks: [
      {
        target: `npm tarball ≤ ${TARBALL_TARGET / 1024} KiB packed (the package test's cap)`,
        measured: kB(pack.packed),
        pass: pack.packed <= TARBALL_TARGET,
      },
      {
        target: 'browser bundle of `parse` ≤ 40 KiB minified + gzipped (29)',
        measured: kB(browserParse.gzipped),
        pass: browserParse.gzipped <= PARSE_TARGET,
      },
      {
        target: 'browser bundle of `parse` + `check` + `complete` ≤ 60 KiB minified + gzipped (29)',
        measured: kB(browserEditor.gzipped),
        pass: browserEditor.gzipped <= EDITOR_TARGET,
      },
    ],
    summary: `tarball ${kB(pack.packed)} packed, ${kB(pack.unpacked)} unpacked; dist/index.js ${kB(builds[0].minified)} minified, ${kB(builds[0].gzipped)} minified + gzipped (parse alone, tree-shaken: ${kB(builds[1].gzipped)} gzipped)`,
  };
}
