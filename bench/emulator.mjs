#!/usr/bin/env node
/**
 * The emulator's benchmark (`npm run bench:emulator`; figures in bench/README.md):
 *
 * 1. Search over loopback with 100 000 data objects: throughput and p50/p99 latency of
 *    term, field, range and comparison queries, driven by autocannon, against
 *    json-server 0.17.4 on the same records (its `?q=` full-text search, and its field
 *    and range filters for reference). Each server runs in its own process.
 * 2. Linearity: the mean latency of one search at 25 000, 50 000 and 100 000 records.
 * 3. Concurrent writers: 50 writers x 100 updates on 10 objects (read, update with
 *    _version, retry on conflict) against a data folder; then the emulator is killed
 *    with SIGKILL and restarted: no lost update, every acknowledged version there.
 *
 *   node bench/emulator.mjs [--quick] [--records N] [--duration S]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { demoToken as token } from './demo-token.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RECORDS = option('--records', quick ? 20_000 : 100_000);
const DURATION = option('--duration', quick ? 3 : 10);
const CONNECTIONS = 10;
const work = mkdtempSync(join(tmpdir(), 'mdq-bench-emulator-'));
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** Starts a process and resolves with its URL once it printed one. */
function startProcess(command, argv, pattern) {
  const child = spawn(command, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const m = pattern.exec(out);
      if (m) resolve({ child, url: m[1] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`${command} ${argv.join(' ')} exited ${code}: ${out}`)),
    );
  });
}

/** The emulator (from dist/) in its own process. */
function startEmulator(options) {
  const script = `import { startEmulator } from ${JSON.stringify(join(root, 'dist', 'emulator.js'))};
    const e = await startEmulator(${JSON.stringify(options)});
    console.log('URL ' + e.url);
    process.on('SIGTERM', async () => { await e.close(); process.exit(0); });`;
  return startProcess(process.execPath, ['--input-type=module', '-e', script], /URL (http:\S+)/);
}

/**
 * Throughput and latency of one URL. A URL whose single request takes over a second
 * (json-server's full scan of 100 000 records) is measured over a fixed number of
 * requests instead of a duration, so that every request started is also finished.
 */
async function cannon(url, headers = {}, { peer = false } = {}) {
  const probeStarted = performance.now();
  await (await fetch(url, { headers })).arrayBuffer();
  const probe = performance.now() - probeStarted;
  const started = performance.now();
  const load = probe > 1000 ? { amount: CONNECTIONS * 3 } : { duration: DURATION };
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    headers,
    timeout: 600,
    ...load,
  });
  const seconds = (performance.now() - started) / 1000;
  const failed = result.non2xx + result.errors + result.timeouts;
  // mdq must answer every request; the peer's failures (a dropped connection under load) are counted and shown.
  if (failed > 0 && !peer)
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  const measured = {
    rps: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed,
  };
  process.stderr.write(
    `  ${url.replace(/^http:\/\/[^/]+/, '')}: ${measured.rps.toFixed(1)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms${failed > 0 ? `, ${failed} failed` : ''}\n`,
  );
  return measured;
}

const stop = async (child) => {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
};

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const row = (cells) => `| ${cells.join(' | ')} |`;

// The records both servers serve: the emulator generates them (seed 1), json-server reads them from a file.
async function dumpRecords(url, auth) {
  const hits = [];
  const pageSize = 10_000;
  for (let from = 0; ; from += pageSize) {
    // Through the emulator's own search, so the two servers hold exactly the same objects.
    const response = await fetch(
      `${url}/dataobjects/search?query=*:*&from=${from}&size=${pageSize}`,
      { headers: { authorization: auth } },
    );
    const body = await response.json();
    if (response.status !== 200) throw new Error(JSON.stringify(body));
    hits.push(...body.hits);
    if (hits.length >= body.total) return hits;
  }
}

const QUERIES = [
  { kind: 'term', mdq: 'tokyo', peer: 'q=tokyo' },
  { kind: 'field', mdq: 'City:Tokyo', peer: 'City=Tokyo' },
  { kind: 'range', mdq: 'Age:[30 TO 40]', peer: 'Age_gte=30&Age_lte=40' },
  { kind: 'comparison', mdq: '[Age] ge 30 and [Country] eq "DE"', peer: 'Age_gte=30&Country=DE' },
];

