import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildSync, type Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/*
 * One ESM build of every entry, split into shared chunks so the entries do not each carry
 * a copy of the core. Our code ships unminified with its names (`BuilderError.name` is
 * 'BuilderError') and no source maps: a stack trace reads like the source. Without esbuild's
 * keepNames: it renames a top-level name only where two modules' names collide (`check2`),
 * and no two functions or classes of src/ share one (a package test holds it), so its
 * `__name()` calls (an Object.defineProperty per function at import, and per closure made)
 * would buy nothing. The CommonJS entries (dist/*.cjs) are one-line `require()`s of these
 * files, written by scripts/build.mjs (Node 20.19+, the package's `engines`, loads ES
 * modules with require).
 *
 * chevrotain (with lodash-es) is the one thing shipped minified, in dist/vendor/: only the
 * names src/ imports from it, tree-shaken, in one file (its unbundled ESM import, hundreds
 * of small files, costs ~180 ms at start-up; one file does not). And it loads lazily: the
 * build replaces src/language/chevrotain.ts, the one module that imports chevrotain's values,
 * with that file, whose `loadChevrotain()` runs the bundle's body on its first call (that
 * module says why).
 */
const VENDORED = 'vendor/chevrotain.js';
const SEAM = join('src', 'language', 'chevrotain.ts');

/** The value (not type) names the seam imports from chevrotain. */
function chevrotainImports(): string[] {
  const list = /^import \{([^}]*)\} from 'chevrotain';/m.exec(readFileSync(SEAM, 'utf8'))?.[1];
  if (list === undefined) throw new Error(`${SEAM} no longer imports chevrotain`);
  return list.split(',').map((s) => s.trim()).filter(Boolean).sort();
}

/** dist/vendor/chevrotain.js: the bundle inside a function, run once, on the first call. */
function vendoredChevrotain(): string {
  const bundle = buildSync({
    stdin: { contents: `export { ${chevrotainImports().join(', ')} } from 'chevrotain';`, resolveDir: '.', loader: 'js' },
    bundle: true,
    format: 'iife',
    globalName: 'vendored',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    write: false,
    logLevel: 'warning',
  }).outputFiles[0]!.text;
  return [
    `// chevrotain ${JSON.parse(readFileSync('node_modules/chevrotain/package.json', 'utf8')).version}, bundled and minified, for src/language/chevrotain.ts: the body runs on the first call.`,
    'let loaded;',
    'export function loadChevrotain() {',
    '  return (loaded ??= bundle());',
    '}',
    'function bundle() {',
    `${bundle.trimEnd()}`,
    'return vendored;',
    '}',
    '',
  ].join('\n');
}

const vendorChevrotain: Plugin = {
  name: 'vendor-chevrotain',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]language[\\/]chevrotain\.ts$/ }, () => ({ contents: "export { loadChevrotain } from 'chevrotain';", loader: 'ts' }));
    build.onResolve({ filter: /^chevrotain$/ }, (args) =>
      args.importer.endsWith(SEAM)
        ? { path: `./${VENDORED}`, external: true }
        : { errors: [{ text: `${args.importer} imports chevrotain: import its types only, and its values through ${SEAM}` }] },
    );
    build.onEnd(() => {
      mkdirSync(join('dist', dirname(VENDORED)), { recursive: true });
      writeFileSync(join('dist', VENDORED), vendoredChevrotain());
    });
  },
};

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      // The service client: browser-safe (the platform's fetch, no node: import).
      client: 'src/client/index.ts',
      // Node-only (node:http, node:fs): its own subpath, so browser bundles of the root never see it.
      emulator: 'src/emulator/index.ts',
      // The `mdq` bin; src/cli/main.ts starts with the #! line, which esbuild keeps.
      cli: 'src/cli/main.ts',
    },
    format: ['esm'],
    splitting: true,
    dts: { entry: { index: 'src/index.ts', client: 'src/client/index.ts', emulator: 'src/emulator/index.ts' } },
    clean: true,
    target: 'node20',
    platform: 'node',
    treeshake: true,
    minify: false,
    sourcemap: false,
    esbuildPlugins: [vendorChevrotain],
  },
  {
    entry: { codemirror: 'src/codemirror/index.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: false,
    target: 'es2022',
    platform: 'browser',
    // The core comes from the package itself ('mdq'), so an app that imports both gets one copy of the parser.
    external: [/^@codemirror\//, /^@lezer\//, 'mdq'],
    treeshake: true,
    minify: false,
  },
]);
