/**
 * One query, one meaning: the checker, the evaluator, the emulator and a schema written by
 * `mdq codegen` agree, over generated schemas, records and queries.
 *
 * (a) the emulator's search, all pages, returns exactly the records `filter` returns on the
 *     same records and schema;
 * (b) a query the checker passes without errors is never refused by the emulator, and a
 *     one-clause query whose only errors say "this value can never match" matches no record
 *     that keeps the value rules, in the evaluator and in the emulator;
 * (c) the module `mdq codegen` writes and the Get Schema responses it came from give the same
 *     diagnostics, completions and evaluation, for one schema and for two (the module's
 *     exports passed together, as the responses are).
 *
 * A generated tenant has one schema or two (a second with a field name the first types
 * otherwise), a time field, and queries with wildcards. Each run is one generated tenant served by one emulator (a data folder read in memory),
 * searched with a batch of generated queries: few runs, many queries each.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import * as builder from '../../src/builder/index.js';
import * as examples from '../../src/examples/index.js';
import { check } from '../../src/index.js';
import { generateSchemaModule } from '../../src/builder/index.js';
import { complete } from '../../src/completion/index.js';
import { filter } from '../../src/evaluator/index.js';
import { escapeTerm, quote } from '../../src/language/escape.js';
import type { SchemaResponse } from '../../src/schema/response.js';
import { recordErrors } from '../../src/schema/value-rules.js';
import { startApi, type TestApi } from '../emulator/helpers.js';

/** The checker's codes that say a value can never match (docs/meaning.md). */
const NEVER_MATCHES = new Set([
  'invalid-date',
  'invalid-time',
  'invalid-number',
  'invalid-boolean',
  'picklist-description',
  'unknown-picklist-code',
]);

// ------------------------------------------------------------------ worlds

interface Field {
  readonly name: string;
  readonly dataType: string;
  readonly [property: string]: unknown;
}

const DATE_FORMATS = ['MM/DD/YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD'] as const;
const PAIRS = ['Y/N', '1/0', 'true/false', 'T/F', undefined] as const;
const PICKLIST = [
  { code: 'ACT', description: 'Active' },
  { code: 'INA', description: 'Inactive' },
];

const fieldsArb: fc.Arbitrary<Field[]> = fc
  .record({
    nameMax: fc.constantFrom(8, 500),
    dateFormat: fc.constantFrom(...DATE_FORMATS),
    dateBounds: fc.boolean(),
    pair: fc.constantFrom(...PAIRS),
  })
  .map(({ nameMax, dateFormat, dateBounds, pair }) => [
    { name: 'Name', dataType: 'string', min: 1, max: nameMax },
    { name: 'Last Name', dataType: 'string' },
    { name: 'Tags', dataType: 'string', isMultivalue: true },
    { name: 'Age', dataType: 'integer' },
    { name: 'Score', dataType: 'float' },
    {
      name: 'Born',
      dataType: 'date',
      dateFormat,
      ...(dateBounds ? { min: '1950-01-01', max: '2010-12-31' } : {}),
    },
    { name: 'VIP', dataType: 'boolean', ...(pair ? { allowedBooleanValues: pair } : {}) },
    { name: 'Status', dataType: 'picklist', staticPicklist: PICKLIST },
    { name: 'Meet', dataType: 'time', timeFormat: 'HH:mm' },
  ]);

/**
 * A second schema of the tenant: `Name` as in the first, `Age` as text (one name, two types:
 * each record is typed by its own schema), and a field the first lacks.
 */
const ORDER_FIELDS: Field[] = [
  { name: 'Name', dataType: 'string' },
  { name: 'Age', dataType: 'string' },
  { name: 'Total', dataType: 'float' },
];

const WORDS = ['tim', 'Tim Smith', 'berlin', 'new york', 'van Dijk', 'a-b', 'smith'];

function formatDate(y: number, m: number, d: number, format: string): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return format.replace('YYYY', p(y, 4)).replace('MM', p(m)).replace('DD', p(d));
}

/** A stored value for a field: mostly what the field's rules allow, sometimes not. */
function storedValue(field: Field): fc.Arbitrary<unknown> {
  const pair =
    typeof field.allowedBooleanValues === 'string' ? field.allowedBooleanValues : 'true/false';
  switch (field.dataType) {
    case 'string':
      return field.isMultivalue
        ? fc.array(fc.constantFrom(...WORDS), { maxLength: 3 })
        : fc.constantFrom(...WORDS, 'Timothy Smithson-Jones');
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 90 }), fc.constant('x'));
    case 'float':
      return fc.integer({ min: -20, max: 400 }).map((n) => n / 4);
    case 'date':
      return fc
        .tuple(
          fc.integer({ min: 1940, max: 2020 }),
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1, max: 28 }),
          fc.boolean(),
        )
        .map(([y, m, d, own]) =>
          formatDate(y, m, d, own ? (field.dateFormat as string) : 'YYYY-MM-DD'),
        );
    case 'boolean':
      return fc.constantFrom(...pair.split('/'), ...pair.split('/'), 'y', true, false);
    case 'picklist':
      return fc.constantFrom('ACT', 'INA', 'ACT', 'act', 'Active');
    case 'time':
      return fc.constantFrom('09:30', '21:00', '00:00', '23:59:59', '9:30', '9am');
    default:
      return fc.constant('x');
  }
}

