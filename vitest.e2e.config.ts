/**
 * The browser suite (`npm run test:e2e`), apart from `npm test`: Debian's Chromium
 * drives the playground served by the emulator. One file at a time: one browser and
 * one server are plenty for a 2-core machine.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
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
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
