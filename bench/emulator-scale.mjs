#!/usr/bin/env node
/**
 * The emulator at scale (issue 30, item 9): selective searches (a field value, an id, a
 * phrase), a match-all page, start-up of a data folder, memory per object and p99 at 50
 * connections, this tree against an older one in the same run (ratios), at 1 000 and
 * N objects. Runs the TypeScript sources through tsx (both trees), each emulator in its
 * own process; autocannon drives the load.
 *
 *   git archive <commit> src | tar -x -C .bench-old
 *   node bench/emulator-scale.mjs --old .bench-old/src [--records 100000] [--duration 5]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const OLD = option('--old', undefined);
const RECORDS = Number(option('--records', 100_000));
const DURATION = Number(option('--duration', 5));
const work = mkdtempSync(join(tmpdir(), 'mdq-bench-scale-'));
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

function start(src, records, dataDir) {
  const argv = [
    join(root, 'node_modules/.bin/tsx'),
    join(root, 'bench/emulator-scale-runner.mts'),
    src,
    String(records),
  ];
  if (dataDir) argv.push(dataDir);
  const child = spawn(argv[0], argv.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /ready (\S+) (\d+) (\d+)/.exec(out);
      if (m) resolve({ child, url: m[1], startMs: Number(m[2]), heap: Number(m[3]) });
    });
    child.on('exit', (code) => reject(new Error(`runner exited ${code}: ${out}`)));
  });
}

async function stop(server) {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

async function token(url) {
  const r = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'mdq-demo', client_secret: 'mdq-demo-secret' }),
  });
  return (await r.json()).access_token;
}

async function search(url, auth, query, size = 1) {
  const r = await fetch(
    `${url}/dataobjects/search?size=${size}&query=${encodeURIComponent(query)}`,
    {
      headers: { authorization: auth },
    },
  );
  return r.json();
}

/** Queries that pick few objects, taken from the tenant itself. */
async function selectiveQueries(url, auth) {
  const [hit] = (await search(url, auth, 'City:*', 1)).hits;
  return {
    field: `City:${JSON.stringify(hit.City)} AND Last\\ Name:${JSON.stringify(hit['Last Name'])}`,
    id: `_dataObjectId:${hit._dataObjectId}`,
    phrase: `"${hit['First Name']} ${hit['Last Name']}"`,
    'match-all page': '*:*',
  };
}

async function load(url, auth, query, connections) {
  const result = await autocannon({
    url: `${url}/dataobjects/search?size=10&query=${encodeURIComponent(query)}`,
    headers: { authorization: auth },
    connections,
    duration: DURATION,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function measure(src, records, queries) {
  const server = await start(src, records);
  const auth = await token(server.url);
  queries ??= await selectiveQueries(server.url, auth);
  const rows = {};
  for (const [name, q] of Object.entries(queries)) {
    await search(server.url, auth, q); // the first search of a kind builds what it keeps
    rows[name] = await load(server.url, auth, q, 10);
  }
  rows['field at 50 connections'] = await load(server.url, auth, queries.field, 50);
  const heapPerObject = server.heap / records;
  await stop(server);
  return { rows, queries, heapPerObject };
}

async function startup(src, records) {
  const dir = join(work, `folder-${records}`);
  const seeding = await start(src, records, dir);
  await stop(seeding);
  const server = await start(src, records, dir);
  await stop(server);
  return server.startMs;
}

const fmt = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
console.log(
  `# emulator at scale: ${new Date().toISOString()}, Node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const trees = OLD
  ? [
      ['old', OLD],
      ['new', join(root, 'src')],
    ]
  : [['new', join(root, 'src')]];
const results = {};
for (const records of [1000, RECORDS]) {
  let queries;
  for (const [name, src] of trees) {
    const r = await measure(src, records, queries);
    queries = r.queries;
    results[`${name} ${records}`] = r;
    console.log(`\n## ${name}, ${records} objects (heap ${fmt(r.heapPerObject)} B per object)`);
    console.log('| query | req/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|');
    for (const [q, row] of Object.entries(r.rows))
      console.log(`| ${q} | ${fmt(row.rps)} | ${row.p50} | ${row.p99} | ${row.non2xx} |`);
  }
}
if (OLD) {
  console.log(`\n## ratios at ${RECORDS} objects (new / old throughput)`);
  for (const q of Object.keys(results[`new ${RECORDS}`].rows))
    console.log(
      `- ${q}: ${fmt(results[`new ${RECORDS}`].rows[q].rps / results[`old ${RECORDS}`].rows[q].rps)}x`,
    );
}
console.log('\n## cost at scale (new): a selective search at N objects over 1 000 (mean latency)');
for (const q of ['field', 'id', 'phrase'])
  console.log(
    `- ${q}: ${fmt(results[`new 1000`].rows[q].rps / results[`new ${RECORDS}`].rows[q].rps)}x`,
  );
console.log('\n## start-up of a data folder');
for (const [name, src] of trees)
  console.log(`- ${name}: ${await startup(src, RECORDS)} ms at ${RECORDS} objects`);
console.log(
  `load at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
process.exit(0);
