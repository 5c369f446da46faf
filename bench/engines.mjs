#!/usr/bin/env node
/**
 * The emulator in memory against the emulator on PostgreSQL (`npm run bench:engines`;
 * figures in bench/README.md and docs/engines.md). A PostgreSQL server (Debian's, the
 * newest under /usr/lib/postgresql) is started on 127.0.0.1 from a fresh data folder and
 * stopped at the end, as scripts/postgres-parity.sh does. For each size (100 000 and
 * 1 000 000 data objects by default), side by side:
 *
 * - start-up: the emulator in memory (generating its tenant); the database seeded by
 *   bench/engines-seed.mts (the same generated tenant, written with COPY straight into the
 *   store's tables), then the emulator starting on it;
 * - memory: the emulator process's resident set (VmRSS) after the searches, and the
 *   database's size on disk (pg_database_size);
 * - search over loopback: p50/p95 latency of sequential requests, and throughput with
 *   4 connections (autocannon), for selective queries (a word, a value, a narrow range)
 *   and broad ones (every object, a common value);
 * - at the largest size, EXPLAIN ANALYZE of the queries' SQL on the largest table: which
 *   index each uses.
 *
 *   node bench/engines.mjs [--sizes 100000,1000000] [--duration S] [--samples N]
 *                          [--engines memory,postgres]
 *
 * Needs dist/ (npm run build).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { demoToken as token } from './demo-token.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const SIZES = option('--sizes', '100000,1000000').split(',').map(Number);
const DURATION = Number(option('--duration', 5));
const SAMPLES = Number(option('--samples', 40));
const ENGINES = option('--engines', 'memory,postgres').split(',');
/** Most seconds of sequential requests per query (broad queries in memory take long at 1 M). */
const LATENCY_BUDGET_S = 20;

const QUERIES = [
  { name: 'selective word', kind: 'selective', query: '10001234' },
  { name: 'selective value', kind: 'selective', query: '[Supplier ID] eq "S-30001100"' },
  { name: 'selective range', kind: 'selective', query: 'Unit\\ Price:[100.00 TO 100.05]' },
  { name: 'broad: every object', kind: 'broad', query: '*' },
  { name: 'broad: common value', kind: 'broad', query: 'Status:ACT' },
];

const work = mkdtempSync(join(tmpdir(), 'mdq-bench-engines-'));
const children = new Set();
const BIN = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1'])
  .toString()
  .trim();
const asRoot = process.getuid?.() === 0;
const asOwner = (command, argv) =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...argv]] : [command, argv];
let serverStarted = false;
function stopServer() {
  if (!serverStarted) return;
  serverStarted = false;
  const [c, a] = asOwner(`${BIN}/pg_ctl`, ['-D', join(work, 'data'), '-m', 'fast', '-w', 'stop']);
  try {
    execFileSync(c, a, { stdio: 'ignore' });
  } catch {}
}
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  stopServer();
  rmSync(work, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  if (asRoot) chownSync(work, Number(execFileSync('id', ['-u', 'postgres']).toString()), -1);
  const port = await freePort();
  let [c, a] = asOwner(`${BIN}/initdb`, [
    '-D',
    join(work, 'data'),
    '-U',
    'mdq',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  execFileSync(c, a, { stdio: 'ignore' });
  [c, a] = asOwner(`${BIN}/pg_ctl`, [
    '-D',
    join(work, 'data'),
    '-w',
    '-l',
    join(work, 'server.log'),
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${work} -c fsync=off -c shared_buffers=512MB -c maintenance_work_mem=1GB -c max_wal_size=4GB -c wal_level=minimal -c max_wal_senders=0`,
    'start',
  ]);
  execFileSync(c, a, { stdio: 'ignore' });
  serverStarted = true;
  return `postgres://mdq@127.0.0.1:${port}`;
}

/** The emulator (from dist/) in its own process; resolves with its URL, process and start-up time. */
function startEmulator(options) {
  const script = `import { startEmulator } from ${JSON.stringify(join(root, 'dist', 'emulator.js'))};
    const e = await startEmulator(${JSON.stringify(options)});
    console.log('URL ' + e.url);
    process.on('SIGTERM', async () => { await e.close(); process.exit(0); });`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=12000', '--input-type=module', '-e', script],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const m = /URL (http:\S+)/.exec(out);
      if (m) resolve({ child, url: m[1], startMs: performance.now() - started });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`emulator exited ${code}: ${out.slice(-2000)}`)));
  });
}

