/**
 * Stage "evaluate": mdq's `compile`/`filter` on 100 000 generated records of the example
 * tenant's schemas (bench/records.mjs), typed by those schemas, against liqe's `filter` on the same records, on a
 * query set of terms, fields, wildcards, phrases, ranges and comparisons written in each
 * engine's syntax. Only queries on which the two return the very same records count for
 * the speed target (liqe matches substrings where mdq matches words, so some differ by
 * design); the others are listed as such.
 *
 * mdq is measured cold (the first query on records never seen: the words of their
 * values are analysed then, and cached) and warm (the next query on the same records).
 * Figures: milliseconds per query over all records, nanoseconds per record per clause,
 * compile time per query, and linearity in the number of records.
 *
 * A stage module like the others (`run({ quick, log })`); also runs on its own:
 *   npm run build && node --expose-gc bench/evaluate.mjs [--quick]
 */
import { compile, exampleSchemas, filter, parse, visit } from '../dist/index.js';
import liqe from 'liqe';
import { freshCopies, generateRecords } from './records.mjs';
import { median } from './measure.mjs';

const SETTINGS = {
  full: { records: 100_000, rounds: 5, compileRuns: 1000, linearity: [10_000, 30_000, 100_000] },
  // Quick: half the records of before (every figure is per record or a ratio; copying the records for each cold round was most of the stage).
  quick: { records: 10_000, rounds: 2, compileRuns: 200, linearity: [5_000, 20_000] },
};

/** [label, mdq query, liqe query (null: liqe cannot say it)] */
const QUERIES = [
  ['term', 'berlin', 'berlin'],
  ['two terms', 'jane keller', 'jane keller'],
  ['field term', 'City:paris', 'City:paris'],
  ['picklist code', 'Status:BLK', 'Status:BLK'],
  ['AND of fields', 'Status:ACT AND Country:DE', 'Status:ACT AND Country:DE'],
  ['OR of fields', 'City:berlin OR City:lyon', 'City:berlin OR City:lyon'],
  ['AND NOT', 'Country:NL AND NOT Status:ACT', 'Country:NL AND NOT Status:ACT'],
  ['prefix wildcard', 'First\\ Name:Ja*', "'First Name':Ja*"],
  ['phrase in field', 'City:"New York"', 'City:"New York"'],
  ['phrase', '"garden hose"', '"Garden Hose"'],
  ['numeric range', 'Age:[30 TO 40]', 'Age:[30 TO 40]'],
  ['exclusive range', 'Unit\\ Price:{10 TO 50}', "'Unit Price':{10 TO 50}"],
  ['relation', 'Age:>65', 'Age:>65'],
  ['comparison', '[Credit Limit] ge 15000', "'Credit Limit':>=15000"],
  [
    'mixed',
    '(City:berlin OR City:hamburg) AND Age:<30 AND VIP:Y',
    '(City:berlin OR City:hamburg) AND Age:<30 AND VIP:Y',
  ],
  ['date in field format', '[Date of Birth] lt "1950-01-01"', null],
  ['date range (DD.MM.YYYY)', 'Onboarded\\ On:[2020-01-01 TO 2020-12-31]', null],
  ['infix wildcard', '*ergo*', null],
  ['fuzzy', 'headphnoes~1', null],
  ['sloppy phrase', '"wireless battery"~3', null],
  ['regex', 'Email:/jane\\..*/', null],
  ['contains', '[Product Name] contains "lamp"', null],
  ['exists', 'NOT _exists_:Phone', null],
];

const LEAVES = new Set([
  'Term',
  'Phrase',
  'Wildcard',
  'Regex',
  'Range',
  'Relation',
  'Fuzzy',
  'Proximity',
  'Comparison',
  'Exists',
  'MatchAll',
]);

function clauses(text) {
  let n = 0;
  visit(parse(text).ast, {
    enter(node) {
      if (!LEAVES.has(node.kind)) return undefined;
      n++;
      return false;
    },
  });
  return n;
}

/**
 * CPU time of the whole process (every thread: the garbage collector's helpers too), in ms.
 * Wall-clock time on a machine shared with other work measures the other work; CPU time
 * measures what the two engines cost.
 */
const now = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Collects garbage and waits until the collector's helper threads are done (the process
 * idle for 20 ms), so that sweeping what an earlier round left is not charged to the next.
 */
async function settle() {
  globalThis.gc?.();
  for (let i = 0; i < 50; i++) {
    const before = now();
    await sleep(20);
    if (now() - before < 1) return;
  }
}
const ms = (x) => x.toFixed(1);
const ns = (x) => x.toFixed(0);
const times = (x) => `${x.toFixed(1)}x`;

function timeMs(fn) {
  const start = now();
  const result = fn();
  return [now() - start, result];
}

function sameRecords(a, b) {
  if (a.length !== b.length) return false;
  const ids = new Set(a.map((r) => r._dataObjectId));
  return b.every((r) => ids.has(r._dataObjectId));
}

