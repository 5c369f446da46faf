/**
 * `node --expose-gc bench/gc-distortion.mjs [--quick]` (after `npm run build`): how much a
 * forced collection before a timed round distorts what the round measures (issue 29, item 5).
 * After a full collection, mdq's code runs slower for 100 ms and more, as if V8 had to
 * optimise it again; a `gc()` before each round measured that, not a caller's steady state. Five
 * ways to start a round (no collection; a full `gc()`, what parse.mjs and check.mjs did; a
 * full one then 30 or 200 ms of untimed calls; a young-generation one, measure.mjs
 * `collectYoung`, the harness now), taking turns in one process, on the short queries and
 * the 1 000-clause ones (parse), and on a check corpus (parse + check). Also the throughput
 * of slices of the first 100 ms after a full collection: how long the code stays cold.
 */
import { corpora } from './check.mjs';
import { longQueries, shortQueries } from './corpus.mjs';
import { collectYoung, median, utf8Bytes } from './measure.mjs';
import { table } from './report.mjs';

const quick = process.argv.includes('--quick');
if (globalThis.gc === undefined) throw new Error('run with node --expose-gc');
const mdq = {
  ...(await import('../dist/index.js')),
  ...(await import('../dist/examples.js')),
};
const ROUND_MS = quick ? 60 : 200;
const ROUNDS = quick ? 5 : 11;

const schema = mdq.exampleSchemas;

/** CPU milliseconds of this process (every thread): the machine is shared, and waiting for a core is not a cost. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** throughputRound (measure.mjs) by CPU time: MB/s over at least `minMs` of this process's CPU. */
let sink = 0;
function round(fn, queries, bytes, minMs) {
  let passes = 0;
  const start = cpu();
  let elapsed = 0;
  do {
    for (const query of queries) {
      let result = fn(query);
      if (result !== undefined) sink++;
      result = undefined;
    }
    passes++;
    elapsed = cpu() - start;
  } while (elapsed < minMs);
  return (bytes * passes) / (elapsed / 1000) / 1e6;
}
const checkCorpus = corpora(mdq, 0)[0];
const cases = [
  { label: 'parse, short queries', fn: (q) => mdq.parse(q), queries: shortQueries() },
  {
    label: 'parse, 1 000-clause queries',
    fn: (q) => mdq.parse(q),
    queries: longQueries({ queries: 20, clauses: 1000 }),
  },
  {
    label: `parse + check, ${checkCorpus.label}`,
    fn: (q) => mdq.check(q, { schema }),
    queries: checkCorpus.queries,
  },
];

/** A full collection, then `warmMs` of CPU in untimed calls. */
function collectThenWarm(c, warmMs) {
  globalThis.gc();
  round(c.fn, c.queries, 0, warmMs);
}

const starts = {
  'no gc': () => {},
  'full gc, then time (the old harness)': () => globalThis.gc(),
  'full gc, 30 ms warm-up': (c) => collectThenWarm(c, 30),
  'full gc, 200 ms warm-up': (c) => collectThenWarm(c, 200),
  'young gc, then time (the harness now)': () => collectYoung(),
};

const rows = [];
for (const c of cases) {
  const bytes = utf8Bytes(c.queries);
  round(c.fn, c.queries, bytes, 300);
  const samples = Object.fromEntries(Object.keys(starts).map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++)
    for (const [name, start] of Object.entries(starts)) {
      start(c);
      samples[name].push(round(c.fn, c.queries, bytes, ROUND_MS));
    }
  // The first 100 ms after a collection, in slices: how long the code stays cold.
  const slices = [];
  for (let r = 0; r < ROUNDS; r++) {
    globalThis.gc();
    const t0 = cpu();
    const first = c.queries.slice(0, 8);
    const firstBytes = utf8Bytes(first);
    const slice = [];
    for (const until of [5, 20, 50, 100])
      slice.push(round(c.fn, first, firstBytes, until - (cpu() - t0)));
    slices.push(slice);
  }
  const warm = median(samples['no gc']);
  rows.push([
    c.label,
    ...Object.keys(starts).map(
      (k) =>
        `${median(samples[k]).toFixed(2)} (${((median(samples[k]) / warm) * 100).toFixed(0)}%)`,
    ),
    ...[0, 1, 2, 3].map((i) => median(slices.map((s) => s[i])).toFixed(2)),
  ]);
}
console.log(
  table(
    [
      'case (MB/s, median; % of no gc)',
      ...Object.keys(starts),
      '0-5 ms of CPU after gc',
      '5-20 ms',
      '20-50 ms',
      '50-100 ms',
    ],
    rows,
  ),
);
if (sink === 0) throw new Error('no result seen');
console.log(
  `\nCPU time (the process's, every thread). ${ROUNDS} rounds of ≥ ${ROUND_MS} ms per way, taking turns; slices: the median of ${ROUNDS} collections, on the first 8 queries of the corpus.`,
);
