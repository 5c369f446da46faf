/**
 * Stage "check": parse + check throughput (MB/s) of the built package against the
 * example tenant's schemas and a synthetic 500-field schema, next to parse alone on the
 * same text, on correct queries and on queries with mistakes. Targets: check keeps at
 * least half the parse-only throughput, and stays linear in query length (10 000-clause
 * queries within 30% of 100-clause ones).
 *
 * A stage module like the others (`run({ quick, log })`); also runs on its own:
 *   npm run build && node --expose-gc bench/check.mjs [--quick]
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { seededRandom } from './corpus.mjs';
import { collectYoung, median, now, throughputRound, utf8Bytes } from './measure.mjs';

const SETTINGS = {
  full: { warmupMs: 600, roundMs: 300, rounds: 9 },
  quick: { warmupMs: 150, roundMs: 80, rounds: 3 },
};

const pct = (share) => `${(share * 100).toFixed(0)}%`;
const pick = (random, items) => items[Math.floor(random() * items.length)];
const int = (random, min, max) => min + Math.floor(random() * (max - min + 1));
const pad = (n) => String(n).padStart(2, '0');

/** A field name written for `name:value`: spaces escaped. */
const bare = (name) => name.replace(/[ \\:()[\]{}"*?~^!/+-]/g, '\\$&');

/** One clause on a schema field, the way people write them; a share `mistakes` of them misspell the field. */
function clauseFor(field, random, mistakes) {
  const typo = random() < mistakes;
  const name = typo ? `${field.name.slice(0, -1)}x` : field.name;
  const kind = field.dataType;
  if (kind === 'integer' || kind === 'float' || kind === 'currency') {
    const a = int(random, 0, 90);
    return pick(random, [
      `[${name}] ge ${a}`,
      `${bare(name)}:[${a} TO ${a + int(random, 1, 50)}]`,
      `${bare(name)}:>${a}`,
      `[${name}] lt ${a + 5}`,
    ]);
  }
  if (kind === 'time')
    return pick(random, [
      `[${name}] ge "${pad(int(random, 6, 20))}:00"`,
      `${bare(name)}:[08:00 TO 12:30]`,
    ]);
  if (kind.startsWith('date')) {
    const y = int(random, 2000, 2024);
    const d = `${y}-${pad(int(random, 1, 12))}-${pad(int(random, 1, 28))}`;
    return pick(random, [
      `${bare(name)}:[${y}-01-01 TO ${y}-12-31]`,
      `[${name}] ge "${d}"`,
      `${bare(name)}:<${d}`,
    ]);
  }
  if (kind === 'boolean')
    return `${bare(name)}:${pick(random, (field.allowedBooleanValues ?? 'true/false').split('/'))}`;
  if (kind === 'picklist') {
    const codes = (field.staticPicklist ?? [{ code: 'X' }]).map((e) => e.code);
    return pick(random, [
      `${bare(name)}:${pick(random, codes)}`,
      `${bare(name)}:(${pick(random, codes)} OR ${pick(random, codes)})`,
      `[${name}] eq "${pick(random, codes)}"`,
    ]);
  }
  const word = pick(random, ['Berlin', 'Smith', 'acme', 'Paris', 'Tokyo', 'Doe', 'blue', 'x-100']);
  return pick(random, [
    `[${name}] eq "${word}"`,
    `${bare(name)}:${word}`,
    `${bare(name)}:${word.slice(0, 3)}*`,
    `[${name}] contains "${word}"`,
    `_exists_:${bare(name)}`,
    `${bare(name)}:"${word} ${word}"`,
  ]);
}

/** A query of `clauses` clauses on random searchable fields, joined like the parse bench's long queries. */
function query(fields, clauses, random, mistakes) {
  const parts = [];
  for (let i = 0; i < clauses; i++) {
    const clause =
      random() < 0.1
        ? pick(random, ['John', '"New York"', 'Jo*', 'Smith'])
        : clauseFor(pick(random, fields), random, mistakes);
    if (i === 0) parts.push(clause);
    else {
      const joiner = pick(random, [' AND ', ' AND ', ' ', ' OR ', ' AND NOT ']);
      // Keep AND and OR apart with parentheses, as the checker wants; a few mixes stay to be reported.
      parts.push(
        joiner === ' OR ' && random() < 0.9
          ? ` AND (${clause} OR ${clauseFor(pick(random, fields), random, mistakes)})`
          : joiner + clause,
      );
    }
  }
  return parts.join('');
}

/** A synthetic tenant schema of 500 fields of every type. */
function wideSchema() {
  const random = seededRandom(500);
  const types = [
    'string',
    'string',
    'string',
    'integer',
    'float',
    'currency',
    'date',
    'datetime',
    'boolean',
    'picklist',
    'email',
    'image',
    'geo coordinates',
  ];
  const words = [
    'Account',
    'Billing',
    'Contract',
    'Delivery',
    'Region',
    'Partner',
    'Segment',
    'Channel',
    'Owner',
    'Priority',
    'Risk',
    'Tax',
  ];
  const fields = [];
  for (let i = 0; i < 500; i++) {
    const dataType = types[i % types.length];
    const field = {
      name: `${pick(random, words)} ${pick(random, words)} ${i}`,
      dataType,
      active: random() > 0.05,
      isPII: random() < 0.1,
      isMultivalue: random() < 0.1,
    };
    if (dataType === 'string') Object.assign(field, { min: 1, max: 200 });
    if (dataType === 'date')
      Object.assign(field, { min: '1990-01-01', max: '2030-12-31', dateFormat: 'YYYY-MM-DD' });
    if (dataType === 'boolean') field.allowedBooleanValues = 'Y/N';
    if (dataType === 'picklist')
      field.staticPicklist = Array.from({ length: 8 }, (_, k) => ({
        code: `C${k}`,
        description: `Choice ${k}`,
      }));
    fields.push(field);
  }
  return {
    schemaId: 'wide',
    name: 'Wide',
    businessAreaId: 'ba',
    businessAreaName: 'customer',
    createdDate: '2024-01-01T00:00:00Z',
    fields,
  };
}

/** The corpora; `mistakes` is the share of clauses that misspell their field (0: every query is clean). */
export function corpora(mdq, mistakes = 0) {
  const example = mdq.exampleSchemas;
  const wide = [wideSchema()];
  const searchable = (schemas) =>
    schemas.flatMap((s) => s.fields).filter((f) => f.dataType !== 'image');
  const make = (schemas, seed, count, clauses) => {
    const random = seededRandom(seed);
    return Array.from({ length: count }, () =>
      query(searchable(schemas), clauses, random, mistakes),
    );
  };
  return [
    {
      id: 'ex-short',
      label: 'example tenant, 1–6 clauses (1 000)',
      schema: example,
      queries: Array.from({ length: 1000 }, (_, i) => make(example, 10 + i, 1, 1 + (i % 6))[0]),
    },
    {
      id: 'ex-100',
      label: 'example tenant, 100 clauses (100)',
      schema: example,
      queries: make(example, 11, 100, 100),
    },
    {
      id: 'ex-1000',
      label: 'example tenant, 1 000 clauses (10)',
      schema: example,
      queries: make(example, 12, 10, 1_000),
    },
    {
      id: 'ex-10000',
      label: 'example tenant, 10 000 clauses (1)',
      schema: example,
      queries: make(example, 13, 1, 10_000),
    },
    {
      id: 'wide-short',
      label: '500-field schema, 1–6 clauses (1 000)',
      schema: wide,
      queries: Array.from({ length: 1000 }, (_, i) => make(wide, 20 + i, 1, 1 + (i % 6))[0]),
    },
    {
      id: 'wide-1000',
      label: '500-field schema, 1 000 clauses (10)',
      schema: wide,
      queries: make(wide, 21, 10, 1_000),
    },
  ];
}

/**
 * Lists of look-alike record ids, the way a program fetches a known set of records:
 * `_dataObjectId:(C000000 OR C000001 OR ...)`, a few of them repeated. Ids of one
 * length share few cheap sketches, which once made duplicate detection quadratic.
 */
export function idLists(mdq) {
  const list = (from, count) => {
    const ids = Array.from({ length: count }, (_, i) => `C${String(from + i).padStart(6, '0')}`);
    return `_dataObjectId:(${[...ids, ids[count >> 1], ids[count - 1]].join(' OR ')})`;
  };
  const example = mdq.exampleSchemas;
  return [
    {
      id: 'ids-100',
      label: 'ids in one OR, 100 each (100)',
      schema: example,
      queries: Array.from({ length: 100 }, (_, i) => list(i * 100, 100)),
    },
    {
      id: 'ids-10000',
      label: 'ids in one OR, 10 000 (1)',
      schema: example,
      queries: [list(0, 10_000)],
    },
  ];
}

/**
 * The floor of any check (issue 29): parse, then a bare walk of the tree (the child-key table,
 * no visitor object, no diagnostics) with one schema lookup per field name. What check does
 * beyond this is its rules; what this costs, no checker that reads every field can avoid.
 */
function bareWalk(mdq, schema) {
  const { childKeys } = mdq;
  let found = 0;
  const walk = (node) => {
    if (node.kind === 'FieldName') {
      if (schema.field(node.value) !== undefined) found++;
      return;
    }
    for (const key of childKeys[node.kind]) {
      const child = node[key];
      if (child === null || child === undefined) continue;
      if (Array.isArray(child)) for (const c of child) walk(c);
      else walk(child);
    }
  };
  return (q) => {
    const { ast } = mdq.parse(q);
    walk(ast);
    return found;
  };
}

/** Lets the garbage collector's performance entries reach their observer. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Times parse alone and parse + check on one corpus, in alternating rounds; medians in
 * MB/s, and the share of each contender's measured time spent collecting garbage (a
 * collection that falls while a long query's tree is alive copies the whole tree).
 */
async function timeCorpus(mdq, corpus, settings) {
  const schema = mdq.loadSchema(corpus.schema);
  const bytes = utf8Bytes(corpus.queries);
  const syntax = corpus.queries.reduce((n, q) => n + mdq.parse(q).diagnostics.length, 0);
  if (syntax > 0)
    throw new Error(
      `corpus "${corpus.id}" has ${syntax} syntax diagnostics: the generator is broken`,
    );
  const found = corpus.queries.reduce((n, q) => n + mdq.check(q, { schema }).length, 0);
  const contenders = [
    { name: 'parse', fn: (q) => mdq.parse(q) },
    { name: 'parse + check', fn: (q) => mdq.check(q, { schema }) },
    { name: 'parse + bare walk', fn: bareWalk(mdq, schema) },
  ];
  const samples = new Map(contenders.map((c) => [c.name, []]));
  const timed = new Map(contenders.map((c) => [c.name, { ms: 0, collecting: 0 }]));
  let collecting = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) collecting += entry.duration;
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    for (const c of contenders) throughputRound(c.fn, corpus.queries, bytes, settings.warmupMs);
    for (let round = 0; round < settings.rounds; round++) {
      for (const c of contenders) {
        collectYoung();
        await settle();
        const before = collecting;
        const start = now();
        samples.get(c.name).push(throughputRound(c.fn, corpus.queries, bytes, settings.roundMs));
        const t = timed.get(c.name);
        t.ms += now() - start;
        await settle();
        t.collecting += collecting - before;
      }
    }
  } finally {
    observer.disconnect();
  }
  const share = (name) => timed.get(name).collecting / timed.get(name).ms;
  return {
    parseOnly: median(samples.get('parse')),
    checked: median(samples.get('parse + check')),
    floor: median(samples.get('parse + bare walk')),
    bytes,
    found,
    collecting: { parse: share('parse'), checked: share('parse + check') },
  };
}