async function stop(emulator) {
  const exited = new Promise((resolve) => emulator.child.once('exit', resolve));
  emulator.child.kill('SIGTERM');
  await exited;
}

function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** p50/p95 of sequential searches, and throughput with 4 connections. */
async function measure(url, auth, query) {
  const path = `/dataobjects/search?query=${encodeURIComponent(query)}&size=10`;
  const headers = { authorization: auth };
  const first = await fetch(url + path, { headers });
  const body = await first.json();
  if (first.status !== 200) throw new Error(`${query}: ${first.status} ${JSON.stringify(body)}`);
  const times = [];
  const until = performance.now() + LATENCY_BUDGET_S * 1000;
  while (times.length < SAMPLES && (times.length < 3 || performance.now() < until)) {
    const t = performance.now();
    const r = await fetch(url + path, { headers });
    await r.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const result = await autocannon({
    url: url + path,
    headers,
    connections: 4,
    duration: DURATION,
  });
  return {
    total: body.total,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    samples: times.length,
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

async function searchAll(label, emulator) {
  const auth = await token(emulator.url);
  const rows = {};
  for (const q of QUERIES) {
    rows[q.name] = await measure(emulator.url, auth, q.query);
    const r = rows[q.name];
    console.log(
      `  ${label.padEnd(10)} ${q.name.padEnd(22)} total ${String(r.total).padStart(7)}  p50 ${r.p50.toFixed(1).padStart(8)} ms  p95 ${r.p95.toFixed(1).padStart(8)} ms  (${r.samples} sequential)  ${r.rps.toFixed(1).padStart(7)} req/s${r.errors ? `  ${r.errors} errors` : ''}`,
    );
  }
  return rows;
}

/** EXPLAIN ANALYZE of the queries (but `*`) on the largest table of the database: its count, then its page. */
async function explain(databaseUrl) {
  const { toSql } = await import(join(root, 'dist', 'sql.js'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ tenant }] = (await client.query('SELECT tenant FROM mdq_tenant WHERE id = 1')).rows;
    const { createHash } = await import('node:crypto');
    const tableOf = (id) => `mdq_${createHash('sha256').update(id).digest('hex').slice(0, 20)}`;
    const plans = [];
    for (const q of QUERIES.filter((x) => x.query !== '*')) {
      // The dataset whose schema has the queried field, the largest of them.
      let best;
      for (const d of tenant.dataSets) {
        const schema = tenant.schemas.find((s) => s.schemaId === d.schemaId);
        const table = tableOf(d.dataSetId);
        const sql = toSql(q.query, { schema, table });
        if (sql.where === 'FALSE') continue;
        const rows = Number((await client.query(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
        if (best === undefined || rows > best.rows)
          best = { table, rows, sql, name: d.dataSetName };
      }
      // The page query as the store sends it: a table with at most 10 000 matches is ordered by `seq + 0`.
      const matches = Number(
        (
          await client.query(
            `SELECT count(*) AS n FROM "${best.table}" WHERE ${best.sql.where}`,
            best.sql.values,
          )
        ).rows[0].n,
      );
      const order = matches <= 10_000 ? 'seq + 0' : 'seq';
      const planOf = async (text) =>
        (await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, best.sql.values)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      // Both statements the store sends: the count, then the page.
      const plan = `${await planOf(`SELECT count(*) AS n FROM "${best.table}" WHERE ${best.sql.where}`)}\n\n${await planOf(`SELECT record FROM "${best.table}" WHERE ${best.sql.where} ORDER BY ${order} LIMIT 10`)}`;
      plans.push({ query: q.query, dataSet: best.name, rows: best.rows, plan });
      console.log(
        `\n  EXPLAIN ${q.name}: ${q.query} on ${best.name} (${best.rows} rows)\n${plan.replace(/^/gm, '    ')}`,
      );
    }
    return plans;
  } finally {
    await client.end();
  }
}

/** The database seeded with `size` generated objects by bench/engines-seed.mts; resolves with its figures. */
function seed(databaseUrl, size) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=12000',
      '--max-semi-space-size=64',
      '--import',
      'tsx',
      join(root, 'bench', 'engines-seed.mts'),
      databaseUrl,
      String(size),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.add(child);
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      children.delete(child);
      const m = /seeded (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(out);
      if (code !== 0 || !m) return reject(new Error(`seeding exited ${code}: ${out}`));
      resolve({
        objects: Number(m[1]),
        ms: performance.now() - started,
        generateMs: Number(m[3]),
        rowsMs: Number(m[4]),
        indexesMs: Number(m[5]),
      });
    });
  });
}

async function main() {
  console.log(
    `bench/engines.mjs: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, PostgreSQL ${BIN}`,
  );
  const server = await startServer();
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  const results = [];
  for (const size of SIZES) {
    console.log(`\n${size} data objects`);
    let memory = { startMs: Number.NaN };
    let memoryRows;
    let memoryRss;
    if (ENGINES.includes('memory')) {
      memory = await startEmulator({ records: size, port: 0, quiet: true });
      console.log(`  memory     start-up ${(memory.startMs / 1000).toFixed(1)} s`);
      memoryRows = await searchAll('memory', memory);
      memoryRss = rssMiB(memory.child.pid);
      await stop(memory);
    }
    if (!ENGINES.includes('postgres')) continue;
    const db = `bench_${size}`;
    await admin.query(`CREATE DATABASE ${db}`);
    const url = `${server}/${db}`;
    const seeding = await seed(url, size);
    console.log(
      `  postgres   seeding ${seeding.objects} objects with COPY: ${(seeding.ms / 1000).toFixed(1)} s (generating ${(seeding.generateMs / 1000).toFixed(1)} s, rows ${(seeding.rowsMs / 1000).toFixed(1)} s, indexes and VACUUM ANALYZE ${(seeding.indexesMs / 1000).toFixed(1)} s)`,
    );
    const postgres = await startEmulator({ records: size, port: 0, quiet: true, database: url });
    console.log(`  postgres   start-up (seeded) ${(postgres.startMs / 1000).toFixed(1)} s`);
    const postgresRows = await searchAll('postgres', postgres);
    const postgresRss = rssMiB(postgres.child.pid);
    await stop(postgres);
    const dbSize = Number((await admin.query('SELECT pg_database_size($1) AS n', [db])).rows[0].n);
    console.log(
      `  memory: in-memory emulator ${memoryRss ?? '-'} MiB RSS; PostgreSQL emulator ${postgresRss} MiB RSS + database ${Math.round(dbSize / 2 ** 20)} MiB on disk`,
    );
    const plans = size === Math.max(...SIZES) ? await explain(url) : undefined;
    results.push({
      size,
      memory: { startMs: memory.startMs, rssMiB: memoryRss, queries: memoryRows },
      postgres: {
        seed: seeding,
        startMs: postgres.startMs,
        rssMiB: postgresRss,
        databaseMiB: dbSize / 2 ** 20,
        queries: postgresRows,
      },
      plans,
    });
  }
  await admin.end();
  console.log(
    `\nload at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`\n${JSON.stringify(results)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
