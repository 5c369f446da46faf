/**
 * Where the contract scenarios run: the tenant named by MDQ_BASE_URL, MDQ_CLIENT_ID and
 * MDQ_CLIENT_SECRET, or else a fresh emulator on 127.0.0.1 (port 0). Writes on a real
 * tenant need a dataset to write to and an integer field to count in
 * (MDQ_CONTRACT_BUSINESS_AREA, MDQ_CONTRACT_SCHEMA, MDQ_CONTRACT_DATASET,
 * MDQ_CONTRACT_COUNTER_FIELD): the scenarios create their own object there and delete it.
 * Fault scenarios need the emulator's fault injection, so they run against it only.
 * MDQ_EMULATOR_DATABASE (a postgres:// URL) runs that emulator on PostgreSQL.
 */
import { startEmulator } from '../../../src/emulator/index.js';
import type { EmulatorOptions, FaultConfig } from '../../../src/emulator/index.js';

export interface WritableScope {
  readonly businessArea: string;
  readonly schema: string;
  readonly dataSet: string;
  /** An integer field the scenarios count in. */
  readonly counterField: string;
}

export interface Target {
  readonly name: string;
  readonly baseUrl: string;
  readonly credentials: { readonly clientId: string; readonly clientSecret: string };
  readonly writable: WritableScope | undefined;
  /** The emulator's fault injection; absent on a real tenant. */
  readonly setFaults: ((config: FaultConfig | null) => void) | undefined;
  /** Request log lines (`GET /path 200 1.2ms`), on the emulator only. */
  readonly log: string[] | undefined;
  readonly close: () => Promise<void>;
}

/** The example tenant's product catalogue: the emulator's writable scope. */
export const EMULATOR_SCOPE: WritableScope = {
  businessArea: 'product',
  schema: 'Product',
  dataSet: 'Catalogue 2024',
  counterField: 'Stock Quantity',
};

export async function emulatorTarget(options: EmulatorOptions = {}): Promise<Target> {
  const log: string[] = [];
  const emulator = await startEmulator({
    port: 0,
    records: 150,
    pageSize: 2,
    dataObjectPageSize: 10,
    quiet: false,
    log: (line) => void log.push(line),
    ...options,
  });
  return {
    name: `the emulator at ${emulator.url}`,
    baseUrl: emulator.url,
    credentials: emulator.demoClient,
    writable: EMULATOR_SCOPE,
    setFaults: (config) => emulator.setFaults(config),
    log,
    close: () => emulator.close(),
  };
}

export async function environmentTarget(
  env: Readonly<Record<string, string | undefined>>,
): Promise<Target> {
  const baseUrl = env.MDQ_BASE_URL;
  if (baseUrl === undefined || baseUrl === '') {
    // The emulator on PostgreSQL (scripts/postgres-parity.sh sets it to a fresh database), or in memory.
    const database = env.MDQ_EMULATOR_DATABASE;
    return emulatorTarget(database ? { database } : {});
  }
  const clientId = env.MDQ_CLIENT_ID ?? '';
  const clientSecret = env.MDQ_CLIENT_SECRET ?? '';
  if (clientId === '' || clientSecret === '')
    throw new Error('MDQ_BASE_URL is set: set MDQ_CLIENT_ID and MDQ_CLIENT_SECRET too');
  const scope = [
    env.MDQ_CONTRACT_BUSINESS_AREA,
    env.MDQ_CONTRACT_SCHEMA,
    env.MDQ_CONTRACT_DATASET,
    env.MDQ_CONTRACT_COUNTER_FIELD,
  ];
  const writable = scope.every((v) => v !== undefined && v !== '')
    ? { businessArea: scope[0]!, schema: scope[1]!, dataSet: scope[2]!, counterField: scope[3]! }
    : undefined;
  return {
    name: baseUrl,
    baseUrl,
    credentials: { clientId, clientSecret },
    writable,
    setFaults: undefined,
    log: undefined,
    close: async () => {},
  };
}
