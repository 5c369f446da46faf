/**
 * `mdq lsp --stdio`: the language server over standard input and output. It answers until
 * the client sends `exit` (or its process goes away); an exception is logged to standard
 * error and to the client's log, never fatal.
 */
import { parseCommandArgs } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError } from '../io.js';

const usage = 'mdq lsp --stdio';
const options = { stdio: { type: 'boolean' } } as const;

export const lspCommand: Command = {
  summary:
    'the language server (LSP) over stdio: diagnostics, completion, hover, rename, formatting',
  usage,
  options,
  help: {
    examples: [
      'mdq lsp --stdio',
      'mdq lsp --stdio 2> mdq-lsp.log   # what an editor starts; the log channel also goes to stderr',
    ],
    options: { stdio: 'speak the protocol over standard input and output (the only transport)' },
  },
  async run(args, io) {
    const { values } = parseCommandArgs(args, options, usage);
    if (!values.stdio)
      throw new UsageError(`mdq lsp speaks over stdio only: give --stdio\nusage: ${usage}`);
    if (!io.streams)
      throw new UsageError(
        `mdq lsp needs the process's standard input and output\nusage: ${usage}`,
      );
    // Loaded here: the other commands never load vscode-languageserver.
    const [{ createConnection }, { createServer }] = await Promise.all([
      import('vscode-languageserver/node'),
      import('../../lsp/index.js'),
    ]);
    const connection = createConnection(io.streams.stdin, io.streams.stdout);
    const logFailure = (what: string) => (e: unknown) => {
      const text = `mdq lsp: ${what}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`;
      io.stderr(`${text}\n`);
      try {
        connection.console.error(text);
      } catch {
        // the connection is gone: standard error had it
      }
    };
    process.on('uncaughtException', logFailure('uncaught exception'));
    process.on('unhandledRejection', logFailure('unhandled rejection'));
    createServer(connection);
    connection.listen();
    // Served until the client's `exit` notification ends the process.
    await new Promise<never>(() => {});
    return EXIT.ok;
  },
};
