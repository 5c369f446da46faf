/**
 * Argument parsing for every command. Only the option names a command declares are
 * options: any other argument is a positional, even when it starts with `-` or `+`,
 * because queries do (`mdq parse -Doe`, `mdq lint '+Status:ACT -VIP:Y'`). `--` ends
 * the options; after it every argument is a positional (`mdq parse -- --help`).
 * An unknown `--name` is a usage error rather than a query, since it is far more
 * likely a misspelt option.
 */
import { UsageError } from './io.js';

export interface OptionSpec {
  readonly type: 'boolean' | 'string';
  /** A string option given several times collects every value. */
  readonly multiple?: boolean;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The parsed value of each option: absent when not given. */
export type OptionValues<O extends OptionSpecs> = {
  -readonly [K in keyof O]?: O[K] extends { type: 'string'; multiple: true }
    ? string[]
    : O[K] extends { type: 'string' }
      ? string
      : boolean;
};

export interface ParsedArgs<O extends OptionSpecs> {
  readonly values: OptionValues<O>;
  readonly positionals: string[];
}

/** Said in every `--help`: how queries and options are told apart. */
export const QUERY_ARGUMENT_NOTE =
  "A query may start with '-' or '+' (mdq parse -Doe): only the options listed are options.\nAfter '--' every argument is a query (mdq parse -- --literal).";

/** Where the options end: the index of the first `--`, or the length of `args`. */
export function optionsEnd(args: readonly string[]): number {
  const i = args.indexOf('--');
  return i === -1 ? args.length : i;
}

export function parseCommandArgs<O extends OptionSpecs>(
  args: readonly string[],
  options: O,
  usage: string,
): ParsedArgs<O> {
  const values: Record<string, string | string[] | boolean> = {};
  const positionals: string[] = [];
  const fail = (message: string): never => {
    throw new UsageError(`${message}\nusage: ${usage}`);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      for (const arg of args.slice(i + 1)) positionals.push(arg);
      break;
    }
    const match = /^--([a-z][a-z0-9-]*)(?:=([\s\S]*))?$/.exec(arg);
    if (match === null) {
      positionals.push(arg);
      continue;
    }
    const name = match[1]!;
    const spec = Object.hasOwn(options, name) ? options[name]! : undefined;
    // The value of a misspelt option is not echoed: `--client-secrt=...` holds a secret.
    if (spec === undefined)
      fail(
        `unknown option '--${name}' (a query that starts with '--' goes after '--': mdq <command> -- '--${name}${match[2] === undefined ? '' : '=...'}')`,
      );
    let value: string | boolean;
    if (spec!.type === 'boolean') {
      if (match[2] !== undefined) fail(`option '--${name}' takes no value`);
      value = true;
    } else if (match[2] !== undefined) {
      value = match[2];
    } else {
      if (i + 1 >= args.length) fail(`option '--${name}' needs a value`);
      value = args[++i]!;
    }
    if (spec!.multiple) ((values[name] ??= []) as string[]).push(value as string);
    else values[name] = value;
  }
  return { values: values as OptionValues<O>, positionals };
}

/**
 * The positional arguments, with the query read from standard input when none is given
 * and standard input is not a terminal (`echo 'a b' | mdq fmt`): all of it is one query
 * (a final line break dropped). `--stdin` (one query per line) reads it instead.
 */
export async function withPipedQuery(
  positionals: readonly string[],
  stdin: boolean | undefined,
  io: { readonly stdinIsTerminal?: boolean; readonly readStdin: () => Promise<string> },
  usage: string,
): Promise<readonly string[]> {
  if (stdin || positionals.length > 0 || io.stdinIsTerminal !== false) return positionals;
  const text = (await io.readStdin()).replace(/\r?\n$/, '');
  if (text.trim() === '')
    throw new UsageError(`missing the query (standard input was empty)\nusage: ${usage}`);
  return [text];
}

/** The one query of a command: the single positional argument, unless `--stdin` is given. */
export function singleQuery(
  positionals: readonly string[],
  stdin: boolean | undefined,
  usage: string,
): string | undefined {
  if (stdin) {
    if (positionals.length > 0)
      throw new UsageError(`give either a query or --stdin, not both\nusage: ${usage}`);
    return undefined;
  }
  if (positionals.length !== 1) {
    throw new UsageError(
      `${positionals.length === 0 ? 'missing the query' : 'too many arguments: quote the query as one argument'}\nusage: ${usage}`,
    );
  }
  return positionals[0]!;
}
