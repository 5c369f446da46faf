/** Builds what is stale, then serves the playground and the emulated API on a free port for the browser tests. */
import type { TestProject } from 'vitest/node';
import { join } from 'node:path';
import { startEmulator } from '../../src/emulator/index.js';
// @ts-expect-error: a plain .mjs script without types
import { buildStale, root } from '../../scripts/stale.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    playgroundUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  (buildStale as (log: (line: string) => void) => void)(() => {});
  const emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    staticDir: join(root as string, 'dist', 'playground'),
    quiet: true,
  });
  project.provide('playgroundUrl', `${emulator.url}/`);
  return () => emulator.close();
}
