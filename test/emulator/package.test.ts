/** The emulator stays out of browser bundles: the package root pulls in nothing Node-only. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

describe('the mdq/emulator subpath', () => {
  it('is its own export, built from its own tsup entry', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.exports['./emulator']).toEqual({
      import: { types: './dist/emulator.d.ts', default: './dist/emulator.js' },
      require: { types: './dist/emulator.d.cts', default: './dist/emulator.cjs' },
    });
    // tsup.config.ts builds each subpath of the exports map from src/NAME/index.ts.
    expect(readFileSync(join(root, 'tsup.config.ts'), 'utf8')).toContain(
      'const source = (name: string) => `src/${name}/index.ts`;',
    );
    expect(readFileSync(join(root, 'src', 'emulator', 'index.ts'), 'utf8')).toContain(
      'startEmulator',
    );
  });

  it('is never part of a browser bundle of the package root', () => {
    const result = buildSync({
      entryPoints: [join(root, 'src', 'index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile!.inputs);
    expect(inputs.some((f) => f.includes('src/schema/'))).toBe(true);
    expect(inputs.filter((f) => f.includes('src/emulator/') || f.startsWith('node:'))).toEqual([]);
  });
});
