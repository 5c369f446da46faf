/**
 * `mdq serve`: the local emulator of the master-data service, until Ctrl-C
 * (SIGINT or SIGTERM), after which everything is written and it exits 0.
 */
import { validateClients } from '../../emulator/auth.js';
import { checkRecordCount } from '../../emulator/data/generate.js';
import { validateFaults } from '../../emulator/faults.js';
import { checkStaticFolder } from '../../emulator/http/static-files.js';
import { jsonSyntaxProblem } from '../../emulator/http/json-error.js';
import { startEmulator } from '../../emulator/server.js';
import { EmulatorOptionError, MAX_PORT } from '../../emulator/settings.js';
import { shownUrl } from '../../emulator/store/postgres-connection.js';
import type { EmulatorOptions } from '../../emulator/types.js';
import { parseCommandArgs } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, OutputClosed, OutputFailed, UsageError, type CliIo } from '../io.js';

// Lines joined at run time: the bundler folds a sum of literals into one line too long to read.
const USAGE = [
  'mdq serve [--port 8787] [--host 127.0.0.1] [--allowed-host NAME]... [--data DIR] [--in-memory] [--database URL] [--clients FILE] [--token-ttl SECONDS] [--page-size N] [--faults FILE] [--records N] [--seed N] [--static DIR] [--bare-array] [--quiet]',
  '       [--max-body-bytes SIZE] [--max-upload-bytes SIZE] [--max-unsent-bytes SIZE] [--send-timeout-ms MS] [--shutdown-grace-ms MS]',
  '       [--max-query-ms MS] [--max-queued-searches N] [--max-search-wait-ms MS] [--compact-after-bytes SIZE]',
  '  SIZE: bytes, or with a unit: 512KiB, 4MiB, 1GiB',
].join('\n');

function positiveInteger(
  text: string | undefined,
  name: string,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(
      `${name} must be an integer of at least ${min}${max < Number.MAX_SAFE_INTEGER ? ` and at most ${max}` : ''}, not ${JSON.stringify(text)}\nusage: ${USAGE}`,
    );
  }
  return Number(text);
}

const SIZE_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  B: 1,
  KiB: 2 ** 10,
  MiB: 2 ** 20,
  GiB: 2 ** 30,
};

/** A size in bytes: `1048576`, `512KiB`, `4MiB`, `1GiB` (binary units, as the options' defaults are). */
function byteSize(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)\s*(B|KiB|MiB|GiB)?$/.exec(text);
  const bytes = match === null ? Number.NaN : Number(match[1]) * SIZE_UNITS[match[2] ?? '']!;
  if (!(Number.isSafeInteger(bytes) && bytes >= 1)) {
    throw new UsageError(
      `${name} must be a size of at least 1 byte: a number of bytes or one with a unit (512KiB, 4MiB, 1GiB), not ${JSON.stringify(text)}\nusage: ${USAGE}`,
    );
  }
  return bytes;
}

/** The flag of each option `mdq serve` passes on, to name it in `startEmulator`'s complaints. */
const FLAG_OF: Partial<Record<keyof EmulatorOptions, string>> = {
  port: '--port',
  tokenTtlSeconds: '--token-ttl',
  pageSize: '--page-size',
  records: '--records',
  seed: '--seed',
  database: '--database',
  dataDir: '--data',
  maxBodyBytes: '--max-body-bytes',
  maxUploadBytes: '--max-upload-bytes',
  maxUnsentBytes: '--max-unsent-bytes',
  sendTimeoutMs: '--send-timeout-ms',
  shutdownGraceMs: '--shutdown-grace-ms',
  maxQueryMs: '--max-query-ms',
  maxQueuedSearches: '--max-queued-searches',
  maxSearchWaitMs: '--max-search-wait-ms',
  compactAfterBytes: '--compact-after-bytes',
};

