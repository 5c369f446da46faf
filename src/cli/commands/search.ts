/**
 * `mdq search "<query>" [--business-area --schema --dataset --from --size] [--all]
 * [--json | --ndjson] [--check off|warn|error]`: runs a query on the service. A
 * readable table by default; `--all` streams every page (a progress bar on standard
 * error when it is a terminal); `--ndjson` writes one hit per line as it arrives.
 */
import type { MdqClient } from '../../client/client.js';
import { QueryError } from '../../client/errors.js';
import type { CheckMode } from '../../client/local-check.js';
import type { SearchHit } from '../../client/types.js';
import type { Diagnostic } from '../../language/diagnostic.js';
import { HIT_METADATA_FIELDS } from '../../index.js';
import { parseCommandArgs, withPipedQuery } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, type CliIo } from '../io.js';
import {
  CONNECTION_USAGE,
  checkScope,
  connect,
  connectionOptions,
  wholeNumber,
} from '../remote.js';
import { formatDiagnostics } from '../report.js';
import { table } from '../table.js';

const usage = `mdq search "<query>" [--business-area <name>] [--schema <name>] [--dataset <name>] [--from <n>] [--size <n>] [--all] [--json | --ndjson] [--check off|warn|error] ${CONNECTION_USAGE}`;

const options = {
  ...connectionOptions,
  'business-area': { type: 'string' },
  schema: { type: 'string' },
  dataset: { type: 'string' },
  from: { type: 'string' },
  size: { type: 'string' },
  all: { type: 'boolean' },
  json: { type: 'boolean' },
  ndjson: { type: 'boolean' },
  check: { type: 'string' },
} as const;

const METADATA = new Set<string>(HIT_METADATA_FIELDS);
/** The table's first columns; the rest are the hits' own fields, in the order they first appear. */
const LEAD = ['_dataObjectId', '_dataSetName'];
const MAX_FIELD_COLUMNS = 6;

function columnsOf(hits: readonly SearchHit[]): string[] {
  const fields = new Set<string>();
  for (const hit of hits)
    for (const key of Object.keys(hit)) if (!METADATA.has(key)) fields.add(key);
  return [...LEAD, ...[...fields].slice(0, MAX_FIELD_COLUMNS)];
}

function hitsTable(hits: readonly SearchHit[], columns: readonly string[]): string {
  return table(
    columns.map((c) => (c === '_dataObjectId' ? 'id' : c === '_dataSetName' ? 'dataset' : c)),
    hits.map((hit) => columns.map((c) => hit[c])),
  );
}

/** `[#####.....] 120/450` on standard error, redrawn in place. */
function progress(io: CliIo) {
  if (!io.stderrIsTerminal) return { update: () => {}, done: () => {} };
  const WIDTH = 30;
  return {
    update(seen: number, total: number) {
      const filled = total === 0 ? WIDTH : Math.min(WIDTH, Math.round((seen / total) * WIDTH));
      io.stderr(`\r[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${seen}/${total}`);
    },
    done: () => io.stderr(`\r${' '.repeat(WIDTH + 30)}\r`),
  };
}

async function streamAll(
  client: MdqClient,
  text: string,
  scope: Record<string, string | undefined>,
  local: readonly Diagnostic[],
  format: 'table' | 'json' | 'ndjson',
  io: CliIo,
): Promise<number> {
  const bar = progress(io);
  let seen = 0;
  let total = 0;
  let columns: string[] | undefined;
  let said: readonly Diagnostic[] | undefined;
  if (format === 'json') io.stdout('[');
  try {
    for await (const page of client.searchPages(text, { ...scope, check: 'off' })) {
      said ??= tell(io, text, local, page.serviceDiagnostics ?? []);
      total = page.total;
      for (const hit of page.hits) {
        if (format === 'ndjson') io.stdout(`${JSON.stringify(hit)}\n`);
        else if (format === 'json') io.stdout(`${seen === 0 ? '\n' : ',\n'}${JSON.stringify(hit)}`);
        seen++;
      }
      if (format === 'table') {
        columns ??= columnsOf(page.hits);
        const rows = hitsTable(page.hits, columns).split('\n');
        // The header once, then only rows.
        io.stdout(`${(seen === page.hits.length ? rows : rows.slice(2)).join('\n')}`);
      }
      bar.update(seen, Math.max(total, seen));
    }
  } finally {
    bar.done();
  }
  if (format === 'json') io.stdout(`${seen === 0 ? '' : '\n'}]\n`);
  const problems = said ?? tell(io, text, local, []);
  if (format === 'table')
    io.stdout(
      seen === 0
        ? `no hits${why(problems)}\n`
        : `${seen} hit${seen === 1 ? '' : 's'}${total !== seen ? ` (the service counted ${total})` : ''}\n`,
    );
  return seen === 0 && problems.length > 0 ? EXIT.problems : EXIT.ok;
}

const place = (d: Diagnostic) => `${d.code}\u0000${d.span.start}\u0000${d.span.end}`;

