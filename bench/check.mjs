/**
 * Stage "check": parse + check throughput (MB/s) of the built package against the
 * example tenant's schemas and a synthetic 500-field schema, next to parse alone on the
 * same text. Targets: check keeps at least half the parse-only throughput, and stays
 * linear in query length (10 000-clause queries within 30% of 100-clause ones).
 *
 * A stage module like the others (`run({ quick, log })`); also runs on its own:
 *   npm run build && node --expose-gc bench/check.mjs [--quick]
 */
import { seededRandom } from './corpus.mjs';
import { median, throughputRound, utf8Bytes } from './measure.mjs';

const SETTINGS = {
  full: { warmupMs: 600, roundMs: 300, rounds: 9 },
  quick: { warmupMs: 150, roundMs: 80, rounds: 3 },
};

const pick = (random, items) => items[Math.floor(random() * items.length)];
const int = (random, min, max) => min + Math.floor(random() * (max - min + 1));
const pad = (n) => String(n).padStart(2, '0');

/** A field name written for `name:value`: spaces escaped. */
const bare = (name) => name.replace(/[ \\:()[\]{}"*?~^!/+-]/g, '\\$&');

/** One clause on a schema field, the way people write them; about 1 in 12 holds a mistake. */
function clauseFor(field, random) {
  const typo = random() < 1 / 12;
  const name = typo ? `${field.name.slice(0, -1)}x` : field.name;
  const kind = field.dataType;
  if (kind === 'integer' || kind === 'float' || kind === 'currency') {
    const a = int(random, 0, 90);
    return pick(random, [`[${name}] ge ${a}`, `${bare(name)}:[${a} TO ${a + int(random, 1, 50)}]`, `${bare(name)}:>${a}`, `[${name}] lt ${a + 5}`]);
  }
  if (kind === 'date' || kind === 'datetime') {
    const y = int(random, 2000, 2024);
    const d = `${y}-${pad(int(random, 1, 12))}-${pad(int(random, 1, 28))}`;
    return pick(random, [`${bare(name)}:[${y}-01-01 TO ${y}-12-31]`, `[${name}] ge "${d}"`, `${bare(name)}:<${d}`]);
  }
  if (kind === 'boolean') return `${bare(name)}:${pick(random, (field.allowedBooleanValues ?? 'true/false').split('/'))}`;
  if (kind === 'picklist') {
    const codes = (field.staticPicklist ?? [{ code: 'X' }]).map((e) => e.code);
    return pick(random, [`${bare(name)}:${pick(random, codes)}`, `${bare(name)}:(${pick(random, codes)} OR ${pick(random, codes)})`, `[${name}] eq "${pick(random, codes)}"`]);
  }
  const word = pick(random, ['Berlin', 'Smith', 'acme', 'Paris', 'Tokyo', 'Doe', 'blue', 'x-100']);
  return pick(random, [`[${name}] eq "${word}"`, `${bare(name)}:${word}`, `${bare(name)}:${word.slice(0, 3)}*`, `[${name}] contains "${word}"`, `_exists_:${bare(name)}`, `${bare(name)}:"${word} ${word}"`]);
}

/** A query of `clauses` clauses on random searchable fields, joined like the parse bench's long queries. */
function query(fields, clauses, random) {
  const parts = [];
  for (let i = 0; i < clauses; i++) {
    const clause = random() < 0.1 ? pick(random, ['John', '"New York"', 'Jo*', 'Smith']) : clauseFor(pick(random, fields), random);
    if (i === 0) parts.push(clause);
    else {
      const joiner = pick(random, [' AND ', ' AND ', ' ', ' OR ', ' AND NOT ']);
      // Keep AND and OR apart with parentheses, as the checker wants; a few mixes stay to be reported.
      parts.push(joiner === ' OR ' && random() < 0.9 ? ` AND (${clause} OR ${clauseFor(pick(random, fields), random)})` : joiner + clause);
    }
  }
  return parts.join('');
}

/** A synthetic tenant schema of 500 fields of every type. */
function wideSchema() {
  const random = seededRandom(500);
  const types = ['string', 'string', 'string', 'integer', 'float', 'currency', 'date', 'datetime', 'boolean', 'picklist', 'email', 'image', 'geo coordinates'];
  const words = ['Account', 'Billing', 'Contract', 'Delivery', 'Region', 'Partner', 'Segment', 'Channel', 'Owner', 'Priority', 'Risk', 'Tax'];
  const fields = [];
  for (let i = 0; i < 500; i++) {
    const dataType = types[i % types.length];
    const field = { name: `${pick(random, words)} ${pick(random, words)} ${i}`, dataType, active: random() > 0.05, isPII: random() < 0.1, isMultivalue: random() < 0.1 };
    if (dataType === 'string') Object.assign(field, { min: 1, max: 200 });
    if (dataType === 'date') Object.assign(field, { min: '1990-01-01', max: '2030-12-31', dateFormat: 'YYYY-MM-DD' });
    if (dataType === 'boolean') field.allowedBooleanValues = 'Y/N';
    if (dataType === 'picklist') field.staticPicklist = Array.from({ length: 8 }, (_, k) => ({ code: `C${k}`, description: `Choice ${k}` }));
    fields.push(field);
  }
  return { schemaId: 'wide', name: 'Wide', businessAreaId: 'ba', businessAreaName: 'customer', createdDate: '2024-01-01T00:00:00Z', fields };
}

export function corpora(mdq) {
  const example = mdq.exampleSchemas;
  const wide = [wideSchema()];
  const searchable = (schemas) => schemas.flatMap((s) => s.fields).filter((f) => f.dataType !== 'image');
  const make = (schemas, seed, count, clauses) => {
    const random = seededRandom(seed);
    return Array.from({ length: count }, () => query(searchable(schemas), clauses, random));
  };
  return [
    { id: 'ex-short', label: 'example tenant, 1–6 clauses (1 000)', schema: example, queries: Array.from({ length: 1000 }, (_, i) => make(example, 10 + i, 1, 1 + (i % 6))[0]) },
    { id: 'ex-100', label: 'example tenant, 100 clauses (100)', schema: example, queries: make(example, 11, 100, 100) },
    { id: 'ex-1000', label: 'example tenant, 1 000 clauses (10)', schema: example, queries: make(example, 12, 10, 1_000) },
    { id: 'ex-10000', label: 'example tenant, 10 000 clauses (1)', schema: example, queries: make(example, 13, 1, 10_000) },
    { id: 'wide-short', label: '500-field schema, 1–6 clauses (1 000)', schema: wide, queries: Array.from({ length: 1000 }, (_, i) => make(wide, 20 + i, 1, 1 + (i % 6))[0]) },
    { id: 'wide-1000', label: '500-field schema, 1 000 clauses (10)', schema: wide, queries: make(wide, 21, 10, 1_000) },
  ];
}

export async function run({ quick = false, log = () => {} } = {}) {
  const mdq = await import('../dist/index.js');
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  const rows = [];
  const measured = new Map();
  const stats = [];
  for (const corpus of corpora(mdq)) {
    const schema = mdq.loadSchema(corpus.schema);
    const bytes = utf8Bytes(corpus.queries);
    const syntax = corpus.queries.reduce((n, q) => n + mdq.parse(q).diagnostics.length, 0);
    if (syntax > 0) throw new Error(`corpus "${corpus.id}" has ${syntax} syntax diagnostics: the generator is broken`);
    const found = corpus.queries.reduce((n, q) => n + mdq.check(q, { schema }).length, 0);
    const contenders = [
      { name: 'parse', fn: (q) => mdq.parse(q) },
      { name: 'parse + check', fn: (q) => mdq.check(q, { schema }) },
    ];
    log(`check: timing ${corpus.label}, ${(bytes / 1e3).toFixed(1)} kB`);
    const samples = new Map(contenders.map((c) => [c.name, []]));
    for (const c of contenders) throughputRound(c.fn, corpus.queries, bytes, settings.warmupMs);
    for (let round = 0; round < settings.rounds; round++) {
      for (const c of contenders) {
        globalThis.gc?.();
        samples.get(c.name).push(throughputRound(c.fn, corpus.queries, bytes, settings.roundMs));
      }
    }
    const parseOnly = median(samples.get('parse'));
    const checked = median(samples.get('parse + check'));
    measured.set(corpus.id, { parseOnly, checked });
    stats.push(`${corpus.label}: ${(bytes / 1e3).toFixed(1)} kB, ${found} diagnostics`);
    rows.push([corpus.label, parseOnly.toFixed(2), checked.toFixed(2), `${((checked / parseOnly) * 100).toFixed(0)}%`]);
  }
  const ratios = [...measured].map(([id, m]) => [id, m.checked / m.parseOnly]);
  const worst = ratios.reduce((a, b) => (b[1] < a[1] ? b : a));
  const linear = measured.get('ex-10000').checked / measured.get('ex-100').checked;
  return {
    title: 'Check throughput (parse + check, MB/s)',
    tables: [{ columns: ['corpus', 'parse only', 'parse + check', 'check keeps'], rows }],
    notes: [
      'Medians of the rounds; `parse + check` is `check(text, { schema })` with the schema loaded once, every rule on its default level. About one clause in twelve holds a mistake (a misspelt field), so the reporting paths and "did you mean" over all field names are timed too.',
      `Corpora: ${stats.join('; ')}.`,
    ],
    summary: `parse + check keeps ${(worst[1] * 100).toFixed(0)}% or more of parse-only throughput; 10 000-clause queries run at ${(linear * 100).toFixed(0)}% of the 100-clause throughput`,
    checks: [
      { target: 'parse + check >= 50% of parse-only throughput, every corpus', measured: `${(worst[1] * 100).toFixed(0)}% (worst: ${worst[0]})`, pass: worst[1] >= 0.5 },
      { target: 'check linear in query length: 10 000 clauses within 30% of 100', measured: `${(linear * 100).toFixed(0)}%`, pass: linear >= 0.7 },
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { section } = await import('./report.mjs');
  const result = await run({ quick: process.argv.includes('--quick'), log: (m) => process.stderr.write(`${m}\n`) });
  console.log(section(result));
  for (const c of result.checks) console.log(`- ${c.pass ? 'PASS' : 'FAIL'} ${c.target}: ${c.measured}`);
}
