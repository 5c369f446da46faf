/**
 * Property tests explore new random cases on every local run; on CI (CI=true) they
 * replay a fixed seed, so a landing never depends on the luck of the draw. Set
 * FC_SEED to replay a failure reported with its seed.
 */
import fc from 'fast-check';

const seed = process.env.FC_SEED ?? (process.env.CI ? '20261122' : undefined);
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
