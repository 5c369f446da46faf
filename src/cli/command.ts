import type { CliIo } from './io.js';

/** One `mdq` subcommand. `run` returns the exit code (0 ok, 1 problems found, 2 bad usage). */
export interface Command {
  readonly summary: string;
  readonly usage: string;
  readonly run: (args: readonly string[], io: CliIo) => Promise<number>;
}
