/** `mdq serve` as a child process (bundled from the source tree), for tests that kill or signal it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const root = join(__dirname, '..', '..');
let bundle: string | undefined;

/** The CLI from the source tree, bundled once per test file: starts in a fraction of tsx's time. */
export function cli(): string {
  if (bundle === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'mdq-cli-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    bundle = join(dir, 'cli.mjs');
    buildSync({
      entryPoints: [join(root, 'src', 'cli', 'main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: bundle,
      logLevel: 'error',
    });
  }
  return bundle;
}

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything the process wrote to stdout so far. */
  output(): string;
  /** Everything the process wrote to stderr so far. */
  errors(): string;
  /** Resolves with the exit code or signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function serve(args: readonly string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cli(), 'serve', '--port', '0', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`mdq serve did not start: ${stdout}${stderr}`)),
      60_000,
    );
    const check = () => {
      const m = /listening on (http:\/\/\S+)/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`mdq serve exited: ${stdout}${stderr}`)));
  });
  return { child, url, output: () => stdout, errors: () => stderr, exited };
}
