/**
 * `node bench/segments.mjs`: what highlighting costs per keystroke in JavaScript alone (Node,
 * no browser, no CodeMirror), on a long query: the work `SegmentHighlighter` does when a
 * letter is typed, that is the cuts of the whole text (`highlightSegments`) and the tokens of
 * the one segment that changed (`highlight` of it); the other segments' tokens are kept.
 *
 * Queries of about 100 000 characters: one group, an id list `_dataObjectId:(C0000000 OR ...)`
 * (typed at its end before the `)`, and after an id in its middle), and clauses joined by AND
 * and OR (bench/editor.mjs's long query, typed at its end and in its middle). Each keystroke
 * adds a letter to the text of the one before. Times are CPU time of this process
 * (`process.cpuUsage`), `--rounds=N` keystrokes per case (default 200).
 *
 * `--against=FILE`: a module with another version's `highlight` and `highlightSegments` (for
 * example main's src/completion/highlight.ts bundled with esbuild), measured in the same
 * process, rounds interleaved (A/B), against the built package (dist/index.js, rebuilt when stale).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStale, root } from '../scripts/stale.mjs';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 200);
const against = process.argv.find((a) => a.startsWith('--against='))?.slice(10);

function groupQuery() {
  const ids = [];
  for (let i = 0, length = 16; length < 100_000; i++, length += 12)
    ids.push(`C${String(i).padStart(7, '0')}`);
  return `_dataObjectId:(${ids.join(' OR ')})`;
}

function clauseQuery() {
  const clauses = [
    '[First Name] eq "Tim"',
    'City:berlin',
    'Age:[30 TO 40]',
    '"new york"~2',
    'jo*',
    'NOT Status:ACT',
  ];
  let text = '';
  for (let i = 0; text.length < 100_000; i++)
    text += (i === 0 ? '' : i % 2 ? ' AND ' : ' OR ') + clauses[i % clauses.length];
  return text;
}

/** One keystroke's work: the cuts, and the tokens of the segment holding `at` (the one typed in). */
function keystroke(engine, text, at) {
  const bounds = engine.highlightSegments(text);
  let lo = 0;
  let hi = (bounds.length >> 1) - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bounds[2 * mid + 1] < at) lo = mid + 1;
    else hi = mid;
  }
  return (
    engine.highlight(text.slice(bounds[2 * lo], bounds[2 * lo + 1])).length + (bounds.length >> 1)
  );
}

function cpuMs(run) {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `${at(0.5).toFixed(2)} / ${at(0.95).toFixed(2)} ms`;
}

buildStale();
const engines = [
  { name: 'this build', engine: await import(pathToFileURL(join(root, 'dist', 'index.js')).href) },
];
if (against !== undefined)
  engines.push({ name: against, engine: await import(pathToFileURL(against).href) });

const group = groupQuery();
const clauses = clauseQuery();
const cases = [
  {
    name: `one group (${group.length} characters), typing at its end before the ')'`,
    text: group,
    at: group.length - 1,
  },
  {
    name: 'one group, typing after an id in its middle',
    text: group,
    at: group.indexOf(' OR ', group.length >> 1),
  },
  {
    name: `clauses (${clauses.length} characters), typing at the end`,
    text: clauses,
    at: clauses.length,
  },
  {
    name: 'clauses, typing in the middle',
    text: clauses,
    at: clauses.indexOf(' AND ', clauses.length >> 1),
  },
];

console.log(
  `Node ${process.version}, ${rounds} keystrokes per case, CPU time p50 / p95, ${new Date().toISOString().slice(0, 16)}Z, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
console.log(`| case | ${engines.map((e) => e.name).join(' | ')} |`);
console.log(`|---|${engines.map(() => '---|').join('')}`);
for (const { name, text, at } of cases) {
  const texts = engines.map(() => text);
  const samples = engines.map(() => []);
  for (const { engine } of engines) for (let i = 0; i < 30; i++) keystroke(engine, text, at); // warm up
  for (let r = 0; r < rounds; r++) {
    for (const [e, { engine }] of engines.entries()) {
      texts[e] = `${texts[e].slice(0, at)}x${texts[e].slice(at)}`;
      samples[e].push(cpuMs(() => keystroke(engine, texts[e], at)));
    }
  }
  console.log(`| ${name} | ${samples.map(stats).join(' | ')} |`);
}
