/**
 * Stage "parse": parse-to-AST throughput (MB/s) of mdq and its peers on the same corpora,
 * in this one process. Every parser is warmed up on a corpus before it is timed; then the
 * parsers take turns, round after round, so drift (GC, frequency scaling) hits all alike,
 * and each figure is the median of the rounds.
 */
import { longQueries, shortQueries } from './corpus.mjs';
import { band, collectYoung, cpuNow, resultsSeen, throughputRound, utf8Bytes } from './measure.mjs';
import { atLeast } from './report.mjs';
import { loadParsers } from './parsers.mjs';

/**
 * Times are CPU time (measure.mjs `cpuNow`). The warm-up is `warmupMs`, then more rounds of
 * half that until two in a row agree within `STEADY`: on a loaded machine V8's compiler
 * threads wait for a core, and a fixed warm-up could end before they had optimised a parser
 * (the first stage of a quick run once had every parser at half speed and mdq at 5.8x the
 * fastest peer, 12.5x run again alone). At most `MAX_WARMUP` times `warmupMs` in all: a round
 * is at least one pass, and a slow peer's pass over a long corpus takes hundreds of ms.
 */
const SETTINGS = {
  full: { warmupMs: 600, roundMs: 300, rounds: 9 },
  quick: { warmupMs: 150, roundMs: 60, rounds: 5 },
};
const STEADY = 0.1;
const MAX_WARMUP = 4;

/**
 * Short queries: a query a peer rejects is dropped for everyone (and counted), so all parse
 * the same text. Long queries are single documents: a peer that rejects one sits that corpus out.
 * `--quick` keeps a quarter of the 1 000-clause corpus (queries of the same length, fewer of
 * them) and no other long one: a peer's round is at least one pass over its corpus, at about
 * 1 MB/s, and the full corpora made this stage most of a quick run.
 */
function corpora(quick) {
  const share = (n) => (quick ? Math.max(1, n >> 2) : n);
  const long = (id, count, clauses, seed) => ({
    id,
    label: `${clauses.toLocaleString('en').replace(',', ' ')}-clause queries (${share(count)})`,
    queries: longQueries({ queries: share(count), clauses, seed }),
    onPeerReject: 'exclude',
  });
  const judged = [
    {
      id: 'short',
      label: 'short real-world queries (500)',
      queries: shortQueries({ count: 500, seed: 1 }),
      onPeerReject: 'drop',
    },
    long('c1000', 20, 1_000, 2),
  ];
  // No target reads the 100- and 10 000-clause corpora here (the linearity stage times mdq
  // alone on them), and the peers' passes over them were half of the quick stage's CPU.
  return quick ? judged : [...judged, long('c100', 200, 100, 3), long('c10000', 2, 10_000, 4)];
}

/** Applies the corpus policy; mdq must accept the whole corpus without a single diagnostic. */
function screen(corpus, parsers) {
  const [mdq, ...peers] = parsers;
  const invalid = corpus.queries
    .map((q) => [q, mdq.problem(q)])
    .filter(([, problem]) => problem !== undefined);
  if (invalid.length > 0) {
    const [query, problem] = invalid[0];
    throw new Error(
      `corpus "${corpus.id}" is not valid for mdq (${invalid.length} queries with diagnostics), e.g. ${JSON.stringify(query)}: ${problem}`,
    );
  }
  const dropped = new Map(peers.map((p) => [p.name, 0]));
  const excluded = new Map();
  let queries = corpus.queries;
  for (const peer of peers) {
    const rejected = queries
      .map((q) => [q, peer.problem(q)])
      .filter(([, problem]) => problem !== undefined);
    if (rejected.length === 0) continue;
    if (corpus.onPeerReject === 'drop') {
      dropped.set(peer.name, rejected.length);
      const out = new Set(rejected.map(([q]) => q));
      queries = queries.filter((q) => !out.has(q));
    } else {
      excluded.set(peer.name, rejected[0][1]);
    }
  }
  return {
    ...corpus,
    queries,
    bytes: utf8Bytes(queries),
    generated: corpus.queries.length,
    dropped,
    excluded,
  };
}

/**
 * A recursive peer may pass screening and still overflow the stack later (optimised frames
 * are smaller than unoptimised ones, so the limit moves as the JIT works): it then sits out.
 */
function timeCorpus(corpus, parsers, settings) {
  const samples = new Map();
  const attempt = (parser, minMs) => {
    if (corpus.excluded.has(parser.name)) return undefined;
    try {
      return throughputRound(parser.parse, corpus.queries, corpus.bytes, minMs, cpuNow);
    } catch (e) {
      corpus.excluded.set(
        parser.name,
        `${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} (while timing)`,
      );
      samples.delete(parser.name);
      return undefined;
    }
  };
  for (const parser of parsers) {
    const start = cpuNow();
    let previous = attempt(parser, settings.warmupMs);
    while (previous !== undefined && cpuNow() - start < MAX_WARMUP * settings.warmupMs) {
      const next = attempt(parser, settings.warmupMs / 2);
      if (next !== undefined && Math.abs(next - previous) <= STEADY * previous) break;
      previous = next;
    }
    if (previous !== undefined) samples.set(parser.name, []);
  }
  for (let round = 0; round < settings.rounds; round++) {
    for (const parser of parsers) {
      if (!samples.has(parser.name)) continue;
      // Collect the previous parser's young garbage now, not during this parser's round (measure.mjs).
      collectYoung();
      const value = attempt(parser, settings.roundMs);
      if (value !== undefined) samples.get(parser.name).push(value);
    }
  }
  if (!samples.has('mdq'))
    throw new Error(`mdq failed on corpus "${corpus.id}": ${corpus.excluded.get('mdq')}`);
  return new Map(
    [...samples].map(([name, values]) => [
      name,
      { ...band(values), min: Math.min(...values), max: Math.max(...values) },
    ]),
  );
}

