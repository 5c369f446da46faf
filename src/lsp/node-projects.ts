/**
 * Projects on Node's file system: `mdq.config.json` found by walking up from the document's
 * directory, its schema files read (JSON Get Schema responses, or `mdq codegen` modules read
 * without running them), a tenant's schemas fetched in the background with credentials from
 * the environment only. Every file read is watched: a change drops the project, and the
 * server checks its documents again. Nothing here throws: problems go to the log.
 */
import { type Dirent, type FSWatcher, watch } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient, type MdqClient } from '../client/client.js';
import { fieldValues } from '../client/field-values.js';
import { loadSchema, SchemaError, type SchemaIndex, type SchemaResponse } from '../index.js';
import { CONFIG_FILE, EMPTY_CONFIG, readConfig, type MdqConfig } from './config.js';
import type { Project, Projects } from './project.js';
import { readSchemaModule } from './schema-module.js';
import { TenantValues, type TenantValuesOptions } from './tenant-values.js';

export interface NodeProjectsOptions {
  /** Where credentials come from; `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly log?: (message: string) => void;
  /** Watch files with `fs.watch` (default true). */
  readonly watch?: boolean;
  /** How long a tenant may take to answer (default 10 s). */
  readonly tenantTimeoutMs?: number;
  /** How completion waits for and keeps the tenant's values. */
  readonly tenantValues?: TenantValuesOptions;
}

const MODULE_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);
/** Query files a rename across files rewrites. */
const QUERY_FILE = /\.mdq(?:\.json)?$/i;
/** At most this many query files are read for one rename, each at most 10 MB. */
const MAX_QUERY_FILES = 2_000;
const MAX_QUERY_FILE_BYTES = 10_000_000;

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A message with every credential of the environment cut out, whatever produced it. */
function redact(message: string, env: Readonly<Record<string, string | undefined>>): string {
  let out = message;
  for (const name of ['MDQ_CLIENT_SECRET', 'MDQ_CLIENT_ID']) {
    const secret = env[name];
    if (secret && secret.length >= 4) out = out.split(secret).join('[REDACTED]');
  }
  return out;
}

/** The schema responses in one file. */
export async function readSchemaFile(path: string): Promise<SchemaResponse[]> {
  const text = await readFile(path, 'utf8');
  if (MODULE_EXTENSIONS.has(extname(path))) return readSchemaModule(text);
  const json: unknown = JSON.parse(text);
  loadSchema(json as SchemaResponse); // a SchemaError when it is no Get Schema response
  return Array.isArray(json) ? (json as SchemaResponse[]) : [json as SchemaResponse];
}

interface Entry {
  project: Promise<Project>;
  watchers: FSWatcher[];
  /** The tenant's schemas once fetched; the project is rebuilt with them. */
  tenant?: SchemaResponse[];
  /** The tenant's client (credentials from the environment), made once per config load. */
  client?: MdqClient;
  /** Value lookups through `client`, kept across the project's rebuilds. */
  values?: TenantValues;
  /** The schemas in effect, for the value lookups. */
  schema?: SchemaIndex;
}

export class NodeProjects implements Projects {
  private readonly entries = new Map<string, Entry>();
  /** Directory -> the config file that governs it (null: none up to the root). */
  private readonly lookups = new Map<string, Promise<string | null>>();
  private readonly listeners: (() => void)[] = [];
  private readonly env: Readonly<Record<string, string | undefined>>;
  private readonly log: (message: string) => void;
  private disposed = false;

  constructor(private readonly options: NodeProjectsOptions = {}) {
    this.env = options.env ?? process.env;
    this.log = options.log ?? (() => {});
  }

  async projectFor(uri: string): Promise<Project> {
    let path: string;
    try {
      if (!uri.startsWith('file:')) return { config: EMPTY_CONFIG, problems: [] };
      path = fileURLToPath(uri);
    } catch {
      return { config: EMPTY_CONFIG, problems: [] };
    }
    const configPath = await this.configFor(dirname(path));
    if (configPath === null) return { config: EMPTY_CONFIG, problems: [] };
    let entry = this.entries.get(configPath);
    if (entry === undefined) {
      entry = { project: Promise.resolve({ config: EMPTY_CONFIG, problems: [] }), watchers: [] };
      this.entries.set(configPath, entry);
      entry.project = this.load(configPath, entry);
    }
    return entry.project;
  }

