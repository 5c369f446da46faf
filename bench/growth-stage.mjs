/**
 * Stage "growth" of run.mjs: a short run of growth.mjs (its own process, `--json`) on a few
 * adversarial families, one broken query per kind of recovery and one valid, at two sizes,
 * against the plain-JavaScript control of the same run. The whole table (53 families, three
 * sizes, about an hour) stays `node --expose-gc bench/growth.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const GROWTH = fileURLToPath(new URL('./growth.mjs', import.meta.url));
const FAMILIES = ['a OR ', 'f: (missing value)', 'unterminated phrase', 'a OR … OR a (valid)'];

export async function run({ quick = false, log = () => {} } = {}) {
  const sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
  const args = [
    '--expose-gc',
    GROWTH,
    `--family=${FAMILIES.join(',')}`,
    `--sizes=${sizes.join(',')}`,
    `--total=${quick ? 200_000 : 1_000_000}`,
    `--repeat=${quick ? 1 : 3}`,
    '--json',
  ];
  log(`growth: ${FAMILIES.length} families at ${sizes.join(', ')} characters, in a child process`);
  const out = execFileSync(process.execPath, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const result = JSON.parse(out.trim().split('\n').at(-1));
  const x = (r) => (r === undefined || r === null ? '-' : `${r.toFixed(1)}x`);
  const ms = (t) =>
    t === undefined || t === null ? 'skipped' : t < 10 ? t.toFixed(2) : t.toFixed(0);
  return {
    title: 'Growth on adversarial input (a few families)',
    tables: [
      {
        columns: [
          'family',
          'function',
          ...result.sizes.map((s) => `${s.toLocaleString('en')} chars (ms/call)`),
          ...result.sizes.slice(1).map((s, i) => `×${s / result.sizes[i]}`),
          'within 1.5x the control',
        ],
        rows: result.rows.map((r) => [
          r.name,
          r.fnName,
          ...r.times.map(ms),
          ...r.ratios.map(x),
          r.control ? '-' : r.pass ? 'yes' : '**no**',
        ]),
      },
    ],
    notes: [
      `Amortised CPU ms per call (garbage collection included), ${quick ? 'one batch' : 'the median of three batches'} per size; a row passes when each step in size costs at most 1.5x the first control's step at the same sizes (issue 29). Families: ${FAMILIES.map((f) => `\`${f}\``).join(', ')}; the full table is \`node --expose-gc bench/growth.mjs\`.`,
    ],
    summary: `${result.within} of ${result.measured} rows within 1.5x the control's steps`,
    checks: [
      {
        target:
          "growth: parse, check, fixQuery: each step ≤ 1.5x the plain-JS control's, sampled families (29)",
        measured: `${result.within} of ${result.measured}`,
        pass: result.within === result.measured,
      },
    ],
  };
}
