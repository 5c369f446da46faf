/**
 * Stage "startup": what a CLI call or a serverless cold start pays before its first answer.
 * Each sample is a fresh `node` process (startup-probe.mjs) that imports the built package,
 * and parses one query (chevrotain, needed only off the fast path, is not loaded).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './measure.mjs';
import { DIST_CJS, DIST_ESM } from './parsers.mjs';

const PROBE = fileURLToPath(new URL('./startup-probe.mjs', import.meta.url));
const TARGET_MS = 30;

function sample(format, file) {
  const out = execFileSync(process.execPath, [PROBE, format, file], { encoding: 'utf8' });
  const result = JSON.parse(out.trim());
  if (result.diagnostics !== 0)
    throw new Error(`the start-up probe's query gave ${result.diagnostics} diagnostics`);
  return result;
}

const ms = (x) => `${x.toFixed(1)} ms`;

export async function run({ quick = false, log = () => {} } = {}) {
  const processes = quick ? 5 : 15;
  const builds = [
    { format: 'esm', label: 'ESM dist/index.js (import)', file: DIST_ESM },
    { format: 'cjs', label: 'CJS dist/index.cjs (require)', file: DIST_CJS },
  ];
  log(`startup: ${processes} fresh processes per build`);
  // One untimed run each so the first sample does not also pay for a cold file cache.
  for (const build of builds) sample(build.format, build.file);
  const samples = new Map(builds.map((b) => [b.format, []]));
  for (let i = 0; i < processes; i++) {
    for (const build of builds) samples.get(build.format).push(sample(build.format, build.file));
  }
  const summary = new Map(
    builds.map((b) => {
      const runs = samples.get(b.format);
      const pick = (key) => median(runs.map((r) => r[key]));
      return [
        b.format,
        {
          importMs: pick('importMs'),
          firstParseMs: pick('firstParseMs'),
          totalMs: pick('totalMs'),
          totalCpuMs: pick('totalCpuMs'),
          secondParseMs: pick('secondParseMs'),
          bootMs: pick('bootMs'),
        },
      ];
    }),
  );
  const esm = summary.get('esm');
  const cjs = summary.get('cjs');
  return {
    title: 'Start-up',
    tables: [
      {
        columns: [
          'build',
          'import',
          'first parse (with lazy set-up)',
          'import + first parse',
          'its CPU time',
          'second parse',
          'node boot before import',
        ],
        rows: builds.map((b) => {
          const s = summary.get(b.format);
          return [
            b.label,
            ms(s.importMs),
            ms(s.firstParseMs),
            ms(s.totalMs),
            ms(s.totalCpuMs),
            ms(s.secondParseMs),
            ms(s.bootMs),
          ];
        }),
      },
    ],
    notes: [
      `Medians of ${processes} fresh \`node\` processes per build; times are wall-clock unless marked CPU. The query: a bracket comparison, a field group and a date comparison. The query is well-formed, so it takes mdq's fast path: chevrotain (its lexer and parser) is loaded only by a query that leaves it.`,
      "CPU time: user + system time of all the process's threads over the same interval. V8 compiles and collects garbage on helper threads, so it can exceed wall time; time spent waiting for a busy core does not count, so it moves less than wall time with the machine's load.",
    ],
    summary: `import + first parse ${ms(esm.totalMs)} (ESM), ${ms(cjs.totalMs)} (CJS)`,
    checks: [
      {
        target: `start-up (ESM import + first parse) < ${TARGET_MS} ms`,
        measured: ms(esm.totalMs),
        pass: esm.totalMs < TARGET_MS,
      },
      {
        target: `start-up (CJS require + first parse) < ${TARGET_MS} ms`,
        measured: ms(cjs.totalMs),
        pass: cjs.totalMs < TARGET_MS,
      },
    ],
  };
}
