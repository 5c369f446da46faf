/**
 * Stage "cold": what the first keystroke costs. Import + first parse, each sample a fresh
 * `node` process (cold-probe.mjs), mdq's built root against lucene-query-parser (the fastest
 * peer to load), on a well-formed query and on the broken ones a user meets while typing
 * (unclosed phrase, group or bracket; a field or an operator without its operand; a stray
 * operator). The contenders alternate process by process, so a change in the machine's load
 * falls on both; the figure is the ratio of the medians of CPU time (every thread of the
 * process: waiting for a busy core does not count).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { band, median } from './measure.mjs';
import { DIST_ESM, DIST_PARSE } from './parsers.mjs';
import { atMost } from './report.mjs';

const PROBE = fileURLToPath(new URL('./cold-probe.mjs', import.meta.url));

export const VALID = [
  '[First Name] eq "Tim" and (address.city:Berlin OR email:*@example.com) AND created:>=2020-01-01',
];
/** One of each common broken shape; a sample takes the next one in turn. */
export const BROKEN = [
  'name:"Tim Berners',
  '(city:Berlin OR city:Paris',
  'created:[2020-01-01 TO 2021',
  'city: AND name:Tim',
  'name:Tim AND',
  'OR city:Berlin',
];

/** Broken shapes the fast path leaves to the recovering parser (recorded, no target): what a first query that needs it still costs. */
export const OFF_FAST_PATH = ['[Age] gt x', '[Age] foo', '&& || !'];

/** The targets of issue 29: mdq's import + first parse within this many times the peer's. */
const TARGETS = { valid: 3, broken: 5 };

/**
 * The floor of importing the root (issue 29): a module of the root's size and text that runs
 * nothing at top level. The root's code (dist/index.js and the chunks it imports, bundled into
 * one text), its import and export statements left out, as the body of a function that is
 * never called: V8 still reads and pre-parses every byte of it, so what the root costs beyond
 * this is its top-level work and compiling that eagerly.
 */
