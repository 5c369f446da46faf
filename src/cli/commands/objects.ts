/**
 * Data objects by id: `mdq get <ids...>` prints them with their `_version`;
 * `mdq update <ids...> --set Field=value [--version N]` changes fields under the
 * optimistic lock. Ids alone suffice (each is found by a search); naming the dataset
 * (`--business-area --schema --dataset`) reads its listing instead. Values are typed
 * by the schema (numbers for integer, float and currency fields, a list for a
 * multivalue field), or given exactly as JSON with `--set-json Field=<json>`. Without
 * `--version` the update reads the current version and retries conflicts.
 */
import type { MdqClient } from '../../client/client.js';
import { NotFoundError } from '../../client/errors.js';
import type { DataObjectRef, FieldValues, Schema } from '../../client/types.js';
import type { SchemaFieldResponse } from '../../schema/response.js';
import { valueErrors } from '../../schema/value-rules.js';
import { parseCommandArgs } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError } from '../io.js';
import {
  CONNECTION_USAGE,
  connect,
  connectionOptions,
  locate,
  refOf,
  wholeNumber,
} from '../remote.js';

const scopeOptions = {
  'business-area': { type: 'string' },
  schema: { type: 'string' },
  dataset: { type: 'string' },
} as const;

const SCOPE_USAGE = '[--business-area <name> --schema <name> --dataset <name>]';

interface Located {
  readonly ref: DataObjectRef;
  readonly names: {
    readonly _businessAreaName: string;
    readonly _schemaName: string;
    readonly _dataSetName: string;
  };
}

/** Where each id lives: in the dataset named, or wherever a search finds it. */
async function findAll(
  client: MdqClient,
  ids: readonly string[],
  scope: {
    'business-area'?: string | undefined;
    schema?: string | undefined;
    dataset?: string | undefined;
  },
  usage: string,
): Promise<Map<string, Located>> {
  const given = [scope['business-area'], scope.schema, scope.dataset].filter(
    (v) => v !== undefined,
  ).length;
  const found = new Map<string, Located>();
  if (given === 0) {
    for (const [id, hit] of await locate(client, ids)) {
      found.set(id, {
        ref: refOf(hit),
        names: {
          _businessAreaName: hit._businessAreaName,
          _schemaName: hit._schemaName,
          _dataSetName: hit._dataSetName,
        },
      });
    }
    return found;
  }
  if (given !== 3)
    throw new UsageError(
      `name the dataset with all of --business-area, --schema and --dataset, or none of them\nusage: ${usage}`,
    );
  const dataSet = await client.findDataSet(scope['business-area']!, scope.schema!, scope.dataset!);
  const names = {
    _businessAreaName: dataSet.businessAreaName,
    _schemaName: dataSet.schemaName,
    _dataSetName: dataSet.dataSetName,
  };
  for (const id of ids)
    found.set(id, {
      ref: {
        businessAreaId: dataSet.businessAreaId,
        schemaId: dataSet.schemaId,
        dataSetId: dataSet.dataSetId,
        dataObjectId: id,
      },
      names,
    });
  return found;
}

const getUsage = `mdq get <id>... ${SCOPE_USAGE} ${CONNECTION_USAGE}`;
const getOptions = { ...connectionOptions, ...scopeOptions } as const;
export const getCommand: Command = {
  summary: 'print data objects by id, as JSON with their _version',
  usage: getUsage,
  help: {
    examples: [
      'mdq get <id>',
      'mdq get <id> <id> --business-area customer --schema Customer --dataset "Retail Customers"',
    ],
    options: {
      'business-area':
        'with --schema and --dataset: where the ids are (else each is found by a search)',
      schema: 'with --business-area and --dataset: the schema, by name',
      dataset: 'with --business-area and --schema: the dataset, by name',
    },
  },
  options: getOptions,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, getOptions, getUsage);
    if (positionals.length === 0)
      throw new UsageError(`missing the data object ids\nusage: ${getUsage}`);
    const client = connect(values, io, getUsage);
    const where = await findAll(client, positionals, values, getUsage);
    const objects = [];
    for (const id of positionals) {
      const { ref, names } = where.get(id)!;
      let object;
      try {
        object = await client.getDataObject(ref);
      } catch (e) {
        if (e instanceof NotFoundError)
          throw new Error(`no data object '${id}' in dataset '${names._dataSetName}'`);
        throw e;
      }
      objects.push({ ...object, ...names });
    }
    io.stdout(`${JSON.stringify(positionals.length === 1 ? objects[0] : objects, null, 2)}\n`);
    return EXIT.ok;
  },
};

const NUMERIC = new Set(['integer', 'float', 'currency']);

/** `Field=value`: the name up to the first `=`. */
function assignment(entry: string, flag: string): [string, string] {
  const at = entry.indexOf('=');
  if (at <= 0)
    throw new UsageError(
      `${flag} takes Field=value (a name with spaces in quotes: "First Name=Tim"), not '${entry}'\nusage: ${updateUsage}`,
    );
  return [entry.slice(0, at), entry.slice(at + 1)];
}

/** A value typed by its field's definition. */
export function typedValue(field: SchemaFieldResponse, raw: string): unknown {
  if (field.isMultivalue) {
    if (raw.trim().startsWith('[')) {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        throw new UsageError(
          `'${raw}' is not a JSON list for the multivalue field "${field.name}"`,
        );
      }
    }
    return raw.split(',').map((part) => typedValue({ ...field, isMultivalue: false }, part.trim()));
  }
  if (field.dataType !== undefined && NUMERIC.has(field.dataType)) {
    const n = Number(raw);
    if (!/^-?\d+(\.\d+)?$/.test(raw.trim()) || !Number.isFinite(n))
      throw new UsageError(`"${field.name}" holds numbers (${field.dataType}), not '${raw}'`);
    if (field.dataType === 'integer' && !Number.isInteger(n))
      throw new UsageError(`"${field.name}" holds whole numbers, not '${raw}'`);
    return n;
  }
  return raw;
}

