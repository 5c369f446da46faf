/**
 * `mdq lint "<query>" --schema <file> [--json]`: checks queries against the schemas
 * they will run on, like a compiler: `query:1:12: warning unknown-field: ...`, the
 * line, a caret. Exit 0 when no error is found, 1 with errors, 2 for bad usage or
 * an unreadable or invalid schema file.
 */
import { check, lineColumn, ruleCodes, withAliases } from '../../index.js';
import type { Level } from '../../checker/rule.js';
import type { Diagnostic, Severity } from '../../language/diagnostic.js';
import { syntaxCodes } from '../../language/syntax-codes.js';
import { parseCommandArgs, singleQuery, withPipedQuery } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, stdinQueries } from '../io.js';
import { formatDiagnostics, ALL_DIAGNOSTICS } from '../report.js';
import { CONNECTION_USAGE, remoteLintOptions, remoteSchemas } from '../remote.js';
import { projectLevels, readProject, readSchemas } from '../schema-files.js';
import { parseAliases } from '../aliases.js';
import { lintFiles } from '../lint-files.js';

const usage = `mdq lint "<query>" (--schema <file>... | --example | --remote [--business-area <name>] [--schema <name>...] ${CONNECTION_USAGE}) [--alias <name>=<Field>...] [--json] [--severity <code>=<level>...] | mdq lint --stdin ... | mdq lint --files <file|glob>... (schemas from --schema, else each file's mdq.config.json) | mdq lint --rules`;

const LEVELS: readonly Level[] = ['off', 'on', 'error', 'warning', 'info', 'hint'];

/** Options shared with `mdq fmt --fix`: where the schemas come from, and the levels of codes. */
export const schemaOptions = {
  schema: { type: 'string', multiple: true },
  example: { type: 'boolean' },
  alias: { type: 'string', multiple: true },
  severity: { type: 'string', multiple: true },
} as const;

export { readSchemas };

const KNOWN_CODES: ReadonlySet<string> = new Set([...ruleCodes.map((c) => c.code), ...syntaxCodes]);

/** `--severity code=level`, repeatable; an unknown code or level is a usage error, not a setting that silently does nothing. */
export function readSeverities(
  entries: readonly string[] | undefined,
  commandUsage: string,
): Record<string, Level> {
  const levels: Record<string, Level> = {};
  for (const entry of entries ?? []) {
    const match = /^([\w-]+)=(\w+)$/.exec(entry);
    if (match === null || !LEVELS.includes(match[2] as Level)) {
      throw new UsageError(
        `--severity takes <code>=<level> with a level among ${LEVELS.join(', ')}, not '${entry}'\nusage: ${commandUsage}`,
      );
    }
    if (!KNOWN_CODES.has(match[1]!))
      throw new UsageError(
        `--severity: no diagnostic has the code '${match[1]}' ('mdq lint --rules' lists the checker's codes)\nusage: ${commandUsage}`,
      );
    levels[match[1]!] = match[2] as Level;
  }
  return levels;
}

const MORE_HINT = '--json lists them all';

/** How many diagnostics of each severity, over one query or all of `--stdin`. */
type Counts = Record<Severity, number>;

function count(
  diagnostics: readonly Diagnostic[],
  counts: Counts = { error: 0, warning: 0, info: 0, hint: 0 },
): Counts {
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}

function summary(counts: Counts): string {
  const total = counts.error + counts.warning + counts.info + counts.hint;
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([severity, n]) => `${n} ${severity === 'info' ? 'note' : severity}${n === 1 ? '' : 's'}`);
  return `${total} problem${total === 1 ? '' : 's'} (${parts.join(', ')})`;
}

/** Each diagnostic with the line and column of its start, in one pass over the query's line breaks. */
function withPositions(query: string, diagnostics: readonly Diagnostic[]) {
  return diagnostics.map((d) => ({ ...d, ...lineColumn(query, d.span.start) }));
}

function rulesTable(): string {
  const width = Math.max(...ruleCodes.map((c) => c.code.length));
  const lines = ruleCodes.map(
    (c) =>
      `  ${c.code.padEnd(width)}  ${(c.enabled === false ? 'off' : c.severity).padEnd(7)}  ${c.autofix ? 'fix' : '   '}  ${c.summary}`,
  );
  return `codes (default level; "fix" = mdq fmt --fix applies its fix):\n${lines.join('\n')}\n`;
}

