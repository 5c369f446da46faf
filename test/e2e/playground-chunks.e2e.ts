/**
 * The playground's JavaScript as Vite split it (dist/playground, built by the suite's setup):
 * no chunk past Vite's 500 kB warning, and each chunk holding what its name says, read from
 * the source maps: mdq's core without the elements, the editor extension or the React wrapper;
 * the search box chunk with the elements and the extension and nothing else.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const assets = join(__dirname, '..', '..', 'dist', 'playground', 'assets');

/** Each chunk by its name (the file name less its hash): its size and the folders its modules come from. */
function chunks(): Map<string, { bytes: number; folders: Set<string> }> {
  const found = new Map<string, { bytes: number; folders: Set<string> }>();
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    // Vite's own helpers (the module preload polyfill) come without a map.
    const map = join(assets, `${file}.map`);
    const { sources } = existsSync(map)
      ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] })
      : { sources: [] };
    const folders = new Set(
      sources.map((source) => {
        const path = source.replace(/^(\.\.\/)+/, '');
        const modules = path.lastIndexOf('node_modules/');
        const parts = (modules >= 0 ? path.slice(modules) : path).split('/');
        // src/<stage>, playground/src, node_modules/<package> (scoped: node_modules/@scope/name)
        return parts.slice(0, parts[1]?.startsWith('@') ? 3 : 2).join('/');
      }),
    );
    found.set(file.replace(/-[\w-]{8}\.js$/, ''), {
      bytes: statSync(join(assets, file)).size,
      folders,
    });
  }
  return found;
}

describe('the playground build', () => {
  let built: ReturnType<typeof chunks>;
  beforeAll(() => {
    built = chunks();
  });

  it('has no chunk past Vite’s 500 kB warning', () => {
    for (const [name, { bytes }] of built) expect(bytes, name).toBeLessThan(500_000);
  });

  it("keeps the elements, the editor extension and React out of mdq's core chunk", () => {
    const core = [...built.get('mdq')!.folders];
    expect(core).toContain('src/language');
    expect(core).toContain('src/checker');
    expect(core.filter((f) => /^src\/(element|codemirror|react|client)$/.test(f))).toEqual([]);
    expect(
      core.filter((f) => f.startsWith('node_modules/') && !/chevrotain|lodash-es/.test(f)),
    ).toEqual([]);
  });

  it('puts the elements and the editor extension in the search box chunk, alone', () => {
    expect([...built.get('search-box')!.folders].sort()).toEqual(['src/codemirror', 'src/element']);
  });
});
