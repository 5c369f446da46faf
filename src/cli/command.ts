import type { OptionSpecs } from './args.js';
import type { CliIo } from './io.js';

/** One `mdq` subcommand. `run` returns the exit code (0 ok, 1 problems found, 2 bad usage). */
export interface Command {
  readonly summary: string;
  /** What `--help` shows: it names every option of `options`, and no other. */
  readonly usage: string;
  readonly options: OptionSpecs;
  /** What `--help` adds: two examples, and the command's own words for options it reads differently (help.ts describes the rest). */
  readonly help: {
    readonly examples: readonly [string, string];
    readonly options?: Readonly<Record<string, string>>;
  };
  /** Takes a query as an argument: `--help` says how queries and options are told apart. */
  readonly takesQuery?: boolean;
  readonly run: (args: readonly string[], io: CliIo) => Promise<number>;
}
