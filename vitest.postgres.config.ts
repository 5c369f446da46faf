import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** mdq/sql's tests (the parity law among them) on a PostgreSQL server at MDQ_POSTGRES_URL: scripts/postgres-parity.sh starts one and runs this. */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^mdq$/, replacement: fileURLToPath(new URL('src/index.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/sql/**/*.test.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 60_000,
  },
});
