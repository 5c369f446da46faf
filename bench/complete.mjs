/**
 * Stage "complete": `complete` and `hover` at every offset of 200-character queries
 * against a 500-field schema, one call at a time: p50 and p99 per call, beside the time
 * `parse` takes on the same text. Also typing from left to right (`complete` on the text
 * up to the cursor), and the bytes each call allocates, measured between collections:
 * with nothing typed the whole field list comes back without being copied, so the bytes
 * must not grow with the number of fields. Target: p99 under 1 ms per call.
 *
 * A stage module like the others (`run({ quick, log })`); also runs on its own:
 *   npm run build && node --expose-gc bench/complete.mjs [--quick]
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { corpora } from './check.mjs';
import { now } from './measure.mjs';

const SETTINGS = {
  full: { rounds: 7, queries: 20 },
  quick: { rounds: 2, queries: 10 },
};
const LENGTH = 200;

/** 200-character queries: the check bench's 500-field queries joined with AND, cut at 200 (the cut is often mid-clause, as when typing). */
function longQueries(short, count) {
  const out = [];
  let at = 0;
  while (out.length < count) {
    let text = '';
    while (text.length < LENGTH) text += (text === '' ? '' : ' AND ') + short[at++ % short.length];
    out.push(text.slice(0, LENGTH));
  }
  return out;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

let sink = 0;

/**
 * Times `call(text, offset)` for every offset of every query, `rounds` times: per-call
 * wall-clock time, and the process's CPU time over the same call (user + system, which
 * Linux accounts exactly), which leaves out the time other processes held the CPU.
 */
function timeCalls(queries, rounds, call) {
  for (const text of queries)
    for (let offset = 0; offset <= text.length; offset++)
      sink += call(text, offset) === null ? 0 : 1;
  const wall = [];
  const cpu = [];
  for (let round = 0; round < rounds; round++) {
    for (const text of queries) {
      for (let offset = 0; offset <= text.length; offset++) {
        const cpuStart = process.cpuUsage();
        const start = now();
        const result = call(text, offset);
        wall.push(now() - start);
        const used = process.cpuUsage(cpuStart);
        cpu.push((used.user + used.system) / 1000);
        if (result !== null) sink++;
      }
    }
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    p50: percentile(wall, 0.5),
    p99: percentile(wall, 0.99),
    max: wall[wall.length - 1],
    cpu50: percentile(cpu, 0.5),
    cpu99: percentile(cpu, 0.99),
    calls: wall.length,
  };
}

/**
 * Bytes allocated per call: the heap's growth over a batch of calls with no collection
 * in between (a batch that a collection interrupts is dropped); the median of the batches.
 */
async function bytesPerCall(batches, call) {
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  const perCall = [];
  try {
    for (const batch of batches) {
      for (const [text, offset] of batch) call(text, offset);
      globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
      const seen = collections;
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < batch.length; i++) if (call(batch[i][0], batch[i][1]) !== null) sink++;
      const after = process.memoryUsage().heapUsed;
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (collections === seen) perCall.push((after - before) / batch.length);
    }
  } finally {
    observer.disconnect();
  }
  perCall.sort((a, b) => a - b);
  return perCall.length === 0 ? NaN : perCall[perCall.length >> 1];
}

const us = (ms) => `${(ms * 1000).toFixed(1)} µs`;
const bytes = (n) => (Number.isNaN(n) ? 'n/a' : `${Math.round(n)} B`);

