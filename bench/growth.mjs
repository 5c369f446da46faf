/**
 * `node --expose-gc bench/growth.mjs` (after `npm run build`): how the time of `parse`,
 * `check` (with the example tenant's schemas) and `fixQuery` grows with the length of
 * adversarial queries, 10 000 → 100 000 → 1 000 000 characters. Target: every 10x in
 * size costs at most 15x in time (linear, with room for cache and GC effects).
 *
 * Options: `--only=parse,check,fixQuery`, `--family=NAME,...` (substrings of the names),
 * `--part=I/N` (every N-th family from the I-th, to split a run over processes),
 * `--sizes=10000,100000,1000000`, `--budget=SECONDS` (a step whose projected time, at 15x the
 * last one, would exceed it is skipped and marked over budget), `--strict` (exit 1 on a miss).
 *
 * The limits are raised (`maxLength`, `maxClauses`) so that the whole text is really parsed:
 * with the defaults a long query of many clauses stops at `too-many-clauses` at once.
 */
import { exampleSchemas, fixQuery, check, parse } from '../dist/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SIZES = option('sizes', '10000,100000,1000000').split(',').map(Number);
const ONLY = option('only', 'parse,check,fixQuery').split(',');
const FAMILY_FILTER = option('family', '')?.split(',').filter(Boolean) ?? [];
const BUDGET_MS = Number(option('budget', '300')) * 1000;
const TARGET = 15;

const LIMITS = { maxLength: 10_000_000, maxClauses: 10_000_000 };
const FUNCTIONS = {
  parse: (text) => parse(text, LIMITS),
  check: (text) => check(text, { schema: exampleSchemas, parse: LIMITS }),
  fixQuery: (text) => fixQuery(text, { schema: exampleSchemas, parse: LIMITS }),
};

/** `fragment` repeated to exactly `length` characters. */
const repeat = (fragment) => (length) => fragment.repeat(Math.ceil(length / fragment.length)).slice(0, length);
/** Clauses from `make(i)`, joined by `joiner`, to `length` characters. */
const list = (make, joiner) => (length) => {
  const parts = [];
  let size = 0;
  for (let i = 0; size < length; i++) {
    const part = (i === 0 ? '' : joiner) + make(i);
    parts.push(part);
    size += part.length;
  }
  return parts.join('').slice(0, length);
};
const pad = (n, width) => String(n).padStart(width, '0');

/** The families: the issue's, and more of the same spirit (each a name and a text of a given length). */
const FAMILIES = [
  ['( repeated', repeat('(')],
  [') repeated', repeat(')')],
  ['[ repeated', repeat('[')],
  ['] repeated', repeat(']')],
  ['{ repeated', repeat('{')],
  ['} repeated', repeat('}')],
  ['" repeated', repeat('"')],
  ['\\ repeated', repeat('\\')],
  ['^ repeated', repeat('^')],
  ['~ repeated', repeat('~')],
  [')( repeated', repeat(')(')],
  ['a~ repeated', repeat('a~')],
  ['&& repeated', repeat('&& ')],
  [':< repeated', repeat(':<')],
  ['[a TO ', repeat('[a TO ')],
  ['[a TO b} ', repeat('[a TO b} ')],
  ['[a TO b) ', repeat('[a TO b) ')],
  ['[a eq "x" ', repeat('[a eq "x" ')],
  ['[x eq ', repeat('[x eq ')],
  ['["] (quotes across brackets)', repeat('["] ')],
  ['[a "]" TO b] ', repeat('[a "]" TO b] ')],
  ['a OR ', repeat('a OR ')],
  ['a AND ', repeat('a AND ')],
  ['NOT ', repeat('NOT ')],
  ['- (detached prefix)', repeat('- ')],
  ['f: (missing value)', repeat('f: ')],
  ['a:b:c ', repeat('a:b:c ')],
  [')\\n (lines)', repeat(')\n')],
  ['First Name:John and ', repeat('First Name:John and ')],
  ['a (duplicates)', repeat('a ')],
  ['City:Berlin OR (duplicate clauses)', repeat('City:Berlin OR ')],
  ['contradictions', repeat('[Age] gt 50 AND [Age] lt 10 AND ')],
  ['look-alike ids', list((i) => `Id:C${pad(i, 7)}`, ' OR ')],
  ['look-alike phrases', list((i) => `"Customer ${pad(i, 6)}"`, ' OR ')],
  ['valid comparisons', list((i) => `[Age] ge ${i % 100} and [City] eq "Berlin ${i}"`, ' or ')],
  ['deep groups, 50 levels, repeated', repeat(`${'('.repeat(50)}a${')'.repeat(50)} `)],
  ['shallow groups ((a) b) ', repeat('((a) b) ')],
  ['unterminated phrase', (length) => `"${repeat('a ')(length - 1)}`],
  ['unterminated regex', (length) => `/${repeat('a ')(length - 1)}`],
  ['/ repeated (regexes)', repeat('/')],
  ['escapes a\\ b\\:c ', repeat('a\\ b\\:c ')],
  ['bad escapes \\u12 ', repeat('\\u12 ')],
  ['\\u00e9 escapes (one word)', repeat('\\u00e9')],
  ['wildcards *a?b ', repeat('*a?b ')],
  ['fuzzy a~1.5 ', repeat('a~1.5 ')],
  ['boosts (a)^2 ', repeat('(a)^2 ')],
  ['bracket name without ] [First Name ', repeat('[First Name ')],
  ['bare values [Age] eq x ', repeat('[Age] eq x ')],
  ['lower-case operators a and b or ', repeat('a and b or ')],
];

