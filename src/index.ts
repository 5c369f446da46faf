/**
 * mdq: compile, validate, format, build and complete the search language of a
 * master-data service. The public API is everything exported here.
 */
export * from './language/index.js';
export * from './printer/index.js';
export * from './builder/index.js';
export * from './schema/index.js';
export * from './checker/index.js';
export * from './examples/index.js';
export * from './evaluator/index.js';
export * from './completion/index.js';
