/**
 * Records Lucene's answers to generated queries (`npm run test:lucene`): generates
 * schemas, records and queries with the parity law's generators (test/sql/arbitraries.ts)
 * from a fixed seed, compiles each query with `toQueryDsl` and the schema with
 * `indexMapping`, runs scripts/lucene-dsl/LuceneDsl.java on Debian's Lucene 8.7 and writes
 * what it answers to test/opensearch/lucene-cases.jsonl, which test/opensearch/lucene.test.ts
 * replays without Java. With `--check` nothing is written: it fails when the recorded
 * file differs from what this run makes (the fixtures drifted from the code or from Lucene).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { luceneCases, NOW } from '../../test/opensearch/cases.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const fixture = join(root, 'test', 'opensearch', 'lucene-cases.jsonl');
const jars = process.env.LUCENE_JARS ?? '/usr/share/java';
const classpath = ['lucene-core-8.7.0.jar', 'lucene-analyzers-common-8.7.0.jar'].map((jar) =>
  join(jars, jar),
);
for (const jar of classpath)
  if (!existsSync(jar)) {
    console.error(
      `lucene-dsl: ${jar} not found; install Lucene 8.7 with: apt-get install liblucene8-java`,
    );
    process.exit(1);
  }

for (const tool of ['javac', 'java'])
  try {
    execFileSync(tool, ['-version'], { stdio: 'ignore' });
  } catch {
    console.error(
      `lucene-dsl: '${tool}' not found; install a JDK: apt-get install default-jdk-headless`,
    );
    process.exit(1);
  }

const build = join(here, 'build');
mkdirSync(build, { recursive: true });
execFileSync(
  'javac',
  [
    '-nowarn',
    '-encoding',
    'UTF-8',
    '-d',
    build,
    '-cp',
    classpath.join(':'),
    join(here, 'LuceneDsl.java'),
  ],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);

const cases = luceneCases();
const input = cases
  .map((c) =>
    JSON.stringify({
      mapping: c.mapping,
      records: c.records,
      queries: c.queries.map((q) => q.dsl),
    }),
  )
  .join('\n');
const output = execFileSync(
  'java',
  ['-Dfile.encoding=UTF-8', '-cp', [build, ...classpath].join(':'), 'LuceneDsl'],
  {
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  },
);
const answers = output
  .trim()
  .split('\n')
  .map((line) => (JSON.parse(line) as { answers: string[][] }).answers);
const lines = cases.map((c, i) =>
  JSON.stringify({
    fields: c.fields,
    records: c.records,
    mapping: c.mapping,
    queries: c.queries.map((q, k) => ({ query: q.query, dsl: q.dsl, lucene: answers[i]![k] })),
  }),
);
const text = `${lines.join('\n')}\n`;
const queries = cases.reduce((n, c) => n + c.queries.length, 0);
if (process.argv.includes('--check')) {
  const recorded = existsSync(fixture) ? readFileSync(fixture, 'utf8') : '';
  if (recorded !== text) {
    console.error(
      `lucene-dsl: test/opensearch/lucene-cases.jsonl differs from what toQueryDsl, indexMapping and Lucene answer now (now: ${NOW.toISOString()}); run npm run lucene:record and review the difference`,
    );
    process.exit(1);
  }
  console.log(
    `lucene-dsl: ${cases.length} cases, ${queries} queries: the recorded answers are Lucene's`,
  );
} else {
  writeFileSync(fixture, text);
  console.log(
    `lucene-dsl: wrote ${cases.length} cases, ${queries} queries to test/opensearch/lucene-cases.jsonl`,
  );
}
