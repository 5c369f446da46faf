/**
 * `mdq lint --files <file|glob>...`: every query of saved `.mdq` files, each blank-line-
 * separated block checked on its own (as the language server reads them), reported at its
 * line in the file. Without `--schema` each file is checked against the schemas of the
 * `mdq.config.json` found walking up from it, with the config's levels (which `--severity`
 * overrides). Exit 1 when any file has an error, 2 when a file cannot be read or nothing matched.
 */
import { dirname } from 'node:path';
import type { Level } from '../checker/rule.js';
import { findConfig, loadProject } from '../eslint/config.js';
import { check, type SchemaIndex } from '../index.js';
import type { Diagnostic, Severity } from '../language/diagnostic.js';
import { splitBlocks } from '../lsp/blocks.js';
import { expandGlob } from './glob.js';
import { EXIT, UsageError, type CliIo } from './io.js';
import { ALL_DIAGNOSTICS, formatDiagnostics } from './report.js';
import { reason } from './schema-files.js';

/** A diagnostic of a block, moved to where the block stands in its file. */
function moved(d: Diagnostic, by: number): Diagnostic {
  const span = { start: d.span.start + by, end: d.span.end + by };
  return {
    ...d,
    span,
    ...(d.related
      ? {
          related: d.related.map((r) => ({
            ...r,
            span: { start: r.span.start + by, end: r.span.end + by },
          })),
        }
      : {}),
    ...(d.fixes
      ? {
          fixes: d.fixes.map((f) => ({
            ...f,
            edits: f.edits.map((e) => ({
              ...e,
              span: { start: e.span.start + by, end: e.span.end + by },
            })),
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
    let schema = options.schema;
    let severities = options.severities;
    if (schema === undefined) {
      const configPath = findConfig(dirname(file));
      const project = loadProject(configPath);
      schema = project.schema;
      severities = { ...project.severities, ...options.severities };
      if (configPath && !told.has(configPath)) {
        told.add(configPath);
        for (const p of project.problems) io.stderr(`mdq lint: ${p}\n`);
      }
    }
    const diagnostics = splitBlocks(text).flatMap((block) =>
      check(block.text, { ...(schema ? { schema } : {}), severities, ...ALL_DIAGNOSTICS }).map(
        (d) => moved(d, block.start),
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
