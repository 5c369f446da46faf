// Adds the `difference` of each case from differences.json (query text -> "<category>: <why>")
// to the JSON lines Lucene recorded, and fails on a difference whose query is not recorded,
// so a renamed or removed case cannot leave a stale mark behind.
// Usage: node merge-differences.mjs <recorded.jsonl> <differences.json>  (writes to stdout)
import { readFileSync } from 'node:fs';

const [recordedPath, differencesPath] = process.argv.slice(2);
if (!recordedPath || !differencesPath) {
  console.error('usage: node merge-differences.mjs <recorded.jsonl> <differences.json>');
  process.exit(2);
}

const differences = JSON.parse(readFileSync(differencesPath, 'utf8'));
const seen = new Set();
const out = [];
for (const line of readFileSync(recordedPath, 'utf8').split('\n')) {
  if (line === '') continue;
  const { query, lucene } = JSON.parse(line);
  if (seen.has(query)) {
    console.error(
      `merge-differences: the query ${JSON.stringify(query)} is listed twice in queries.txt`,
    );
    process.exit(1);
  }
  seen.add(query);
  const difference = Object.hasOwn(differences, query) ? differences[query] : undefined;
  out.push(
    JSON.stringify(difference === undefined ? { query, lucene } : { query, lucene, difference }),
  );
}
const unknown = Object.keys(differences).filter((query) => !seen.has(query));
if (unknown.length > 0) {
  console.error(
    `merge-differences: differences.json marks queries that are not in queries.txt:\n${unknown.map((q) => `  ${JSON.stringify(q)}`).join('\n')}`,
  );
  process.exit(1);
}
process.stdout.write(out.map((line) => `${line}\n`).join(''));
