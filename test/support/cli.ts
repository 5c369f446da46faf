/** The command line run in-process against fake files and captured output. */
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';

export interface FakeIoOptions {
  /** Files `readFile` can read, by path; any other path fails like a missing file. */
  readonly files?: Readonly<Record<string, string>>;
  readonly stdin?: string;
  readonly color?: boolean;
  /** The working directory, where the project file (mdq.config.json) is looked for; none: not looked for. */
  readonly cwd?: string;
}

/** A `CliIo` over fake files, and the output it captured so far. */
export function fakeIo({ files = {}, stdin = '', color = false, cwd }: FakeIoOptions = {}) {
  // `both` is what a terminal shows: standard output and error interleaved in the order written.
  const out = { stdout: '', stderr: '', both: '' };
  const io: CliIo = {
    stdout: (text) => void ((out.stdout += text), (out.both += text)),
    stderr: (text) => void ((out.stderr += text), (out.both += text)),
    readStdin: async () => stdin,
    readFile: async (path) => {
      if (Object.hasOwn(files, path)) return files[path]!;
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), {
        code: 'ENOENT',
      });
    },
    color,
    ...(cwd === undefined ? {} : { cwd }),
  };
  return { io, out };
}

/** Runs `mdq <args>` in-process: its exit code and what it printed. */
export async function runCaptured(args: readonly string[], options: FakeIoOptions = {}) {
  const { io, out } = fakeIo(options);
  const code = await runCli(args, io);
  return { code, stdout: out.stdout, stderr: out.stderr };
}

/** Runs `mdq <args>` in-process: its exit code and what a terminal would show (both streams, in order). */
export async function runInTerminal(args: readonly string[], options: FakeIoOptions = {}) {
  const { io, out } = fakeIo(options);
  const code = await runCli(args, io);
  return { code, shown: out.both };
}
