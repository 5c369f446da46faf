/**
 * `mdq fmt "<query>" [--multiline] [--width N] [--stdin] [--fix]`: canonical query text.
 * With `--fix`, the checker's safe fixes are applied first (against `--schema` files
 * or `--example` when given), one per diagnostic, never overlapping; `--unsafe` applies
 * the fixes that may change the meaning too. Exit 1 while errors remain.
 */
import { fixQuery, format, parse, type FixResult } from '../../index.js';
import type { Diagnostic } from '../../language/diagnostic.js';
import type { SchemaIndex } from '../../schema/schema.js';
import { parseCommandArgs, singleQuery, withPipedQuery } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, stdinQueries } from '../io.js';
import { MAX_DIAGNOSTICS, formatDiagnostics, moreLine, ALL_DIAGNOSTICS } from '../report.js';
import { readSeverities, schemaOptions } from './lint.js';
import { readProject } from '../schema-files.js';

const usage =
  'mdq fmt "<query>" [--multiline] [--width N (implies --multiline)] [--fix [--unsafe] [--schema <file>... | --example] [--alias <name>=<Field>...] [--severity <code>=<level>...]] | mdq fmt --stdin [...]';

const fmtOptions = {
  stdin: { type: 'boolean' },
  multiline: { type: 'boolean' },
  width: { type: 'string' },
  fix: { type: 'boolean' },
  unsafe: { type: 'boolean' },
  ...schemaOptions,
} as const;

/**
 * How many diagnostics still offer a fix that `--fix` applies after a run that fixed something
 * (fixQuery stops after ten rounds, and on a long broken query the fix guard's budget lets each
 * check offer only the first few fixes; the next run goes on): 0 when nothing was fixed, since then the
 * fixes left were refused, and another run would refuse them again.
 */
function unfinished(result: FixResult, unsafe: boolean): number {
  if (result.applied.length === 0) return 0;
  let n = 0;
  // All of them: `formatOne` asks for every diagnostic, so none is left out behind a `too-many-errors`.
  for (const d of result.diagnostics)
    if ((d.fixes ?? []).some((f) => unsafe || f.safe === true)) n++;
  return n;
}

/**
 * The query SQL-looking text means (the unsafe fixes applied), when safe fixes left `sql-syntax`
 * findings that only an unsafe fix resolves; null otherwise.
 */
function sqlMeaning(
  query: string,
  diagnostics: readonly Diagnostic[],
  schema: SchemaIndex | undefined,
  severities: ReturnType<typeof readSeverities>,
): string | null {
  if (!diagnostics.some((d) => d.code === 'sql-syntax' && (d.fixes ?? []).length > 0)) return null;
  const result = fixQuery(query, {
    ...(schema ? { schema } : {}),
    severities,
    unsafe: true,
    ...ALL_DIAGNOSTICS,
  });
  const { ast, diagnostics: left } = parse(result.text, ALL_DIAGNOSTICS);
  return left.some((d) => d.severity === 'error') ? result.text : format(ast);
}

