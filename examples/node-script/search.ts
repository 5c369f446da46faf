/**
 * A Node script against a tenant: `tsx search.ts "<free text>" [business area]`.
 * The query is built from the input (never concatenated), checked against the tenant's
 * schemas before it is sent, and every hit is printed, page after page.
 */
import { createClient, QueryError } from 'mdq/client';
import { query, words } from 'mdq/builder';

const { MDQ_BASE_URL, MDQ_CLIENT_ID, MDQ_CLIENT_SECRET } = process.env;
if (!MDQ_BASE_URL || !MDQ_CLIENT_ID || !MDQ_CLIENT_SECRET) {
  console.error('set MDQ_BASE_URL, MDQ_CLIENT_ID and MDQ_CLIENT_SECRET');
  process.exit(2);
}
const [text = '', businessArea = 'customer'] = process.argv.slice(2);

const client = createClient({
  baseUrl: MDQ_BASE_URL,
  credentials: { clientId: MDQ_CLIENT_ID, clientSecret: MDQ_CLIENT_SECRET },
});

try {
  let count = 0;
  for await (const hit of client.searchAll(query(words(text)), { businessArea, check: 'error' })) {
    console.log(`${hit._schemaName} ${hit._dataObjectId}`);
    count++;
  }
  console.log(`${count} hits`);
} catch (error) {
  if (!(error instanceof QueryError)) throw error;
  for (const d of error.diagnostics) console.error(`${d.code}: ${d.message}`);
  process.exit(1);
}
