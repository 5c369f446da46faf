import fc from 'fast-check';
import { queryLikeString } from '/work/wt/cold/test/support/arbitraries.js';
import { FAIL, fastParse, type Recovery } from '/work/wt/cold/src/language/fast-path.js';
import { parseWithReferenceParser } from '/work/wt/cold/src/language/parse.js';
import { scan } from '/work/wt/cold/src/language/scanner.js';
import { loadCases } from '/work/wt/cold/test/conformance/cases.js';
const want = process.argv[2];
const texts = [...loadCases().map((c) => c.query), ...fc.sample(queryLikeString, { numRuns: 1000, seed: 29 })];
let n = 0;
for (const text of texts) {
  const s = scan(text);
  if (s !== undefined && fastParse(s, { faults: [] }) !== FAIL) continue;
  const d = parseWithReferenceParser(text).diagnostics;
  if (d[0]?.code !== want) continue;
  console.log(JSON.stringify(text), '=>', d.map((x) => x.code + '@' + x.span.start).join(' '));
  if (++n > 25) break;
}
