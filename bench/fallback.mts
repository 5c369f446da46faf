/**
 * Which texts still reach chevrotain (issue 29, target 3): every recorded case file
 * (grammar/cases/lucene-8.7.jsonl) and a fixed sample of the arbitraries' queries and
 * query-like strings, each parsed with `parse` while the shared chevrotain lexer counts its
 * calls (the fix guard's trials included). Prints the share per source and, for the texts
 * that reach it, the reference parser's first diagnostic code (the shape the fast path does not
 * yet recover from). Run: npx tsx bench/fallback.mts [sample=2000]
 */
import fc from 'fast-check';
import { loadCases } from '../test/conformance/cases.js';
import { query, queryLikeString } from '../test/support/arbitraries.js';
import { format } from '../src/index.js';
import { getLexer } from '../src/language/lexer.js';
import { FAIL, fastParse, type Recovery } from '../src/language/fast-path.js';
import { parse, parseWithReferenceParser } from '../src/language/parse.js';
import { scan } from '../src/language/scanner.js';

const lexer = getLexer();
const tokenize = lexer.tokenize.bind(lexer);
let calls = 0;
lexer.tokenize = ((text: string) => {
  calls++;
  return tokenize(text);
}) as typeof lexer.tokenize;

const sample = Number(process.argv[2] ?? 2000);
const sources: Record<string, string[]> = {
  'case files': loadCases().map((c) => c.query),
  'arbitrary queries (printed)': fc.sample(query, { numRuns: sample, seed: 29 }).map((q) => format(q)),
  'query-like strings': fc.sample(queryLikeString, { numRuns: sample, seed: 29 }),
};

for (const [name, texts] of Object.entries(sources)) {
  let own = 0; // the text itself goes to chevrotain (the fast path gave up)
  let trialsOnly = 0; // the text stays on the fast path, a fix trial does not
  const shapes = new Map<string, number>();
  for (const text of texts) {
    const recovery: Recovery = { faults: [] };
    const stream = scan(text);
    const fast = stream !== undefined && fastParse(stream, recovery) !== FAIL;
    calls = 0;
    parse(text);
    if (calls === 0) continue;
    if (fast) {
      trialsOnly++;
      continue;
    }
    own++;
    const codes = parseWithReferenceParser(text).diagnostics.map((d) => d.code);
    const key = codes.length === 0 ? '(none: fast path gave up on a valid text)' : codes[0]!;
    shapes.set(key, (shapes.get(key) ?? 0) + 1);
  }
  const pct = (n: number) => `${((100 * n) / texts.length).toFixed(1)}%`;
  console.log(
    `${name}: ${texts.length} texts; chevrotain for the text ${own} (${pct(own)}), for a fix trial only ${trialsOnly} (${pct(trialsOnly)}); fast path throughout ${texts.length - own - trialsOnly} (${pct(texts.length - own - trialsOnly)})`,
  );
  for (const [code, n] of [...shapes].sort((a, b) => b[1] - a[1]))
    console.log(`  ${code.padEnd(44)} ${n}`);
}
