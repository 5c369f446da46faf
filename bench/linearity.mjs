/**
 * Stage "linearity": mdq's throughput on 10 000-clause queries against 100-clause ones,
 * measured in a fresh process with mdq alone (linearity-probe.mjs). Target: within 20%.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { atLeast } from './report.mjs';

const PROBE = fileURLToPath(new URL('./linearity-probe.mjs', import.meta.url));

export async function run({ quick = false, log = () => {} } = {}) {
  const [rounds, roundMs, warmupMs] = quick ? [5, 200, 200] : [9, 300, 600];
  log('linearity: mdq alone in a fresh process, 100 vs 10 000 clauses');
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', PROBE, String(rounds), String(roundMs), String(warmupMs)],
    { encoding: 'utf8' },
  );
  const bands = JSON.parse(out.trim());
  const [c100, c10000] = [bands.c100.median, bands.c10000.median];
  const ratio = c10000 / c100;
  // The worst and the best case the rounds next to the medians allow (MB/s: higher is better).
  const low = bands.c10000.low / bands.c100.high;
  const high = bands.c10000.high / bands.c100.low;
  const mbs = (x) => x.toFixed(2);
  return {
    title: 'Linearity (mdq alone)',
    tables: [
      {
        columns: ['corpus', 'MB/s (median)'],
        rows: [
          ['100-clause queries (200)', mbs(c100)],
          ['10 000-clause queries (2)', mbs(c10000)],
        ],
      },
    ],
    notes: [
      `${rounds} alternating rounds of ≥ ${roundMs} ms of CPU time after a warm-up of ${warmupMs} ms and more until steady, a young collection before each, in a fresh \`node\` process that loads only mdq. The parse stage's table shows the same corpora timed in the process shared with the peers, where their garbage also weighs on the collection of mdq's large trees.`,
    ],
    summary: `10 000-clause queries at ${(ratio * 100).toFixed(0)}% of the 100-clause throughput (${mbs(c10000)} vs ${mbs(c100)} MB/s)`,
    checks: [
      atLeast(
        'linear: mdq at 10 000 clauses ≥ 80% of at 100 (mdq alone)',
        `${(ratio * 100).toFixed(0)}% (rounds ${(low * 100).toFixed(0)}-${(high * 100).toFixed(0)}%)`,
        [{ label: '10 000 against 100 clauses', median: ratio, low, high }],
        0.8,
      ),
    ],
  };
}
