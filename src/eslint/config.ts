/**
 * The schemas and levels the ESLint rule checks against: the `mdq.config.json` named by
 * `settings.mdq.config` (relative to the working directory), else the one found walking up
 * from the linted file. Read synchronously (ESLint rules are synchronous), once per file
 * version: a config or schema edited during an editor session is read again.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import type { Level } from '../checker/rule.js';
import { loadSchema, type SchemaIndex, type SchemaResponse } from '../index.js';
import { CONFIG_FILE, readConfig } from '../lsp/config.js';
import { readSchemaModule } from '../lsp/schema-module.js';

export interface LintProject {
  readonly schema?: SchemaIndex;
  readonly severities: Readonly<Record<string, Level>>;
  /** The config's field aliases, already applied to `schema`. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** What could not be read: reported once at the top of each file. */
  readonly problems: readonly string[];
}

const MODULES = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);
const EMPTY: LintProject = { severities: {}, problems: [] };

function mtime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The config file that governs `dir`, walking up. */
export function findConfig(dir: string): string | undefined {
  for (let at = resolve(dir); ; at = dirname(at)) {
    const candidate = join(at, CONFIG_FILE);
    if (mtime(candidate) !== undefined) return candidate;
    if (dirname(at) === at) return undefined;
  }
}

const cache = new Map<string, { stamp: string; project: LintProject }>();

export function readSchemaFileSync(path: string): SchemaResponse[] {
  const text = readFileSync(path, 'utf8');
  if (MODULES.has(extname(path))) return readSchemaModule(text);
  const json: unknown = JSON.parse(text);
  loadSchema(json as SchemaResponse);
  return Array.isArray(json) ? (json as SchemaResponse[]) : [json as SchemaResponse];
}

/** The project of a config file, read again whenever it or a schema file changed. */
export function loadProject(configPath: string | undefined): LintProject {
  if (configPath === undefined) return EMPTY;
  const cached = cache.get(configPath);
  const stampOf = (files: readonly string[]) => files.map((f) => `${f}@${mtime(f)}`).join('|');
  if (
    cached &&
    cached.stamp === stampOf(cached.stamp.split('|').map((s) => s.slice(0, s.lastIndexOf('@'))))
  )
    return cached.project;
  const problems: string[] = [];
  const files = [configPath];
  let project: LintProject = EMPTY;
  try {
    const { config, problems: read } = readConfig(JSON.parse(readFileSync(configPath, 'utf8')));
    problems.push(...read.map((p) => `${configPath}: ${p}`));
    const responses: SchemaResponse[] = [];
    for (const file of config.schemas) {
      const path = resolve(dirname(configPath), file);
      files.push(path);
      try {
        responses.push(...readSchemaFileSync(path));
      } catch (e) {
        problems.push(
          `${configPath}: the schema file '${file}' cannot be read: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    }
    const options = config.aliases ? { aliases: config.aliases } : undefined;
    const schema = responses.length > 0 ? loadSchema(responses, options) : undefined;
    if (schema) problems.push(...schema.problems.map((p) => `${configPath}: schema: ${p}`));
    project = {
      ...(schema ? { schema } : {}),
      ...(config.aliases ? { aliases: config.aliases } : {}),
      severities: config.rules,
      problems,
    };
  } catch (e) {
    project = {
      severities: {},
      problems: [
        `${configPath}: cannot read the config: ${e instanceof Error ? e.message : String(e)}`,
      ],
    };
  }
  cache.set(configPath, { stamp: stampOf(files), project });
  return project;
}
