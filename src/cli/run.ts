/**
 * The `mdq` command line, as a function from arguments to an exit code. Every
 * failure becomes a clear message and an exit code, never a stack trace.
 */
import { commands } from './commands/index.js';
import { EXIT, UsageError, type CliIo } from './io.js';

function help(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `usage: mdq <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun 'mdq <command> --help' for a command's usage.\n`;
}

export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(help());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = commands[name];
  if (command === undefined) {
    io.stderr(`mdq: unknown command '${name}'\n\n${help()}`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`usage: ${command.usage}\n\n${command.summary}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`mdq ${name}: ${e.message}\n`);
      return EXIT.usage;
    }
    io.stderr(`mdq ${name}: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.problems;
  }
}
