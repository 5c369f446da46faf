/**
 * `npm run bench` (after `npm run build`): runs each stage, prints its table, then a summary with
 * every target, PASS, FAIL or UNSURE (the rounds disagree). Options: `--quick` (fewer rounds, for a smoke run),
 * `--only=parse,size` (a subset of stages), `--strict` (exit 1 when a target fails or is unsure).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { section, summary } from './report.mjs';

/** One entry per stage, in the order they run; a stage module exports `run(options)`. */
const STAGES = [
  { id: 'parse', load: () => import('./parse.mjs') },
  { id: 'linearity', load: () => import('./linearity.mjs') },
  { id: 'size', load: () => import('./size.mjs') },
  { id: 'startup', load: () => import('./startup.mjs') },
  { id: 'cold', load: () => import('./cold.mjs') },
  { id: 'check', load: () => import('./check.mjs') },
  { id: 'evaluate', load: () => import('./evaluate.mjs') },
  { id: 'complete', load: () => import('./complete.mjs') },
  { id: 'growth', load: () => import('./growth-stage.mjs') },
];

function options(argv) {
  const stray = argv.filter((a) => a !== '--quick' && a !== '--strict' && !a.startsWith('--only='));
  if (stray.length > 0)
    throw new Error(
      `unknown option ${stray.join(' ')}; options: --quick, --strict, --only=${STAGES.map((s) => s.id).join(',')}`,
    );
  const only = argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const unknown = (only ?? []).filter((id) => !STAGES.some((s) => s.id === id));
  if (unknown.length > 0)
    throw new Error(
      `unknown stage ${unknown.join(', ')}; stages: ${STAGES.map((s) => s.id).join(', ')}`,
    );
  return { quick: argv.includes('--quick'), strict: argv.includes('--strict'), only };
}

function machine() {
  const cores = cpus();
  return `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.platform}/${process.arch}, ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB`;
}

/** Which sources the figures belong to: the commit, and whether src/ differed from it. */
function revision() {
  try {
    const git = (...args) =>
      execFileSync('git', args, {
        cwd: new URL('..', import.meta.url),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    return `commit ${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'src') === '' ? '' : ' with uncommitted changes in src/'}`;
  } catch {
    return 'commit unknown (not a git checkout)';
  }
}

/** Other work on the machine skews every figure: the load average says how quiet it was. */
const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/**
 * Seconds of CPU this run used, its child processes (the fresh-process stages, npm pack) included:
 * on a loaded machine the wall time says more about the load than about the run, while this
 * is about what the run takes on a quiet one (its stages run one at a time, each mostly on one
 * core). Read from /proc (Linux); elsewhere only this process is counted.
 */
function cpuSeconds() {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // Fields 16 and 17 of /proc/self/stat (after the parenthesised name): the waited-for children's user and system ticks.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    // Not Linux: the children stay uncounted.
  }
  return (own.user + own.system) / 1e6 + children;
}

async function main() {
  const opts = options(process.argv.slice(2));
  const log = (message) => process.stderr.write(`${message}\n`);
  console.log(
    `# mdq benchmarks${opts.quick ? ' (quick run: figures are rough)' : ''}\n\n${machine()}; load average at start ${loadAverage()}\n\nmdq at ${revision()}\n`,
  );
  const results = [];
  const took = [];
  const started = performance.now();
  for (const stage of STAGES.filter((s) => opts.only === undefined || opts.only.includes(s.id))) {
    const t0 = performance.now();
    const cpu0 = cpuSeconds();
    const result = await (await stage.load()).run({ quick: opts.quick, log });
    took.push(
      `${stage.id} ${((performance.now() - t0) / 1000).toFixed(0)} s, CPU ${(cpuSeconds() - cpu0).toFixed(0)} s`,
    );
    results.push(result);
    console.log(section(result));
  }
  console.log(summary(results));
  // `--quick` is meant to fit in CI (under two minutes on a quiet machine): what each stage took.
  console.log(
    `Wall time: ${((performance.now() - started) / 1000).toFixed(0)} s (${took.join(', ')}); CPU time ${cpuSeconds().toFixed(0)} s, child processes included (about the wall time on a quiet machine).`,
  );
  console.log(`Load average at the end: ${loadAverage()}.`);
  if (opts.strict && results.some((r) => r.checks.some((c) => !c.pass))) process.exitCode = 1;
}

main().catch((e) => {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
