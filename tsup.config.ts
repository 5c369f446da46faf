import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { buildSync, type Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/*
 * ESM builds: the root as one module (dist/index.js), and the client, emulator and CLI
 * importing the core from it (`coreFromRoot`), so no entry carries a copy of the core and
 * every class exists once. Our code ships unminified with its names (`BuilderError.name` is
 * 'BuilderError') and no source maps: a stack trace reads like the source. Without esbuild's
 * keepNames: it renames a top-level name only where two modules' names collide (`check2`),
 * and no two functions or classes of src/ share one (a package test holds it), so its
 * `__name()` calls (an Object.defineProperty per function at import, and per closure made)
 * would buy nothing. The CommonJS entries (dist/*.cjs) are one-line `require()`s of these
 * files, written by scripts/build.mjs (Node 20.19+, the package's `engines`, loads ES
 * modules with require).
 *
 * chevrotain is not shipped: the grammar (src/language/parser.ts) runs on mdq's recognizer
 * (src/language/recognizer), on tables chevrotain computes from it at generation time
 * (scripts/recognizer/generate.ts); chevrotain stays a devDependency, the tests' reference.
 * src/ imports its types only; `noChevrotain` fails the build on a value import.
 *
 * The example tenant (src/examples/tenant.ts) ships as data: the build runs the module and
 * writes its exports as JSON, which `JSON.parse` reads at import several times faster than V8
 * compiles and runs the code that builds them (about 90 hashed ids and 260 objects: a tenth of
 * `import 'mdq'`). The module is deterministic, so the data is the same; the build checks that
 * the generated module gives values deep-equal to the source's, sharing the same objects.
 */
/** Fails the build where src/ imports a value of chevrotain (its types are erased). */
const noChevrotain: Plugin = {
  name: 'no-chevrotain',
  setup(build) {
    build.onResolve({ filter: /^chevrotain$/ }, (args) => ({
      errors: [
        {
          text: `${args.importer} imports chevrotain, which the package does not ship: import its types only (src/language/recognizer runs the grammar)`,
        },
      ],
    }));
  },
};

const TENANT = /[\\/]src[\\/]examples[\\/]tenant\.ts$/;

/** Runs an ES module's source (bundled, so it imports nothing) and gives its namespace. */
async function evaluate(path: string): Promise<Record<string, unknown>> {
  const code = buildSync({
    entryPoints: [path],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'warning',
  }).outputFiles[0]!.text;
  return {
    ...(await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)),
  };
}

type Path = (string | number)[];

/**
 * The exports as one JSON tree, each object written once, where a walk in key order first
 * meets it; `links` says where it appears again ([path, path of the first]). Anything JSON
 * does not carry (undefined, a function, a Date, a non-finite number, a frozen object) fails
 * the build.
 */
function asTree(exports: Record<string, unknown>): {
  tree: Record<string, unknown>;
  links: [Path, Path][];
} {
  const first = new Map<object, Path>();
  const links: [Path, Path][] = [];
  const copy = (value: unknown, path: Path): unknown => {
    if (
      value === null ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))
    )
      return value;
    const where = path.join('.');
    if (typeof value !== 'object')
      throw new Error(
        `src/examples/tenant.ts: ${where} is ${String(value)}, which JSON cannot carry`,
      );
    const seen = first.get(value);
    if (seen) {
      links.push([path, seen]);
      return null;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== Array.prototype)
      throw new Error(`src/examples/tenant.ts: ${where} is not a plain object or array`);
    if (!Object.isExtensible(value))
      throw new Error(
        `src/examples/tenant.ts: ${where} is frozen or sealed, which JSON cannot carry`,
      );
    first.set(value, path);
    if (Array.isArray(value)) return value.map((item, i) => copy(item, [...path, i]));
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, copy(item, [...path, key])]),
    );
  };
  return { tree: copy(exports, []) as Record<string, unknown>, links };
}

