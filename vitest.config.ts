import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // mdq/codemirror imports the core by the package's name (see tsup.config.ts); tests run it from src/.
  resolve: {
    alias: [
      { find: /^mdq$/, replacement: fileURLToPath(new URL('src/index.ts', import.meta.url)) },
      {
        find: /^mdq\/(codemirror|client|element|react)$/,
        replacement: fileURLToPath(new URL('src/$1/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 30_000,
  },
});