/**
 * Shows the local check's diagnostics and the service's (`mdq serve` sends the checker's
 * findings), each finding once, on standard error; returns them.
 */
function tell(
  io: CliIo,
  text: string,
  local: readonly Diagnostic[],
  service: readonly Diagnostic[],
): Diagnostic[] {
  const seen = new Set(local.map(place));
  const all = [...local, ...service.filter((d) => !seen.has(place(d)) && seen.add(place(d)))];
  if (all.length > 0) io.stderr(formatDiagnostics(text, all, { color: false }));
  return all;
}

/** What "no hits" adds when the query has problems: which ones, so the empty answer is not taken for "no such records". */
function why(problems: readonly Diagnostic[]): string {
  if (problems.length === 0) return '';
  const codes = [...new Set(problems.map((d) => d.code))];
  return `: the query has ${problems.length} problem${problems.length === 1 ? '' : 's'} (${codes.join(', ')}), shown above`;
}

export const searchCommand: Command = {
  summary:
    'run a query on the service (MDQ_BASE_URL): a table, --json or --ndjson; --all streams every page',
  usage,
  help: {
    examples: [
      `mdq search 'VIP:Y AND City:Berlin' --schema Customer`,
      `mdq search '[Date of Birth] lt "1960-01-01"' --all --ndjson`,
    ],
    options: {
      schema: 'only this schema, by name (an unknown one is an error)',
      dataset: 'only this dataset, by name (an unknown one is an error)',
      'business-area': 'only this business area, by name (an unknown one is an error)',
    },
  },
  options,
  takesQuery: true,
  async run(args, io) {
    const parsed = parseCommandArgs(args, options, usage);
    const values = parsed.values;
    const positionals = await withPipedQuery(parsed.positionals, false, io, usage);
    if (positionals.length !== 1)
      throw new UsageError(
        `${positionals.length === 0 ? 'missing the query' : 'too many arguments: quote the query as one argument'}\nusage: ${usage}`,
      );
    if (values.json && values.ndjson)
      throw new UsageError(`give --json or --ndjson, not both\nusage: ${usage}`);
    // Checked locally by default (`warn`): a query that finds nothing then says why.
    const check = (values.check ?? 'warn') as CheckMode;
    if (!['off', 'warn', 'error'].includes(check))
      throw new UsageError(`--check takes off, warn or error, not '${check}'\nusage: ${usage}`);
    const from = wholeNumber(values.from, 'from', 0, usage);
    const size = wholeNumber(values.size, 'size', 1, usage);
    if (values.all && (from !== undefined || size !== undefined))
      throw new UsageError(
        `--all walks every page itself: give no --from or --size\nusage: ${usage}`,
      );
    const text = positionals[0]!;
    const client = connect(values, io, usage);
    const scope = {
      businessArea: values['business-area'],
      schema: values.schema,
      dataSet: values.dataset,
    };
    const format = values.json ? 'json' : values.ndjson ? 'ndjson' : 'table';
    await checkScope(client, scope);
    // Checked here rather than by the client, so that every path shows the findings the same way.
    const local = check === 'off' ? [] : await client.checkQuery(text, scope);
    if (check === 'error' && local.some((d) => d.severity === 'error')) {
      io.stderr(formatDiagnostics(text, local, { color: false }));
      io.stderr('mdq search: the query has errors and was not sent\n');
      return EXIT.problems;
    }
    try {
      if (values.all) return await streamAll(client, text, scope, local, format, io);
      const result = await client.search(text, { ...scope, from, size, check: 'off' });
      const problems = tell(io, text, local, result.serviceDiagnostics);
      if (format === 'json')
        io.stdout(`${JSON.stringify({ total: result.total, hits: result.hits }, null, 2)}\n`);
      else if (format === 'ndjson')
        for (const hit of result.hits) io.stdout(`${JSON.stringify(hit)}\n`);
      else {
        if (result.hits.length > 0) io.stdout(hitsTable(result.hits, columnsOf(result.hits)));
        const first = from ?? 0;
        io.stdout(
          result.hits.length === 0
            ? `no hits (of ${result.total})${why(problems)}\n`
            : `hits ${first + 1}-${first + result.hits.length} of ${result.total}\n`,
        );
      }
      return result.total === 0 && problems.length > 0 ? EXIT.problems : EXIT.ok;
    } catch (e) {
      if (e instanceof QueryError && e.diagnostics.length > 0) {
        // The local check showed its findings already.
        const shown = new Set(local.map(place));
        const rest = e.diagnostics.filter((d) => !shown.has(place(d)));
        if (local.length > 0) io.stderr(formatDiagnostics(text, local, { color: false }));
        if (rest.length > 0) io.stderr(formatDiagnostics(text, rest, { color: false }));
        io.stderr(
          `mdq search: ${e.local ? 'the query has errors and was not sent' : e.message.replace(/; locally: .*$/, '')}\n`,
        );
        return EXIT.problems;
      }
      throw e;
    }
  },
};
