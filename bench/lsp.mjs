/**
 * `npm run bench:lsp`: request latency of `mdq lsp --stdio` through the real stdio transport
 * (vscode-jsonrpc's client, the server built in dist/), p50 and p99 in milliseconds:
 *
 * - diagnostics after a change: a didChange of one character in a 200-character query
 *   against a 500-field schema, to its publishDiagnostics;
 * - completion, hover, semantic tokens (full) on that query;
 * - diagnostics of a 10 000-clause document (one query): a didChange at its end, to the
 *   publishDiagnostics.
 *
 * Targets (issue 26): p99 under 5 ms for completion and hover, under 20 ms for the
 * diagnostics of 10 000 clauses. Options: `--rounds=N` (default 200; at most 200 for the big
 * document), `--cli=path` (another build of dist/cli.js, e.g. a baseline's).
 *
 * The floor, measured in the same run: after every timed round, one round trip of a bare
 * JSON-RPC `echo` request to a process that does nothing else (vscode-jsonrpc over stdio,
 * the same transport), so each row has beside it what the machine's load costs a request
 * that does no work at all. p50, p95 and p99 of both.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';

const root = join(import.meta.dirname, '..');
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 200);

const dir = mkdtempSync(join(tmpdir(), 'mdq-bench-lsp-'));
const fields = Array.from({ length: 500 }, (_, i) => ({
  name: i % 5 === 0 ? `Field Name ${i}` : `field${i}`,
  dataType: ['string', 'integer', 'date', 'boolean', 'string'][i % 5],
}));
writeFileSync(
  join(dir, 'schema.json'),
  JSON.stringify({
    schemaId: 's',
    name: 'Bench',
    businessAreaId: 'b',
    businessAreaName: 'B',
    fields,
  }),
);
writeFileSync(join(dir, 'mdq.config.json'), JSON.stringify({ schemas: ['schema.json'] }));

/** The floor: a process answering `echo` over the same stdio transport, nothing else. */
const ECHO_SERVER = `
const { createMessageConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-jsonrpc/node');
const c = createMessageConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
c.onRequest('echo', (p) => p);
let answer = null;
c.onRequest('keep', (p) => { answer = p; return true; });
c.onRequest('answer', () => answer);
c.listen();`;
const echoChild = spawn(process.execPath, ['-e', ECHO_SERVER], {
  cwd: root,
  stdio: ['pipe', 'pipe', 'inherit'],
});
const echo = createMessageConnection(
  new StreamMessageReader(echoChild.stdout),
  new StreamMessageWriter(echoChild.stdin),
);
echo.listen();
const echoPayload = {
  textDocument: { uri: 'file:///q.mdq' },
  position: { line: 0, character: 30 },
};

// `--cli=path`: another build of the server (a baseline), run the same way.
const cli =
  process.argv.find((a) => a.startsWith('--cli='))?.slice(6) ?? join(root, 'dist', 'cli.js');
const child = spawn(process.execPath, [cli, 'lsp', '--stdio'], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const connection = createMessageConnection(
  new StreamMessageReader(child.stdout),
  new StreamMessageWriter(child.stdin),
);
const waiting = new Map();
connection.onNotification('textDocument/publishDiagnostics', (p) => {
  const w = waiting.get(p.uri);
  if (w && p.version === w.version) {
    waiting.delete(p.uri);
    w.resolve();
  }
});
connection.onNotification('window/logMessage', () => {});
connection.onRequest('workspace/configuration', () => [null]);
connection.listen();
await connection.sendRequest('initialize', {
  processId: process.pid,
  rootUri: pathToFileURL(dir).href,
  // What VS Code declares for completion lists: it takes the list's edit range once.
  capabilities: {
    textDocument: { completion: { completionList: { itemDefaults: ['editRange'] } } },
  },
});
connection.sendNotification('initialized', {});

const published = (uri, version) =>
  new Promise((resolve) => waiting.set(uri, { version, resolve }));

// A 200-character query over the schema.
let query = '';
for (let i = 0; query.length < 190; i++)
  query += `${query ? ' AND ' : ''}${i % 3 === 0 ? `[Field Name ${i * 5}] eq "x"` : `field${i * 5 + 1}:v${i}`}`;
query = query.slice(0, 200);
const uri = pathToFileURL(join(dir, 'q.mdq')).href;
let version = 1;
let wait = published(uri, version);
connection.sendNotification('textDocument/didOpen', {
  textDocument: { uri, languageId: 'mdq', version, text: query },
});
await wait;

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), n: times.length };
}