const mbs = (x) => x.toFixed(2);
const ratio = (x) => `${x.toFixed(1)}x`;

export async function run({ quick = false, log = () => {} } = {}) {
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  const parsers = await loadParsers();
  const results = new Map();
  const screened = [];
  for (const raw of corpora(quick)) {
    const corpus = screen(raw, parsers);
    log(`parse: timing ${corpus.label}, ${(corpus.bytes / 1e3).toFixed(1)} kB`);
    screened.push(corpus);
    results.set(corpus.id, timeCorpus(corpus, parsers, settings));
  }

  const rows = [];
  for (const corpus of screened) {
    const timed = results.get(corpus.id);
    const mdqMedian = timed.get('mdq').median;
    for (const parser of parsers) {
      const t = timed.get(parser.name);
      rows.push(
        t === undefined
          ? [corpus.label, parser.name, 'rejected', '', '', corpus.excluded.get(parser.name)]
          : [
              corpus.label,
              parser.name,
              mbs(t.median),
              `${mbs(t.min)}–${mbs(t.max)}`,
              parser.isMdq ? '1.0x' : ratio(mdqMedian / t.median),
              '',
            ],
      );
    }
  }

  const fastestPeer = (id) => {
    const peers = [...results.get(id)].filter(([name]) => name !== 'mdq');
    return peers.reduce((best, entry) => (entry[1].median > best[1].median ? entry : best));
  };
  /** mdq over the fastest peer: at the medians, and at the ends of both bands (MB/s: mdq's low end over the peer's high end is the worst case). */
  const speedup = (id) => {
    const [name, t] = fastestPeer(id);
    const m = results.get(id).get('mdq');
    return {
      name,
      label: `mdq vs ${name}`,
      value: m.median / t.median,
      low: m.low / t.high,
      high: m.high / t.low,
    };
  };
  const short = speedup('short');
  const long = speedup('c1000');
  const mdqAt = (id) => results.get(id)?.get('mdq').median;
  const linear = quick ? undefined : mdqAt('c10000') / mdqAt('c100');

  if (resultsSeen() === 0) throw new Error('no parse returned a result');
  const shortCorpus = screened.find((c) => c.id === 'short');
  const drops = [...shortCorpus.dropped].map(([name, n]) => `${name} ${n}`).join(', ');
  return {
    title: 'Parse-to-AST throughput',
    tables: [
      {
        columns: ['corpus', 'parser', 'MB/s (median)', 'min–max', 'mdq ÷ parser', 'note'],
        rows,
      },
    ],
    notes: [
      `Parsers: ${parsers.map((p) => `${p.name} ${p.version}`).join(', ')}. CPU time; ${settings.rounds} rounds of ≥ ${settings.roundMs} ms, the parsers taking turns, after a warm-up per parser and corpus of ${settings.warmupMs} ms, then of rounds of ${settings.warmupMs / 2} ms until two in a row agree within ${STEADY * 100}% (at most ${MAX_WARMUP * settings.warmupMs} ms)${globalThis.gc ? ', a young-generation collection before each round (a full one left the code cold: bench/gc-distortion.mjs)' : ''}.`,
      `Short corpus: ${shortCorpus.generated} generated, ${shortCorpus.queries.length} kept (${(shortCorpus.bytes / 1e3).toFixed(1)} kB); rejected by a peer and dropped: ${drops}. mdq returned no diagnostics on any corpus.`,
    ],
    summary: `mdq ${mbs(mdqAt('short'))} MB/s on short queries, ${mbs(mdqAt('c1000'))} MB/s on 1 000-clause queries${linear === undefined ? '' : ` (${mbs(mdqAt('c100'))} at 100, ${mbs(mdqAt('c10000'))} at 10 000 clauses: ${(linear * 100).toFixed(0)}% in this shared process; the linearity stage measures mdq alone)`}`,
    checks: [
      atLeast(
        'short queries: mdq ≥ 10x the fastest peer',
        `${ratio(short.value)} (vs ${short.name}; rounds ${ratio(short.low)}-${ratio(short.high)})`,
        [{ ...short, median: short.value }],
        10,
      ),
      atLeast(
        '1 000-clause queries: mdq ≥ 10x the fastest peer',
        `${ratio(long.value)} (vs ${long.name}; rounds ${ratio(long.low)}-${ratio(long.high)})`,
        [{ ...long, median: long.value }],
        10,
      ),
    ],
  };
}