function compileMicros(text, runs) {
  const samples = [];
  for (let round = 0; round < 5; round++) {
    const start = now();
    for (let i = 0; i < runs / 5; i++) compile(text, { schema: exampleSchemas });
    samples.push(((now() - start) * 1000) / (runs / 5));
  }
  return median(samples);
}

/** Cold: fresh copies of the records for every round, so nothing about them is cached yet (by mdq, or by the engine). */
async function cold(records, run, rounds) {
  const samples = [];
  let result;
  for (let i = 0; i < rounds; i++) {
    const copies = freshCopies(records);
    await settle();
    const [t, r] = timeMs(() => run(copies));
    samples.push(t);
    result = r;
  }
  return [median(samples), result];
}

/** Warm: the same records again, after one pass over them. */
async function warm(records, run, rounds) {
  run(records);
  const samples = [];
  let result;
  for (let i = 0; i < rounds; i++) {
    await settle();
    const [t, r] = timeMs(() => run(records));
    samples.push(t);
    result = r;
  }
  return [median(samples), result];
}

/**
 * The fields a query's clauses name, or undefined when it has a full-text clause (one that
 * reads every value of a record).
 */
function fieldsOf(text) {
  const fields = new Set();
  let fullText = false;
  visit(parse(text).ast, {
    enter(node) {
      if (node.kind === 'Field' || node.kind === 'Comparison' || node.kind === 'Exists') {
        fields.add(node.field.value);
        return false;
      }
      if (LEAVES.has(node.kind)) fullText = true;
      return undefined;
    },
  });
  return fullText ? undefined : [...fields];
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The floor of a cold query on one field: a loop that only reads that field of each
 * record, as any evaluator must (an own property, read by a name known at run time: no
 * `new Function`, which a strict Content-Security-Policy forbids), and tests nothing. No
 * evaluator that reads every record can take less on the same fresh copies, so liqe's cold
 * time over this is the most any of them could be faster than liqe.
 */
function bareRead(fields) {
  return (records) => {
    let seen = 0;
    for (let i = 0; i < records.length; i++) {
      const record = records[i];
      for (let f = 0; f < fields.length; f++)
        if (hasOwn.call(record, fields[f]) && record[fields[f]] !== undefined) seen++;
    }
    return seen;
  };
}

const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

export async function run({ quick = false, log = () => {} } = {}) {
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  log(`evaluate: generating ${settings.records} records`);
  const records = generateRecords(settings.records);
  const rows = [];
  const agreedCold = [];
  const agreedWarm = [];
  const differing = [];
  /** [label, floor ms, mdq cold ms] of the agreeing queries on one field. */
  const floors = [];
  for (const [label, text, liqeText] of QUERIES) {
    log(`evaluate: ${label}`);
    const matcher = compile(text, { schema: exampleSchemas });
    const n = clauses(text);
    const compileUs = compileMicros(text, settings.compileRuns);
    const mdqRun = (rs) => filter(rs, matcher);
    const [mdqCold, coldResult] = await cold(records, mdqRun, settings.rounds);
    const warmRecords = freshCopies(records);
    const [mdqWarm, warmResult] = await warm(warmRecords, mdqRun, settings.rounds);
    if (!sameRecords(coldResult, warmResult))
      throw new Error(`cold and warm runs of ${text} disagree`);
    let liqeCell = 'n/a';
    let agree = '';
    let speed = '';
    let liqeColdMs;
    if (liqeText !== null) {
      const ast = liqe.parse(liqeText);
      const liqeRun = (rs) => liqe.filter(ast, rs);
      const [liqeCold, liqeResult] = await cold(records, liqeRun, settings.rounds);
      liqeColdMs = liqeCold;
      const [liqeWarm] = await warm(warmRecords, liqeRun, settings.rounds);
      liqeCell = `${ms(liqeCold)} / ${ms(liqeWarm)}`;
      if (sameRecords(liqeResult, coldResult)) {
        agree = `yes (${coldResult.length})`;
        agreedCold.push(liqeCold / mdqCold);
        agreedWarm.push(liqeWarm / mdqWarm);
        speed = `${times(liqeCold / mdqCold)} / ${times(liqeWarm / mdqWarm)}`;
      } else {
        agree = `no (${liqeResult.length} vs ${coldResult.length})`;
        differing.push(label);
      }
    }
    const perClause = (t) => ns((t * 1e6) / (records.length * n));
    const fields = fieldsOf(text);
    let floorCell = 'n/a';
    if (fields?.length === 1 && liqeText !== null && agree.startsWith('yes')) {
      const [floor] = await cold(records, bareRead(fields), settings.rounds);
      floorCell = `${ms(floor)} (${times(liqeColdMs / floor)})`;
      floors.push([label, floor, mdqCold]);
    }
    rows.push([
      label,
      `\`${text.replace(/\|/g, '\\|')}\``,
      n,
      coldResult.length,
      ms(mdqCold),
      ms(mdqWarm),
      perClause(mdqCold),
      perClause(mdqWarm),
      compileUs.toFixed(1),
      liqeCell,
      agree,
      speed,
      floorCell,
    ]);
  }

  log('evaluate: linearity');
  const linearRows = [];
  const perRecord = [];
  const agreedQueries = QUERIES.filter(
    ([label, , l]) => l !== null && !differing.includes(label),
  ).map(([, text]) => compile(text, { schema: exampleSchemas }));
  for (const size of settings.linearity) {
    const subset = records.slice(0, size);
    const coldCopies = freshCopies(subset);
    await settle();
    const [cold] = timeMs(() => agreedQueries.forEach((m) => filter(coldCopies, m)));
    const warmSamples = [];
    for (let i = 0; i < settings.rounds; i++) {
      await settle();
      warmSamples.push(timeMs(() => agreedQueries.forEach((m) => filter(coldCopies, m)))[0]);
    }
    const warm = median(warmSamples);
    perRecord.push([size, (cold * 1e6) / size, (warm * 1e6) / size]);
    linearRows.push([
      size.toLocaleString('en'),
      ms(cold),
      ms(warm),
      ns((cold * 1e6) / size),
      ns((warm * 1e6) / size),
    ]);
  }
  const first = perRecord[0];
  const last = perRecord[perRecord.length - 1];
  const coldRatio = last[1] / first[1];
  const warmRatio = last[2] / first[2];

  const minCold = Math.min(...agreedCold);
  const minWarm = Math.min(...agreedWarm);
  return {
    title: `Evaluate: compile and filter ${records.length.toLocaleString('en')} records against liqe`,
    summary: `cold ${times(minCold)}-${times(Math.max(...agreedCold))} (geometric mean ${times(geomean(agreedCold))}), warm ${times(minWarm)}-${times(Math.max(...agreedWarm))} (${times(geomean(agreedWarm))}) faster than liqe on ${agreedCold.length} queries that agree`,
    tables: [
      {
        columns: [
          'query',
          'mdq',
          'clauses',
          'matches',
          'cold ms',
          'warm ms',
          'cold ns/rec/clause',
          'warm ns/rec/clause',
          'compile µs',
          'liqe cold / warm ms',
          'same records',
          'speed-up cold / warm',
          'cold floor ms (liqe ÷ floor)',
        ],
        rows,
      },
      {
        columns: [
          'records',
          `cold ms (${agreedQueries.length} queries)`,
          'warm ms',
          'cold ns/record',
          'warm ns/record',
        ],
        rows: linearRows,
      },
    ],
    notes: [
      `Times are CPU time of the whole process (every thread, the garbage collector's helpers too), not wall-clock time, so that other work on the machine does not count; before each timed run the heap is collected and the collector's helper threads are let finish. Cold: the first query on records never seen, for both engines (fresh copies each round: mdq analyses and caches what it needs then, and the engine meets new objects). Warm: the same query again on the same records. Medians of ${settings.rounds} rounds; compile time is the median of ${settings.compileRuns} compiles of the text; liqe parses its query once, outside the timing.`,
      `Cold floor (queries on one field): a loop that only reads the field of each fresh record (own property, name known at run time) and tests nothing, timed as the cold runs are; liqe's cold time over it is the most any evaluator that reads every record could gain on liqe there. mdq's cold time over the floor: ${floors.map(([label, floor, mdq]) => `${label} ${(mdq / floor).toFixed(2)}x`).join(', ')}.`,
      `Queries liqe answers differently (${differing.length}: ${differing.join(', ') || 'none'}) are left out of the speed target: liqe matches substrings of values where mdq matches words.`,
    ],
    checks: [
      {
        target: 'evaluate: ≥ 5x liqe, cold, every agreeing query',
        measured: `${times(minCold)} at least`,
        pass: minCold >= 5,
      },
      {
        target: 'evaluate: ≥ 5x liqe, warm, every agreeing query',
        measured: `${times(minWarm)} at least`,
        pass: minWarm >= 5,
      },
      {
        target: `evaluate: linear (ns/record at ${last[0].toLocaleString('en')} within 1.3x of ${first[0].toLocaleString('en')})`,
        measured: `cold ${coldRatio.toFixed(2)}, warm ${warmRatio.toFixed(2)}`,
        pass: coldRatio <= 1.3 && warmRatio <= 1.3,
      },
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { section } = await import('./report.mjs');
  const result = await run({
    quick: process.argv.includes('--quick'),
    log: (m) => process.stderr.write(`${m}\n`),
  });
  console.log(section(result));
  console.log(result.summary);
  for (const c of result.checks)
    console.log(`${c.pass ? 'PASS' : 'FAIL'} ${c.target}: ${c.measured}`);
}
