/**
 * mdq/emulator: a local emulator of the master-data service (Node only).
 *
 *   const emulator = await startEmulator({ port: 0 });
 *   // ... requests against emulator.url ...
 *   await emulator.close();
 *
 * Comments on the members of the emulator's internal classes sit inside their bodies: the build
 * ships a comment written before a class member, and the package has a size budget (400 KB).
 */
export { startEmulator } from './server.js';
export { EmulatorOptionError } from './settings.js';
export { DEMO_CLIENT } from './auth.js';
export type { AreaGrant, ClientGrant, Emulator, EmulatorOptions, FaultConfig, FaultRule } from './types.js';
export { openApiDocument, type OpenApiDocument } from './openapi.js';
