/**
 * What the commands that talk to the service share: the connection (flags, or
 * `MDQ_BASE_URL`, `MDQ_CLIENT_ID`, `MDQ_CLIENT_SECRET`, `MDQ_TOKEN_PATH`), and the
 * data objects the commands address by id. The secret is never echoed: the client
 * redacts it from every message, and no command prints its options back.
 */
import { createClient, type MdqClient } from '../client/client.js';
import { MAX_TIMER_MS } from '../client/retry.js';
import type { DataObjectRef, SearchHit } from '../client/types.js';
import { loadSchema } from '../index.js';
import { equals, or, query } from '../builder/index.js';
import type { SchemaIndex } from '../schema/schema.js';
import { UsageError, type CliIo } from './io.js';

export const connectionOptions = {
  'base-url': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'token-path': { type: 'string' },
  timeout: { type: 'string' },
} as const;

export const CONNECTION_USAGE =
  '[--base-url <url> --client-id <id> --client-secret <secret>] [--token-path <path>] [--timeout <seconds>] (or MDQ_BASE_URL, MDQ_CLIENT_ID, MDQ_CLIENT_SECRET, MDQ_TOKEN_PATH)';

export interface ConnectionValues {
  readonly 'base-url'?: string | undefined;
  readonly 'client-id'?: string | undefined;
  readonly 'client-secret'?: string | undefined;
  readonly 'token-path'?: string | undefined;
  readonly timeout?: string | undefined;
}

/** The longest --timeout: what a timer holds (2^31 - 1 ms), in whole seconds. */
const MAX_TIMEOUT_SECONDS = Math.floor(MAX_TIMER_MS / 1000);

