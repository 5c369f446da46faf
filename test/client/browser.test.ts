/** mdq/client runs in browsers: no Node built-in, no `process`, no `Buffer`, only the platform's fetch and AbortSignal. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const dir = join(__dirname, '..', '..', 'src', 'client');

describe('mdq/client in a browser', () => {
  it('no source file of src/client names a Node built-in, process or Buffer', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/from ['"]node:|require\(|\bprocess\.|\bBuffer\b/);
    }
  });

  it('bundles for the browser platform, with every import resolved and nothing from Node', async () => {
    const result = await build({
      entryPoints: [join(dir, 'index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes('src/client/client.ts'))).toBe(true);
    expect(
      inputs.filter((i) => i.startsWith('node:') || /node_modules\/(undici|node-fetch)/.test(i)),
    ).toEqual([]);
    expect(result.outputFiles[0]!.text).not.toMatch(/from ?["']node:/);
  });
});
