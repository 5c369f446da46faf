/**
 * Run in a fresh `node --expose-gc` process by linearity.mjs: times mdq alone on the
 * 100-clause and the 10 000-clause corpora in alternating rounds (a full GC before each)
 * and prints the medians as one JSON line. Alone, because in the shared process of the
 * parse stage the peers' garbage shapes the heap that mdq's large trees are collected in.
 */
import { longQueries } from './corpus.mjs';
import { collectYoung, median, throughputRound, utf8Bytes } from './measure.mjs';
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
  throughputRound(parse, c.queries, c.bytes, warmupMs);
}
const samples = new Map(corpora.map((c) => [c.id, []]));
for (let round = 0; round < rounds; round++) {
  for (const c of corpora) {
    collectYoung();
    samples.get(c.id).push(throughputRound(parse, c.queries, c.bytes, roundMs));
  }
}
process.stdout.write(
  `${JSON.stringify(Object.fromEntries([...samples].map(([id, s]) => [id, median(s)])))}\n`,
);
