/** The command line's window on the world, injected so commands are testable in-process. */
import { fstatSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Writable } from 'node:stream';

export interface CliIo {
  /** Throws `OutputClosed` when nobody reads standard output any more. */
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** All of standard input, as text. */
  readonly readStdin: () => Promise<string>;
  readonly readFile: (path: string) => Promise<string>;
  /** Colour the output (stdout is a terminal and NO_COLOR is unset). */
  readonly color: boolean;
  /** The environment (`MDQ_BASE_URL`, ...); none when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Standard error is a terminal: progress may be drawn there. */
  readonly stderrIsTerminal?: boolean;
  /** False when standard input is a pipe or a file: a command given no query reads it from there. */
  readonly stdinIsTerminal?: boolean;
  /** Where the project file (`mdq.config.json`) is looked for, walking up; none: no project file. */
  readonly cwd?: string;
  /** The process's own streams, for a command that speaks a protocol over them (`mdq lsp --stdio`). */
  readonly streams?: {
    readonly stdin: NodeJS.ReadableStream;
    readonly stdout: NodeJS.WritableStream;
  };
}

/**
 * Thrown by `stdout` once the reader has gone (`mdq demo | head -1`): the runner
 * stops the command quietly instead of computing output nobody reads.
 */
export class OutputClosed extends Error {
  override readonly name = 'OutputClosed';
  constructor() {
    super('standard output was closed');
  }
}

/**
 * Thrown by `stdout` when a write failed for another reason than a reader that left (a full
 * disk, an I/O error): the output is incomplete, so the command fails (exit 1) and says why.
 */
export class OutputFailed extends Error {
  override readonly name = 'OutputFailed';
  constructor(reason: string) {
    super(`cannot write standard output (${reason})`);
  }
}

/** Errors that say the reader has gone rather than that the output was lost. */
const READER_GONE = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED']);

/**
 * Writes to a stream whose reader may go away: a failed write marks it `errored` at once
 * (EPIPE on a pipe, ENOSPC on a full disk), and the listener keeps the later 'error' event
 * from crashing the process. The writer throws `OutputClosed` when the reader has gone,
 * `OutputFailed` when the output was lost otherwise, and drops what comes after either.
 */
export function streamWriter(stream: Writable): (text: string) => void {
  stream.on('error', () => {});
  return (text) => {
    if (stream.errored === null && !stream.destroyed) stream.write(text);
    const e = stream.errored;
    if (e !== null) {
      const code = (e as NodeJS.ErrnoException).code;
      throw code !== undefined && READER_GONE.has(code)
        ? new OutputClosed()
        : new OutputFailed(e.message);
    }
    if (stream.destroyed) throw new OutputClosed();
  };
}

/**
 * Text as the Encoding standard decodes UTF-8: a leading byte order mark is dropped (Windows
 * editors write one; it would start the first query or break `JSON.parse` of a schema file),
 * and bytes that are not UTF-8 become U+FFFD.
 */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * Colour as Node's own `getColorDepth` decides it: `FORCE_COLOR` (unless `0` or `false`)
 * colours even a pipe (CI logs), a non-empty `NO_COLOR` (no-color.org) and `TERM=dumb` turn
 * it off, and otherwise a terminal gets colour.
 */
export function wantsColor(
  env: Readonly<Record<string, string | undefined>>,
  isTerminal: boolean,
): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTerminal;
}

function isDirectory(fd: number): boolean {
  try {
    return fstatSync(fd).isDirectory();
  } catch {
    // Not a descriptor fstat can answer for: reading will tell.
    return false;
  }
}

export function processIo(): CliIo {
  const out = streamWriter(process.stdout);
  const err = streamWriter(process.stderr);
  return {
    stdout: out,
    // A closed standard error only loses messages; the command still runs to its exit code.
    stderr: (text) => {
      try {
        err(text);
      } catch {
        // Nowhere left to say it.
      }
    },
    readStdin: async () => {
      // Node reads a directory on standard input (`mdq parse --stdin < dir`) as no text at all: it would pass with no queries.
      if (isDirectory(0)) throw new UsageError('standard input is a directory');
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return decodeText(Buffer.concat(chunks));
    },
    readFile: async (path) => decodeText(await readFile(path)),
    color: wantsColor(process.env, Boolean(process.stdout.isTTY)),
    env: process.env,
    stderrIsTerminal: Boolean(process.stderr.isTTY),
    stdinIsTerminal: Boolean(process.stdin.isTTY),
    cwd: process.cwd(),
    streams: { stdin: process.stdin, stdout: process.stdout },
  };
}

/** Thrown by a command for bad usage; the runner prints the message and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Exit codes shared by every command. A closed standard output ends the command with `ok`: the reader has what it wanted. */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

/** Splits `--stdin` input into queries: one per line, without a trailing empty line or `\r`. */
export function stdinQueries(text: string): string[] {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
