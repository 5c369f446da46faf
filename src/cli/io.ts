/** The command line's window on the world, injected so commands are testable in-process. */
import { readFile } from 'node:fs/promises';

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
 * A stream whose reader may go away: a failed write (EPIPE) marks it `errored` at once,
 * and the listener keeps the later 'error' event from crashing the process.
 */
function closable(stream: NodeJS.WriteStream): { write: (text: string) => void; closed: () => boolean } {
  stream.on('error', () => {});
  const closed = () => stream.errored !== null || stream.destroyed;
  return {
    write: (text) => {
      if (!closed()) stream.write(text);
    },
    closed,
  };
}

export function processIo(): CliIo {
  const out = closable(process.stdout);
  const err = closable(process.stderr);
  return {
    stdout: (text) => {
      out.write(text);
      if (out.closed()) throw new OutputClosed();
    },
    // A closed standard error only loses messages; the command still runs to its exit code.
    stderr: err.write,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    readFile: (path) => readFile(path, 'utf8'),
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    env: process.env,
    stderrIsTerminal: Boolean(process.stderr.isTTY),
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