function recordsArb(fields: readonly Field[]): fc.Arbitrary<Record<string, unknown>[]> {
  const record = fc.record(
    Object.fromEntries(fields.map((f) => [f.name, fc.option(storedValue(f), { freq: 6 })])),
  );
  return fc
    .array(record, { maxLength: 18 })
    .map((rs) =>
      rs.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null))),
    );
}

/** Values as a person writes them in a query, typed or not. */
const QUERY_VALUES: Readonly<Record<string, readonly string[]>> = {
  string: ['tim', 'smith', 'new york', 'Tim Smith', 'van', 'b', 'Timothy Smithson-Jones'],
  integer: ['7', '7.0', '7.5', '-3', '1e3', 'abc', '40'],
  float: ['7.5', '12', '0,5', '-1.25', 'abc'],
  date: ['1985-04-12', '1985', '1960-01-01', '2021-02-30', '04/12/1985', '12.04.1985', 'now-30y'],
  boolean: ['Y', 'N', 'y', 'true', 'false', '1', '0', 'T', 'F', 'yes'],
  picklist: ['ACT', 'INA', 'act', 'Active', 'XYZ'],
  time: ['09:30', '21:00', '23:59:59', '9:30', '9am', '9:30pm', '25:00'],
};

/** Wildcards as people write them: a prefix, a suffix, one character, the field's existence. */
const WILDCARDS: Readonly<Record<string, readonly string[]>> = {
  string: ['ti*', '*ith', 't?m', 'new*', '*', 'Tim*Smith'],
  integer: ['4*', '*', '?'],
  float: ['7*', '*'],
  date: ['1985*', '*'],
  boolean: ['Y*', '*'],
  picklist: ['AC*', 'A?T', '*'],
  time: ['09*', '*'],
};

const fieldRef = (name: string) => escapeTerm(name);
const valueText = (v: string) =>
  /^[\w.-]+$/.test(v) && !/^(AND|OR|NOT|TO)$/.test(v) ? v : quote(v);

/** One clause on one field: `F:v`, `[F] eq "v"`, a comparison, a range or a relation. */
function clauseArb(fields: readonly Field[]): fc.Arbitrary<string> {
  return fc.constantFrom(...fields).chain((field) => {
    const values = QUERY_VALUES[field.dataType] ?? ['x'];
    const v = fc.constantFrom(...values);
    const f = fieldRef(field.name);
    return fc.oneof(
      v.map((x) => `${f}:${valueText(x)}`),
      fc
        .tuple(fc.constantFrom('eq', 'ne', 'gt', 'lt', 'ge', 'le'), v)
        .map(([op, x]) => `[${field.name}] ${op} ${quote(x)}`),
      fc.tuple(v, v).map(([a, b]) => `${f}:[${valueText(a)} TO ${valueText(b)}]`),
      fc
        .tuple(fc.constantFrom('>', '>=', '<', '<='), v)
        .map(([op, x]) => `${f}:${op}${valueText(x)}`),
      fc.constantFrom(...(WILDCARDS[field.dataType] ?? ['*'])).map((w) => `${f}:${w}`),
    );
  });
}

function queryArb(fields: readonly Field[]): fc.Arbitrary<string> {
  const clause = clauseArb(fields);
  return fc.oneof(
    { weight: 4, arbitrary: clause },
    { weight: 1, arbitrary: fc.constantFrom(...WORDS).map(valueText) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(clause, fc.constantFrom(' AND ', ' OR ', ' AND NOT '), clause)
        .map(([a, op, b]) => a + op + b),
    },
    // Text a person might type: unbalanced, misspelt, SQL-ish.
    {
      weight: 2,
      arbitrary: fc
        .array(
          fc.constantFrom(
            'Name',
            'Nmae',
            'First Name',
            ':',
            ' ',
            '(',
            ')',
            '"',
            '[',
            ']',
            'TO',
            'AND',
            'tim',
            '*',
            '=',
            "'x'",
            '7',
          ),
          { minLength: 1, maxLength: 6 },
        )
        .map((parts) => parts.join('')),
    },
  );
}

interface World {
  readonly fields: Field[];
  /** Data sets of the first schema (People). */
  readonly dataSets: Record<string, unknown>[][];
  /** Data sets of the second (Orders): none in a tenant of one schema. */
  readonly orderSets: Record<string, unknown>[][];
  readonly queries: string[];
}

