/**
 * mdq/parse: the language alone, for a search box or a server that reads queries and nothing
 * more. `parse`, the tree and diagnostic types, and the stateless helpers around them (quoting
 * and escaping, positions, applying a fix's edits), in a module a fraction of the root's size:
 * `import 'mdq'` compiles the checker, printer, builder, completion and evaluator too, most of
 * a cold start (docs/performance.md). Everything here is also exported by `mdq`, the same
 * functions with the same types; the two entries carry a copy each of the parser, so an
 * application that needs more than this imports `mdq` alone. Nothing here is a class or a
 * symbol whose identity another entry checks (`parseOrThrow`'s QuerySyntaxError and the
 * visitor's BREAK stay in the root).
 */
export * from '../language/stateless-api.js';
