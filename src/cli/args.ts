/** Argument parsing on top of node's `util.parseArgs`, turning its errors into usage errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseCommandArgs<O extends Options>(args: readonly string[], options: O, usage: string) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${e instanceof Error ? e.message.replace(/\. To specify a positional.*$/s, '') : String(e)}\nusage: ${usage}`);
  }
}

/** The one query of a command: the single positional argument, unless `--stdin` is given. */
export function singleQuery(positionals: readonly string[], stdin: boolean | undefined, usage: string): string | undefined {
  if (stdin) {
    if (positionals.length > 0) throw new UsageError(`give either a query or --stdin, not both\nusage: ${usage}`);
    return undefined;
  }
  if (positionals.length !== 1) {
    throw new UsageError(`${positionals.length === 0 ? 'missing the query' : 'too many arguments: quote the query as one argument'}\nusage: ${usage}`);
  }
  return positionals[0]!;
}
