/**
 * `mdq lint "<query>" --schema <file> [--json]`: checks queries against the schemas
 * they will run on, like a compiler: `query:1:12: warning unknown-field: ...`, the
 * line, a caret. Exit 0 when no error is found, 1 with errors, 2 for bad usage or
 * an unreadable or invalid schema file.
 */
import { check } from '../../checker/check.js';
import { ruleCodes } from '../../checker/registry.js';
import type { Level } from '../../checker/rule.js';
import { exampleSchemas } from '../../examples/index.js';
import type { Diagnostic } from '../../language/diagnostic.js';
import { lineColumn } from '../../language/position.js';
import { SchemaError, loadSchema, type SchemaIndex } from '../../schema/schema.js';
import { parseCommandArgs, singleQuery } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, stdinQueries, type CliIo } from '../io.js';
import { formatDiagnostics } from '../report.js';

const usage = 'mdq lint "<query>" (--schema <file>... | --example) [--json] [--severity <code>=<level>...] | mdq lint --stdin ... | mdq lint --rules';

const LEVELS: readonly Level[] = ['off', 'on', 'error', 'warning', 'info', 'hint'];

/** Options shared with `mdq fmt --fix`: where the schemas come from. */
export const schemaOptions = {
  schema: { type: 'string', multiple: true },
  example: { type: 'boolean' },
  severity: { type: 'string', multiple: true },
} as const;

/** Reads every `--schema` file (one Get Schema response or an array of them each), or the example tenant. */
export async function readSchemas(values: { schema?: string[] | undefined; example?: boolean | undefined }, io: CliIo, commandUsage: string): Promise<SchemaIndex | undefined> {
  const files = values.schema ?? [];
  if (values.example && files.length > 0) throw new UsageError(`give either --schema or --example, not both\nusage: ${commandUsage}`);
  if (values.example) return loadSchema(exampleSchemas);
  if (files.length === 0) return undefined;
  const responses: unknown[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await io.readFile(file);
    } catch (e) {
      const reason = e instanceof Error && 'code' in e && e.code === 'ENOENT' ? 'no such file' : e instanceof Error ? e.message : String(e);
      throw new UsageError(`cannot read the schema file '${file}': ${reason}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`the schema file '${file}' is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (Array.isArray(json)) for (const response of json) responses.push(response);
    else responses.push(json);
    try {
      loadSchema(json);
    } catch (e) {
      if (e instanceof SchemaError) throw new UsageError(`the schema file '${file}' is not a Get Schema response: ${e.message}`);
      throw e;
    }
  }
  const schema = loadSchema(responses);
  for (const problem of schema.problems) io.stderr(`mdq: schema: ${problem}\n`);
  return schema;
}

/** `--severity code=level`, repeatable. */
export function readSeverities(entries: readonly string[] | undefined, commandUsage: string): Record<string, Level> {
  const levels: Record<string, Level> = {};
  for (const entry of entries ?? []) {
    const match = /^([\w-]+)=(\w+)$/.exec(entry);
    if (match === null || !LEVELS.includes(match[2] as Level)) {
      throw new UsageError(`--severity takes <code>=<level> with a level among ${LEVELS.join(', ')}, not '${entry}'\nusage: ${commandUsage}`);
    }
    levels[match[1]!] = match[2] as Level;
  }
  return levels;
}

function summary(diagnostics: readonly Diagnostic[]): string {
  const counts = new Map<string, number>(['error', 'warning', 'info', 'hint'].map((s) => [s, 0]));
  for (const d of diagnostics) counts.set(d.severity, (counts.get(d.severity) ?? 0) + 1);
  const parts = [...counts].filter(([, n]) => n > 0).map(([severity, n]) => `${n} ${severity === 'info' ? 'note' : severity}${n === 1 ? '' : 's'}`);
  return `${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'} (${parts.join(', ')})`;
}

function withPositions(query: string, diagnostics: readonly Diagnostic[]) {
  return diagnostics.map((d) => ({ ...d, ...lineColumn(query, d.span.start) }));
}

function rulesTable(): string {
  const width = Math.max(...ruleCodes.map((c) => c.code.length));
  const lines = ruleCodes.map((c) => `  ${c.code.padEnd(width)}  ${(c.enabled === false ? 'off' : c.severity).padEnd(7)}  ${c.autofix ? 'fix' : '   '}  ${c.summary}`);
  return `codes (default level; "fix" = mdq fmt --fix applies its fix):\n${lines.join('\n')}\n`;
}

export const lintCommand: Command = {
  summary: 'check queries against Get Schema responses: unknown fields, wrong values, risky shapes (exit 1 on errors)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...schemaOptions, json: { type: 'boolean' }, stdin: { type: 'boolean' }, rules: { type: 'boolean' } }, usage);
    if (values.rules) {
      io.stdout(rulesTable());
      return EXIT.ok;
    }
    const query = singleQuery(positionals, values.stdin, usage);
    const severities = readSeverities(values.severity, usage);
    const schema = await readSchemas(values, io, usage);
    if (schema === undefined) io.stderr('mdq lint: no --schema given: checking syntax and query shape only\n');
    const lint = (text: string) => check(text, { ...(schema ? { schema } : {}), severities });
    const hasErrors = (diagnostics: readonly Diagnostic[]) => diagnostics.some((d) => d.severity === 'error');

    if (query !== undefined) {
      const diagnostics = lint(query);
      if (values.json) io.stdout(`${JSON.stringify({ query, diagnostics: withPositions(query, diagnostics) }, null, 2)}\n`);
      else if (diagnostics.length > 0) io.stdout(`${formatDiagnostics(query, diagnostics, { color: io.color })}${summary(diagnostics)}\n`);
      return hasErrors(diagnostics) ? EXIT.problems : EXIT.ok;
    }
    let failed = false;
    const all: Diagnostic[] = [];
    stdinQueries(await io.readStdin()).forEach((line, i) => {
      const diagnostics = lint(line);
      failed ||= hasErrors(diagnostics);
      for (const d of diagnostics) all.push(d);
      if (values.json) io.stdout(`${JSON.stringify({ query: line, diagnostics: withPositions(line, diagnostics) })}\n`);
      else io.stdout(formatDiagnostics(line, diagnostics, { color: io.color, name: `query ${i + 1}` }));
    });
    if (!values.json && all.length > 0) io.stdout(`${summary(all)}\n`);
    return failed ? EXIT.problems : EXIT.ok;
  },
};
