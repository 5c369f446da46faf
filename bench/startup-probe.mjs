/**
 * Run in a fresh `node` process by startup.mjs: loads the built package once (ESM or CJS,
 * per argv[2]), parses one query twice, and prints the timings as one JSON line.
 * The query takes the fast path: chevrotain's lexer and parser are neither loaded nor built.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [format, file] = process.argv.slice(2);
const QUERY =
  '[First Name] eq "Tim" and (address.city:Berlin OR email:*@example.com) AND created:>=2020-01-01';

const cpuBefore = process.cpuUsage();
const beforeImport = performance.now();
const mdq =
  format === 'cjs' ? createRequire(import.meta.url)(file) : await import(pathToFileURL(file).href);
const afterImport = performance.now();
const first = mdq.parse(QUERY);
const afterFirstParse = performance.now();
const cpu = process.cpuUsage(cpuBefore);
mdq.parse(QUERY);
const afterSecondParse = performance.now();

process.stdout.write(
  `${JSON.stringify({
    bootMs: beforeImport,
    importMs: afterImport - beforeImport,
    firstParseMs: afterFirstParse - afterImport,
    totalMs: afterFirstParse - beforeImport,
    // CPU time of all of node's threads (JIT and GC helpers included): less skewed by a busy machine than wall time.
    totalCpuMs: (cpu.user + cpu.system) / 1000,
    secondParseMs: afterSecondParse - afterFirstParse,
    diagnostics: first.diagnostics.length,
  })}\n`,
);
