/**
 * `mdq lint --files <file|glob>...`: every query of saved `.mdq` files, each blank-line-
 * separated block checked on its own (as the language server reads them), reported at its
 * line in the file; in `*.mdq.json` saved searches, every "query" string, reported at its
 * characters in the file (through JSON escapes). Each file is checked with the levels of the
 * `mdq.config.json` found walking up from it (its `rules`, which `--severity` overrides), and,
 * without `--schema`, against that file's schemas. Exit 1 when any file has an error, 2 when a file cannot be read or nothing matched.
 */
import { dirname } from 'node:path';
import type { Level } from '../checker/rule.js';
import { findConfig, loadProject } from '../eslint/config.js';
import { check, type SchemaIndex } from '../index.js';
import type { Diagnostic, Severity } from '../language/diagnostic.js';
import { documentOffset, splitBlocks, written, type Block } from '../lsp/blocks.js';
import { isSavedSearches, jsonQueryBlocks } from '../lsp/json-searches.js';
import { expandGlob } from './glob.js';
import { EXIT, UsageError, type CliIo } from './io.js';
import { ALL_DIAGNOSTICS, formatDiagnostics } from './report.js';
import { reason } from './schema-files.js';

/** A diagnostic of a block, moved to where the block stands in its file (edits written as the file writes text). */
function moved(d: Diagnostic, block: Block): Diagnostic {
  const at = (span: { start: number; end: number }) => ({
    start: documentOffset(block, span.start),
    end: documentOffset(block, span.end),
  });
  return {
    ...d,
    span: at(d.span),
    ...(d.related ? { related: d.related.map((r) => ({ ...r, span: at(r.span) })) } : {}),
    ...(d.fixes
      ? {
          fixes: d.fixes.map((f) => ({
            ...f,
            edits: f.edits.map((e) => ({ ...e, span: at(e.span), text: written(block, e.text) })),
          })),
        }
      : {}),
  };
}

export async function lintFiles(
  patterns: readonly string[],
  options: {
    readonly schema: SchemaIndex | undefined;
    readonly severities: Readonly<Record<string, Level>>;
    readonly json: boolean;
    readonly withPositions: (text: string, diagnostics: readonly Diagnostic[]) => unknown;
    readonly summary: (counts: Record<Severity, number>) => string;
  },
  io: CliIo,
  usage: string,
): Promise<number> {
  if (patterns.length === 0)
    throw new UsageError(`--files takes files or globs ('queries/**/*.mdq')\nusage: ${usage}`);
  const files = [...new Set(patterns.flatMap((p) => expandGlob(p)))];
  if (files.length === 0)
    throw new UsageError(
      `no file matches ${patterns.map((p) => `'${p}'`).join(', ')}\nusage: ${usage}`,
    );
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0, hint: 0 };
  const told = new Set<string>();
  let failed = false;
  let unreadable = false;
  let withProblems = 0;
  for (const file of files) {
    let text: string;
    try {
      text = await io.readFile(file);
    } catch (e) {
      io.stderr(`mdq lint: cannot read '${file}': ${reason(e)}\n`);
      unreadable = true;
      continue;
    }
    // The file's project: its schemas unless --schema gives them, its levels always (under --severity).
    const configPath = findConfig(dirname(file));
    const project = loadProject(configPath);
    const schema = options.schema ?? project.schema;
    const severities = { ...project.severities, ...options.severities };
    if (configPath && !told.has(configPath)) {
      told.add(configPath);
      for (const p of project.problems) io.stderr(`mdq lint: ${p}\n`);
    }
    const blocks = isSavedSearches(file) ? jsonQueryBlocks(text) : splitBlocks(text);
    const diagnostics = blocks.flatMap((block) =>
      check(block.text, { ...(schema ? { schema } : {}), severities, ...ALL_DIAGNOSTICS }).map(
        (d) => moved(d, block),
      ),
    );
    for (const d of diagnostics) counts[d.severity]++;
    failed ||= diagnostics.some((d) => d.severity === 'error');
    if (diagnostics.length > 0) withProblems++;
    if (options.json)
      io.stdout(
        `${JSON.stringify({ file, diagnostics: options.withPositions(text, diagnostics) })}\n`,
      );
    else if (diagnostics.length > 0)
      io.stdout(
        formatDiagnostics(text, diagnostics, {
          name: file,
          color: io.color,
          moreHint: '--json lists them all',
        }),
      );
  }
  const total = counts.error + counts.warning + counts.info + counts.hint;
  if (!options.json && total > 0)
    io.stdout(
      `${options.summary(counts)} in ${withProblems} of ${files.length} file${files.length === 1 ? '' : 's'}\n`,
    );
  if (unreadable) return EXIT.usage;
  return failed ? EXIT.problems : EXIT.ok;
}
