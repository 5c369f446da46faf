import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // mdq/codemirror imports the core by the package's name (see tsup.config.ts); tests run it from src/.
  resolve: {
    alias: [
      { find: /^mdq$/, replacement: fileURLToPath(new URL('src/index.ts', import.meta.url)) },
      {
        find: /^mdq\/(codemirror|client|element|react|builder|completion|evaluator|examples)$/,
        replacement: fileURLToPath(new URL('src/$1/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    setupFiles: ['test/setup/fast-check.ts', 'test/setup/connections.ts'],
    testTimeout: 30_000,
    // Most files share their workers' module graph (isolate: false): loading src/ again for each
    // of ~200 files was over half of `npm test`'s time. A file that replaces a module (vi.mock)
    // must not leak its mock into the next file, so it is named *.isolated.test.ts and runs in
    // fresh modules; test/setup/isolation.test.ts holds that rule.
    // (Each project names its own files: `extends` would add the root's include to both.)
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.isolated.test.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: ['test/**/*.isolated.test.ts'] } },
    ],
    // `npm run coverage` (CI): V8's coverage of src/, with a floor a point under what the suite
    // reached (CI, 2026-11-28: statements 91.07, branches 88.43, functions 91.12, lines 92.22).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: { statements: 90, branches: 87, functions: 90, lines: 91 },
    },
  },
});
