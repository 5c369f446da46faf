import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync, type Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/*
 * One ESM build of every entry, split into shared chunks so the entries do not each carry
 * a copy of the core. Our code ships unminified with its names kept (`BuilderError.name`
 * is 'BuilderError') and no source maps: a stack trace reads like the source. The CommonJS
 * entries (dist/*.cjs) are one-line `require()`s of these files, written by
 * scripts/build.mjs (Node 20.19+, the package's `engines`, loads ES modules with require).
 *
 * chevrotain (with lodash-es) is the one thing shipped minified, in dist/vendor/: only the
 * names src/ imports from it, tree-shaken, in one file (its unbundled ESM import, hundreds
 * of small files, costs ~180 ms at start-up; one file does not).
 */
const VENDORED = 'vendor/chevrotain.js';

/** The value (not type) names src/ imports from chevrotain. */
function chevrotainImports(dir = 'src'): string[] {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const name of chevrotainImports(path)) names.add(name);
    else if (path.endsWith('.ts')) {
      for (const [, list] of readFileSync(path, 'utf8').matchAll(/^import \{([^}]*)\} from 'chevrotain';/gm)) {
        for (const item of list!.split(',').map((s) => s.trim())) if (item && !item.startsWith('type ')) names.add(item);
      }
    }
  }
  return [...names].sort();
}

const vendorChevrotain: Plugin = {
  name: 'vendor-chevrotain',
  setup(build) {
    build.onResolve({ filter: /^chevrotain$/ }, () => ({ path: `./${VENDORED}`, external: true }));
    build.onEnd(() => {
      buildSync({
        stdin: { contents: `export { ${chevrotainImports().join(', ')} } from 'chevrotain';`, resolveDir: '.', loader: 'js' },
        bundle: true,
        format: 'esm',
        platform: 'neutral',
        mainFields: ['module', 'main'],
        target: 'es2022',
        minify: true,
        legalComments: 'eof',
        outfile: join('dist', VENDORED),
        logLevel: 'warning',
      });
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
    keepNames: true,
    sourcemap: false,
    esbuildPlugins: [vendorChevrotain],
  },
]);
