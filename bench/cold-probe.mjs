/**
 * Run in a fresh `node` process by cold.mjs: imports one parser (mdq's built root, or
 * lucene-query-parser) and parses one query, and prints the CPU and wall time of the two
 * together as one JSON line. argv: contender (`mdq`, `mdq/parse` or `lucene-query-parser`), then
 * the query (`--import-only`: the import alone), then the file of mdq's contender.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [contender, query, dist] = process.argv.slice(2);

const cpuBefore = process.cpuUsage();
const before = performance.now();
let problems;
if (contender === 'mdq' || contender === 'mdq/parse') {
  const mdq = await import(pathToFileURL(dist).href);
  // `--import-only`: the floor of the valid row, the root module's import without a parse.
  problems = query === '--import-only' ? 0 : mdq.parse(query).diagnostics.length;
} else {
  const peer = createRequire(import.meta.url)('lucene-query-parser');
  try {
    peer.parse(query);
    problems = 0;
  } catch {
    // A PEG.js parser throws on the first error: that is its answer to a broken query.
    problems = 1;
  }
}
const wallMs = performance.now() - before;
const cpu = process.cpuUsage(cpuBefore);

process.stdout.write(
  `${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, wallMs, problems })}\n`,
);
