/**
 * How deeply a JSON text nests, found in one pass without parsing it. A body nested
 * thousands deep parses fine (V8's parser does not recurse), but every later step that
 * walks the value (JSON.stringify for the journal, the field rules, the evaluator) does,
 * and would overflow the stack after the change was made: so it is refused up front.
 */

/** Jackson's default `maxNestingDepth` (2.15+), what a Java service refuses beyond. */
export const MAX_JSON_DEPTH = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/** True when some array or object of `text` opens more than `limit` levels deep; brackets inside strings do not count. */
export function nestsDeeperThan(text: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}
