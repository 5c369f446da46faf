/** `mdq fmt "<query>" [--multiline] [--width N] [--stdin]`: canonical query text. */
import { parse } from '../../language/parse.js';
import { format } from '../../printer/format.js';
import { parseCommandArgs, singleQuery } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, stdinQueries } from '../io.js';
import { formatDiagnostics } from '../report.js';

const usage = 'mdq fmt "<query>" [--multiline] [--width N] | mdq fmt --stdin';

export const fmtCommand: Command = {
  summary: 'print a query in canonical form (exit 1 when it has syntax errors)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { stdin: { type: 'boolean' }, multiline: { type: 'boolean' }, width: { type: 'string' } },
      usage,
    );
    const width = values.width === undefined ? undefined : Number(values.width);
    if (width !== undefined && !(Number.isInteger(width) && width > 0)) throw new UsageError(`--width takes a positive whole number, not '${values.width}'\nusage: ${usage}`);
    const options = { layout: values.multiline ? ('multiline' as const) : ('flat' as const), ...(width ? { width } : {}) };
    const formatOne = (query: string) => {
      const { ast, diagnostics } = parse(query);
      const ok = !diagnostics.some((d) => d.severity === 'error');
      return { formatted: ok ? format(ast, options) : null, diagnostics };
    };
    const query = singleQuery(positionals, values.stdin, usage);
    if (query === undefined) {
      let failed = false;
      for (const line of stdinQueries(await io.readStdin())) {
        const { formatted, diagnostics } = formatOne(line);
        failed ||= formatted === null;
        io.stdout(`${JSON.stringify({ query: line, formatted, diagnostics })}\n`);
      }
      return failed ? EXIT.problems : EXIT.ok;
    }
    const { formatted, diagnostics } = formatOne(query);
    if (formatted !== null) io.stdout(`${formatted}\n`);
    io.stderr(formatDiagnostics(query, diagnostics, { color: io.color }));
    return formatted === null ? EXIT.problems : EXIT.ok;
  },
};
