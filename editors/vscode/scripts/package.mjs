/**
 * `npm run package:vscode`: bundles the client (vscode-languageclient included, `vscode`
 * external) into dist/extension.js with esbuild, then packs editors/vscode into
 * editors/vscode/mdq-vscode.vsix with @vscode/vsce 3.9 (4.x needs Node 22). The server is not inside:
 * the extension runs the project's `mdq lsp`.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);

await build({
  entryPoints: [join(here, 'src', 'extension.ts')],
  bundle: true,
  outfile: join(here, 'dist', 'extension.js'),
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: true,
  // The client from the repository's node_modules: the extension has no install of its own.
  nodePaths: [join(root, 'node_modules')],
  logLevel: 'warning',
});

const out = join(here, 'mdq-vscode.vsix');
const vsce = spawnSync(
  process.execPath,
  [
    require.resolve('@vscode/vsce/vsce'),
    'package',
    '--no-dependencies',
    '--skip-license',
    '--allow-missing-repository',
    '--out',
    out,
  ],
  { cwd: here, stdio: 'inherit' },
);
if (vsce.status !== 0) process.exit(vsce.status ?? 1);
