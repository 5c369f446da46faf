/**
 * The contract scenarios against the emulator on PostgreSQL (PGlite, in-process), faults
 * and all: the store changes nothing a client can tell. CI runs them on the PostgreSQL 15
 * server too (scripts/postgres-parity.sh, MDQ_EMULATOR_DATABASE).
 */
import { PGlite } from '@electric-sql/pglite';
import { defineContract } from './contract/scenarios.js';
import { emulatorTarget } from './contract/target.js';

defineContract(
  async () => {
    const db = await PGlite.create();
    const target = await emulatorTarget({ database: db });
    return {
      ...target,
      name: `${target.name} on PGlite`,
      close: async () => {
        await target.close();
        await db.close();
      },
    };
  },
  { writes: true, faults: true },
);
