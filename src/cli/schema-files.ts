/**
 * Schema files on the command line: each holds one Get Schema response or an array
 * of them (what `mdq fields --json` writes). `--example` stands for the example tenant.
 * A file that cannot be read or is not a Get Schema response is a usage error (exit 2).
 * Without either, the project file the language server and the ESLint plugin read
 * (`mdq.config.json`, found walking up from the working directory) gives the schemas;
 * its `aliases` apply in every case, under the command line's `--alias`.
 */
import { findConfig, loadProject } from '../eslint/config.js';
import { exampleSchemas, loadSchema, SchemaError, withAliases } from '../index.js';
import { parseAliases } from './aliases.js';
import type { SchemaResponse } from '../schema/response.js';
import type { SchemaIndex } from '../schema/schema.js';
import { UsageError, type CliIo } from './io.js';
import { printable } from './printable.js';

/** Why a file could not be read, in words (for the CLI's messages). */
export function reason(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return e instanceof Error ? e.message : String(e);
}

/** The responses in the files, in order, each file checked to be a Get Schema response (or an array of them). */
export async function readSchemaResponses(
  files: readonly string[],
  io: CliIo,
): Promise<SchemaResponse[]> {
  const responses: SchemaResponse[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await io.readFile(file);
    } catch (e) {
      throw new UsageError(`cannot read the schema file '${file}': ${reason(e)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`the schema file '${file}' is not valid JSON: ${reason(e)}`);
    }
    try {
      loadSchema(json);
    } catch (e) {
      if (e instanceof SchemaError)
        throw new UsageError(
          `the schema file '${file}' is not a Get Schema response: ${e.message}`,
        );
      throw e;
    }
    if (Array.isArray(json))
      for (const response of json as SchemaResponse[]) responses.push(response);
    else responses.push(json as SchemaResponse);
  }
  return responses;
}

/** Reads every `--schema` file, or the example tenant, into one lookup; undefined when neither is given. */
export async function readSchemas(
  values: {
    schema?: string[] | undefined;
    example?: boolean | undefined;
    alias?: string[] | undefined;
  },
  io: CliIo,
  commandUsage: string,
  /** False where each file finds its own project file (`mdq lint --files`). */
  fromProject = true,
): Promise<SchemaIndex | undefined> {
  const files = values.schema ?? [];
  if (values.example && files.length > 0)
    throw new UsageError(`give either --schema or --example, not both\nusage: ${commandUsage}`);
  const given = parseAliases(values.alias ?? []);
  if (typeof given === 'string') throw new UsageError(`--alias: ${given}\nusage: ${commandUsage}`);
  const project = io.cwd === undefined || !fromProject ? undefined : projectFile(io.cwd, io);
  if (values.example || files.length > 0) {
    const aliases = { ...project?.aliases, ...given };
    const options = Object.keys(aliases).length === 0 ? undefined : { aliases };
    const responses = values.example ? exampleSchemas : await readSchemaResponses(files, io);
    return report(loadSchema(responses, options), io);
  }
  if (project?.schema === undefined) {
    if (values.alias !== undefined)
      throw new UsageError(
        `--alias goes with --schema, --example or a project file (mdq.config.json) that names schemas\nusage: ${commandUsage}`,
      );
    return undefined;
  }
  if (values.alias === undefined) return project.schema;
  const extended = withAliases(project.schema, given);
  // The project's own problems were told with the project file's.
  const told = project.schema.problems.length;
  for (const problem of extended.problems.slice(told))
    io.stderr(`mdq: schema: ${printable(problem)}\n`);
  return extended;
}

/** The project file that governs `dir`, its problems (the config's, its schemas') sent to stderr. */
function projectFile(dir: string, io: CliIo): ReturnType<typeof loadProject> | undefined {
  const path = findConfig(dir);
  if (path === undefined) return undefined;
  const project = loadProject(path);
  for (const problem of project.problems) io.stderr(`mdq: ${printable(problem)}\n`);
  return project;
}

/** The schema, after its problems (an alias of no field, ...) went to stderr. */
function report(schema: SchemaIndex, io: CliIo): SchemaIndex {
  for (const problem of schema.problems) io.stderr(`mdq: schema: ${printable(problem)}\n`);
  return schema;
}
