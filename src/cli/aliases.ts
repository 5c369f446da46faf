/** `--alias name=Field`: the command line's field aliases (see the core's `withAliases`). */

/** `--alias surname=Last Name` entries as a table (undefined for an entry without `=`). */
export function parseAliases(entries: readonly string[]): Record<string, string> | string {
  const table: Record<string, string> = {};
  for (const entry of entries) {
    const at = entry.indexOf('=');
    const alias = entry.slice(0, at).trim();
    const field = entry.slice(at + 1).trim();
    if (at < 0 || alias === '' || field === '')
      return `expected an alias as name=Field Name, got '${entry}'`;
    table[alias] = field;
  }
  return table;
}
