/**
 * The vendored chevrotain (dist/vendor/chevrotain.js, tsup.config.ts): the names mdq imports,
 * bundled from chevrotain's ES modules with esbuild and minified, less what mdq's use of it
 * never runs. Each left-out module is replaced by a stub whose functions throw, so a call this
 * reading missed fails loudly (test/language/vendored-chevrotain.isolated.test.ts parses the
 * case files and generated broken queries with this build and with chevrotain itself, and
 * compares every result):
 * - the lexer (`Lexer`), with its regexp analysis and regexp-to-ast: mdq's tokens come from
 *   its own scanner (src/language/lexer.ts; test/language/lexer.test.ts holds them to
 *   chevrotain's lexer, which the tests still run);
 * - the grammar checks: mdq's parser and lexer skip validations outside the tests
 *   (`skipValidations`), and no rule is overridden;
 * - the CST's nodes and visitors: mdq's parser builds no CST (an embedded-actions parser,
 *   `outputCst` off);
 * - lodash-es, for a few lines per function (lodash.mjs).
 * The file's first line names chevrotain's licence (Apache-2.0); lodash's code is no longer in it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

/** From the package's root, the working folder of the build and the tests (tsup runs this file bundled elsewhere). */
const LODASH = join(process.cwd(), 'scripts', 'chevrotain', 'lodash.mjs');

const unused = (name: string) =>
  `export function ${name}() { throw new Error("mdq's vendored chevrotain leaves out ${name} (scripts/chevrotain/vendor.ts)"); }`;

/** chevrotain's module (path under its lib/src/, or a package name) -> the stub that replaces it. */
export const STUBS: Record<string, string> = {
  // The lexer: mdq lexes with its own scanner (src/language/lexer.ts); chevrotain's parser
  // reads only `Lexer.NA`, the pattern of the token types it makes itself (EOF).
  'scan/lexer_public.js': [
    'export class Lexer {}',
    'Lexer.NA = /NOT_APPLICABLE/;',
    'Lexer.SKIPPED = "This marks a skipped Token pattern";',
    'export var LexerDefinitionErrorType;',
  ].join('\n'),
  '@chevrotain/regexp-to-ast': [
    'export class BaseRegExpVisitor {}',
    unused('regExpParser'),
    'export class RegExpParser { pattern() { regExpParser(); } }',
  ].join('\n'),
  'scan/reg_exp_parser.js': [
    unused('getRegExpAst'),
    'export function clearRegExpParserCache() {}',
  ].join('\n'),
  'scan/reg_exp.js': [
    `export const failedOptimizationPrefixMsg = 'Unable to use "first char" lexer optimizations:\\n';`,
    unused('getOptimizedStartCodesIndices'),
    unused('canMatchCharCode'),
  ].join('\n'),
  'parse/grammar/checks.js': [
    'validateGrammar',
    'validateLookahead',
    'validateRuleIsOverridden',
    'validateAmbiguousAlternationAlternatives',
    'validateEmptyOrAlternative',
    'validateNoLeftRecursion',
    'validateSomeNonEmptyLookaheadPath',
  ]
    .map(unused)
    .join('\n'),
  'parse/cst/cst.js': [
    'addNoneTerminalToCst',
    'addTerminalToCst',
    'setNodeLocationFull',
    'setNodeLocationOnlyOffset',
  ]
    .map(unused)
    .join('\n'),
  'parse/cst/cst_visitor.js': [
    'createBaseSemanticVisitorConstructor',
    'createBaseVisitorConstructorWithDefaults',
  ]
    .map(unused)
    .join('\n'),
};

/** The esbuild plugin that puts the stubs and lodash.mjs in place (bench/size-parts.mjs uses it too). */
export const chevrotainStubs: Plugin = {
  name: 'chevrotain-stubs',
  setup(build) {
    build.onResolve({ filter: /^lodash-es$/ }, () => ({ path: LODASH }));
    build.onResolve({ filter: /^@chevrotain\/regexp-to-ast$/ }, (args) => ({
      path: args.path,
      namespace: 'chevrotain-stub',
    }));
    build.onLoad({ filter: /[\\/]chevrotain[\\/]lib[\\/]src[\\/].*\.js$/ }, (args) => {
      const module = args.path.split(/[\\/]lib[\\/]src[\\/]/)[1]?.replaceAll('\\', '/') ?? '';
      const stub = STUBS[module];
      return stub === undefined ? undefined : { contents: stub, loader: 'js' };
    });
    build.onLoad({ filter: /.*/, namespace: 'chevrotain-stub' }, (args) => ({
      contents: STUBS[args.path],
      loader: 'js',
    }));
  },
};

/** The one module of src/ that imports chevrotain's values (src/language/chevrotain.ts says why). */
export const SEAM = join('src', 'language', 'chevrotain.ts');

/** The value (not type) names the seam imports from chevrotain: what the vendored build exports. */
export function chevrotainImports(): string[] {
  const list = /^import \{([^}]*)\} from 'chevrotain';/m.exec(readFileSync(SEAM, 'utf8'))?.[1];
  if (list === undefined) throw new Error(`${SEAM} no longer imports chevrotain`);
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .sort();
}

/** chevrotain's `names`, bundled as an IIFE assigning them to `globalName`, minified. */
export async function bundleChevrotain(names: string[], globalName: string): Promise<string> {
  const result = await build({
    stdin: {
      contents: `export { ${names.join(', ')} } from 'chevrotain';`,
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    globalName,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    write: false,
    logLevel: 'warning',
    plugins: [chevrotainStubs],
  });
  return result.outputFiles[0]!.text;
}

export const chevrotainVersion = (): string =>
  JSON.parse(readFileSync('node_modules/chevrotain/package.json', 'utf8')).version;
