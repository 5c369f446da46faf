/**
 * Schema files on the command line: each holds one Get Schema response or an array
 * of them (what `mdq fields --json` writes). `--example` stands for the example tenant.
 * A file that cannot be read or is not a Get Schema response is a usage error (exit 2).
 */
import { exampleSchemas, loadSchema, SchemaError } from '../index.js';
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

/** Deeper than any Get Schema response nests (a handful of levels), and far within what the JSON, schema and output code can walk. */
export const MAX_SCHEMA_NESTING = 1000;

/** How deeply valid JSON text nests: its brackets outside strings, in one pass. */
export function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** Why a schema file's valid JSON is refused for its depth, or undefined: JSON.parse takes any depth, but the code that walks or writes it (mdq fields --json) overflows the stack. */
export function tooDeep(file: string, text: string): string | undefined {
  const nesting = jsonNesting(text);
  return nesting > MAX_SCHEMA_NESTING ? `the schema file '${file}' nests ${nesting} levels deep, more than the ${MAX_SCHEMA_NESTING} any Get Schema response comes near` : undefined;
}

/** The responses in the files, in order, each file checked to be a Get Schema response (or an array of them). */
export async function readSchemaResponses(files: readonly string[], io: CliIo): Promise<SchemaResponse[]> {
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
    const deep = tooDeep(file, text);
    if (deep !== undefined) throw new UsageError(deep);
    try {
      loadSchema(json);
    } catch (e) {
      if (e instanceof SchemaError) throw new UsageError(`the schema file '${file}' is not a Get Schema response: ${e.message}`);
      throw e;
    }
    if (Array.isArray(json)) for (const response of json as SchemaResponse[]) responses.push(response);
    else responses.push(json as SchemaResponse);
  }
  return responses;
}

/** Reads every `--schema` file, or the example tenant, into one lookup; undefined when neither is given. */
export async function readSchemas(values: { schema?: string[] | undefined; example?: boolean | undefined }, io: CliIo, commandUsage: string): Promise<SchemaIndex | undefined> {
  const files = values.schema ?? [];
  if (values.example && files.length > 0) throw new UsageError(`give either --schema or --example, not both\nusage: ${commandUsage}`);
  if (values.example) return loadSchema(exampleSchemas);
  if (files.length === 0) return undefined;
  const schema = loadSchema(await readSchemaResponses(files, io));
  for (const problem of schema.problems) io.stderr(`mdq: schema: ${printable(problem)}\n`);
  return schema;
}
