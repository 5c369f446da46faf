/**
 * Unescaped spellings by raw text, shared by every parse. Queries repeat their escaped
 * names and words (`First\ Name:x AND First\ Name:y`, query after query): one flat
 * string per spelling costs less than unescaping at every clause into a concatenation,
 * which the checker then has to flatten again for every clause it looks up. Bounded:
 * past `LIMIT` spellings the table starts afresh, and a raw text longer than `LONGEST`
 * is not remembered (a name or a word that is repeated is short; a 1 MB escaped word
 * would be copied twice and held, a thousand of them gigabytes, for a query hardly seen again).
 */

const LIMIT = 1024;
const LONGEST = 256;
let spellings = /* @__PURE__ */ new Map<string, string>();

/** The unescaped spelling remembered for `raw`, or undefined. */
export function rememberedSpelling(raw: string): string | undefined {
  return spellings.get(raw);
}

/** Remembers `value` as the unescaped spelling of `raw`; returns the string to use for it. */
export function rememberSpelling(raw: string, value: string): string {
  if (raw.length > LONGEST) return value;
  if (spellings.size >= LIMIT) spellings = new Map();
  const spelling = ownCopy(value);
  spellings.set(ownCopy(raw), spelling);
  return spelling;
}

/**
 * `text` as one flat string of its own: a slice of a query (or a concatenation of
 * slices) would keep the whole query's text alive for as long as the table holds it.
 */
function ownCopy(text: string): string {
  return text.split('').join('');
}