export async function run({ quick = false, log = () => {} } = {}) {
  const mdq = {
    ...(await import('../dist/index.js')),
    ...(await import('../dist/examples.js')),
  };
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  const sets = [
    { id: 'clean', title: 'field names all correct', mistakes: 0 },
    { id: 'mistakes', title: '1 clause in 12 misspells its field', mistakes: 1 / 12 },
  ];
  const tables = [];
  const stats = [];
  const measured = new Map();
  /** Times each corpus of a set, keeping its figures under `setId/corpusId`, and makes the set's table. */
  const timeSet = async (setId, title, list) => {
    const rows = [];
    for (const corpus of list) {
      log(`check: timing ${corpus.label}, ${title}`);
      const m = await timeCorpus(mdq, corpus, settings);
      measured.set(`${setId}/${corpus.id}`, m);
      stats.push(
        `${corpus.label}, ${title}: ${(m.bytes / 1e3).toFixed(1)} kB, ${m.found} diagnostics`,
      );
      rows.push([
        corpus.label,
        m.parseOnly.toFixed(2),
        m.checked.toFixed(2),
        pct(m.checked / m.parseOnly),
        pct(m.floor / m.parseOnly),
        `${pct(m.collecting.parse)} / ${pct(m.collecting.checked)}`,
      ]);
    }
    tables.push({
      columns: [
        `corpus (${title})`,
        'parse only',
        'parse + check',
        'check keeps',
        'the floor keeps',
        'collecting garbage',
      ],
      rows,
    });
  };
  for (const set of sets) await timeSet(set.id, set.title, corpora(mdq, set.mistakes));
  // Lists of look-alike ids: field names all correct, so they count in that set's worst case.
  await timeSet('clean', 'lists of look-alike ids', idLists(mdq));
  const ratio = (key) => measured.get(key).checked / measured.get(key).parseOnly;
  const worstOf = (prefix) =>
    [...measured.keys()]
      .filter((k) => k.startsWith(prefix))
      .map((k) => [k, ratio(k)])
      .reduce((a, b) => (b[1] < a[1] ? b : a));
  const clean = worstOf('clean/');
  const mistakes = worstOf('mistakes/');
  const linear = measured.get('clean/ex-10000').checked / measured.get('clean/ex-100').checked;
  const linearIds = measured.get('clean/ids-10000').checked / measured.get('clean/ids-100').checked;
  return {
    title: 'Check throughput (parse + check, MB/s)',
    tables,
    notes: [
      'Medians of the rounds, parse alone and parse + check taking turns on the same text; `parse + check` is `check(text, { schema })` with the schema loaded once and every rule on its default level. "Collecting garbage" is the share of each one\'s measured time (parse only / parse + check) spent in the garbage collector (`--expose-gc` runs a young-generation collection before each round, outside the timing: a full one left the code cold for 100 ms and more, bench/gc-distortion.mjs). Queries mix bracket comparisons, `field:value` with escaped spaces, ranges, picklist groups and full text over every searchable field; the second set misspells one field in twelve, so the reporting paths and "did you mean" over all field names are timed too. The third set is lists of record ids in one OR, the way a program fetches a known set of records (a couple repeated): ids of one length look alike to the cheap sketches that duplicate detection starts from.',
      '"The floor keeps": parse followed by a bare walk of the tree with one schema lookup per field name (`bareWalk`), against parse alone: what no checker that reads every field can beat.',
      `Corpora: ${stats.join('; ')}.`,
    ],
    summary: `parse + check keeps ${(clean[1] * 100).toFixed(0)}% or more of parse-only throughput with field names all correct (${(mistakes[1] * 100).toFixed(0)}% with mistakes); 10 000-clause queries run at ${(linear * 100).toFixed(0)}% of the 100-clause throughput`,
    checks: [
      {
        target:
          'parse + check >= 50% of parse-only throughput, field names all correct, every corpus',
        measured: `${(clean[1] * 100).toFixed(0)}% (worst: ${clean[0]})`,
        pass: clean[1] >= 0.5,
      },
      {
        target: 'parse + check >= 50% of parse-only throughput, queries with mistakes',
        measured: `${(mistakes[1] * 100).toFixed(0)}% (worst: ${mistakes[0]})`,
        pass: mistakes[1] >= 0.5,
      },
      {
        target: 'check linear in query length: 10 000 clauses within 30% of 100',
        measured: `${(linear * 100).toFixed(0)}%`,
        pass: linear >= 0.7,
      },
      {
        target: 'check linear on lists of look-alike ids: 10 000 within 30% of 100',
        measured: `${(linearIds * 100).toFixed(0)}%`,
        pass: linearIds >= 0.7,
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
  for (const c of result.checks)
    console.log(`- ${c.pass ? 'PASS' : 'FAIL'} ${c.target}: ${c.measured}`);
  console.log(`\n${result.summary}`);
}