/** src/examples/tenant.ts as a module that parses its exports from JSON (see above). */
async function tenantAsData(path: string): Promise<string> {
  const exports = await evaluate(path);
  const { tree, links } = asTree(exports);
  const literal = (text: string) => `\`${text.replace(/[\\`]|\$\{/g, (s) => `\\${s}`)}\``;
  // JSON in template literals: only \, ` and ${ need escaping; a newline in a JSON string is \n.
  // Arrows called at once, marked pure (a property read is not, to a bundler): an application
  // bundle drops the examples it does not use, and all of this if it uses none.
  const module = [
    'const exampleTenantData = /* @__PURE__ */ (() => {',
    // One value a line, unindented: short lines, 10 KB less than indented.
    `  const data = JSON.parse(${literal(JSON.stringify(tree, null, 1).replace(/\n +/g, '\n'))});`,
    '  // Where an object appears again: [path, path of its first appearance].',
    `  for (const [to, from] of JSON.parse(${literal(`[\n${links.map((link) => JSON.stringify(link)).join(',\n')}\n]`)})) {`,
    '    let target = data;',
    '    for (const key of to.slice(0, -1)) target = target[key];',
    '    let source = data;',
    '    for (const key of from) source = source[key];',
    '    target[to.at(-1)] = source;',
    '  }',
    '  return data;',
    '})();',
    ...Object.keys(exports).map(
      (name) => `export const ${name} = /* @__PURE__ */ (() => exampleTenantData.${name})();`,
    ),
    '',
  ].join('\n');
  // The generated module must give what the source gives, down to which objects are shared.
  const generated = await import(
    `data:text/javascript;base64,${Buffer.from(module).toString('base64')}`
  );
  const shape = (values: Record<string, unknown>) => asTree({ ...values });
  if (
    !isDeepStrictEqual({ ...generated }, exports) ||
    !isDeepStrictEqual(shape(generated), shape(exports))
  ) {
    throw new Error('src/examples/tenant.ts: its exports do not survive the JSON snapshot');
  }
  return module;
}

const tenantData: Plugin = {
  name: 'tenant-as-data',
  setup(build) {
    build.onLoad({ filter: TENANT }, async (args) => ({
      contents: await tenantAsData(args.path),
      loader: 'js',
    }));
  },
};

/**
 * Where the subpath entries may reach into the core: through the root's public API, or these
 * stateless leaves (schema/value-rules keeps only a memo keyed by field: a second copy costs nothing).
 */
const ROOT = /[\\/]src[\\/]index\.ts$/;
/**
 * The parts of the core API that `import 'mdq'` does not compile (its cold start: bench/cold.mjs):
 * `mdq/NAME`, from src/NAME/index.ts, built with the root (one config, split), so the modules they
 * share with the root are the root's chunks and every class exists once.
 */
const PARTS = new Set(['builder', 'completion', 'evaluator', 'examples']);
const PART = /[\\/]src[\\/](builder|completion|evaluator|examples)[\\/]index\.ts$/;
const CORE =
  /[\\/]src[\\/](language|checker|schema|printer|builder|evaluator|completion|examples)[\\/]/;
const STATELESS =
  /[\\/]src[\\/](schema[\\/](dates|field-kind|value-rules)|language[\\/](syntax-codes|depth|visitor|escape|binary-search)|evaluator[\\/](analysis|ascii-words|word-segments|fuzzy|lucene-regexp|regex-vm|typed-values|record|full-text-walk))\.ts$/;

/**
 * The client, emulator and CLI use the core through the root module (dist/index.js) itself, so
 * whichever entries an application loads, every class exists once, and the root stays one file.
 */
const RESOLVING = Symbol('core-from-root');
const coreFromRoot: Plugin = {
  name: 'core-from-root',
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      // build.resolve() below comes back here: let esbuild answer that one.
      if (args.kind === 'entry-point' || args.pluginData === RESOLVING) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: RESOLVING,
      });
      if (resolved.errors.length > 0) return resolved;
      if (ROOT.test(resolved.path)) return { path: './index.js', external: true };
      const part = PART.exec(resolved.path);
      if (part && !CORE.test(args.importer)) return { path: `./${part[1]}.js`, external: true };
      if (CORE.test(resolved.path) && !STATELESS.test(resolved.path) && !CORE.test(args.importer)) {
        return {
          errors: [
            {
              text: `${args.importer} imports ${resolved.path}: import the core through src/index.ts (its public API), so dist/ holds one copy of it`,
            },
          ],
        };
      }
      return resolved;
    });
  },
};

