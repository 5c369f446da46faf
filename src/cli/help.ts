/**
 * What `mdq <command> --help` says about each option and the two examples it shows. An
 * option means the same in every command that takes it, unless the command says otherwise
 * (`--schema` names files for lint and fmt, schemas on the service elsewhere).
 */
import type { Command } from './command.js';

/** Every option of every command, described once. */
export const OPTION_HELP: Readonly<Record<string, string>> = {
  // The connection
  'base-url': "the service's address (or MDQ_BASE_URL); `mdq serve` runs one locally",
  'client-id': 'the application client id (or MDQ_CLIENT_ID)',
  'client-secret': 'the application client secret (or MDQ_CLIENT_SECRET); never printed',
  'token-path': "the token endpoint's path (or MDQ_TOKEN_PATH)",
  timeout: 'seconds to wait for each answer',
  // Scope on the service
  'business-area': 'a business area, by name',
  schema: 'a schema, by name',
  dataset: 'a dataset, by name',
  // Queries and output
  stdin: 'read queries from standard input, one per line, and answer in JSON lines',
  json: 'print JSON instead of a table',
  ndjson: 'print one JSON hit per line, as it arrives',
  example: "use the example tenant's schemas",
  severity: 'set a code to a level (off, on, error, warning, info, hint), e.g. unknown-field=error',
  // search
  from: 'the first hit to show (0 is the first)',
  size: 'how many hits to show',
  all: 'every page of hits, streamed (a progress bar on a terminal)',
  check:
    'check the query locally first: off, warn (the default: show the problems, send anyway), error (send no query with errors)',
  // fmt
  multiline: 'one clause per line, indented',
  width: 'the line width of the multiline layout (implies --multiline)',
  fix: "apply the checker's safe fixes first",
  unsafe:
    'with --fix, apply the fixes that change what the query searches too (SQL to a query, say)',
  // lint
  remote: "check against the schemas the service has (the connection's options)",
  rules: 'list every rule and code, with its default level',
  // codegen, fields
  out: 'write the module to this file instead of standard output',
  import: "the module defineSchema is imported from ('mdq/builder' by default)",
  name: 'only the schemas of these names',
  // update
  set: 'Field=value, typed by the field (numbers, a comma list for multivalue fields); checked by the value rules before sending',
  'set-json': 'Field=<json>, the value as JSON; checked by the value rules before sending',
  version:
    "the object's expected _version (optimistic lock); without it, a conflict reads again and retries",
  // serve
  port: 'TCP port, 8787 by default (0: any free port)',
  host: 'interface to listen on, 127.0.0.1 by default',
  data: 'keep the tenant in this folder (an empty one is seeded with the example tenant)',
  'in-memory': 'never write to disk, even with --data',
  database:
    'keep the data objects in PostgreSQL at this postgres:// URL (needs the pg package; an empty database is seeded)',
  clients: 'a JSON file of application clients and their grants',
  'token-ttl': 'token lifetime in seconds',
  'page-size': 'page size of the schema and dataset lists',
  faults: 'a JSON file of faults to inject (latency, errors, rate limits)',
  records: 'generate this many data objects instead of the example data',
  seed: 'the seed of the generated data',
  static: 'serve the static site in this folder at /',
  'bare-array': 'answer the business area list as a bare array, as the interface sample shows',
  quiet: 'no request log',
  'max-body-bytes': 'largest request body (413 beyond)',
  'max-upload-bytes': 'most request bytes being received at once (503 beyond)',
  'max-unsent-bytes': 'most answer bytes not yet sent (503 beyond)',
  'send-timeout-ms': 'how long an answer may take to be sent',
  alias: 'another name for a field, as name=Field (repeatable), e.g. --alias surname="Last Name"',
  files: 'lint saved query files (.mdq: queries separated by blank lines) named by paths or globs',
  'allowed-host':
    'another Host name to serve (repeatable); localhost, IP addresses and --host always are',
  'shutdown-grace-ms': 'how long a stop lets requests under way finish',
  'max-query-ms': 'how long one search may run (10000; a 400 that says so beyond)',
  'max-queued-searches': 'most searches waiting for their turn (64; 503 with Retry-After beyond)',
  'max-search-wait-ms': 'longest a search may wait for its turn (1000; then 503 with Retry-After)',
  'compact-after-bytes': 'journal bytes after which it is compacted into the data files (4MiB)',
};

/** What an option means for this command (its own words first). */
export function optionHelp(command: Command, option: string): string | undefined {
  return command.help?.options?.[option] ?? OPTION_HELP[option];
}

/** The options and examples part of `--help`. */
export function optionsAndExamples(command: Command): string {
  const names = Object.keys(command.options);
  const width = Math.max(0, ...names.map((n) => n.length + 2));
  const lines = names.map((n) => `  ${`--${n}`.padEnd(width)}  ${optionHelp(command, n) ?? ''}`);
  const examples = (command.help?.examples ?? []).map((e) => `  ${e}`);
  return `${lines.length > 0 ? `\noptions:\n${lines.join('\n')}\n` : ''}${examples.length > 0 ? `\nexamples:\n${examples.join('\n')}\n` : ''}`;
}
