/**
 * The one door to chevrotain: the only module of src/ that imports its values; the rest
 * import its types and call `loadChevrotain()` inside functions, never at the top level.
 *
 * Why: a well-formed query takes the fast path (scanner.ts, fast-path.ts), which needs no
 * chevrotain; only a broken query (the parser's recovery) does. Its lexer is mdq's own scanner
 * (lexer.ts), so chevrotain's `Lexer` is left out (the tests keep it as the reference). So the build
 * (tsup.config.ts) replaces this module with the package import `#chevrotain`: in Node,
 * dist/vendor/chevrotain-node.js, which reads the minified bundle on the first call of
 * `loadChevrotain` (so `import 'mdq'` neither reads nor compiles it: a fifth of import +
 * first parse); in bundlers, dist/vendor/chevrotain.js, whose bundle runs on that first call
 * too (running it took about a third of `import 'mdq'`).
 */
import { EmbeddedActionsParser, tokenMatcher } from 'chevrotain';

/** What mdq uses of chevrotain (the build vendors these names and no others). */
const chevrotain = { EmbeddedActionsParser, tokenMatcher };

export type Chevrotain = typeof chevrotain;

export function loadChevrotain(): Chevrotain {
  return chevrotain;
}
