import { defineConfig } from 'tsup';

// chevrotain is bundled: its unbundled ESM import alone costs ~180 ms at start-up.
// Minified, because compiling half the bytes makes `import` measurably faster (source maps keep stack traces readable).
export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    noExternal: ['chevrotain'],
    treeshake: true,
    minify: true,
  },
  {
    // Node-only (node:http, node:fs): its own subpath, so browser bundles of the root never see it.
    entry: { emulator: 'src/emulator/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    platform: 'node',
    target: 'node20',
    noExternal: ['chevrotain'],
    treeshake: true,
    minify: true,
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    noExternal: ['chevrotain'],
    minify: true,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
