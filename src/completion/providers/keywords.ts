/** The keyword items: boolean operators, `_exists_:`, parentheses, `TO`, range ends, a closing quote. */
import { candidate, type Candidate } from '../fuzzy.js';
import type { CompletionItem } from '../types.js';

export interface Keyword {
  readonly item: CompletionItem;
  /** The label prepared for matching, in a list of one (what the ranking takes). */
  readonly names: readonly Candidate[];
}

function keywordItem(
  label: string,
  insert: string,
  detail: string,
  documentation: string,
  extra?: Partial<CompletionItem>,
): Keyword {
  return {
    item: { label, kind: 'keyword', insert, detail, documentation, sortText: '', ...extra },
    names: [candidate(label)],
  };
}

export const AND = /* @__PURE__ */ keywordItem(
  'AND',
  'AND ',
  'both sides must match',
  '`a AND b`: records matching both. Also `&&`; next to bracket comparisons also `and`.',
);
export const OR = /* @__PURE__ */ keywordItem(
  'OR',
  'OR ',
  'either side may match',
  '`a OR b`: records matching either. Also `||`. Write parentheses when AND and OR mix: the service ignores precedence.',
);
export const NOT = /* @__PURE__ */ keywordItem(
  'NOT',
  'NOT ',
  'must not match',
  '`NOT a`, `!a`, `-a`: records not matching. `a NOT b` means `a AND NOT b`.',
);
export const LOWER_AND = /* @__PURE__ */ keywordItem(
  'and',
  'and ',
  'both comparisons must match',
  '`[A] eq 1 and [B] eq 2`: lower-case `and` is an operator next to a bracket comparison (a search word elsewhere).',
);
export const LOWER_OR = /* @__PURE__ */ keywordItem(
  'or',
  'or ',
  'either comparison may match',
  '`[A] eq 1 or [B] eq 2`: lower-case `or` is an operator next to a bracket comparison (a search word elsewhere).',
);
export const CLOSE_GROUP = /* @__PURE__ */ keywordItem(
  ')',
  ')',
  'close the group',
  'Ends the group opened by `(`.',
);
export const OPEN_GROUP = /* @__PURE__ */ keywordItem(
  '( … )',
  '()',
  'a group',
  'Groups clauses: `(a OR b) AND c`.',
  { cursor: 1 },
);
export const EXISTS = /* @__PURE__ */ keywordItem(
  '_exists_:',
  '_exists_:',
  'the field has a value',
  '`_exists_:Email` matches records where Email has a value; `NOT _exists_:Email` those where it is empty.',
);
export const RANGE_TO = /* @__PURE__ */ keywordItem(
  'TO',
  'TO ',
  'between the bounds',
  '`[a TO b]`: from `a` to `b`; `*` is an open end.',
);
export const RANGE_END_INCLUSIVE = /* @__PURE__ */ keywordItem(
  ']',
  ']',
  'the upper bound included',
  '`[a TO b]` includes `b`; `[a TO b}` excludes it.',
);
export const RANGE_END_EXCLUSIVE = /* @__PURE__ */ keywordItem(
  '}',
  '}',
  'the upper bound excluded',
  '`[a TO b}` excludes `b`; `[a TO b]` includes it.',
);
export const CLOSE_QUOTE = /* @__PURE__ */ keywordItem(
  '"',
  '"',
  'close the phrase',
  'Ends the phrase: inside quotes only `"` and `\\` need a backslash.',
);

/** The keywords that may start a clause, in the order listed after the fields. */
export const CLAUSE_KEYWORDS: readonly Keyword[] = [NOT, EXISTS, OPEN_GROUP];
