/**
 * The parsers under test behind one shape: `parse(text)` builds the AST, `problem(text)`
 * says why a query is not accepted (undefined when it is). mdq is loaded from the BUILT
 * package (dist/index.js), as users load it; the peers from node_modules.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const DIST_ESM = fileURLToPath(new URL('../dist/index.js', import.meta.url));
/** The language entry alone (mdq/parse): cold.mjs's third contender. */
export const DIST_PARSE = fileURLToPath(new URL('../dist/parse.js', import.meta.url));
export const DIST_CJS = fileURLToPath(new URL('../dist/index.cjs', import.meta.url));

const require = createRequire(import.meta.url);

/** Generous limits so no corpus trips mdq's safety limits (defaults: 1 000 000 chars, 100 000 clauses). */
export const MDQ_LIMITS = { maxLength: 100_000_000, maxClauses: 10_000_000, maxDepth: 200 };

function version(pkg) {
  return JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;
}

function thrown(parse) {
  return (text) => {
    try {
      parse(text);
      return undefined;
    } catch (e) {
      return e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : String(e);
    }
  };
}

/** mdq first, then the peers in a fixed order. */
export async function loadParsers() {
  const mdq = await import(pathToFileURL(DIST_ESM).href);
  const liqe = require('liqe');
  const lucene = require('lucene');
  const luceneQueryParser = require('lucene-query-parser');
  const mdqParse = (text) => mdq.parse(text, MDQ_LIMITS);
  return [
    {
      name: 'mdq',
      version: JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
        .version,
      isMdq: true,
      parse: mdqParse,
      // mdq never throws; a query it does not accept comes back with diagnostics.
      problem: (text) => {
        const { diagnostics } = mdqParse(text);
        return diagnostics.length === 0
          ? undefined
          : diagnostics.map((d) => `${d.code}: ${d.message}`).join('; ');
      },
    },
    { name: 'liqe', version: version('liqe'), parse: liqe.parse, problem: thrown(liqe.parse) },
    {
      name: 'lucene',
      version: version('lucene'),
      parse: lucene.parse,
      problem: thrown(lucene.parse),
    },
    {
      name: 'lucene-query-parser',
      version: version('lucene-query-parser'),
      parse: luceneQueryParser.parse,
      problem: thrown(luceneQueryParser.parse),
    },
  ];
}
