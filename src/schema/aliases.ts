/**
 * Field aliases: other names people use for a schema's fields (`surname` for "Last Name",
 * `Stadt` for "City"), given by whoever configures the schema. The service knows none of
 * them, so a query must still name the field: the checker offers the field for an alias
 * (a safe fix, `field-alias`), and completion and hover find the field by its alias.
 * Aliases match ignoring case and spacing, as `looseMatches` does.
 */
import type { SchemaField, SchemaIndex } from './schema.js';

const aliasKey = (name: string): string => name.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * `schema` with `aliases` (alias -> field name) added to those it has. An alias naming no
 * field, or one that is a field's own name, is skipped and listed in `problems`.
 */
export function withAliases(
  schema: SchemaIndex,
  aliases: Readonly<Record<string, string>>,
): SchemaIndex {
  const table = new Map<string, SchemaField>();
  const written = new Map<string, string>(schema.aliases ?? []);
  const problems = [...schema.problems];
  for (const [alias, name] of written) {
    const field = schema.field(name);
    if (field !== undefined) table.set(aliasKey(alias), field);
  }
  for (const [alias, name] of Object.entries(aliases)) {
    const field = schema.field(name) ?? schema.looseMatches(name)[0];
    if (field === undefined) {
      problems.push(`alias "${alias}": no field "${name}"`);
      continue;
    }
    if (schema.field(alias) !== undefined) {
      problems.push(`alias "${alias}": a field has that name`);
      continue;
    }
    table.set(aliasKey(alias), field);
    written.set(alias, field.name);
  }
  return {
    ...schema,
    problems,
    aliases: written,
    aliasOf: (name) => table.get(aliasKey(name)),
  };
}

/** The aliases of `field` in `schema`, in the order given. */
export function aliasesOf(schema: SchemaIndex, field: string): string[] {
  const found: string[] = [];
  for (const [alias, name] of schema.aliases ?? []) if (name === field) found.push(alias);
  return found;
}
