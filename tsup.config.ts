import { defineConfig } from 'tsup';

// chevrotain is bundled: its unbundled ESM import alone costs ~180 ms at start-up.
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
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    noExternal: ['chevrotain'],
    banner: { js: '#!/usr/bin/env node' },
  },
]);
