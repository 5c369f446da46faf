import { defineConfig } from 'vitest/config';

// The client's contract suite (npm run test:contract): test/**/*.contract.ts, against the tenant in the environment or the emulator.
export default defineConfig({
  test: {
    include: ['test/**/*.contract.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