export async function run({ quick = false, log = () => {} } = {}) {
  const mdq = {
    ...(await import('../dist/index.js')),
    ...(await import('../dist/completion.js')),
    ...(await import('../dist/examples.js')),
  };
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  const wide = corpora(mdq).find((c) => c.id === 'wide-short');
  const schema = mdq.loadSchema(wide.schema);
  const fields = [...schema.fields.values()].filter((f) => !f.metadata).length;
  const queries = longQueries(wide.queries, settings.queries);
  const today = new Date('2026-01-15');
  const options = { schema, today };

  log('complete: timing complete, hover and parse at every offset');
  const contenders = [
    {
      name: 'complete(text, offset), cursor anywhere',
      call: (text, offset) => mdq.complete(text, offset, options),
    },
    {
      name: 'complete while typing (text up to the cursor)',
      call: (text, offset) => mdq.complete(text.slice(0, offset), offset, options),
    },
    { name: 'hover(text, offset)', call: (text, offset) => mdq.hover(text, offset, options) },
    { name: 'parse(text), the same 200 characters', call: (text) => mdq.parse(text) },
    {
      name: 'parse while typing (text up to the cursor)',
      call: (text, offset) => mdq.parse(text.slice(0, offset)),
    },
  ];
  const timings = contenders.map((c) => ({ ...c, ...timeCalls(queries, settings.rounds, c.call) }));

  log('complete: measuring allocations');
  const everyOffset = queries.map((text) =>
    Array.from({ length: text.length + 1 }, (_, offset) => [text, offset]),
  );
  for (const t of timings) t.bytes = await bytesPerCall(everyOffset, t.call);

  // Nothing typed at a clause start: the whole list comes back. Against 500 fields and against 50.
  const small = mdq.loadSchema({ ...wide.schema[0], fields: wide.schema[0].fields.slice(0, 50) });
  const repeat = (text) =>
    Array.from({ length: 10 }, () => Array.from({ length: 200 }, () => [text, text.length]));
  const wholeList = mdq.complete('a AND ', 6, options).items.length;
  const listBytes = await bytesPerCall(repeat('a AND '), (text, offset) =>
    mdq.complete(text, offset, options),
  );
  const smallListBytes = await bytesPerCall(repeat('a AND '), (text, offset) =>
    mdq.complete(text, offset, { schema: small, today }),
  );
  const typedBytes = await bytesPerCall(repeat('a AND Acc'), (text, offset) =>
    mdq.complete(text, offset, options),
  );
  const typedMatches = mdq.complete('a AND Acc', 9, options).items.length;

  const completeP99 = Math.max(timings[0].p99, timings[1].p99);
  const hoverP99 = timings[2].p99;
  const completeCpu99 = Math.max(timings[0].cpu99, timings[1].cpu99);
  return {
    title: 'Completion and hover (per call)',
    tables: [
      {
        columns: [
          `call (${queries.length} queries of ${LENGTH} characters, every offset, ${fields}-field schema)`,
          'p50',
          'p99',
          'max',
          'CPU p50',
          'CPU p99',
          'allocated per call',
        ],
        rows: timings.map((t) => [
          t.name,
          us(t.p50),
          us(t.p99),
          us(t.max),
          us(t.cpu50),
          us(t.cpu99),
          bytes(t.bytes),
        ]),
      },
      {
        columns: ['complete at a clause start', 'items', 'allocated per call'],
        rows: [
          [`nothing typed, ${fields} fields`, String(wholeList), bytes(listBytes)],
          [
            'nothing typed, 50 fields',
            String(mdq.complete('a AND ', 6, { schema: small, today }).items.length),
            bytes(smallListBytes),
          ],
          [`"Acc" typed, ${fields} fields (ranked)`, String(typedMatches), bytes(typedBytes)],
        ],
      },
    ],
    notes: [
      `Each call timed on its own after a warm-up pass; ${timings[0].calls} calls per row. p50, p99 and max are wall-clock time (performance.now); the CPU columns are the process's CPU time over the same call (process.cpuUsage, user + system, exact on Linux), which leaves out the time the process waited while others ran: on a loaded machine the wall-clock p99 measures the load, the CPU p99 the code. "Cursor anywhere" completes inside the whole query at each of its offsets; "while typing" completes the text up to the cursor, as an editor sees it on each keystroke (often broken: an unclosed bracket, a field without a value), and parse is timed on the same texts: broken text takes the parser's chevrotain path. Queries are the check bench's 500-field queries joined with AND and cut at ${LENGTH} characters. Allocation is the heap's growth over a batch of calls with no garbage collection in between (\`--expose-gc\` collects before each batch; batches that a collection interrupts are dropped), the median of the batches.`,
      'With nothing typed, `complete` returns the prepared list of every field as it is (made once per schema), so the bytes per call do not depend on the number of fields; with a prefix, only the matches (at most `maxItems`, 100) become items.',
    ],
    summary: `complete p50 ${us(timings[0].p50)} / p99 ${us(completeP99)} (CPU p99 ${us(completeCpu99)}), hover p50 ${us(timings[2].p50)} / p99 ${us(hoverP99)} per call (parse of the same text: p50 ${us(timings[3].p50)} / p99 ${us(timings[3].p99)}); ${bytes(listBytes)} allocated per call returning all ${wholeList} items`,
    checks: [
      {
        target:
          'complete: p99 under 1 ms per call, every offset of 200-character queries, 500-field schema',
        measured: us(completeP99),
        pass: completeP99 < 1,
      },
      {
        target:
          'hover: p99 under 1 ms per call, every offset of 200-character queries, 500-field schema',
        measured: us(hoverP99),
        pass: hoverP99 < 1,
      },
      {
        target:
          'complete: CPU time p99 under 1 ms per call (the same calls, time spent waiting for the CPU left out)',
        measured: us(completeCpu99),
        pass: completeCpu99 < 1,
      },
      {
        target:
          'complete with nothing typed: no per-call copy of the field list (bytes per call independent of the field count)',
        measured: `${bytes(listBytes)} with ${fields} fields, ${bytes(smallListBytes)} with 50`,
        pass: listBytes < 2048 && Math.abs(listBytes - smallListBytes) < 256,
      },
    ],
    sink,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { section } = await import('./report.mjs');
  const result = await run({
    quick: process.argv.includes('--quick'),
    log: (m) => process.stderr.write(`${m}\n`),
  });
  console.log(section(result));
  for (const c of result.checks)
    console.log(`- ${c.pass ? 'PASS' : 'FAIL'} ${c.target}: ${c.measured}`);
  console.log(`\n${result.summary}`);
}
