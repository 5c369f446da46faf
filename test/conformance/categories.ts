/**
 * The fixed list of deliberate differences between mdq and Lucene 8.7's classic
 * QueryParser. A case in grammar/cases/differences.json is marked "<category>: <why>"
 * with one of these; grammar/cases/README.md documents each with an example.
 */
export const DIFFERENCE_CATEGORIES = {
  precedence:
    'mdq binds NOT > AND > OR; Lucene sets each clause from the operators beside it (`a AND b OR c` is `+a b c`)',
  'required-in-or':
    "with default operator AND, Lucene drops a '+' on either side of OR; mdq keeps the required clause",
  relation: 'mdq reads `f:>=x` as a half-open range; Lucene reads `>=x` as a plain term',
  'bracket-comparison': "`[Field Name] op value` is the service's own syntax, not Lucene's",
  'match-all': 'a bare `*` matches every record in mdq; Lucene reads it as the wildcard `text:*`',
  'nested-prefix':
    'mdq accepts a prefix operator on a prefixed clause (`NOT NOT a`, `--a`); Lucene allows one prefix per clause',
  'range-escapes':
    "mdq unescapes backslashes in range bounds; Lucene's range lexer ends a bound at any space, `]` or `}`",
  'regex-body': 'mdq does not validate the body of a `/regex/`; Lucene rejects an invalid one',
  'detached-prefix':
    "mdq rejects a '+', '-' or '!' followed by a space (ambiguous); Lucene searches for the character itself",
  'fuzzy-suffix':
    "mdq rejects anything but a number right after '~'; Lucene's '~' swallows the following word characters",
  'glued-to':
    'mdq reads a quoted range bound touching `TO` (`["18"TO 20]`) as the bound and the keyword; Lucene reads `"18"TO` as one bound',
  'ignored-fuzzy':
    "mdq reports a '~' after a wildcard or a regex (`a*~2`, `/r/~2`); Lucene drops it without a word",
  'range-whitespace':
    'mdq reports a tab, line break or U+3000 inside a range; Lucene makes it part of the bound (`[a TO b<tab>]`)',
} as const;

export type DifferenceCategory = keyof typeof DIFFERENCE_CATEGORIES;

export function isDifferenceCategory(name: string): name is DifferenceCategory {
  return Object.hasOwn(DIFFERENCE_CATEGORIES, name);
}

/** Splits a mark "<category>: <why>" into its parts (null when it has no category prefix). */
export function parseDifference(mark: string): { category: string; why: string } | null {
  const match = /^([a-z][a-z-]*): (\S.*)$/s.exec(mark);
  return match ? { category: match[1]!, why: match[2]! } : null;
}
