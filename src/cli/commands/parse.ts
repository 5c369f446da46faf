/** `mdq parse "<query>" [--json] [--stdin]`: the syntax tree of a query, and its syntax errors. */
import type { Node } from '../../language/ast.js';
import { children, parse } from '../../index.js';
import { parseCommandArgs, singleQuery, withPipedQuery } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, stdinQueries } from '../io.js';
import { formatDiagnostics, ALL_DIAGNOSTICS } from '../report.js';

const usage = 'mdq parse "<query>" [--json] | mdq parse --stdin';

/** A readable outline of the tree: one node a line, indented by depth, with its span and text. */
export function outline(node: Node, depth = 0): string {
  const pad = '  '.repeat(depth);
  const n = node as unknown as Record<string, unknown>;
  const details: string[] = [];
  for (const key of [
    'operator',
    'value',
    'pattern',
    'distance',
    'lowerInclusive',
    'upperInclusive',
  ]) {
    if (key in n && typeof n[key] !== 'object') details.push(`${key}=${JSON.stringify(n[key])}`);
  }
  if (node.kind === 'And') details.push(`explicit=${JSON.stringify(node.explicit)}`);
  const line = `${pad}${node.kind} ${node.span.start}-${node.span.end}${details.length ? ` ${details.join(' ')}` : ''}\n`;
  return (
    line +
    children(node)
      .map((c) => outline(c, depth + 1))
      .join('')
  );
}

const options = { json: { type: 'boolean' }, stdin: { type: 'boolean' } } as const;

export const parseCommand: Command = {
  summary: 'print the syntax tree of a query (exit 1 when it has syntax errors)',
  usage,
  help: {
    examples: [`mdq parse 'a AND (b OR c)'`, `mdq parse --stdin --json < queries.txt`],
    options: { json: 'print the tree as JSON' },
  },
  options,
  takesQuery: true,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, options, usage);
    const query = singleQuery(
      await withPipedQuery(positionals, values.stdin, io, usage),
      values.stdin,
      usage,
    );
    if (query === undefined) {
      let failed = false;
      for (const line of stdinQueries(await io.readStdin())) {
        const { ast, diagnostics } = parse(line, ALL_DIAGNOSTICS);
        failed ||= diagnostics.some((d) => d.severity === 'error');
        io.stdout(`${JSON.stringify({ query: line, ast, diagnostics })}\n`);
      }
      return failed ? EXIT.problems : EXIT.ok;
    }
    const { ast, diagnostics } = parse(query, ALL_DIAGNOSTICS);
    io.stdout(values.json ? `${JSON.stringify(ast, null, 2)}\n` : outline(ast));
    io.stderr(formatDiagnostics(query, diagnostics, { color: io.color }));
    return diagnostics.some((d) => d.severity === 'error') ? EXIT.problems : EXIT.ok;
  },
};
