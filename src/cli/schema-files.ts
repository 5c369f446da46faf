/**
 * Schema files on the command line: each holds one Get Schema response or an array
 * of them (what `mdq fields --json` writes). `--example` stands for the example tenant.
 * A file that cannot be read or is not a Get Schema response is a usage error (exit 2).
 */
import { exampleSchemas, loadSchema, SchemaError } from '../index.js';
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
): Promise<SchemaIndex | undefined> {
  const files = values.schema ?? [];
  if (values.example && files.length > 0)
    throw new UsageError(`give either --schema or --example, not both\nusage: ${commandUsage}`);
  const aliases = parseAliases(values.alias ?? []);
  if (typeof aliases === 'string')
    throw new UsageError(`--alias: ${aliases}\nusage: ${commandUsage}`);
  if (values.alias !== undefined && !values.example && files.length === 0)
    throw new UsageError(`--alias goes with --schema or --example\nusage: ${commandUsage}`);
  const options = values.alias === undefined ? undefined : { aliases };
  if (values.example) return report(loadSchema(exampleSchemas, options), io);
  if (files.length === 0) return undefined;
  return report(loadSchema(await readSchemaResponses(files, io), options), io);
}

/** The schema, after its problems (an alias of no field, ...) went to stderr. */
function report(schema: SchemaIndex, io: CliIo): SchemaIndex {
  for (const problem of schema.problems) io.stderr(`mdq: schema: ${printable(problem)}\n`);
  return schema;
}
