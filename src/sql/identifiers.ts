/** Table names as SQL identifiers: always quoted, so that any name (spaces, capitals, keywords) is one identifier. */

export interface TableOptions {
  /** The table's name (one identifier, quoted as given); its typed keys live in `<table>_keys`. */
  readonly table: string;
}

/** `name` as a quoted identifier. PostgreSQL cannot hold U+0000 in a name, so it is refused. */
export function quoteIdentifier(name: string): string {
  if (typeof name !== 'string' || name === '' || name.includes('\u0000'))
    throw new TypeError('a table name is a non-empty string without U+0000');
  return `"${name.replaceAll('"', '""')}"`;
}

export function tableNames(options: TableOptions): { table: string; keys: string } {
  if (options === null || typeof options !== 'object')
    throw new TypeError('the options name the table: { table }');
  return {
    table: quoteIdentifier(options.table),
    keys: quoteIdentifier(`${options.table}_keys`),
  };
}