async function searchBenchmark() {
  const emulator = await startEmulator({
    port: 0,
    records: RECORDS,
    seed: 1,
    maxResultWindow: 1_000_000,
  });
  const auth = await token(emulator.url);
  const records = await dumpRecords(emulator.url, auth);
  const db = join(work, 'db.json');
  writeFileSync(db, JSON.stringify({ dataobjects: records }));
  const results = [];
  for (const q of QUERIES) {
    // Warm up: the first run analyses each record's text once (cached afterwards, as an index would be).
    await fetch(`${emulator.url}/dataobjects/search?query=${encodeURIComponent(q.mdq)}`, {
      headers: { authorization: auth },
    });
    const url = `${emulator.url}/dataobjects/search?query=${encodeURIComponent(q.mdq)}&size=10`;
    const check = await (await fetch(url, { headers: { authorization: auth } })).json();
    results.push({ ...q, total: check.total, result: await cannon(url, { authorization: auth }) });
  }
  await stop(emulator.child);
  // json-server 0.17 prints the port it was given: find a free one first.
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  const peer = await startProcess(
    process.execPath,
    [
      join(root, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      db,
    ],
    /(http:\/\/127\.0\.0\.1:\d+)/,
  );
  const peerUrl = peer.url;
  const peerChild = peer.child;
  // It names its resources before it listens: wait until it answers.
  for (let i = 0; ; i++) {
    try {
      await (await fetch(`${peerUrl}/dataobjects?_limit=1`)).arrayBuffer();
      break;
    } catch (e) {
      if (i > 600) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  for (const r of results) {
    const url = `${peerUrl}/dataobjects?${r.peer}&_limit=10`;
    const total = Number((await fetch(url)).headers.get('x-total-count'));
    r.peerTotal = total;
    r.peerResult = await cannon(url, {}, { peer: true });
  }
  const fullText = results[0].peerResult;
  await stop(peerChild);
  return { results, fullText };
}

async function linearity() {
  const sizes = quick ? [5_000, 10_000, 20_000] : [25_000, 50_000, 100_000];
  const rows = [];
  for (const n of sizes) {
    const emulator = await startEmulator({ port: 0, records: n, seed: 1 });
    const auth = await token(emulator.url);
    const times = {};
    for (const q of QUERIES) {
      const url = `${emulator.url}/dataobjects/search?query=${encodeURIComponent(q.mdq)}&size=10`;
      for (let i = 0; i < 3; i++) await fetch(url, { headers: { authorization: auth } });
      const runs = quick ? 10 : 30;
      const started = performance.now();
      for (let i = 0; i < runs; i++)
        await (await fetch(url, { headers: { authorization: auth } })).arrayBuffer();
      times[q.kind] = (performance.now() - started) / runs;
    }
    rows.push({ n, times });
    await stop(emulator.child);
  }
  return rows;
}

async function writers() {
  const dataDir = join(work, 'tenant');
  const WRITERS = 50;
  const UPDATES = quick ? 20 : 100;
  let emulator = await startEmulator({ port: 0, dataDir });
  let auth = await token(emulator.url);
  const areas = (
    await (
      await fetch(`${emulator.url}/v1/my/businessareas`, { headers: { authorization: auth } })
    ).json()
  ).response;
  const customer = areas.find((a) => a.name === 'customer');
  const schemas = (
    await (
      await fetch(`${emulator.url}/v1/businessareas/${customer.businessAreaId}/schemas`, {
        headers: { authorization: auth },
      })
    ).json()
  ).items;
  const schemaPath = `/v1/businessareas/${customer.businessAreaId}/schemas/${schemas[0].schemaId}`;
  const dataSets = (
    await (
      await fetch(`${emulator.url}${schemaPath}/datasets`, { headers: { authorization: auth } })
    ).json()
  ).items;
  const objectsPath = `${schemaPath}/datasets/${dataSets[0].dataSetId}/dataobjects`;
  const objects = (
    await (
      await fetch(`${emulator.url}${objectsPath}`, { headers: { authorization: auth } })
    ).json()
  ).items.slice(0, 10);
  const initial = new Map(
    objects.map((o) => [o._dataObjectId, { version: o._version, tags: o.Tags ?? [] }]),
  );
  const acknowledged = [];
  let conflicts = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      for (let n = 0; n < UPDATES; ) {
        const id = objects[(w + n) % objects.length]._dataObjectId;
        const current = await (
          await fetch(`${emulator.url}${objectsPath}/${id}`, { headers: { authorization: auth } })
        ).json();
        const tag = `w${w}n${n}`;
        const response = await fetch(`${emulator.url}${objectsPath}/${id}`, {
          method: 'PUT',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            _version: current._version,
            Tags: [...(current.Tags ?? []), tag],
          }),
        });
        await response.arrayBuffer();
        if (response.status === 204) {
          acknowledged.push({ id, version: current._version + 1, tag });
          n++;
        } else if (response.status === 400) conflicts++;
        else throw new Error(`update answered ${response.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // No graceful stop: SIGKILL, then a restart from the folder.
  emulator.child.kill('SIGKILL');
  await new Promise((resolve) => emulator.child.once('exit', resolve));
  emulator = await startEmulator({ port: 0, dataDir });
  auth = await token(emulator.url);
  let lost = 0;
  let missingVersions = 0;
  const finals = new Map();
  for (const [id, start] of initial) {
    const stored = await (
      await fetch(`${emulator.url}${objectsPath}/${id}`, { headers: { authorization: auth } })
    ).json();
    finals.set(id, stored);
    const acked = acknowledged.filter((a) => a.id === id);
    const tags = new Set(stored.Tags ?? []);
    lost += acked.filter((a) => !tags.has(a.tag)).length;
    // Every acknowledged version is there: the versions run from the start to the last acknowledged, one tag each.
    const versions = new Set(acked.map((a) => a.version));
    for (let v = start.version + 1; v <= stored._version; v++)
      if (!versions.has(v)) missingVersions++;
    if (stored._version !== start.version + acked.length)
      missingVersions += Math.abs(stored._version - start.version - acked.length);
  }
  await stop(emulator.child);
  return {
    writers: WRITERS,
    updates: UPDATES,
    acknowledged: acknowledged.length,
    conflicts,
    seconds,
    lost,
    missingVersions,
  };
}

const lines = [];
const say = (line = '') => {
  lines.push(line);
  console.log(line);
};
say(
  `Emulator benchmark, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${RECORDS.toLocaleString('en-US')} records, autocannon ${CONNECTIONS} connections x ${DURATION} s${quick ? ' (quick)' : ''}`,
);
say();
const { results, fullText } = await searchBenchmark();
say(
  row([
    'query',
    'mdq emulator req/s',
    'p50 / p99 ms',
    'json-server 0.17.4 (same intent)',
    'req/s',
    'p50 / p99 ms',
    'vs json-server ?q=',
  ]),
);
say(row(['---', '---', '---', '---', '---', '---', '---']));
let allPass = true;
for (const r of results) {
  const ratio = r.result.rps / fullText.rps;
  allPass &&= ratio >= 2;
  say(
    row([
      `${r.kind}: \`${r.mdq}\` (${r.total} hits)`,
      fmt(r.result.rps, 1),
      `${r.result.p50} / ${r.result.p99}`,
      `\`?${r.peer}\` (${r.peerTotal})`,
      fmt(r.peerResult.rps, 1),
      `${r.peerResult.p50} / ${r.peerResult.p99}${r.peerResult.failed > 0 ? ` (${r.peerResult.failed} of ${r.peerResult.requests} failed)` : ''}`,
      `${fmt(ratio, 1)}x ${ratio >= 2 ? 'PASS' : 'FAIL'}`,
    ]),
  );
}
say();
const linear = await linearity();
say(row(['records', ...QUERIES.map((q) => `${q.kind} ms`), 'ms per 10 000 records (term)']));
say(row(['---', ...QUERIES.map(() => '---'), '---']));
for (const { n, times } of linear)
  say(
    row([fmt(n), ...QUERIES.map((q) => fmt(times[q.kind], 2)), fmt((times.term * 10_000) / n, 2)]),
  );
const [small, , large] = [linear[0], linear[1], linear[2]];
const growth = large.times.term / small.times.term;
const expected = large.n / small.n;
say(
  `\nterm search: ${fmt(growth, 2)}x the time for ${fmt(expected, 0)}x the records (linear: ${fmt(expected, 0)}x)`,
);
say();
const w = await writers();
say(
  `writers: ${w.writers} x ${w.updates} updates on 10 objects: ${w.acknowledged} acknowledged in ${fmt(w.seconds, 1)} s (${fmt(w.acknowledged / w.seconds)} updates/s, ${w.conflicts} version conflicts retried); after SIGKILL and restart: ${w.lost} lost updates, ${w.missingVersions} missing versions ${w.lost === 0 && w.missingVersions === 0 && w.acknowledged === w.writers * w.updates ? 'PASS' : 'FAIL'}`,
);
say(`\nsearch target (>= 2x json-server ?q=): ${allPass ? 'PASS' : 'FAIL'}`);
process.exit(0);