/** `text` with each option name that has a flag written as the flag (a requirement may name a second option). */
function asFlags(text: string): string {
  return text.replace(
    /\b[a-z][A-Za-z]*\b/g,
    (word) => FLAG_OF[word as keyof EmulatorOptions] ?? word,
  );
}

async function readJsonFile(io: CliIo, path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await io.readFile(path);
  } catch (e) {
    throw new UsageError(
      `cannot read the ${what} file ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    // Never V8's message as it is: it may quote the file around the error, a client secret included.
    throw new UsageError(`the ${what} file ${path} is not JSON: ${jsonSyntaxProblem(e)}`);
  }
}

/**
 * The server's own output (banner, request log). Once nobody reads standard output
 * (`mdq serve | head -1`), it goes quiet, says so once on standard error, and the
 * server serves on: a closed pipe must not stop it, nor break a request.
 */
function serverOutput(io: CliIo, url: () => string | undefined): (text: string) => void {
  let open = true;
  return (text) => {
    if (!open) return;
    try {
      io.stdout(text);
    } catch (e) {
      if (!(e instanceof OutputClosed || e instanceof OutputFailed)) throw e;
      open = false;
      const where = url();
      const what = e instanceof OutputFailed ? e.message : 'standard output was closed';
      io.stderr(
        `mdq serve: ${what}; serving on${where === undefined ? '' : ` ${where}`} without the request log (Ctrl-C stops)\n`,
      );
    }
  };
}

/** Resolves on the first SIGINT or SIGTERM; `cancel` takes the handlers back (a start that failed must not leave Ctrl-C caught). */
function interrupted(): { readonly received: Promise<string>; readonly cancel: () => void } {
  let stop!: (signal: string) => void;
  const received = new Promise<string>((resolve) => {
    stop = (signal: string) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return {
    received,
    cancel: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

/** True for an address only this machine can reach. */
function isLoopback(host: string): boolean {
  return (
    host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

const serveOptions = {
  port: { type: 'string' },
  host: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  data: { type: 'string' },
  'in-memory': { type: 'boolean' },
  database: { type: 'string' },
  clients: { type: 'string' },
  'token-ttl': { type: 'string' },
  'page-size': { type: 'string' },
  faults: { type: 'string' },
  records: { type: 'string' },
  seed: { type: 'string' },
  static: { type: 'string' },
  'bare-array': { type: 'boolean' },
  quiet: { type: 'boolean' },
  'max-body-bytes': { type: 'string' },
  'max-upload-bytes': { type: 'string' },
  'max-unsent-bytes': { type: 'string' },
  'send-timeout-ms': { type: 'string' },
  'shutdown-grace-ms': { type: 'string' },
  'max-query-ms': { type: 'string' },
  'max-queued-searches': { type: 'string' },
  'max-search-wait-ms': { type: 'string' },
  'compact-after-bytes': { type: 'string' },
} as const;

export const serveCommand: Command = {
  summary: 'run a local emulator of the master-data service (the example tenant by default)',
  usage: USAGE,
  help: {
    examples: ['mdq serve', 'mdq serve --data ./tenant --port 8787 --quiet'],
  },
  options: serveOptions,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, serveOptions, USAGE);
    let url: string | undefined;
    const say = serverOutput(io, () => url);
    if (positionals.length > 0)
      throw new UsageError(
        `unexpected argument ${JSON.stringify(positionals[0])}\nusage: ${USAGE}`,
      );
    let clients: EmulatorOptions['clients'];
    let faults: EmulatorOptions['faults'];
    try {
      if (values.clients !== undefined)
        clients = validateClients(await readJsonFile(io, values.clients, 'clients'));
      if (values.faults !== undefined)
        faults = validateFaults(await readJsonFile(io, values.faults, 'faults'));
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(e instanceof Error ? e.message : String(e));
    }
    const options: EmulatorOptions = {
      port: positiveInteger(values.port, '--port', 0, MAX_PORT) ?? 8787,
      host: values.host ?? '127.0.0.1',
      allowedHosts: values['allowed-host'] ?? [],
      dataDir: values.data,
      inMemory: values['in-memory'] ?? false,
      database: values.database,
      clients,
      faults,
      tokenTtlSeconds: positiveInteger(values['token-ttl'], '--token-ttl'),
      pageSize: positiveInteger(values['page-size'], '--page-size'),
      records: positiveInteger(values.records, '--records', 0),
      seed: positiveInteger(values.seed, '--seed', 0),
      staticDir: values.static,
      bareArrayBusinessAreas: values['bare-array'] ?? false,
      quiet: values.quiet ?? false,
      log: (line) => say(`${line}\n`),
      maxBodyBytes: byteSize(values['max-body-bytes'], '--max-body-bytes'),
      maxUploadBytes: byteSize(values['max-upload-bytes'], '--max-upload-bytes'),
      maxUnsentBytes: byteSize(values['max-unsent-bytes'], '--max-unsent-bytes'),
      sendTimeoutMs: positiveInteger(values['send-timeout-ms'], '--send-timeout-ms'),
      shutdownGraceMs: positiveInteger(values['shutdown-grace-ms'], '--shutdown-grace-ms', 0),
      maxQueryMs: positiveInteger(values['max-query-ms'], '--max-query-ms'),
      maxQueuedSearches: positiveInteger(values['max-queued-searches'], '--max-queued-searches'),
      maxSearchWaitMs: positiveInteger(values['max-search-wait-ms'], '--max-search-wait-ms', 0),
      compactAfterBytes: byteSize(values['compact-after-bytes'], '--compact-after-bytes'),
    };
    // What the command line asked for and cannot be had (more records than the heap holds, no such folder) is a usage error too: exit 2.
    const unobtainable = (flag: string, e: unknown) =>
      new UsageError(`${flag}: ${e instanceof Error ? e.message : String(e)}\nusage: ${USAGE}`);
    try {
      if (options.records !== undefined) checkRecordCount(options.records);
    } catch (e) {
      throw unobtainable('--records', e);
    }
    try {
      if (options.staticDir !== undefined) await checkStaticFolder(options.staticDir);
    } catch (e) {
      throw unobtainable('--static', e);
    }
    if (!isLoopback(options.host!)) {
      io.stderr(
        `mdq serve: --host ${options.host} is not a loopback address: whoever reaches it can change the faults at /_emulator/faults (they ask no token) and, with the demo client, read and write the data; the emulator is for development and tests\n`,
      );
    }
    const signal = interrupted();
    let emulator;
    try {
      emulator = await startEmulator(options);
    } catch (e) {
      signal.cancel();
      // An option out of range is a usage error, named as the command line spells it.
      if (e instanceof EmulatorOptionError)
        throw new UsageError(`${asFlags(e.option)} ${asFlags(e.requirement)}\nusage: ${USAGE}`);
      throw e;
    }
    url = emulator.url;
    const where =
      options.database !== undefined
        ? `PostgreSQL at ${shownUrl(options.database as string)}`
        : options.dataDir === undefined
          ? 'in memory (pass --data DIR to keep changes)'
          : `${options.dataDir}${options.inMemory ? ' (read only: --in-memory)' : ''}`;
    say(`mdq emulator listening on ${emulator.url}\n`);
    say(`  data:   ${where}\n`);
    if (clients === undefined)
      say(
        `  client: client_id ${emulator.demoClient.clientId}, client_secret ${emulator.demoClient.clientSecret} (POST ${emulator.url}/oauth2/token)\n`,
      );
    else say(`  clients: ${clients.length} from ${values.clients}\n`);
    say(`  OpenAPI: ${emulator.url}/openapi.json\n  Stop with Ctrl-C.\n`);
    const received = await signal.received;
    say(`\n${received}: stopping, writing everything...\n`);
    await emulator.close();
    say('stopped\n');
    return EXIT.ok;
  },
};