/**
 * `run` timed `n` times after 10 warm-up rounds, each followed by one timed floor round: an
 * echo, or with `sized`, a request the echo process answers with the answer `run` gave
 * (the same bytes through the same transport, no work).
 */
async function time(n, run, sized = false) {
  const times = [];
  const floor = [];
  if (sized) await echo.sendRequest('keep', await run(0));
  for (let i = 0; i < n + 10; i++) {
    const start = performance.now();
    await run(i);
    const between = performance.now();
    await (sized ? echo.sendRequest('answer') : echo.sendRequest('echo', echoPayload));
    if (i >= 10) {
      times.push(between - start);
      floor.push(performance.now() - between);
    }
  }
  return { ...stats(times), floor: stats(floor) };
}

const end = { line: 0, character: query.length };
const results = {};
results['diagnostics after a change (200 chars)'] = await time(rounds, async (i) => {
  version++;
  const done = published(uri, version);
  connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version },
    contentChanges: [
      {
        range: { start: end, end: { line: 0, character: query.length + (i === 0 ? 0 : 1) } },
        text: i % 2 ? 'a' : 'b',
      },
    ],
  });
  await done;
});
const position = { line: 0, character: 30 };
const completion = () =>
  connection.sendRequest('textDocument/completion', { textDocument: { uri }, position });
results.completion = await time(rounds, completion);
results['completion (floor: its answer echoed)'] = await time(rounds, completion, true);
const answerBytes = JSON.stringify(await completion()).length;
results.hover = await time(rounds, () =>
  connection.sendRequest('textDocument/hover', {
    textDocument: { uri },
    position: { line: 0, character: 3 },
  }),
);
results['semantic tokens (full)'] = await time(rounds, () =>
  connection.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri } }),
);

// 10 000 clauses in one query.
const big = Array.from({ length: 10_000 }, (_, i) => `field${(i % 499) + 1}:v${i}`).join(' AND ');
const bigUri = pathToFileURL(join(dir, 'big.mdq')).href;
let bigVersion = 1;
wait = published(bigUri, bigVersion);
connection.sendNotification('textDocument/didOpen', {
  textDocument: { uri: bigUri, languageId: 'mdq', version: 1, text: big },
});
await wait;
const bigEnd = { line: 0, character: big.length };
results['diagnostics after a change (10 000 clauses)'] = await time(
  Math.min(rounds, 200),
  async (i) => {
    bigVersion++;
    const done = published(bigUri, bigVersion);
    connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: bigUri, version: bigVersion },
      contentChanges: [
        {
          range: { start: bigEnd, end: { line: 0, character: big.length + (i === 0 ? 0 : 1) } },
          text: 'x',
        },
      ],
    });
    await done;
  },
);

await connection.sendRequest('shutdown');
connection.sendNotification('exit');
echo.dispose();
echoChild.kill();
const ms = (x) => x.toFixed(2).padStart(7);
console.log(
  `mdq lsp over stdio (${cli}), ms (load average ${loadavg()[0].toFixed(1)}); floor = a bare JSON-RPC echo round trip after each round:`,
);
for (const [name, r] of Object.entries(results))
  console.log(
    `  ${name.padEnd(44)} p50 ${ms(r.p50)} p95 ${ms(r.p95)} p99 ${ms(r.p99)}` +
      ` | floor p50 ${ms(r.floor.p50)} p95 ${ms(r.floor.p95)} p99 ${ms(r.floor.p99)}  (${r.n} rounds)`,
  );
console.log(`  one completion answer: ${answerBytes} bytes of JSON`);
