/**
 * `mdq codegen`'s generator: Get Schema responses in, a TypeScript module out, with
 * one `defineSchema({...} as const)` per schema, so field names, data types, boolean
 * pairs and picklist codes are literal types. The output depends on the input only
 * (same input, same bytes): schemas and fields keep the service's order.
 */
import { describe } from './values.js';

export interface CodegenOptions {
  /** The module `defineSchema` is imported from. Default `'mdq/builder'`. */
  readonly importFrom?: string;
}

/** Input that is not a Get Schema response (or an array of them); `problems` lists every issue found. */
export class CodegenError extends Error {
  override readonly name = 'CodegenError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

interface FieldInput {
  readonly name: string;
  readonly description?: string;
  readonly dataType?: string;
  readonly allowedBooleanValues?: string;
  readonly staticPicklist?: readonly { readonly code: string; readonly description?: string }[];
  readonly inactive: boolean;
  /** The other properties the value rules read (dates' format, bounds, multivalue, ...), as given. */
  readonly rules: readonly (readonly [string, string | number | boolean])[];
}

/**
 * The properties of a field the value rules read besides type, pair and picklist: a
 * module that dropped them would type values differently from the response it came
 * from (a date field without its `dateFormat` reads no stored date at all).
 */
const RULE_PROPERTIES = [
  'dateFormat',
  'dateSeparator',
  'timeFormat',
  'min',
  'max',
  'isMultivalue',
  'isRequired',
  'isPII',
] as const;

function ruleProperties(
  value: Record<string, unknown>,
): (readonly [string, string | number | boolean])[] {
  const rules: (readonly [string, string | number | boolean])[] = [];
  for (const key of RULE_PROPERTIES) {
    const v = value[key];
    // The flags only when set: false is what their absence says.
    if (typeof v === 'string' || v === true || (typeof v === 'number' && Number.isFinite(v)))
      rules.push([key, v]);
  }
  if (value.active === false) rules.push(['active', false]);
  return rules;
}

interface SchemaInput {
  readonly name: string;
  readonly description?: string;
  readonly schemaId?: string;
  readonly businessAreaName?: string;
  readonly fields: readonly FieldInput[];
}

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function readField(value: unknown, where: string, problems: string[]): FieldInput | undefined {
  if (!isJsonObject(value)) {
    problems.push(`${where}: expected a field object, not ${describe(value)}`);
    return undefined;
  }
  const name = value.name;
  if (typeof name !== 'string' || name.trim() === '' || name === '*') {
    problems.push(`${where}: the field has no usable name (${describe(name)})`);
    return undefined;
  }
  for (const key of ['dataType', 'description', 'allowedBooleanValues'] as const) {
    if (value[key] !== undefined && typeof value[key] !== 'string')
      problems.push(`${where} (${name}): ${key} must be a string, not ${describe(value[key])}`);
  }
  let picklist: { code: string; description?: string }[] | undefined;
  if (value.staticPicklist !== undefined) {
    if (!Array.isArray(value.staticPicklist)) {
      problems.push(
        `${where} (${name}): staticPicklist must be an array, not ${describe(value.staticPicklist)}`,
      );
    } else {
      picklist = [];
      value.staticPicklist.forEach((entry: unknown, i) => {
        if (!isJsonObject(entry) || typeof entry.code !== 'string') {
          problems.push(`${where} (${name}): staticPicklist[${i}] needs a string code`);
          return;
        }
        const description = optionalString(entry.description);
        picklist!.push(
          description === undefined ? { code: entry.code } : { code: entry.code, description },
        );
      });
    }
  }
  const field: FieldInput = {
    name,
    inactive: value.active === false,
    rules: ruleProperties(value),
    ...(optionalString(value.description) ? { description: value.description as string } : {}),
    ...(optionalString(value.dataType) !== undefined ? { dataType: value.dataType as string } : {}),
    ...(optionalString(value.allowedBooleanValues) !== undefined
      ? { allowedBooleanValues: value.allowedBooleanValues as string }
      : {}),
    ...(picklist ? { staticPicklist: picklist } : {}),
  };
  return field;
}

function readSchema(value: unknown, where: string, problems: string[]): SchemaInput | undefined {
  if (!isJsonObject(value)) {
    problems.push(`${where}: expected a Get Schema response object, not ${describe(value)}`);
    return undefined;
  }
  if (!Array.isArray(value.fields)) {
    problems.push(`${where}: a Get Schema response has a 'fields' array`);
    return undefined;
  }
  const seen = new Set<string>();
  const fields: FieldInput[] = [];
  value.fields.forEach((raw: unknown, i) => {
    const field = readField(raw, `${where}.fields[${i}]`, problems);
    if (field === undefined) return;
    if (seen.has(field.name))
      problems.push(`${where}.fields[${i}]: the field name ${describe(field.name)} appears twice`);
    seen.add(field.name);
    fields.push(field);
  });
  const name = optionalString(value.name) ?? optionalString(value.schemaId) ?? 'schema';
  return {
    name,
    fields,
    ...(optionalString(value.description) ? { description: value.description as string } : {}),
    ...(optionalString(value.schemaId) ? { schemaId: value.schemaId as string } : {}),
    ...(optionalString(value.businessAreaName)
      ? { businessAreaName: value.businessAreaName as string }
      : {}),
  };
}

/** Reads one response or an array of them; throws a `CodegenError` listing every problem. */
export function readSchemaResponses(input: unknown): SchemaInput[] {
  const problems: string[] = [];
  const list = Array.isArray(input) ? input : [input];
  if (list.length === 0)
    problems.push(
      'expected a Get Schema response or a non-empty array of them, got an empty array',
    );
  const schemas = list.map((value, i) =>
    readSchema(value, Array.isArray(input) ? `[${i}]` : 'schema', problems),
  );
  if (problems.length > 0) throw new CodegenError(problems);
  return schemas as SchemaInput[];
}

// ------------------------------------------------------------------ printing

/** A single-quoted TypeScript string literal. */
export function tsStringLiteral(text: string): string {
  let out = "'";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === "'" || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (
      code < 0x20 ||
      code === 0x7f ||
      code === 0x2028 ||
      code === 0x2029 ||
      (code >= 0xd800 && code <= 0xdfff)
    )
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function propertyKey(name: string): string {
  // A literal `__proto__` key would set the prototype instead of defining a field.
  if (name === '__proto__') return `[${tsStringLiteral(name)}]`;
  return IDENTIFIER.test(name) ? name : tsStringLiteral(name);
}

/** A JSDoc block at `indent`, or nothing for no lines. */
function docComment(lines: readonly string[], indent: string): string {
  const body = lines
    .flatMap((line) => line.split(/\r\n|[\r\n\u2028\u2029]/))
    .map((line) => line.replace(/\*\//g, '*\\/').trimEnd());
  while (body.length > 0 && body[body.length - 1] === '') body.pop();
  if (body.length === 0) return '';
  if (body.length === 1) return `${indent}/** ${body[0]} */\n`;
  return `${indent}/**\n${body.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)).join('\n')}\n${indent} */\n`;
}

function fieldEntry(field: FieldInput): string {
  const docs = [
    ...(field.description ? [field.description] : []),
    ...(field.inactive ? ['@deprecated The field is inactive.'] : []),
  ];
  const props: string[] = [];
  if (field.dataType !== undefined) props.push(`dataType: ${tsStringLiteral(field.dataType)}`);
  if (field.allowedBooleanValues !== undefined)
    props.push(`allowedBooleanValues: ${tsStringLiteral(field.allowedBooleanValues)}`);
  for (const [key, value] of field.rules)
    props.push(`${key}: ${typeof value === 'string' ? tsStringLiteral(value) : String(value)}`);
  let text: string;
  if (field.staticPicklist === undefined) {
    text = `  ${propertyKey(field.name)}: {${props.length > 0 ? ` ${props.join(', ')} ` : ''}},\n`;
  } else {
    const entries = field.staticPicklist.map(
      (entry) =>
        `      { code: ${tsStringLiteral(entry.code)}${entry.description === undefined ? '' : `, description: ${tsStringLiteral(entry.description)}`} },\n`,
    );
    const list =
      entries.length === 0
        ? '    staticPicklist: [],\n'
        : `    staticPicklist: [\n${entries.join('')}    ],\n`;
    text = `  ${propertyKey(field.name)}: {\n${props.map((p) => `    ${p},\n`).join('')}${list}  },\n`;
  }
  return docComment(docs, '  ') + text;
}

/** `Customer Master` -> `customerMasterSchema`: ASCII letters and digits only, so never a reserved word. */
export function exportName(schemaName: string): string {
  const words = schemaName
    // ß written as an escape: one non-ASCII character in dist/index.js makes Node decode and V8
    // scan all of it as two-byte text (about a tenth of `import 'mdq'`; test/package holds it).
    .replace(/\u00df/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const camel = words
    .map((w, i) =>
      i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join('');
  if (camel === '') return 'schema';
  // An identifier cannot start with a digit: lead with `schema` instead of ending with it.
  return /^[0-9]/.test(camel) ? `schema${camel}` : `${camel}Schema`;
}

function schemaBlock(schema: SchemaInput, name: string): string {
  const title = `${schema.name}${schema.businessAreaName ? ` (business area ${schema.businessAreaName})` : ''}.`;
  const docs = [
    title,
    ...(schema.description ? ['', schema.description] : []),
    ...(schema.schemaId ? ['', `Schema id: ${schema.schemaId}`] : []),
  ];
  const body = schema.fields
    .map(fieldEntry)
    .join('')
    .replace(/^(?=.)/gm, '  ');
  return `${docComment(docs, '')}export const ${name} = defineSchema(\n  {\n${body}  } as const,\n  { name: ${tsStringLiteral(schema.name)} },\n);\n`;
}

/** The TypeScript module for one Get Schema response or an array of them. */
export function generateSchemaModule(input: unknown, options: CodegenOptions = {}): string {
  const schemas = readSchemaResponses(input);
  // Names already taken: the import (a schema named "define" would shadow it), then each export.
  const taken = new Set(['defineSchema']);
  const blocks = schemas.map((schema) => {
    const base = exportName(schema.name);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    return schemaBlock(schema, name);
  });
  const header =
    '// Generated by `mdq codegen` from Get Schema responses. Do not edit: run `mdq codegen` again instead.\n';
  return `${header}import { defineSchema } from ${tsStringLiteral(options.importFrom ?? 'mdq/builder')};\n\n${blocks.join('\n')}`;
}
