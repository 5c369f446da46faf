/**
 * Schema files on the command line: each holds one Get Schema response or an array
 * of them (what `mdq fields --json` writes). `--example` stands for the example tenant.
 * A file that cannot be read or is not a Get Schema response is a usage error (exit 2).
 * Without either, the project file the language server and the ESLint plugin read
 * (`mdq.config.json`, found walking up from the working directory) gives the schemas;
 * its `aliases` apply in every case, under the command line's `--alias`, and so do its
 * `rules` (levels of codes), under the command line's `--severity`.
 */
import { findConfig, loadProject } from '../eslint/config.js';
import { loadSchema, SchemaError, withAliases } from '../index.js';
import { exampleSchemas } from '../examples/index.js';
import { parseAliases } from './aliases.js';
import type { Level } from '../checker/rule.js';
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

/** Where the schemas come from on the command line. */
interface SchemaValues {
  schema?: string[] | undefined;
  example?: boolean | undefined;
  alias?: string[] | undefined;
}

/** Reads every `--schema` file, or the example tenant, into one lookup; undefined when neither is given. */
export async function readSchemas(
  values: SchemaValues,
  io: CliIo,
  commandUsage: string,
  /** False where each file finds its own project file (`mdq lint --files`). */
  fromProject = true,
): Promise<SchemaIndex | undefined> {
  return (await readProject(values, io, commandUsage, fromProject)).schema;
}

/** What a command checks with: the schemas (as `readSchemas`), and the project file's levels of codes (its `rules`). */
export interface CheckSetting {
  readonly schema: SchemaIndex | undefined;
  readonly severities: Readonly<Record<string, Level>>;
}

const NO_LEVELS: Readonly<Record<string, Level>> = {};

/** The schemas and the project file's `rules`, for one query checked in the working directory. */
export async function readProject(
  values: SchemaValues,
  io: CliIo,
  commandUsage: string,
  fromProject = true,
): Promise<CheckSetting> {
  const project = io.cwd === undefined || !fromProject ? undefined : projectFile(io.cwd, io);
  const schema = await schemasOf(values, project, io, commandUsage);
  return { schema, severities: project?.severities ?? NO_LEVELS };
}

async function schemasOf(
  values: SchemaValues,
  project: ReturnType<typeof loadProject> | undefined,
  io: CliIo,
  commandUsage: string,
): Promise<SchemaIndex | undefined> {
  const files = values.schema ?? [];
  if (values.example && files.length > 0)
    throw new UsageError(`give either --schema or --example, not both\nusage: ${commandUsage}`);
  const given = parseAliases(values.alias ?? []);
  if (typeof given === 'string') throw new UsageError(`--alias: ${given}\nusage: ${commandUsage}`);
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

/** The project file's levels of codes alone (`mdq lint --remote`: the schemas come from the service). */
export function projectLevels(io: CliIo): Readonly<Record<string, Level>> {
  const path = io.cwd === undefined ? undefined : findConfig(io.cwd);
  return path === undefined ? NO_LEVELS : loadProject(path).severities;
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