const worldArb: fc.Arbitrary<World> = fieldsArb.chain((fields) =>
  fc.record({
    fields: fc.constant(fields),
    dataSets: fc.array(recordsArb(fields), { minLength: 1, maxLength: 2 }),
    orderSets: fc.array(recordsArb(ORDER_FIELDS), { maxLength: 1 }),
    queries: fc.array(queryArb([...fields, ...ORDER_FIELDS]), { minLength: 20, maxLength: 20 }),
  }),
);

// ------------------------------------------------------------------ serving a world

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function responseOf(fields: readonly Field[], schemaId = 's1', name = 'People'): SchemaResponse {
  return {
    schemaId,
    name,
    businessAreaId: 'ba1',
    businessAreaName: 'people',
    fields: fields as SchemaResponse['fields'],
  };
}

const ORDERS = responseOf(ORDER_FIELDS, 's2', 'Orders');

/** The tenant's schemas: People, and Orders when it has data. */
const schemasOf = (world: World): SchemaResponse[] =>
  world.orderSets.length > 0 ? [responseOf(world.fields), ORDERS] : [responseOf(world.fields)];

/** Every data set with its schema. */
const setsOf = (world: World) => [
  ...world.dataSets.map((records) => ({ records, schema: responseOf(world.fields) })),
  ...world.orderSets.map((records) => ({ records, schema: ORDERS })),
];

/** Writes the world as a data folder (README: "The data folder and durability") and serves it in memory. */
async function serve(world: World): Promise<TestApi> {
  const dir = mkdtempSync(join(tmpdir(), 'mdq-meaning-'));
  folders.push(dir);
  mkdirSync(join(dir, 'schemas'));
  mkdirSync(join(dir, 'dataobjects'));
  writeFileSync(
    join(dir, 'business-areas.json'),
    JSON.stringify([{ businessAreaId: 'ba1', name: 'people' }]),
  );
  for (const schema of schemasOf(world))
    writeFileSync(join(dir, 'schemas', `${schema.schemaId}.json`), JSON.stringify(schema));
  const sets = setsOf(world);
  const items = sets.map(({ schema }, i) => ({
    dataSetId: `ds${i + 1}`,
    dataSetName: `Set ${i + 1}`,
    businessAreaId: 'ba1',
    businessAreaName: 'people',
    schemaId: schema.schemaId,
    schemaName: schema.name,
  }));
  writeFileSync(join(dir, 'datasets.json'), JSON.stringify(items));
  sets.forEach(({ records }, i) => {
    const lines = records.map((r, j) =>
      JSON.stringify({ _dataObjectId: `o${i + 1}-${j + 1}`, _version: 1, ...r }),
    );
    writeFileSync(join(dir, 'dataobjects', `ds${i + 1}.ndjson`), lines.join('\n'));
  });
  return startApi({ dataDir: dir, inMemory: true });
}

const PAGE = 10;
const searchPath = (query: string, from = 0) =>
  `/dataobjects/search?${new URLSearchParams({ query, from: String(from), size: String(PAGE) })}`;

const idsOf = (hits: readonly Record<string, unknown>[]) =>
  hits.map((h) => String(h._dataObjectId));

/** Every page of a search, with the status of the first. */
async function searchAll(api: TestApi, query: string): Promise<{ status: number; ids: string[] }> {
  const hits: Record<string, unknown>[] = [];
  for (let from = 0; ; from += PAGE) {
    const page = await api.get(searchPath(query, from));
    if (page.status !== 200) return { status: page.status, ids: [] };
    hits.push(...page.body.hits);
    if (page.body.hits.length < PAGE || hits.length >= page.body.total)
      return { status: 200, ids: idsOf(hits) };
  }
}

/** Every record the emulator holds, as search hits (metadata and all). */
async function everyRecord(api: TestApi): Promise<Record<string, unknown>[]> {
  const hits: Record<string, unknown>[] = [];
  for (let from = 0; ; from += 100) {
    const page = await api.get(`/dataobjects/search?query=*:*&from=${from}&size=100`);
    hits.push(...page.body.hits);
    if (page.body.hits.length < 100) return hits;
  }
}

/** What `filter` answers, or the message it throws (a query with syntax errors). */
function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (e) {
    return e instanceof Error ? `${e.name}: ${e.message}` : e;
  }
}

/**
 * A generated module run with the real `defineSchema`: what `mdq codegen` gives a program,
 * one export per schema of the responses, in their order.
 */
