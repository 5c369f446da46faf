#!/usr/bin/env node
/** The `mdq` executable. */
import { processIo } from './io.js';
import { runCli } from './run.js';

runCli(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`mdq: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
