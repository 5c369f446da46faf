/** The contract scenarios against a fresh emulator on 127.0.0.1, faults and all (npm test). */
import { defineContract } from './contract/scenarios.js';
import { emulatorTarget } from './contract/target.js';

defineContract(() => emulatorTarget(), { writes: true, faults: true });
