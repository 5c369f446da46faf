/**
 * `mdq codegen (<schema.json> | --example) [--out file] [--import specifier]`: a typed
 * schema module from Get Schema responses (a file as `mdq fields --json` writes it, or
 * the example tenant).
 */
import { writeFile } from 'node:fs/promises';
import { CodegenError, generateSchemaModule } from '../../builder/index.js';
import { exampleSchemas } from '../../examples/index.js';
import { parseCommandArgs } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, type CliIo } from '../io.js';
import { reason } from '../schema-files.js';

const usage = 'mdq codegen (<schema.json> | --example) [--out file.ts] [--import module]';

export type WriteText = (path: string, text: string) => Promise<void>;

const options = {
  out: { type: 'string' },
  import: { type: 'string' },
  example: { type: 'boolean' },
} as const;

/** The command, with the file writer injectable (`CliIo` reads files but does not write them). */
export function codegenCommandWith(write: WriteText): Command {
  return {
    summary: 'write a TypeScript module with typed schemas from Get Schema responses (JSON)',
    usage,
    help: {
      examples: [
        'mdq codegen customer.json --out src/customer.schema.ts',
        'mdq codegen --example --out src/schemas.ts',
      ],
    },
    options,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values, positionals } = parseCommandArgs(args, options, usage);
      if (values.example && positionals.length > 0)
        throw new UsageError(`give either a schema file or --example, not both\nusage: ${usage}`);
      if (!values.example && positionals.length !== 1)
        throw new UsageError(
          `${positionals.length === 0 ? 'missing the schema file (or --example)' : 'give exactly one schema file'}\nusage: ${usage}`,
        );
      const path = values.example ? 'the example tenant' : positionals[0]!;
      const fail = (message: string): number => {
        io.stderr(`mdq codegen: ${message}\n`);
        return EXIT.usage;
      };
      let json: unknown = exampleSchemas;
      if (!values.example) {
        let text: string;
        try {
          text = await io.readFile(path);
        } catch (e) {
          return fail(`cannot read '${path}': ${reason(e)}`);
        }
        try {
          json = JSON.parse(text);
        } catch (e) {
          return fail(`'${path}' is not valid JSON: ${reason(e)}`);
        }
      }
      let module: string;
      try {
        module = generateSchemaModule(
          json,
          values.import === undefined ? {} : { importFrom: values.import },
        );
      } catch (e) {
        if (e instanceof CodegenError)
          return fail(
            `'${path}' is not a Get Schema response (or an array of them):\n${e.problems.map((p) => `  ${p}`).join('\n')}`,
          );
        throw e;
      }
      if (values.out === undefined) {
        io.stdout(module);
        return EXIT.ok;
      }
      try {
        await write(values.out, module);
      } catch (e) {
        return fail(`cannot write '${values.out}': ${reason(e)}`);
      }
      return EXIT.ok;
    },
  };
}

export const codegenCommand: Command = codegenCommandWith((path, text) =>
  writeFile(path, text, 'utf8'),
);
