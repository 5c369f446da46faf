/**
 * `npm run package:vscode`: type-checks the client against @types/vscode, bundles it (vscode-languageclient included, `vscode`
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

// The extension type-checked against the VS Code API of its engines (@types/vscode ~1.91,
// engines.vscode ^1.91.0; vsce refuses types newer than the engine): a wrong call fails here.
const tsc = spawnSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', join(here, 'tsconfig.json')],
  { stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

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
