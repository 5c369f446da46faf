/**
 * Builds what is out of date: the package (dist/, by scripts/build.mjs) when a source file is
 * newer than dist/cli.js, and the playground (dist/playground/, by Vite) when a
 * source or playground file is newer than its index.html. Used by `npm start` and
 * by the browser tests; `node scripts/stale.mjs --package` (`npm run bench`) builds the
 * package only, and only when it is stale.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(join(root, path));
  return latest;
}

const built = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : -1);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const inputs = ['src', 'package.json', 'tsup.config.ts'];

/** Rebuilds dist/ when a source file is newer; says so on `log`. */
export function buildPackageIfStale(log = (line) => process.stdout.write(`${line}\n`)) {
  if (built('dist/cli.js') < newest(inputs)) {
    log('building the package (dist/)...');
    execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
}

/** Rebuilds the stale parts; says what it builds on `log`. */
export function buildStale(log = (line) => process.stdout.write(`${line}\n`)) {
  buildPackageIfStale(log);
  if (built('dist/playground/index.html') < newest([...inputs, 'playground'])) {
    log('building the playground (dist/playground/)...');
    execFileSync(bin('vite'), ['build', '--config', 'playground/vite.config.ts'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--package')) buildPackageIfStale();
  else buildStale();
}
