/** The command line's window on the world, injected so commands are testable in-process. */
import { readFile } from 'node:fs/promises';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** All of standard input, as text. */
  readonly readStdin: () => Promise<string>;
  readonly readFile: (path: string) => Promise<string>;
  /** Colour the output (stdout is a terminal and NO_COLOR is unset). */
  readonly color: boolean;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    readFile: (path) => readFile(path, 'utf8'),
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  };
}

/** Thrown by a command for bad usage; the runner prints the message and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

/** Splits `--stdin` input into queries: one per line, without a trailing empty line or `\r`. */
export function stdinQueries(text: string): string[] {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