function codegenSchemas(responses: SchemaResponse | readonly SchemaResponse[]): unknown[] {
  const module = generateSchemaModule(responses);
  const js = ts.transpileModule(module, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const exports: Record<string, unknown> = {};
  new Function('exports', 'require', js)(exports, () => builder);
  return Object.values(exports);
}

const codegenSchema = (response: SchemaResponse): unknown => codegenSchemas(response)[0];

// ------------------------------------------------------------------ the laws

/** Each run starts an emulator: few runs, many queries each (the machine is small). */
const RUNS = { numRuns: 5 };

describe('one query, one meaning', () => {
  it('(a) the emulator finds, over all pages, exactly what filter finds on the same records and schema; (b) it refuses no query the checker passes, and a value that can never match matches no valid record', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (world) => {
        const api = await serve(world);
        try {
          const schema = schemasOf(world);
          const records = await everyRecord(api);
          expect(records).toHaveLength(setsOf(world).flatMap((s) => s.records).length);
          const fieldsOf = (r: Record<string, unknown>) =>
            schema.find((s) => s.name === r._schemaName)!.fields;
          const valid = new Set(
            records
              .filter((r) => recordErrors(r, fieldsOf(r)).length === 0)
              .map((r) => String(r._dataObjectId)),
          );
          for (const query of world.queries) {
            const diagnostics = check(query, { schema });
            const errors = diagnostics.filter((d) => d.severity === 'error');
            const served = await searchAll(api, query);
            if (errors.length === 0) expect(served.status, query).toBe(200);
            if (served.status !== 200) continue;
            const expected = idsOf(filter(records, query, { schema }));
            expect(served.ids, query).toEqual(expected);
            // One positive clause: `ne` and NOT match what the value does not.
            const oneClause = !/ (AND|OR|NOT|ne) /.test(query);
            if (oneClause && errors.length > 0 && errors.every((d) => NEVER_MATCHES.has(d.code)))
              expect(
                served.ids.filter((id) => valid.has(id)),
                `${query}: ${errors.map((d) => d.message).join('; ')}`,
              ).toEqual([]);
          }
        } finally {
          await api.emulator.close();
        }
      }),
      RUNS,
    );
  }, 240_000);

  it('(c) the schemas mdq codegen writes and their Get Schema responses give the same diagnostics, completions and evaluation, for a tenant of one schema and of two', () => {
    fc.assert(
      fc.property(worldArb, fc.boolean(), (world, both) => {
        // Two schemas: People and Orders, which types `Age` otherwise and has `Total`.
        const response = both ? [responseOf(world.fields), ORDERS] : responseOf(world.fields);
        const modules = codegenSchemas(response);
        expect(modules).toHaveLength(both ? 2 : 1);
        type Input = NonNullable<Parameters<typeof check>[1]>['schema'];
        const generated = (both ? modules : modules[0]) as Input;
        const records = [
          ...world.dataSets.flat().map((r) => ({ ...r, _schemaName: 'People' })),
          ...(both ? world.orderSets.flat().map((r) => ({ ...r, _schemaName: 'Orders' })) : []),
        ];
        for (const query of world.queries) {
          expect(check(query, { schema: generated }), query).toEqual(
            check(query, { schema: response }),
          );
          for (const at of [0, query.length >> 1, query.length])
            expect(complete(query, at, { schema: generated }), `${query} @${at}`).toEqual(
              complete(query, at, { schema: response }),
            );
          expect(
            outcome(() => filter(records, query, { schema: generated })),
            query,
          ).toEqual(outcome(() => filter(records, query, { schema: response })));
        }
      }),
      { numRuns: 30 },
    );
  });

  it("the codegen'd example schema finds the same people born before 1960 as the Get Schema response (it found nobody: the module dropped dateFormat)", () => {
    const customer = examples.exampleSchemas.find((s) => s.name === 'Customer')!;
    const records = examples.exampleDataSets
      .filter(({ dataSet }) => dataSet.schemaName === 'Customer')
      .flatMap(({ dataObjects }) => dataObjects);
    const query = '[Date of Birth] lt "1960-01-01"';
    const fromResponse = filter(records, query, { schema: customer });
    expect(fromResponse.length).toBe(2);
    expect(filter(records, query, { schema: codegenSchema(customer) as never })).toEqual(
      fromResponse,
    );
  });

  it('decides booleans one way everywhere: the spellings of allowedBooleanValues, exactly', () => {
    const customer = examples.exampleSchemas.find((s) => s.name === 'Customer')!;
    const records = examples.exampleDataSets.flatMap(({ dataObjects }) => dataObjects);
    const codes = (q: string) => check(q, { schema: customer }).map((d) => d.code);
    expect(codes('VIP:Y')).toEqual([]);
    expect(filter(records, 'VIP:Y', { schema: customer }).length).toBeGreaterThan(0);
    for (const q of ['VIP:true', 'VIP:y', 'VIP:yes']) {
      expect(codes(q), q).toEqual(['invalid-boolean']);
      expect(filter(records, q, { schema: customer }), q).toEqual([]);
    }
  });
});
