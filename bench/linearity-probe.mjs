/**
 * Run in a fresh `node --expose-gc` process by linearity.mjs: times mdq alone on the
 * 100-clause and the 10 000-clause corpora in alternating rounds of CPU time (a young
 * collection before each) and prints each corpus's median and band (measure.mjs `band`) as
 * one JSON line. Alone, because in the shared process of the parse stage the peers' garbage
 * shapes the heap that mdq's large trees are collected in. The warm-up goes on in rounds of
 * half its length until two in a row agree within 10% (at most four times it), as the parse
 * stage's does: on a loaded machine the compiler threads wait for a core.
 */
import { longQueries } from './corpus.mjs';
import { band, collectYoung, cpuNow, throughputRound, utf8Bytes } from './measure.mjs';
import { MDQ_LIMITS } from './parsers.mjs';

const [rounds, roundMs, warmupMs] = process.argv.slice(2).map(Number);
const mdq = await import('../dist/index.js');
const parse = (text) => mdq.parse(text, MDQ_LIMITS);
const corpora = [
  { id: 'c100', queries: longQueries({ queries: 200, clauses: 100, seed: 3 }) },
  { id: 'c10000', queries: longQueries({ queries: 2, clauses: 10_000, seed: 4 }) },
].map((c) => ({ ...c, bytes: utf8Bytes(c.queries) }));

for (const c of corpora) {
  if (c.queries.some((q) => parse(q).diagnostics.length > 0))
    throw new Error(`mdq reported diagnostics on ${c.id}`);
  const start = cpuNow();
  let previous = throughputRound(parse, c.queries, c.bytes, warmupMs, cpuNow);
  while (cpuNow() - start < 4 * warmupMs) {
    const next = throughputRound(parse, c.queries, c.bytes, warmupMs / 2, cpuNow);
    if (Math.abs(next - previous) <= 0.1 * previous) break;
    previous = next;
  }
}
const samples = new Map(corpora.map((c) => [c.id, []]));
for (let round = 0; round < rounds; round++) {
  for (const c of corpora) {
    collectYoung();
    samples.get(c.id).push(throughputRound(parse, c.queries, c.bytes, roundMs, cpuNow));
  }
}
process.stdout.write(
  `${JSON.stringify(Object.fromEntries([...samples].map(([id, s]) => [id, band(s)])))}\n`,
);
