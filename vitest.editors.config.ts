/**
 * The editor suite (`npm run test:editors`), apart from `npm test`: real editors (Debian's
 * Neovim, installed by .ci/run) as clients of `mdq lsp --stdio`. Slow, so one file at a time.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/editors/**/*.editor.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
  },
});