/** A client for the service the flags or the environment name. */
export function connect(values: ConnectionValues, io: CliIo, usage: string): MdqClient {
  const env = io.env ?? {};
  const baseUrl = values['base-url'] ?? env.MDQ_BASE_URL;
  const clientId = values['client-id'] ?? env.MDQ_CLIENT_ID;
  const clientSecret = values['client-secret'] ?? env.MDQ_CLIENT_SECRET;
  const tokenPath = values['token-path'] ?? env.MDQ_TOKEN_PATH;
  const missing = [
    [baseUrl, '--base-url or MDQ_BASE_URL'],
    [clientId, '--client-id or MDQ_CLIENT_ID'],
    [clientSecret, '--client-secret or MDQ_CLIENT_SECRET'],
  ].filter(([value]) => value === undefined || value === '');
  if (missing.length > 0)
    throw new UsageError(
      `no service to talk to: give ${missing.map(([, name]) => name).join(', ')} (mdq serve runs one locally)\nusage: ${usage}`,
    );
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout) * 1000;
  // Decimal seconds only (Number reads '0x10' and '1e3' too), within a timer's range.
  if (
    timeoutMs !== undefined &&
    !(
      /^\d+(\.\d+)?$/.test(values.timeout!.trim()) &&
      timeoutMs > 0 &&
      timeoutMs <= MAX_TIMEOUT_SECONDS * 1000
    )
  ) {
    throw new UsageError(
      `--timeout takes seconds, more than 0 and at most ${MAX_TIMEOUT_SECONDS}, not '${values.timeout}'\nusage: ${usage}`,
    );
  }
  try {
    return createClient({
      baseUrl: baseUrl!,
      credentials: { clientId: clientId!, clientSecret: clientSecret! },
      ...(tokenPath ? { tokenPath } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  } catch (e) {
    throw new UsageError(
      `${e instanceof Error ? e.message.replace(/^createClient: /, '') : String(e)}\nusage: ${usage}`,
    );
  }
}

/** Names quoted in a message; the rest are counted. */
const MAX_KNOWN = 10;

function known(names: readonly string[]): string {
  const unique = [...new Set(names)];
  const listed = unique
    .slice(0, MAX_KNOWN)
    .map((n) => `'${n}'`)
    .join(', ');
  return unique.length === 0
    ? 'none'
    : `${listed}${unique.length > MAX_KNOWN ? ` and ${unique.length - MAX_KNOWN} more` : ''}`;
}

/**
 * Fails when a search's filters name nothing the client can see: the service answers a
 * scope that does not exist with zero hits, which reads as "no such records".
 */
export async function checkScope(
  client: MdqClient,
  scope: {
    readonly businessArea?: string | undefined;
    readonly schema?: string | undefined;
    readonly dataSet?: string | undefined;
  },
): Promise<void> {
  if (scope.businessArea === undefined && scope.schema === undefined && scope.dataSet === undefined)
    return;
  const where =
    scope.businessArea === undefined || scope.businessArea === 'all'
      ? 'in any business area'
      : `in business area '${scope.businessArea}'`;
  const schemas = await client.schemasIn(scope);
  if (schemas.length === 0) {
    const all = await client.schemasIn({ businessArea: scope.businessArea });
    throw new Error(
      `no schema named '${scope.schema}' ${where} (known: ${known(all.map((s) => s.name))})`,
    );
  }
  if (scope.dataSet === undefined) return;
  const names: string[] = [];
  for (const schema of schemas)
    for await (const dataSet of client.dataSets(schema.businessAreaId, schema.schemaId)) {
      if (dataSet.dataSetName === scope.dataSet) return;
      names.push(dataSet.dataSetName);
    }
  throw new Error(
    `no dataset named '${scope.dataSet}' ${scope.schema === undefined ? where : `in schema '${scope.schema}'`} (known: ${known(names)})`,
  );
}

/** A whole number option, or a usage error. */
export function wholeNumber(
  value: string | undefined,
  name: string,
  min: number,
  usage: string,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min)
    throw new UsageError(
      `--${name} takes a whole number >= ${min}, not '${value}'\nusage: ${usage}`,
    );
  return n;
}

/**
 * Ids per search: a search is a GET, and one query naming hundreds of 47-character ids
 * outgrows what servers take in a URL (about 16 KB in Node) and Lucene's 1 024 clauses.
 */
export const IDS_PER_SEARCH = 50;
/** Missing ids named in the message; the rest are counted. */
const MAX_NAMED = 10;

/** The search hits of these data object ids (a search per `IDS_PER_SEARCH`; ids are data, escaped by the builder). */
export async function locate(
  client: MdqClient,
  ids: readonly string[],
): Promise<Map<string, SearchHit>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, SearchHit>();
  for (let at = 0; at < unique.length; at += IDS_PER_SEARCH) {
    const batch = new Set(unique.slice(at, at + IDS_PER_SEARCH));
    const text = query(or(...[...batch].map((id) => equals('_dataObjectId', id)))).text;
    for await (const hit of client.searchAll(text))
      if (batch.has(hit._dataObjectId)) found.set(hit._dataObjectId, hit);
  }
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const named = missing
      .slice(0, MAX_NAMED)
      .map((id) => `'${id}'`)
      .join(', ');
    throw new Error(
      `no data object ${named}${missing.length > MAX_NAMED ? ` and ${missing.length - MAX_NAMED} more` : ''} (or not visible to this client)`,
    );
  }
  return found;
}

export function refOf(hit: SearchHit): DataObjectRef {
  return {
    businessAreaId: hit._businessAreaId,
    schemaId: hit._schemaId,
    dataSetId: hit._dataSetId,
    dataObjectId: hit._dataObjectId,
  };
}

/** `mdq lint --remote`: the options it adds, and the schemas it checks against (fetched from the service by name). */
export const remoteLintOptions = {
  ...connectionOptions,
  remote: { type: 'boolean' },
  'business-area': { type: 'string' },
} as const;

export async function remoteSchemas(
  values: ConnectionValues & {
    readonly 'business-area'?: string | undefined;
    readonly schema?: readonly string[] | undefined;
    readonly example?: boolean | undefined;
  },
  io: CliIo,
  usage: string,
): Promise<SchemaIndex> {
  if (values.example)
    throw new UsageError(`give either --remote or --example, not both\nusage: ${usage}`);
  const client = connect(values, io, usage);
  const scope = { businessArea: values['business-area'] };
  const names = values.schema ?? [];
  const responses =
    names.length === 0
      ? await client.schemasIn(scope)
      : (await Promise.all(names.map((schema) => client.schemasIn({ ...scope, schema })))).flat();
  if (responses.length === 0)
    throw new Error(
      `the service has no schema ${names.length > 0 ? `named ${names.map((n) => `'${n}'`).join(', ')} ` : ''}in ${scope.businessArea === undefined ? 'any business area' : `business area '${scope.businessArea}'`}`,
    );
  return loadSchema(responses);
}