/**
 * The subpath entries come from package.json's exports: `mdq/NAME` is built from
 * src/NAME/index.ts, so adding an entry is its block in the exports map (and its line in
 * typesVersions, for node10 resolution; test/package checks that the two agree). An entry
 * imports the core through src/index.ts, which becomes `./index.js` (`coreFromRoot`), unless
 * it is one of BY_PACKAGE_NAME: those import the core as `'mdq'` and are built for browsers.
 */
const BY_PACKAGE_NAME = new Set(['codemirror', 'element', 'react']);
/**
 * Built alone, with its own copy of what it uses: mdq/parse exists to be small to compile
 * (`import 'mdq'` compiles the whole root, most of a cold start: bench/cold.mjs), so it must
 * not import the root. It exports no class and no symbol (src/parse/index.ts), so no
 * `instanceof` or `===` meets the root's twin; its parser's classes never leave it.
 */
const STANDALONE = new Set(['parse']);
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  exports: Record<string, unknown>;
};
const subpaths = Object.keys(pkg.exports)
  .filter((key) => key !== '.' && key !== './package.json')
  .map((key) => key.slice(2));
const source = (name: string) => `src/${name}/index.ts`;
const entriesOf = (names: string[]) =>
  Object.fromEntries(names.map((name) => [name, source(name)]));
const throughRoot = subpaths.filter(
  (name) => !BY_PACKAGE_NAME.has(name) && !STANDALONE.has(name) && !PARTS.has(name),
);
const parts = subpaths.filter((name) => PARTS.has(name));
const standalone = subpaths.filter((name) => STANDALONE.has(name));
const byPackageName = subpaths.filter((name) => BY_PACKAGE_NAME.has(name));

export default defineConfig([
  {
    // The root and its parts (PARTS), split: what the root and a part share is in chunks the
    // root imports, and what only a part uses stays out of `import 'mdq'`.
    entry: { index: 'src/index.ts', ...entriesOf(parts) },
    format: ['esm'],
    splitting: true,
    dts: {
      entry: { index: 'src/index.ts', ...entriesOf([...parts, ...throughRoot, ...standalone]) },
    },
    // scripts/build.mjs empties dist/ first, but for dist/playground (Vite's, which `npm start`
    // serves): a tsup `clean` here raced the other configs and deleted their declarations.
    clean: false,
    target: 'node20',
    platform: 'node',
    treeshake: true,
    minify: false,
    sourcemap: false,
    esbuildPlugins: [noChevrotain, tenantData],
  },
  {
    entry: {
      // The service client is browser-safe (the platform's fetch, no node: import); the
      // emulator is Node-only (node:http, node:fs): each its own subpath, so browser bundles
      // of the root never see the Node-only ones.
      ...entriesOf(throughRoot),
      // The `mdq` bin; src/cli/main.ts starts with the #! line, which esbuild keeps.
      cli: 'src/cli/main.ts',
    },
    format: ['esm'],
    splitting: true,
    target: 'node20',
    platform: 'node',
    treeshake: true,
    minify: false,
    sourcemap: false,
    esbuildPlugins: [coreFromRoot, noChevrotain],
  },
  ...standalone.map((name) => ({
    entry: { [name]: source(name) },
    format: ['esm' as const],
    splitting: false,
    clean: false,
    target: 'node20',
    platform: 'node' as const,
    treeshake: true,
    minify: false,
    sourcemap: false,
    esbuildPlugins: [noChevrotain],
  })),
  ...byPackageName.map((name) => ({
    entry: { [name]: source(name) },
    format: ['esm' as const],
    dts: true,
    sourcemap: false,
    target: 'es2022',
    platform: 'browser' as const,
    // The core and the other browser entries come from the package itself ('mdq', 'mdq/codemirror'),
    // so an app that imports several gets one copy of each part.
    external: [/^@codemirror\//, /^@lezer\//, /^mdq(\/.*)?$/, /^react(-dom)?(\/.*)?$/],
    treeshake: true,
    minify: false,
  })),
]);
