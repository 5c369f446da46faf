/** Issue 9, item 17: `mdq fields` shows a newcomer each schema's fields, types and accepted values. */
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/cli/run.js';
import { customerSchema, exampleSchemas } from '../../src/examples/index.js';
import { runCaptured } from '../support/cli.js';

describe('mdq fields', () => {
  it("lists the example tenant's schemas, each field with its type and what it accepts", async () => {
    const r = await runCaptured(['fields', '--example']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    for (const schema of exampleSchemas)
      expect(r.stdout).toContain(
        `${schema.name} (business area ${schema.businessAreaName}): ${schema.fields.length} fields\n`,
      );
    const line = (name: string) => r.stdout.split('\n').find((l) => l.startsWith(`  ${name}  `));
    expect(line('Status')).toMatch(
      /^ {2}Status +picklist +required; codes ACT \(Active\), INA \(Inactive\), PRO \(Prospect\), BLK \(Blocked\)$/,
    );
    expect(line('VIP')).toMatch(/boolean +Y or N; "Very important customer"$/);
    expect(line('First Name')).toMatch(/string +required; PII; length 1 to 50$/);
    expect(line('Date of Birth')).toMatch(
      /date +PII; 1900-01-01 to 2010-12-31; stored as MM\/DD\/YYYY, searched as YYYY-MM-DD$/,
    );
    expect(line('Profile Photo')).toMatch(/image +PII; not searchable by value$/);
    expect(line('Legacy Customer Number')).toMatch(/inactive/);
    expect(
      r.stdout.endsWith(
        'A name with spaces is written [First Name] eq "Tim" or First\\ Name:Tim; dates as YYYY-MM-DD.\n',
      ),
    ).toBe(true);
  });

  it('reads schema files, picks schemas by name or id, and writes the responses as JSON', async () => {
    const files = { 'all.json': JSON.stringify(exampleSchemas) };
    const text = await runCaptured(['fields', 'all.json', '--name', 'customer'], { files });
    expect(text.stdout.startsWith('Customer (business area customer): ')).toBe(true);
    expect(text.stdout).not.toContain('Product (');
    const json = await runCaptured([
      'fields',
      '--example',
      '--name',
      customerSchema.schemaId,
      '--json',
    ]);
    expect(JSON.parse(json.stdout)).toEqual(customerSchema);
    // What --json writes is a schema file that lint and fields read back.
    const again = await runCaptured(['fields', 'c.json'], { files: { 'c.json': json.stdout } });
    expect(again.stdout).toBe(text.stdout);
    const lint = await runCaptured(['lint', 'Stauts:ACT', '--schema', 'c.json'], {
      files: { 'c.json': json.stdout },
    });
    expect(lint.stdout).toContain('did you mean "Status"');
  });

  it.each([
    [['fields'], 'mdq fields: give schema files or --example (the built-in example tenant)\n'],
    [
      ['fields', 'x.json', '--example'],
      'mdq fields: give either schema files or --example, not both\n',
    ],
    [
      ['fields', 'missing.json'],
      "mdq fields: cannot read the schema file 'missing.json': no such file\n",
    ],
    [
      ['fields', '--example', '--name', 'Nope'],
      "mdq fields: no schema named 'Nope'; the schemas are 'Customer', 'Customer Contact', 'Product', 'Supplier'\n",
    ],
  ])('%j exits 2 with one clear line', async (args, message) => {
    const r = await runCaptured(args);
    expect(r.code).toBe(2);
    expect(r.stderr.startsWith(message)).toBe(true);
    expect(r.stdout).toBe('');
  });
});

describe('mdq fields on a pulled schema holding escape sequences', () => {
  it('shows them as \\u001b escapes, never sends them to the terminal', async () => {
    const hostile = {
      ...customerSchema,
      name: 'Cust\u001b]52;c;cm0g\u0007omer',
      fields: customerSchema.fields.map((f, i) =>
        i === 0 ? { ...f, name: 'Id\u001b[2J', description: 'x\ry' } : f,
      ),
    };
    const r = await runCaptured(['fields', 'pulled.json'], {
      files: { 'pulled.json': JSON.stringify(hostile) },
    });
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(r.stdout).toContain('Cust\\u001b]52;c;cm0g\\u0007omer');
    expect(r.stdout).toContain('Id\\u001b[2J');
  });
});

describe('mdq codegen --example', () => {
  it('writes the typed module of the example tenant', async () => {
    const r = await runCaptured(['codegen', '--example']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('export const customerSchema = defineSchema(\n  {\n');
    expect(r.stdout).toContain("  } as const,\n  { name: 'Customer' },\n);");
    expect(r.stdout).toContain('export const productSchema = defineSchema(\n  {\n');
    // The properties the value rules read: a module without dateFormat found nobody by date of birth.
    expect(r.stdout).toContain("dateFormat: 'MM/DD/YYYY'");
  });
});

describe('mdq fields on a schema file nested too deep to write back', () => {
  it('says so in one line, exit 1 (it said only "Maximum call stack size exceeded")', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const file = `{"schemaId":"s","name":"Deep","fields":[{"name":"a","dataType":"string","extra":${deep}}]}`;
    const r = await runCaptured(['fields', 'deep.json', '--json'], {
      files: { 'deep.json': file },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'mdq fields: the input nests too deep to handle (Maximum call stack size exceeded)\n',
    );
  });

  it('a stack overflow is said in words, any other failure as its message', () => {
    expect(describeFailure(new RangeError('Maximum call stack size exceeded'))).toBe(
      'the input nests too deep to handle (Maximum call stack size exceeded)',
    );
    expect(describeFailure(new RangeError('Invalid array length'))).toBe('Invalid array length');
    expect(describeFailure('text')).toBe('text');
  });
});
