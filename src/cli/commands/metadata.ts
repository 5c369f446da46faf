/**
 * The service's metadata, by name: `mdq areas`, `mdq schemas <business area>`,
 * `mdq datasets <business area> <schema>` (tables, or `--json`), and
 * `mdq schema pull <business area> [<schema>]`, which writes the Get Schema JSON that
 * `mdq lint --schema` and `mdq codegen` read offline.
 */
import { parseCommandArgs } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError } from '../io.js';
import { CONNECTION_USAGE, connect, connectionOptions } from '../remote.js';
import { table } from '../table.js';

const withJson = { ...connectionOptions, json: { type: 'boolean' } } as const;

function positionalsExactly(
  positionals: readonly string[],
  names: readonly string[],
  usage: string,
  optional = 0,
): void {
  if (positionals.length < names.length - optional || positionals.length > names.length) {
    throw new UsageError(
      `${positionals.length < names.length - optional ? `missing the ${names[positionals.length]}` : 'too many arguments'}\nusage: ${usage}`,
    );
  }
}

const areasUsage = `mdq areas [--json] ${CONNECTION_USAGE}`;
export const areasCommand: Command = {
  summary: 'list the business areas the client may access',
  usage: areasUsage,
  help: {
    examples: ['mdq areas', 'mdq areas --json'],
  },
  options: withJson,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, withJson, areasUsage);
    positionalsExactly(positionals, [], areasUsage);
    const areas = await connect(values, io, areasUsage).businessAreas();
    if (values.json) io.stdout(`${JSON.stringify(areas, null, 2)}\n`);
    else
      io.stdout(
        table(
          ['name', 'id', 'active', 'description'],
          areas.map((a) => [a.name, a.businessAreaId, a.active, a.description]),
        ),
      );
    return EXIT.ok;
  },
};

const schemasUsage = `mdq schemas <business area> [--json] ${CONNECTION_USAGE}`;
export const schemasCommand: Command = {
  summary: 'list the schemas of a business area (by name or id)',
  usage: schemasUsage,
  help: {
    examples: ['mdq schemas customer', 'mdq schemas customer --json'],
  },
  options: withJson,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, withJson, schemasUsage);
    positionalsExactly(positionals, ['business area'], schemasUsage);
    const client = connect(values, io, schemasUsage);
    const area = await client.findBusinessArea(positionals[0]!);
    const schemas = await client.schemas(area.businessAreaId).toArray();
    if (values.json) io.stdout(`${JSON.stringify(schemas, null, 2)}\n`);
    else
      io.stdout(
        table(
          ['name', 'id', 'state', 'fields', 'datasets'],
          schemas.map((s) => [s.name, s.schemaId, s.state, s.fieldsCount, s.dataSetCount]),
        ),
      );
    return EXIT.ok;
  },
};

const dataSetsUsage = `mdq datasets <business area> <schema> [--json] ${CONNECTION_USAGE}`;
export const datasetsCommand: Command = {
  summary: 'list the datasets of a schema (names or ids)',
  usage: dataSetsUsage,
  help: {
    examples: ['mdq datasets customer Customer', 'mdq datasets product Product --json'],
  },
  options: withJson,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, withJson, dataSetsUsage);
    positionalsExactly(positionals, ['business area', 'schema'], dataSetsUsage);
    const client = connect(values, io, dataSetsUsage);
    const schema = await client.findSchema(positionals[0]!, positionals[1]!);
    const dataSets = await client.dataSets(schema.businessAreaId, schema.schemaId).toArray();
    if (values.json) io.stdout(`${JSON.stringify(dataSets, null, 2)}\n`);
    else
      io.stdout(
        table(
          ['name', 'id', 'records', 'description'],
          dataSets.map((d) => [d.dataSetName, d.dataSetId, d.recordCount, d.dataSetDescription]),
        ),
      );
    return EXIT.ok;
  },
};

const schemaUsage = `mdq schema pull <business area> [<schema>] ${CONNECTION_USAGE}`;
export const schemaCommand: Command = {
  summary:
    'schema pull: write the Get Schema JSON of a schema (or of every schema of a business area) for offline lint and codegen',
  usage: schemaUsage,
  help: {
    examples: [
      'mdq schema pull customer Customer > customer.json',
      'mdq schema pull product > product-schemas.json',
    ],
  },
  options: connectionOptions,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, connectionOptions, schemaUsage);
    const [action, ...rest] = positionals;
    if (action !== 'pull')
      throw new UsageError(
        `${action === undefined ? 'missing the action' : `unknown action '${action}'`}: the one action is pull\nusage: ${schemaUsage}`,
      );
    positionalsExactly(rest, ['business area', 'schema'], schemaUsage, 1);
    const client = connect(values, io, schemaUsage);
    const [areaName, schemaName] = rest as [string, string | undefined];
    if (schemaName !== undefined) {
      const schema = await client.findSchema(areaName, schemaName);
      io.stdout(
        `${JSON.stringify(await client.getSchema(schema.businessAreaId, schema.schemaId), null, 2)}\n`,
      );
      return EXIT.ok;
    }
    const area = await client.findBusinessArea(areaName);
    io.stdout(
      `${JSON.stringify(await client.schemasIn({ businessArea: area.businessAreaId }), null, 2)}\n`,
    );
    return EXIT.ok;
  },
};
