/**
 * `npm run test:contract`: the contract scenarios against the tenant named by
 * MDQ_BASE_URL, MDQ_CLIENT_ID and MDQ_CLIENT_SECRET (writes with MDQ_CONTRACT_*, see
 * target.ts), or against a fresh emulator when MDQ_BASE_URL is unset (as in CI).
 */
import { defineContract } from './scenarios.js';
import { environmentTarget } from './target.js';

const env = process.env;
const remote = env.MDQ_BASE_URL !== undefined && env.MDQ_BASE_URL !== '';
const writable = [
  'MDQ_CONTRACT_BUSINESS_AREA',
  'MDQ_CONTRACT_SCHEMA',
  'MDQ_CONTRACT_DATASET',
  'MDQ_CONTRACT_COUNTER_FIELD',
].every((name) => (env[name] ?? '') !== '');

defineContract(() => environmentTarget(env), { writes: !remote || writable, faults: !remote });
