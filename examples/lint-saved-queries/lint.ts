/**
 * A CI step: lints the saved queries (one per `.txt` file in a folder) against the schemas
 * the tenant has, and fails (exit 1) when any has an error or a warning (a misspelt field is a
 * warning: the query runs, and matches nothing):
 *
 *   - run: npx tsx lint.ts queries
 *     env: { MDQ_BASE_URL: ..., MDQ_CLIENT_ID: ..., MDQ_CLIENT_SECRET: ... }
 *
 * Each problem prints as `file:line:column: severity code: message`, which CI annotates.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lineColumn } from 'mdq';
import { createClient } from 'mdq/client';

const { MDQ_BASE_URL, MDQ_CLIENT_ID, MDQ_CLIENT_SECRET } = process.env;
if (!MDQ_BASE_URL || !MDQ_CLIENT_ID || !MDQ_CLIENT_SECRET) {
  console.error('set MDQ_BASE_URL, MDQ_CLIENT_ID and MDQ_CLIENT_SECRET');
  process.exit(2);
}
const folder = process.argv[2] ?? 'queries';
const businessArea = process.argv[3] ?? 'customer';

const client = createClient({
  baseUrl: MDQ_BASE_URL,
  credentials: { clientId: MDQ_CLIENT_ID, clientSecret: MDQ_CLIENT_SECRET },
});

let problems = 0;
for (const file of readdirSync(folder)
  .filter((f) => f.endsWith('.txt'))
  .sort()) {
  const text = readFileSync(join(folder, file), 'utf8').trim();
  // The schemas of the scope are fetched once and cached by the client.
  for (const d of await client.checkQuery(text, { businessArea })) {
    const { line, column } = lineColumn(text, d.span.start);
    console.log(`${join(folder, file)}:${line}:${column}: ${d.severity} ${d.code}: ${d.message}`);
    if (d.severity === 'error' || d.severity === 'warning') problems++;
  }
}
console.log(`saved queries: ${problems} errors and warnings`);
process.exitCode = problems === 0 ? 0 : 1;
