/** The version of the installed package, read from its package.json (the same code runs from src/ and from dist/). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function mdqVersion(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (pkg.name === 'mdq' && typeof pkg.version === 'string') return (cached = pkg.version);
    } catch {
      // No package.json here: look one level up.
    }
    const parent = dirname(dir);
    if (parent === dir) return (cached = 'unknown');
    dir = parent;
  }
}
