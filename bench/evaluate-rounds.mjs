/**
 * `node --expose-gc bench/evaluate-rounds.mjs [records]` (after `npm run build`; default 10 000):
 * why a quick evaluate stage once measured warm queries slower than cold ones (issue 29). For
 * three queries, the CPU time of each pass over the same array (warm) and of single passes
 * over fresh copies (cold), each started three ways: a full collection and an idle wait (what
 * the stage did), a young collection (what it does now), nothing. The first warm passes are
 * mdq building the array's columns and words (src/evaluator/record-table.ts); with two rounds,
 * the quick stage's median was the mean of those two passes.
 */
import { compile, filter } from '../dist/evaluator.js';
import { exampleSchemas } from '../dist/examples.js';
import { cpuNow, median } from './measure.mjs';
import { freshCopies, generateRecords } from './records.mjs';

if (globalThis.gc === undefined) throw new Error('run with node --expose-gc');
const size = Number(process.argv[2] ?? 10_000);
const PASSES = 7;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function idle() {
  for (let i = 0; i < 50; i++) {
    const before = cpuNow();
    await sleep(20);
    if (cpuNow() - before < 1) return;
  }
}
const starts = {
  'full gc + idle': async () => {
    globalThis.gc();
    await idle();
  },
  'young gc': async () => globalThis.gc({ type: 'minor' }),
  nothing: async () => {},
};
const records = generateRecords(size);
const ms = (x) => x.toFixed(2);
console.log(
  `${size.toLocaleString('en')} records; CPU ms of warm passes 2..${PASSES + 1} over one array (after one untimed pass), then cold: the median of 4 passes over fresh copies\n`,
);
for (const text of ['berlin', 'City:paris', 'Age:[30 TO 40]']) {
  const matcher = compile(text, { schema: exampleSchemas });
  for (const [name, start] of Object.entries(starts)) {
    const same = freshCopies(records);
    filter(same, matcher);
    const warm = [];
    for (let i = 0; i < PASSES; i++) {
      await start();
      const t0 = cpuNow();
      filter(same, matcher);
      warm.push(cpuNow() - t0);
    }
    const cold = [];
    for (let i = 0; i < 4; i++) {
      const copies = freshCopies(records);
      await start();
      const t0 = cpuNow();
      filter(copies, matcher);
      cold.push(cpuNow() - t0);
    }
    console.log(
      `${text.padEnd(15)} ${name.padEnd(15)} warm ${warm.map(ms).join(' ')} | cold ${ms(median(cold))}`,
    );
  }
}
