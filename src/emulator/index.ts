/**
 * mdq/emulator: a local emulator of the master-data service (Node only).
 *
 *   const emulator = await startEmulator({ port: 0 });
 *   // ... requests against emulator.url ...
 *   await emulator.close();
 */
export { startEmulator } from './server.js';
export { EmulatorOptionError } from './settings.js';
export { DEMO_CLIENT } from './auth.js';
export type {
  AreaGrant,
  ClientGrant,
  Emulator,
  EmulatorDatabase,
  EmulatorOptions,
  FaultConfig,
  FaultRule,
} from './types.js';
export { openApiDocument, type OpenApiDocument } from './openapi.js';
