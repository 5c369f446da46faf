/**
 * Lucene wildcard patterns (`*` any run of characters, `?` one character, `\` escapes)
 * as token matchers. No regular expression: the common shapes (`jo*`, `*son`, `*mit*`)
 * are one string call, and the rest a two-pointer match that never backtracks more than
 * once per `*`, so a hostile pattern costs at most pattern length times token length.
 * Characters are code points, as in Lucene: `?` matches an emoji.
 */
import { wildcardParts } from '../language/escape.js';

export type TokenTest = (token: string) => boolean;

/** A matcher for `pattern` (lower-cased already when the field is analysed). */
export function wildcardMatcher(pattern: string): TokenTest {
  const parts = wildcardParts(pattern);
  const literals = parts.map((p) => ('literal' in p ? p.literal : null));
  const stars = parts.filter((p) => 'wildcard' in p && p.wildcard === '*').length;
  const questions = parts.filter((p) => 'wildcard' in p && p.wildcard === '?').length;
  if (questions === 0) {
    if (parts.length === 1 && stars === 1) return () => true;
    // prefix*, *suffix, *infix*
    const [first, second, third] = literals;
    if (parts.length === 2 && typeof first === 'string') return (t) => t.startsWith(first);
    if (parts.length === 2 && typeof second === 'string') return (t) => t.endsWith(second);
    if (parts.length === 3 && first === null && typeof second === 'string' && third === null)
      return (t) => t.includes(second);
  }
  const units = Array.from(
    parts.flatMap((p) =>
      'literal' in p ? Array.from(p.literal) : [p.wildcard === '*' ? STAR : QUESTION],
    ),
  );
  return (t) => globMatch(units, SURROGATE.test(t) ? Array.from(t) : t);
}

const SURROGATE = /[\uD800-\uDFFF]/;
const STAR = '\u0000*';
const QUESTION = '\u0000?';

/** Greedy glob matching with one remembered `*` (linear in practice, pattern x text at worst). */
function globMatch(pattern: readonly string[], text: ArrayLike<string>): boolean {
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    const c = pattern[p];
    if (c === STAR) {
      starP = p++;
      starT = t;
    } else if (c !== undefined && (c === QUESTION || c === text[t])) {
      p++;
      t++;
    } else if (starP >= 0) {
      p = starP + 1;
      t = ++starT;
    } else {
      return false;
    }
  }
  while (pattern[p] === STAR) p++;
  return p === pattern.length;
}