export const fmtCommand: Command = {
  summary:
    "print a query in canonical form; --fix applies the checker's safe fixes first, --unsafe all of them (exit 1 while errors remain)",
  usage,
  help: {
    examples: [
      `mdq fmt 'city:berlin and age:[18 to 65]' --multiline`,
      `mdq fmt --fix --example 'First Name:Tim AND VIP:yes'`,
    ],
    options: {
      schema: 'check against this Get Schema JSON file (repeatable) when fixing',
      example: "with --fix, check against the example tenant's schemas",
    },
  },
  options: fmtOptions,
  takesQuery: true,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, fmtOptions, usage);
    const width = values.width === undefined ? undefined : Number(values.width);
    if (width !== undefined && !(Number.isInteger(width) && width > 0))
      throw new UsageError(
        `--width takes a positive whole number, not '${values.width}'\nusage: ${usage}`,
      );
    // A width only means something for the multiline layout, so asking for one asks for that layout.
    const options = {
      layout: values.multiline || width !== undefined ? ('multiline' as const) : ('flat' as const),
      ...(width ? { width } : {}),
    };
    if (
      !values.fix &&
      (values.schema || values.example || values.severity || values.unsafe || values.alias)
    )
      throw new UsageError(
        `--schema, --example, --alias, --severity and --unsafe go with --fix\nusage: ${usage}`,
      );
    const given = readSeverities(values.severity, usage);
    const project = values.fix ? await readProject(values, io, usage) : undefined;
    const schema = project?.schema;
    // The project file's `rules` (a code `off` is not fixed), under the command line's `--severity`.
    const severities = { ...project?.severities, ...given };
    if (values.fix && schema === undefined)
      io.stderr(
        'mdq fmt: no --schema given: schema checks skipped, fixing syntax and query shape only\n',
      );
    const unsafe = values.unsafe === true;
    const formatOne = (
      query: string,
    ): {
      formatted: string | null;
      diagnostics: readonly Diagnostic[];
      fixed?: string;
      applied?: string[];
      errorsLeft?: boolean;
      unfinished?: number;
    } => {
      if (values.fix) {
        // Every diagnostic, so that one run fixes all it can (the report caps what it prints): the
        // library's default limit, which bounds what a call keeps alive, would fix 100 per run.
        const result = fixQuery(query, {
          ...(schema ? { schema } : {}),
          severities,
          unsafe,
          ...ALL_DIAGNOSTICS,
        });
        const { ast, diagnostics } = parse(result.text, ALL_DIAGNOSTICS);
        const ok = !diagnostics.some((d) => d.severity === 'error');
        const errorsLeft = result.diagnostics.some((d) => d.severity === 'error');
        const applied = result.applied.map((a) => `${a.diagnostic.code}: ${a.fix.title}`);
        return {
          formatted: ok ? format(ast, options) : null,
          diagnostics: result.diagnostics,
          fixed: result.text,
          applied,
          errorsLeft,
          unfinished: unfinished(result, unsafe),
        };
      }
      const { ast, diagnostics } = parse(query, ALL_DIAGNOSTICS);
      const ok = !diagnostics.some((d) => d.severity === 'error');
      return { formatted: ok ? format(ast, options) : null, diagnostics };
    };
    const query = singleQuery(
      await withPipedQuery(positionals, values.stdin, io, usage),
      values.stdin,
      usage,
    );
    if (query === undefined) {
      let failed = false;
      for (const line of stdinQueries(await io.readStdin())) {
        const { formatted, diagnostics, fixed, applied, errorsLeft } = formatOne(line);
        failed ||= formatted === null || errorsLeft === true;
        // With --fix, `fixed` is the text after the fixes (unformatted), what another run starts from when errors remain.
        io.stdout(
          `${JSON.stringify({ query: line, formatted, diagnostics, ...(applied ? { fixed, applied } : {}) })}\n`,
        );
      }
      return failed ? EXIT.problems : EXIT.ok;
    }
    const {
      formatted,
      diagnostics,
      fixed,
      applied,
      errorsLeft,
      unfinished: left,
    } = formatOne(query);
    const meant = values.fix && !unsafe ? sqlMeaning(query, diagnostics, schema, severities) : null;
    if (meant !== null) {
      // Printing the escaped SQL would look fixed while it searches for the words SELECT, FROM, ...
      io.stderr(formatDiagnostics(fixed ?? query, diagnostics, { color: io.color }));
      io.stderr(
        `mdq fmt: this is SQL, which the service does not read; the query it means is:\n  ${meant}\nthat rewrite changes what the text searches, so it needs --unsafe: mdq fmt --fix --unsafe\n`,
      );
      return EXIT.problems;
    }
    if (formatted !== null) io.stdout(`${formatted}\n`);
    for (const line of (applied ?? []).slice(0, MAX_DIAGNOSTICS)) io.stderr(`fixed ${line}\n`);
    io.stderr(
      moreLine((applied?.length ?? 0) - MAX_DIAGNOSTICS, ['fix', 'fixes'], {
        moreHint: 'fmt --stdin lists them all',
      }),
    );
    io.stderr(formatDiagnostics(fixed ?? query, diagnostics, { color: io.color }));
    if (left)
      io.stderr(
        `mdq fmt: not everything could be fixed in one run: ${left === 1 ? '1 diagnostic still offers' : `${left} diagnostics still offer`} a fix; run mdq fmt --fix again on the fixed query (--stdin prints it as "fixed")\n`,
      );
    return formatted === null || errorsLeft === true ? EXIT.problems : EXIT.ok;
  },
};
