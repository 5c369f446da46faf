/**
 * `mdq fields (--example | <schema.json>...) [--name <schema>...] [--json]`: what a
 * newcomer needs before writing a query: each schema's fields with their types and
 * the values they accept (picklist codes, boolean spellings, lengths, date bounds and
 * formats). `--json` writes the Get Schema responses themselves, the file that
 * `mdq lint --schema` and `mdq codegen` read.
 */
import { loadSchema } from '../../index.js';
import { exampleSchemas } from '../../examples/index.js';
import type { SchemaResponse } from '../../schema/response.js';
import type { SchemaField } from '../../schema/schema.js';
import { parseCommandArgs } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError } from '../io.js';
import { printable } from '../printable.js';
import { readSchemaResponses } from '../schema-files.js';
import { widest } from '../table.js';

const usage = 'mdq fields (--example | <schema.json>...) [--name <schema>...] [--json]';

function range(
  low: string | number | undefined,
  high: string | number | undefined,
): string | undefined {
  if (low !== undefined && low === high) return String(low);
  if (low !== undefined && high !== undefined) return `${low} to ${high}`;
  if (low !== undefined) return `from ${low}`;
  if (high !== undefined) return `up to ${high}`;
  return undefined;
}

/** What the field accepts, in a few words: `codes ACT (Active), INA (Inactive)`, `Y or N`, `length 1 to 50`. */
export function fieldDetails(field: SchemaField): string {
  const definition = field.definitions[0];
  const notes: string[] = [];
  if (definition?.isPrimaryKey) notes.push('primary key');
  if (definition?.isRequired) notes.push('required');
  if (field.multivalue) notes.push('several values');
  if (field.pii) notes.push('PII');
  if (!field.active) notes.push('inactive');
  const lengths = range(field.minLength, field.maxLength);
  if (lengths) notes.push(`length ${lengths}`);
  const dates = range(field.minDate, field.maxDate);
  if (dates) notes.push(dates);
  if (field.kind === 'integer' || field.kind === 'decimal') {
    const bounds = range(definition?.min, definition?.max);
    if (bounds) notes.push(bounds);
  }
  const stored = [field.dateFormat, definition?.timeFormat].filter(Boolean).join(' ');
  if (field.kind === 'date' || field.kind === 'datetime') {
    if (stored && stored !== 'YYYY-MM-DD')
      notes.push(`stored as ${stored}, searched as YYYY-MM-DD`);
  } else if (stored) {
    notes.push(`written ${stored}`);
  }
  if (field.booleanValues) notes.push(`${field.booleanValues[0]} or ${field.booleanValues[1]}`);
  if (field.picklist)
    notes.push(
      `codes ${field.picklist.map((e) => (e.description && e.description !== e.code ? `${e.code} (${e.description})` : e.code)).join(', ')}`,
    );
  else if (field.kind === 'picklist' && definition?.picklistType)
    notes.push(`${definition.picklistType} picklist`);
  if (field.kind === 'image') notes.push('not searchable by value');
  if (field.kind === 'opaque') notes.push('mdq does not check its values');
  const description = definition?.description;
  if (description && description !== field.name) notes.push(`"${description}"`);
  return notes.join('; ');
}

/** One schema as a table: a line per field with its name, data type and what it accepts. */
export function fieldsTable(response: SchemaResponse): string {
  const index = loadSchema(response);
  const fields = [...index.fields.values()].filter((f) => !f.metadata);
  const nameWidth = widest(
    fields.map((f) => f.name.length),
    4,
    32,
  );
  const typeWidth = widest(
    fields.map((f) => f.dataTypes.join('|').length),
    4,
    24,
  );
  const area = response.businessAreaName ?? response.businessAreaId;
  const head = `${response.name}${area ? ` (business area ${area})` : ''}: ${fields.length} field${fields.length === 1 ? '' : 's'}`;
  const lines = fields.map((f) =>
    `  ${f.name.padEnd(nameWidth)}  ${f.dataTypes.join('|').padEnd(typeWidth)}  ${fieldDetails(f)}`.trimEnd(),
  );
  return `${head}\n${lines.join('\n')}\n`;
}

function matches(response: SchemaResponse, names: readonly string[]): boolean {
  const wanted = names.map((n) => n.toLowerCase());
  return (
    wanted.includes(String(response.name).toLowerCase()) ||
    wanted.includes(String(response.schemaId).toLowerCase())
  );
}

const options = {
  example: { type: 'boolean' },
  name: { type: 'string', multiple: true },
  json: { type: 'boolean' },
} as const;

export const fieldsCommand: Command = {
  summary:
    "list each schema's fields with their types and accepted values (--json: the schema file itself)",
  usage,
  help: {
    examples: [
      'mdq fields --example --name Customer',
      'mdq fields customer.json --json > fields.json',
    ],
    options: { name: 'only the schemas of these names (repeatable)' },
  },
  options,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, options, usage);
    if (values.example && positionals.length > 0)
      throw new UsageError(`give either schema files or --example, not both\nusage: ${usage}`);
    if (!values.example && positionals.length === 0)
      throw new UsageError(
        `give schema files or --example (the built-in example tenant)\nusage: ${usage}`,
      );
    const all = values.example ? [...exampleSchemas] : await readSchemaResponses(positionals, io);
    const names = values.name ?? [];
    const chosen = names.length === 0 ? all : all.filter((r) => matches(r, names));
    const missing = names.filter((n) => !all.some((r) => matches(r, [n])));
    if (missing.length > 0) {
      throw new UsageError(
        `no schema named ${missing.map((n) => `'${n}'`).join(', ')}; the schemas are ${all.map((r) => `'${r.name}'`).join(', ')}`,
      );
    }
    if (values.json) {
      io.stdout(`${JSON.stringify(chosen.length === 1 ? chosen[0] : chosen, null, 2)}\n`);
      return EXIT.ok;
    }
    // Names and descriptions come from the service (mdq schema pull): no control character reaches the terminal.
    io.stdout(printable(chosen.map(fieldsTable).join('\n')));
    io.stdout(
      `\nA name with spaces is written [First Name] eq "Tim" or First\\ Name:Tim; dates as YYYY-MM-DD.\n`,
    );
    return EXIT.ok;
  },
};
