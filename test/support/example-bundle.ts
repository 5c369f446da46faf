/**
 * Bundles a project of examples/ as a user's bundler would (esbuild, `mdq` resolved to src/):
 * the examples tests run the result as a process, the browser suite opens the search page.
 */
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const root = join(__dirname, '..', '..');
export const examples = join(root, 'examples');

/** `mdq` and the subpaths the examples (and what they import) use. */
const alias = {
  mdq: join(root, 'src', 'index.ts'),
  ...Object.fromEntries(
    ['client', 'codemirror', 'builder', 'completion', 'evaluator', 'examples'].map((name) => [
      `mdq/${name}`,
      join(root, 'src', name, 'index.ts'),
    ]),
  ),
};

/** Bundles `entry` (a path under examples/) into `outfile`; returns `outfile`. */
export function bundleExample(
  entry: string,
  platform: 'node' | 'browser',
  outfile: string,
): string {
  buildSync({
    entryPoints: [join(examples, entry)],
    bundle: true,
    format: 'esm',
    platform,
    target: 'es2022',
    outfile,
    alias,
    logLevel: 'error',
  });
  return outfile;
}