/** A value as a message quotes it (the rule's own words often quote it too; short either way). */
function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return `(${text.length > 60 ? `${text.slice(0, 57)}...` : text})`;
}

/** The `_errors` of a data object, one line per field. */
function errorLines(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((e: { name?: unknown; errors?: unknown }) => {
    const list = Array.isArray(e?.errors) ? e.errors.map(String).join('; ') : '';
    return `  "${String(e?.name ?? '?')}": ${list}`;
  });
}

/** Field names for a message: the first 20, then how many more (a schema may have thousands). */
function fieldList(names: readonly string[]): string {
  const shown = names
    .slice(0, 20)
    .map((n) => `"${n}"`)
    .join(', ');
  return names.length > 20 ? `${shown}, and ${names.length - 20} more` : shown;
}

/** The fields to send, checked against the schema: every name must be one of its fields. */
function fieldsFor(
  schema: Schema,
  set: readonly string[],
  setJson: readonly string[],
): FieldValues {
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  const fieldNamed = (name: string) => {
    const field = byName.get(name);
    if (field === undefined)
      throw new UsageError(
        `no field "${name}" in schema "${schema.name}" (fields: ${fieldList([...byName.keys()])})`,
      );
    return field;
  };
  const fields: Record<string, unknown> = {};
  for (const entry of set) {
    const [name, raw] = assignment(entry, '--set');
    fields[name] = typedValue(fieldNamed(name), raw);
  }
  for (const entry of setJson) {
    const [name, raw] = assignment(entry, '--set-json');
    fieldNamed(name);
    try {
      fields[name] = JSON.parse(raw) as unknown;
    } catch {
      throw new UsageError(`--set-json "${name}": '${raw}' is not JSON`);
    }
  }
  // The value rules the service keeps (picklist codes, boolean spellings, dates in the field's
  // format, lengths, numbers): a value that breaks them would be stored with _errors.
  for (const [name, value] of Object.entries(fields)) {
    const errors = valueErrors(value, byName.get(name)!);
    if (errors.length > 0)
      throw new UsageError(`"${name}": ${describeValue(value)} ${errors.join('; ')}`);
  }
  return fields;
}

const updateOptions = {
  ...connectionOptions,
  ...scopeOptions,
  set: { type: 'string', multiple: true },
  'set-json': { type: 'string', multiple: true },
  version: { type: 'string' },
} as const;
const updateUsage = `mdq update <id>... --set Field=value... [--set-json Field=<json>...] [--version N] ${SCOPE_USAGE} ${CONNECTION_USAGE}`;
export const updateCommand: Command = {
  summary: 'change fields of data objects by id, under the optimistic lock (_version)',
  usage: updateUsage,
  help: {
    examples: [
      'mdq update <id> --set VIP=Y --set "Last Name=van Dijk"',
      'mdq update <id> --set-json Tags=["online","vip"] --version 3',
    ],
    options: {
      'business-area':
        'with --schema and --dataset: where the ids are (else each is found by a search)',
      schema: 'with --business-area and --dataset: the schema, by name',
      dataset: 'with --business-area and --schema: the dataset, by name',
    },
  },
  options: updateOptions,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, updateOptions, updateUsage);
    if (positionals.length === 0)
      throw new UsageError(`missing the data object ids\nusage: ${updateUsage}`);
    const set = values.set ?? [];
    const setJson = values['set-json'] ?? [];
    if (set.length + setJson.length === 0)
      throw new UsageError(`nothing to change: give --set Field=value\nusage: ${updateUsage}`);
    const version = wholeNumber(values.version, 'version', 0, updateUsage);
    if (version !== undefined && positionals.length > 1)
      throw new UsageError(
        `--version names one object's version: give one id with it\nusage: ${updateUsage}`,
      );
    // The form of each assignment before anything is asked: a typo needs no search and no schema to be told.
    for (const entry of set) assignment(entry, '--set');
    for (const entry of setJson) assignment(entry, '--set-json');
    const client = connect(values, io, updateUsage);
    const where = await findAll(client, positionals, values, updateUsage);
    const schemas = new Map<string, Promise<Schema>>();
    // Every value is checked against its schema before anything is sent.
    const plans = [];
    for (const id of positionals) {
      const { ref } = where.get(id)!;
      const key = `${ref.businessAreaId}/${ref.schemaId}`;
      if (!schemas.has(key)) schemas.set(key, client.getSchema(ref.businessAreaId, ref.schemaId));
      plans.push({ id, ref, fields: fieldsFor(await schemas.get(key)!, set, setJson) });
    }
    let stored = false;
    for (const { id, ref, fields } of plans) {
      const result =
        version !== undefined
          ? await client.update(ref, version, fields)
          : await client.updateWithRetry(ref, () => fields);
      io.stdout(`updated ${id}: now at version ${result.version}\n`);
      // The service stores a record that breaks its rules and lists why in `_errors`: say so.
      const lines = errorLines((await client.getDataObject(ref))._errors);
      if (lines.length > 0) {
        io.stderr(
          `mdq update: ${id} holds values its schema refuses (_errors):\n${lines.join('\n')}\n`,
        );
        stored = true;
      }
    }
    return stored ? EXIT.problems : EXIT.ok;
  },
};