async function writeFloor() {
  const bundled = await build({
    entryPoints: [DIST_ESM],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'error',
  });
  // The bundle's one import-free module ends in its export list (several lines).
  const body = bundled.outputFiles[0].text.replace(/\nexport \{[\s\S]*?\};?\s*$/, '');
  const dir = mkdtempSync(join(tmpdir(), 'mdq-cold-floor-'));
  const file = join(dir, 'floor.mjs');
  writeFileSync(file, `export function unused() {\n${body}\n}\n`);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The module each contender of mdq imports (the peer needs none). */
let files = {};

function sample(contender, query) {
  const out = execFileSync(
    process.execPath,
    [PROBE, contender === 'lucene-query-parser' ? contender : 'mdq', query, files[contender] ?? ''],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim());
}

const ms = (x) => `${x.toFixed(1)} ms`;

/**
 * The samples taken as rounds (five runs of consecutive alternations, or runs of three when
 * there are fewer), each round's ratio of the medians: the rounds a verdict's band is read
 * from, as the other stages read theirs. One process is too noisy to be a round of its own.
 */
function roundRatios(mine, peer) {
  const size = Math.max(3, Math.floor(mine.length / 5));
  const ratios = [];
  for (let at = 0; at + size <= mine.length; at += size) {
    const cpu = (s) => median(s.slice(at, at + size).map((x) => x.cpuMs));
    ratios.push(cpu(mine) / cpu(peer));
  }
  return ratios;
}

export async function run({ quick = false, log = () => {} } = {}) {
  const perKind = quick ? 12 : 36;
  // mdq/parse: the language entry alone (dist/parse.js), what a search box that only reads
  // queries imports; the root beside it, in the same alternation.
  const contenders = ['mdq', 'mdq/parse', 'lucene-query-parser'];
  const floor = await writeFloor();
  try {
    files = { mdq: DIST_ESM, 'mdq/parse': DIST_PARSE, floor: floor.file };
    return measure(perKind, contenders, log);
  } finally {
    floor.remove();
  }
}

function measure(perKind, baseContenders, log) {
  // The floor joins the "import only" row alone (it has no parse to run).
  const contendersOf = (kind) =>
    kind === 'import only' ? [...baseContenders, 'floor'] : baseContenders;
  const contenders = baseContenders;
  log(`cold: ${perKind} fresh processes per contender and kind of query, alternating`);
  // Untimed: the first process of each pays for a cold file cache.
  for (const c of contenders) sample(c, VALID[0]);
  sample('floor', '--import-only');
  // `import only`: mdq's import without a parse, beside the peer's import + first valid parse: the
  // floor of the valid row that no change to parsing can go under (compiling the root module).
  const kinds = {
    valid: VALID,
    broken: BROKEN,
    'import only': VALID,
    'broken, leaves the fast path': OFF_FAST_PATH,
  };
  const samples = {};
  for (const kind of Object.keys(kinds)) {
    samples[kind] = Object.fromEntries(contendersOf(kind).map((c) => [c, []]));
    // The rows without a target take half the processes.
    const count = kind in TARGETS ? perKind : perKind >> 1;
    for (let i = 0; i < count; i++) {
      const query = kinds[kind][i % kinds[kind].length];
      // Who goes first alternates too: the second of a pair runs on a machine the first warmed.
      for (const c of i % 2 === 0 ? contendersOf(kind) : [...contendersOf(kind)].reverse()) {
        const s = sample(
          c,
          c !== 'lucene-query-parser' && (kind === 'import only' || c === 'floor')
            ? '--import-only'
            : query,
        );
        if (c !== 'lucene-query-parser' && (s.problems === 0) !== !kind.startsWith('broken'))
          throw new Error(`cold: mdq gave ${s.problems} diagnostics on ${JSON.stringify(query)}`);
        samples[kind][c].push(s);
      }
    }
  }
  const rows = [];
  const checks = [];
  const ratios = {};
  const parseRatios = {};
  for (const kind of Object.keys(kinds)) {
    const cpu = (c) => median(samples[kind][c].map((s) => s.cpuMs));
    const wall = (c) => median(samples[kind][c].map((s) => s.wallMs));
    for (const c of contendersOf(kind))
      rows.push([
        kind,
        c,
        ms(cpu(c)),
        ms(wall(c)),
        `${(cpu(c) / cpu('lucene-query-parser')).toFixed(1)}x`,
      ]);
    ratios[kind] = cpu('mdq') / cpu('lucene-query-parser');
    if (kind === 'import only') ratios.floor = cpu('floor') / cpu('lucene-query-parser');
    parseRatios[kind] = cpu('mdq/parse') / cpu('lucene-query-parser');
    if (!(kind in TARGETS)) continue;
    for (const c of ['mdq', 'mdq/parse']) {
      const { low, high } = band(
        roundRatios(samples[kind][c], samples[kind]['lucene-query-parser']),
      );
      checks.push(
        atMost(
          `cold: \`import '${c}'\` + first parse of a ${kind} query ≤ ${TARGETS[kind]}x lucene-query-parser's (CPU, 29)`,
          `${(cpu(c) / cpu('lucene-query-parser')).toFixed(1)}x (${ms(cpu(c))} vs ${ms(cpu('lucene-query-parser'))}; rounds ${low.toFixed(1)}x-${high.toFixed(1)}x)`,
          [{ label: c, median: cpu(c) / cpu('lucene-query-parser'), low, high }],
          TARGETS[kind],
        ),
      );
    }
  }
  return {
    title: 'Cold: import + first parse',
    tables: [
      {
        columns: ['query', 'parser', 'CPU time (median)', 'wall time (median)', '÷ peer (CPU)'],
        rows,
      },
    ],
    notes: [
      `Each row: the median of ${perKind} fresh (${perKind >> 1} for the rows without a target) \`node\` processes, timed from before the import to after the first parse (node's own boot is not included). The contenders alternate process by process. Broken queries, one a process in turn: ${BROKEN.map((q) => `\`${q}\``).join(', ')}.`,
      'mdq is dist/index.js as built (the language, printer, schema and checker: the builder, completion, evaluator and example tenant are subpaths of their own since session 18), mdq/parse dist/parse.js (the language entry: `parse` and its types, its own copy of the parser, no checker, completion or evaluator) (the recovering parser runs on the recognizer of mdq, with no grammar analysis at run time); lucene-query-parser is its npm package, which throws on the first error.',
      `"broken, leaves the fast path": ${OFF_FAST_PATH.map((q) => `\`${q}\``).join(', ')}, shapes the fast path does not recover from, so the first of them runs the recovering parser (recorded, no target).`,
      '"import only": mdq\'s import of its root module without a parse, beside the peer\'s import + first valid parse: the floor of the valid row (V8 compiling the root), which no change to parsing goes under.',
      "A verdict holds only when the rounds next to the median (the processes in runs of consecutive alternations, five runs or runs of three, each run's ratio of medians) fall on one side of the target; otherwise UNSURE.",
      '"floor" (in "import only"): a module of the root\'s size and text that runs nothing at top level (the root\'s code as the body of a function never called, written to a temporary file): what importing that much code costs however little the root does on import; no change short of shipping less code in the root goes under it.',
    ],
    summary: `valid ${ratios.valid.toFixed(1)}x, broken ${ratios.broken.toFixed(1)}x lucene-query-parser's import + first parse (CPU); mdq's import alone ${ratios['import only'].toFixed(1)}x (a module of its size that runs nothing: ${ratios.floor.toFixed(1)}x); mdq/parse valid ${parseRatios.valid.toFixed(1)}x, broken ${parseRatios.broken.toFixed(1)}x, import alone ${parseRatios['import only'].toFixed(1)}x`,
    checks,
  };
}