  /**
   * The project's `*.mdq` and `*.mdq.json` files: under the config's folder, skipping
   * node_modules, dot entries and folders with an mdq.config.json of their own (another project).
   */
  async filesOf(project: Project): Promise<{ uri: string; text: string }[]> {
    if (project.configPath === undefined) return [];
    const paths: string[] = [];
    const walk = async (dir: string, top: boolean): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      if (!top && entries.some((e) => e.name === CONFIG_FILE && e.isFile())) return;
      for (const e of entries) {
        if (paths.length >= MAX_QUERY_FILES) return;
        if (e.name.startsWith('.') || e.name === 'node_modules') continue;
        const path = join(dir, e.name);
        if (e.isDirectory()) await walk(path, false);
        else if (e.isFile() && QUERY_FILE.test(e.name)) paths.push(path);
      }
    };
    await walk(dirname(project.configPath), true);
    const files: { uri: string; text: string }[] = [];
    for (const path of paths) {
      try {
        if ((await stat(path)).size > MAX_QUERY_FILE_BYTES) continue;
        files.push({ uri: pathToFileURL(path).href, text: await readFile(path, 'utf8') });
      } catch {
        // gone or unreadable since the listing: nothing to rename there
      }
    }
    return files;
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  fileChanged(uri: string): void {
    let path: string;
    try {
      path = fileURLToPath(uri);
    } catch {
      return;
    }
    if (basename(path) === CONFIG_FILE) {
      this.lookups.clear();
      this.drop(path);
    }
    for (const [configPath, entry] of this.entries)
      if (entry.watchers.length === 0) this.drop(configPath);
    this.changed();
  }