const options = {
  ...schemaOptions,
  ...remoteLintOptions,
  json: { type: 'boolean' },
  stdin: { type: 'boolean' },
  files: { type: 'boolean' },
  rules: { type: 'boolean' },
} as const;

export const lintCommand: Command = {
  summary:
    'check queries against Get Schema responses: unknown fields, wrong values, risky shapes (exit 1 on errors)',
  usage,
  help: {
    examples: [
      `mdq lint 'VIP:yes AND Nmae:tim' --example`,
      `mdq lint --stdin --schema customer.json < queries.txt`,
    ],
    options: {
      schema: 'a Get Schema JSON file (repeatable); with --remote, a schema name on the service',
      'business-area': 'with --remote, the business area, by name',
      json: 'print the diagnostics as JSON',
    },
  },
  options,
  takesQuery: true,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, options, usage);
    if (values.rules) {
      io.stdout(rulesTable());
      return EXIT.ok;
    }
    const severities = readSeverities(values.severity, usage);
    if (values.files) {
      if (values.stdin)
        throw new UsageError(`give either --files or --stdin, not both\nusage: ${usage}`);
      const given = values.remote
        ? await remoteSchemas(values, io, usage)
        : await readSchemas(values, io, usage, false);
      return lintFiles(
        positionals,
        { schema: given, severities, json: values.json === true, withPositions, summary },
        io,
        usage,
      );
    }
    const query = singleQuery(
      await withPipedQuery(positionals, values.stdin, io, usage),
      values.stdin,
      usage,
    );
    // With --remote, --schema names schemas on the service (MDQ_BASE_URL) instead of files.
    const remote = values.remote ? await remoteSchemas(values, io, usage) : undefined;
    const aliases =
      remote !== undefined && values.alias !== undefined ? parseAliases(values.alias) : undefined;
    if (typeof aliases === 'string') throw new UsageError(`--alias: ${aliases}\nusage: ${usage}`);
    const project = values.remote
      ? {
          schema: remote && aliases ? withAliases(remote, aliases) : remote,
          severities: projectLevels(io),
        }
      : await readProject(values, io, usage);
    const schema = project.schema;
    if (schema === undefined)
      io.stderr('mdq lint: no --schema given: checking syntax and query shape only\n');
    // The project file's `rules`, under the command line's `--severity`.
    const levels = { ...project.severities, ...severities };
    const lint = (text: string) =>
      check(text, { ...(schema ? { schema } : {}), severities: levels, ...ALL_DIAGNOSTICS });
    const hasErrors = (diagnostics: readonly Diagnostic[]) =>
      diagnostics.some((d) => d.severity === 'error');

    if (query !== undefined) {
      const diagnostics = lint(query);
      if (values.json)
        io.stdout(
          `${JSON.stringify({ query, diagnostics: withPositions(query, diagnostics) }, null, 2)}\n`,
        );
      else if (diagnostics.length > 0)
        io.stdout(
          `${formatDiagnostics(query, diagnostics, { color: io.color, moreHint: MORE_HINT })}${summary(count(diagnostics))}\n`,
        );
      return hasErrors(diagnostics) ? EXIT.problems : EXIT.ok;
    }
    let failed = false;
    const counts = count([]);
    stdinQueries(await io.readStdin()).forEach((line, i) => {
      const diagnostics = lint(line);
      failed ||= hasErrors(diagnostics);
      count(diagnostics, counts);
      if (values.json)
        io.stdout(
          `${JSON.stringify({ query: line, diagnostics: withPositions(line, diagnostics) })}\n`,
        );
      else
        io.stdout(
          formatDiagnostics(line, diagnostics, {
            color: io.color,
            name: `query ${i + 1}`,
            moreHint: MORE_HINT,
          }),
        );
    });
    if (!values.json && counts.error + counts.warning + counts.info + counts.hint > 0)
      io.stdout(`${summary(counts)}\n`);
    return failed ? EXIT.problems : EXIT.ok;
  },
};
