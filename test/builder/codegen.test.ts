/** `mdq codegen` and its generator: stable, valid TypeScript that types exactly the given fields. */
import fc from 'fast-check';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { format } from '../../src/index.js';
import { CodegenError, generateSchemaModule } from '../../src/builder/index.js';
import { tsStringLiteral } from '../../src/builder/codegen.js';
import { runCli } from '../../src/cli/run.js';
import { fakeIo } from '../support/cli.js';
import { customerMasterSchema, productSchema } from './fixtures/schemas.generated.js';
import { hostileString } from './arbitraries.js';

const FIXTURE = new URL('./fixtures/schemas.json', import.meta.url);
const GENERATED = new URL('./fixtures/schemas.generated.ts', import.meta.url);
const IMPORT = '../../../src/builder/index.js';

/** Transpiles a generated module to CommonJS and runs it with a `defineSchema` that returns its argument. */
function evaluate(module: string): Record<string, unknown> {
  const js = ts.transpileModule(module, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const exports: Record<string, unknown> = {};
  new Function('exports', 'require', js)(exports, () => ({
    defineSchema: (definition: unknown) => definition,
  }));
  return exports;
}

describe('generateSchemaModule', () => {
  it('writes the committed module for the fixture, byte for byte (the fixture module compiles under tsc)', async () => {
    const input = JSON.parse(await readFile(FIXTURE, 'utf8'));
    expect(generateSchemaModule(input, { importFrom: IMPORT })).toBe(
      await readFile(GENERATED, 'utf8'),
    );
  });

  it('is stable: the same input gives the same bytes', async () => {
    const text = await readFile(FIXTURE, 'utf8');
    expect(generateSchemaModule(JSON.parse(text))).toBe(generateSchemaModule(JSON.parse(text)));
  });

  it('the generated schemas are typed from the response', () => {
    expectTypeOf(customerMasterSchema.field('Status').equals)
      .parameter(0)
      .toEqualTypeOf<'A' | 'I' | "it's">();
    expectTypeOf(customerMasterSchema.field('Active').equals)
      .parameter(0)
      .toEqualTypeOf<boolean | 'Y' | 'N'>();
    // @ts-expect-error: no substring search on a date
    expect(customerMasterSchema.field('Birthday').contains).toBeUndefined();
    // @ts-expect-error: SKU belongs to the product schema
    expect(() => customerMasterSchema.field('SKU')).toThrow();
    expect(format(customerMasterSchema.field('First Name').startsWith('Ti'))).toBe(
      'First\\ Name:Ti*',
    );
    expect(format(productSchema.field('Price').between(10, 20))).toBe('Price:[10 TO 20]');
    expect(customerMasterSchema.fieldNames).toContain('__proto__');
  });

  it('any field names, descriptions and codes give a module that defines exactly those fields', () => {
    const field = fc.record({
      name: hostileString.filter((s) => s.trim() !== '' && s !== '*'),
      description: hostileString,
      dataType: fc.constantFrom('string', 'picklist', 'boolean', 'x"\'*/'),
      allowedBooleanValues: hostileString,
      staticPicklist: fc.array(fc.record({ code: hostileString, description: hostileString }), {
        maxLength: 3,
      }),
    });
    const schema = fc.record({
      name: hostileString,
      description: hostileString,
      fields: fc.uniqueArray(field, { selector: (f) => f.name, maxLength: 5 }),
    });
    fc.assert(
      fc.property(schema, (response) => {
        const exports = evaluate(generateSchemaModule(response));
        const [definition] = Object.values(exports) as Record<string, Record<string, unknown>>[];
        // Sorted: JS objects list integer-like keys first, whatever the source order.
        expect(Object.keys(definition!).sort()).toEqual(response.fields.map((f) => f.name).sort());
        for (const f of response.fields) {
          expect(Object.getOwnPropertyDescriptor(definition, f.name)?.value).toEqual({
            dataType: f.dataType,
            allowedBooleanValues: f.allowedBooleanValues,
            staticPicklist: f.staticPicklist,
          });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('tsString writes any string as a literal that reads back as it', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        expect(new Function(`return ${tsStringLiteral(s)};`)()).toBe(s);
      }),
    );
  });

  it('reports every problem of an invalid input', () => {
    const bad = [
      {
        name: 'A',
        fields: [
          { name: '' },
          { name: 'x', dataType: 5 },
          { name: 'x' },
          { name: 'p', staticPicklist: [{}] },
        ],
      },
      { name: 'B' },
      7,
    ];
    let error: unknown;
    try {
      generateSchemaModule(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).problems).toEqual([
      '[0].fields[0]: the field has no usable name ("")',
      '[0].fields[1] (x): dataType must be a string, not 5',
      '[0].fields[2]: the field name "x" appears twice',
      '[0].fields[3] (p): staticPicklist[0] needs a string code',
      "[1]: a Get Schema response has a 'fields' array",
      '[2]: expected a Get Schema response object, not 7',
    ]);
    expect(() => generateSchemaModule([])).toThrow(CodegenError);
  });

  it('names exports after the schemas, distinct and valid', () => {
    const exports = evaluate(
      generateSchemaModule([
        { name: 'Customer', fields: [] },
        { name: 'customer', fields: [] },
        { name: '2 Süß-Waren!', fields: [] },
        { name: '', fields: [] },
      ]),
    );
    expect(Object.keys(exports)).toEqual([
      'customerSchema',
      'customerSchema2',
      'schema2SussWaren',
      'schema',
    ]);
  });

  it('never takes the name of its import, nor one it gave already', () => {
    // "define" would be exported as `defineSchema`, shadowing the import; "2" as `schema2`, the second unnamed schema.
    const module = generateSchemaModule([
      { name: 'define', fields: [] },
      { name: '', fields: [] },
      { name: '!', fields: [] },
      { name: '2', fields: [] },
    ]);
    expect(Object.keys(evaluate(module))).toEqual([
      'defineSchema2',
      'schema',
      'schema2',
      'schema22',
    ]);
    expect(module).toContain('import { defineSchema } from');
  });
});

describe('mdq codegen', () => {
  const response = JSON.stringify({
    name: 'Customer',
    fields: [{ name: 'First Name', dataType: 'string', description: 'Given name' }],
  });

  it('prints the module to stdout', async () => {
    const { io, out } = fakeIo({ files: { 's.json': response } });
    expect(await runCli(['codegen', 's.json'], io)).toBe(0);
    expect(out.stdout).toBe(generateSchemaModule(JSON.parse(response)));
    expect(out.stdout).toContain(
      "    /** Given name */\n    'First Name': { dataType: 'string' },\n  } as const,\n  { name: 'Customer' },\n",
    );
    expect(out.stderr).toBe('');
  });

  it('honours --import', async () => {
    const { io, out } = fakeIo({ files: { 's.json': response } });
    expect(await runCli(['codegen', 's.json', '--import', '@acme/mdq'], io)).toBe(0);
    expect(out.stdout).toContain("import { defineSchema } from '@acme/mdq';");
  });

  it('writes --out', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mdq-codegen-'));
    try {
      const { io, out } = fakeIo({ files: { 's.json': response } });
      const target = join(dir, 'schema.ts');
      expect(await runCli(['codegen', 's.json', '--out', target], io)).toBe(0);
      expect(await readFile(target, 'utf8')).toBe(generateSchemaModule(JSON.parse(response)));
      expect(out.stdout).toBe('');
      const missingDir = join(dir, 'no', 'such', 'dir.ts');
      expect(await runCli(['codegen', 's.json', '--out', missingDir], io)).toBe(2);
      expect(out.stderr).toBe(`mdq codegen: cannot write '${missingDir}': no such file\n`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [['codegen', 'missing.json'], "mdq codegen: cannot read 'missing.json': no such file\n"],
    [['codegen', 'bad.json'], "mdq codegen: 'bad.json' is not valid JSON: "],
    [
      ['codegen', 'wrong.json'],
      "mdq codegen: 'wrong.json' is not a Get Schema response (or an array of them):\n  schema: a Get Schema response has a 'fields' array\n",
    ],
    [
      ['codegen'],
      'mdq codegen: missing the schema file (or --example)\nusage: mdq codegen (<schema.json> | --example) [--out file.ts] [--import module]\n',
    ],
    [
      ['codegen', 's.json', '--example'],
      'mdq codegen: give either a schema file or --example, not both\n',
    ],
    [['codegen', 'a.json', 'b.json'], 'mdq codegen: give exactly one schema file\n'],
    [['codegen', 's.json', '--bogus'], "mdq codegen: unknown option '--bogus'"],
  ])('%j exits 2 with a clear message', async (args, message) => {
    const { io, out } = fakeIo({
      files: { 's.json': response, 'bad.json': '{"fields": [', 'wrong.json': '{"name": "x"}' },
    });
    expect(await runCli(args, io)).toBe(2);
    expect(out.stderr.startsWith(message)).toBe(true);
    expect(out.stderr).not.toMatch(/\n\s+at /);
    expect(out.stdout).toBe('');
  });
});