  dispose(): void {
    this.disposed = true;
    for (const configPath of [...this.entries.keys()]) this.drop(configPath);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private drop(configPath: string): void {
    const entry = this.entries.get(configPath);
    if (!entry) return;
    for (const w of entry.watchers) w.close();
    this.entries.delete(configPath);
  }

  private configFor(dir: string): Promise<string | null> {
    let found = this.lookups.get(dir);
    if (found === undefined) {
      found = (async () => {
        const candidate = join(dir, CONFIG_FILE);
        try {
          if ((await stat(candidate)).isFile()) return candidate;
        } catch {
          // not here: look further up
        }
        const parent = dirname(dir);
        return parent === dir ? null : this.configFor(parent);
      })();
      this.lookups.set(dir, found);
    }
    return found;
  }

  private async load(configPath: string, entry: Entry): Promise<Project> {
    const problems: string[] = [];
    const note = (p: string) => problems.push(`${configPath}: ${redact(p, this.env)}`);
    let config: MdqConfig = EMPTY_CONFIG;
    const files = [configPath];
    try {
      const read = readConfig(JSON.parse(await readFile(configPath, 'utf8')));
      config = read.config;
      for (const p of read.problems) note(p);
    } catch (e) {
      note(`cannot read the config: ${errorText(e)}`);
    }
    const responses: SchemaResponse[] = [];
    for (const file of config.schemas) {
      const path = resolve(dirname(configPath), file);
      files.push(path);
      try {
        responses.push(...(await readSchemaFile(path)));
      } catch (e) {
        note(
          `the schema file '${file}' ${e instanceof SchemaError ? 'is not a Get Schema response' : 'cannot be read'}: ${errorText(e)}`,
        );
      }
    }
    if (config.tenant && entry.client === undefined) {
      const client = this.tenantClient(configPath, config);
      if (client) {
        entry.client = client;
        const tenant = config.tenant;
        const scope = {
          ...(tenant.businessArea === undefined ? {} : { businessArea: tenant.businessArea }),
          ...(tenant.schemas?.length === 1 ? { schema: tenant.schemas[0]! } : {}),
        };
        entry.values = new TenantValues(
          fieldValues(client, { scope: () => scope, schema: () => entry.schema }),
          this.options.tenantValues,
        );
        this.fetchTenant(configPath, entry, client, config);
      }
    }
    responses.push(...(entry.tenant ?? []));
    let schema: Project['schema'];
    if (responses.length > 0) {
      try {
        schema = loadSchema(responses, config.aliases ? { aliases: config.aliases } : undefined);
        for (const p of schema.problems) note(`schema: ${p}`);
      } catch (e) {
        note(`the schemas cannot be loaded: ${errorText(e)}`);
      }
    }
    entry.schema = schema;
    if (this.options.watch !== false && !this.disposed && this.entries.get(configPath) === entry)
      this.watchFiles(configPath, entry, files);
    for (const p of problems) this.log(p);
    return {
      configPath,
      config,
      ...(schema ? { schema } : {}),
      ...(entry.values ? { values: entry.values } : {}),
      problems,
    };
  }

  /** The tenant's client, credentials from the environment only; undefined (and a log line) without them. */
  private tenantClient(configPath: string, config: MdqConfig): MdqClient | undefined {
    const tenant = config.tenant!;
    const clientId = this.env.MDQ_CLIENT_ID;
    const clientSecret = this.env.MDQ_CLIENT_SECRET;
    if (!clientId || !clientSecret) {
      this.log(
        `${configPath}: 'tenant' needs MDQ_CLIENT_ID and MDQ_CLIENT_SECRET in the environment; using the schema files only`,
      );
      return undefined;
    }
    return createClient({
      baseUrl: tenant.baseUrl,
      credentials: { clientId, clientSecret },
      ...(this.env.MDQ_TOKEN_PATH ? { tokenPath: this.env.MDQ_TOKEN_PATH } : {}),
      timeoutMs: this.options.tenantTimeoutMs ?? 10_000,
      retry: { attempts: 1 },
    });
  }

  /** A tenant's schemas, fetched once per config load in the background: a tenant that is down costs nothing but a log line. */
  private fetchTenant(
    configPath: string,
    entry: Entry,
    client: MdqClient,
    config: MdqConfig,
  ): void {
    const tenant = config.tenant!;
    const scope = tenant.businessArea === undefined ? {} : { businessArea: tenant.businessArea };
    const names = tenant.schemas ?? [undefined];
    Promise.all(
      names.map((schema) => client.schemasIn(schema === undefined ? scope : { ...scope, schema })),
    )
      .then((lists) => {
        if (this.entries.get(configPath) !== entry) return;
        entry.tenant = lists.flat() as unknown as SchemaResponse[];
        this.log(`${configPath}: ${entry.tenant.length} schema(s) from the tenant`);
        entry.project = this.load(configPath, entry);
        this.changed();
      })
      .catch((e: unknown) => {
        this.log(
          redact(
            `${configPath}: the tenant did not answer (${errorText(e)}); using the schema files only`,
            this.env,
          ),
        );
      });
  }

  /** Watches the directories of the files (editors replace files by renaming), filtered to their names. */
  private watchFiles(configPath: string, entry: Entry, files: readonly string[]): void {
    for (const w of entry.watchers) w.close();
    entry.watchers = [];
    const byDir = new Map<string, Set<string>>();
    for (const file of files) {
      const names = byDir.get(dirname(file)) ?? new Set<string>();
      names.add(basename(file));
      byDir.set(dirname(file), names);
    }
    for (const [dir, names] of byDir) {
      try {
        const watcher = watch(dir, { persistent: false }, (_event, name) => {
          if (name !== null && !names.has(String(name))) return;
          if (this.entries.get(configPath) !== entry) return;
          this.lookups.clear();
          this.drop(configPath);
          this.changed();
        });
        watcher.on('error', () => watcher.close());
        entry.watchers.push(watcher);
      } catch {
        // a directory that cannot be watched: the client's didChangeWatchedFiles still works
      }
    }
  }
}
