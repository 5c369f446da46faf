/**
 * mdq: the search language of a master-data service: parse, print, check and fix a query
 * against a schema. The rest of the public API lives in subpaths, each its own module, so
 * `import 'mdq'` compiles only the language (most of a cold start is V8 reading the module):
 * mdq/builder (queries built from code), mdq/completion (suggestions, hover, signature
 * help), mdq/evaluator (running a query over records in memory), mdq/examples (the example
 * tenant), and the Node-only and browser entries (mdq/client, mdq/emulator, mdq/codemirror, ...).
 */
export * from './language/index.js';
export * from './printer/index.js';
export * from './schema/index.js';
export * from './checker/index.js';
