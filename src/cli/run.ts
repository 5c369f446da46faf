/**
 * The `mdq` command line, as a function from arguments to an exit code. Every
 * failure becomes a clear message and an exit code, never a stack trace.
 */
import { NetworkError } from '../client/errors.js';
import { QUERY_ARGUMENT_NOTE, optionsEnd } from './args.js';
import { commands } from './commands/index.js';
import { optionsAndExamples } from './help.js';
import { EXIT, OutputClosed, UsageError, type CliIo } from './io.js';
import { printable } from './printable.js';
import { mdqVersion } from './version.js';

function help(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(
    ([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`,
  );
  return `usage: mdq <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun 'mdq <command> --help' for a command's usage, 'mdq --version' for the version.\n${QUERY_ARGUMENT_NOTE}\n`;
}

export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(args, io);
  } catch (e) {
    // The reader of standard output is gone (`mdq demo | head -1`): nothing left to say to anyone.
    if (e instanceof OutputClosed) return EXIT.ok;
    throw e;
  }
}

async function dispatch(args: readonly string[], io: CliIo): Promise<number> {
  // `mdq help search` asks what `mdq search --help` answers (as git and npm read it).
  if (args[0] === 'help' && args.length === 2) return dispatch([args[1]!, '--help'], io);
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(help());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${mdqVersion()}\n`);
    return EXIT.ok;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (command === undefined) {
    io.stderr(`mdq: unknown command '${name}'\n\n${help()}`);
    return EXIT.usage;
  }
  const options = rest.slice(0, optionsEnd(rest));
  if (options.includes('--help') || options.includes('-h')) {
    io.stdout(
      `usage: ${command.usage}\n\n${command.summary}\n${optionsAndExamples(command)}${command.takesQuery ? `\n${QUERY_ARGUMENT_NOTE}\n` : ''}`,
    );
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof OutputClosed) throw e;
    // Messages may quote the service (a name, its own message): printed without control characters.
    if (e instanceof UsageError) {
      io.stderr(`mdq ${name}: ${printable(e.message)}\n`);
      return EXIT.usage;
    }
    io.stderr(`mdq ${name}: ${printable(describeFailure(e))}\n`);
    return EXIT.problems;
  }
}

/** A failure in words: a stack overflow (JSON nested thousands of levels deep, in a file or an answer) says what it means. */
export function describeFailure(e: unknown): string {
  if (e instanceof RangeError && /call stack/i.test(e.message))
    return `the input nests too deep to handle (${e.message})`;
  if (e instanceof NetworkError && /ECONNREFUSED/.test(e.message))
    return `${e.message}\nnothing answers at that address: start the local service with 'mdq serve' (another terminal), or set MDQ_BASE_URL (or --base-url) to the service's address`;
  return e instanceof Error ? e.message : String(e);
}