const gc = globalThis.gc ?? (() => {});

/** CPU milliseconds of this process so far: other work on a loaded machine does not count. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * CPU milliseconds for one call on `text`: the fastest of several runs (up to 15 while they
 * add up to less than 300 ms; one when it takes longer), each on a text of its own (the last
 * `run` characters dropped), so that no run is served from a cache an earlier run of the same
 * text filled (escaped spellings are remembered, for one). CPU time, not wall time: the
 * machine these figures come from was shared, and waiting for a core is not mdq's cost.
 */
function time(fn, text) {
  let best = Infinity;
  let spent = 0;
  for (let run = 0; run < 15 && (run === 0 || spent < 300); run++) {
    const variant = run === 0 ? text : text.slice(0, text.length - run);
    gc();
    const start = cpu();
    fn(variant);
    const elapsed = cpu() - start;
    best = Math.min(best, elapsed);
    spent += elapsed;
  }
  return best;
}

const [part, parts] = option('part', '1/1').split('/').map(Number);
const families = FAMILIES.filter(([name], i) => (FAMILY_FILTER.length === 0 || FAMILY_FILTER.some((f) => name.includes(f))) && i % parts === part - 1);
const rows = [];
let misses = 0;
for (const [name, make] of families) {
  for (const fnName of ONLY) {
    const fn = FUNCTIONS[fnName];
    const times = [];
    let skipped = false;
    for (const size of SIZES) {
      const last = times[times.length - 1];
      if (skipped || (last !== undefined && last * TARGET > BUDGET_MS)) {
        skipped = true;
        times.push(undefined);
        continue;
      }
      const text = make(size);
      // Warm up on pieces of the same shape, so the first size does not pay for compiling.
      if (times.length === 0) for (let k = 0; k < 5; k++) fn(make(2000 + k));
      times.push(time(fn, text));
    }
    const ratios = times.slice(1).map((t, i) => (t === undefined || times[i] === undefined ? undefined : t / Math.max(times[i], 0.05)));
    const worst = Math.max(...ratios.filter((r) => r !== undefined));
    const pass = !skipped && worst <= TARGET;
    if (!pass) misses++;
    rows.push({ name, fnName, times, ratios, pass, skipped });
    const cells = times.map((t) => (t === undefined ? 'skipped' : `${t.toFixed(1)} ms`));
    process.stderr.write(`${name} / ${fnName}: ${cells.join(' → ')}  ${ratios.map((r) => (r === undefined ? '-' : `${r.toFixed(1)}x`)).join(' ')} ${pass ? 'PASS' : skipped ? 'OVER BUDGET' : 'MISS'}\n`);
  }
}

const header = ['family', 'function', ...SIZES.map((s) => `${s.toLocaleString('en')} chars`), ...SIZES.slice(1).map((s, i) => `×${s / SIZES[i]} size`), `≤ ${TARGET}x`];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const row of rows) {
  const cells = row.times.map((t) => (t === undefined ? 'skipped' : t < 10 ? t.toFixed(2) : t.toFixed(0)));
  const ratios = row.ratios.map((r) => (r === undefined ? '-' : `${r.toFixed(1)}x`));
  console.log(`| ${row.name.replace(/\|/g, '\\|')} | ${row.fnName} | ${cells.join(' | ')} | ${ratios.join(' | ')} | ${row.pass ? 'yes' : row.skipped ? 'over budget' : '**no**'} |`);
}
console.log(`\n${rows.length - misses} of ${rows.length} within the target (CPU ms of the process, the fastest of up to 15 runs, each on a text of its own).`);
if (args.includes('--strict') && misses > 0) process.exit(1);
