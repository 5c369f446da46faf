/**
 * The rules registry: every rule `check` runs by default, in order, and the table
 * of every diagnostic code they report with its default severity.
 */
import type { Severity } from '../language/diagnostic.js';
import type { CodeInfo, Rule } from './rule.js';
import { ActiveFields } from './rules/active-fields.js';
import { AndOrInParentheses } from './rules/and-or-in-parentheses.js';
import { ConjunctionsCanHold } from './rules/conjunctions-can-hold.js';
import { DatesAreQuoted } from './rules/dates-are-quoted.js';
import { FieldNameSpacesEscaped } from './rules/field-name-spaces-escaped.js';
import { KnownFieldNames } from './rules/known-field-names.js';
import { ListsAndRangesAsWritten } from './rules/lists-and-ranges-as-written.js';
import { NoDuplicateClauses } from './rules/no-duplicate-clauses.js';
import { NoEmptyPhrase } from './rules/no-empty-phrase.js';
import { NoSqlSyntax } from './rules/no-sql-syntax.js';
import { NoLeadingWildcard } from './rules/no-leading-wildcard.js';
import { NonEmptyQuery } from './rules/non-empty-query.js';
import { OperatorFitsFieldType } from './rules/operator-fits-field-type.js';
import { OperatorWordsUpperCase } from './rules/operator-words-upper-case.js';
import { PersonalDataFields } from './rules/personal-data-fields.js';
import { QueryHasPositiveClause } from './rules/query-has-positive-clause.js';
import { RangesAreNotEmpty } from './rules/ranges-are-not-empty.js';
import { StraightQuotes } from './rules/straight-quotes.js';
import { ValueFitsFieldType } from './rules/value-fits-field-type.js';
import { ValueIsOneWord } from './rules/value-is-one-word.js';
import { ValuesWithinFieldBounds } from './rules/values-within-field-bounds.js';

export const allRules: readonly Rule[] = [
  KnownFieldNames,
  FieldNameSpacesEscaped,
  StraightQuotes,
  ValueFitsFieldType,
  OperatorFitsFieldType,
  ValuesWithinFieldBounds,
  RangesAreNotEmpty,
  ActiveFields,
  PersonalDataFields,
  NonEmptyQuery,
  QueryHasPositiveClause,
  NoLeadingWildcard,
  AndOrInParentheses,
  OperatorWordsUpperCase,
  NoDuplicateClauses,
  ConjunctionsCanHold,
  ValueIsOneWord,
  DatesAreQuoted,
  NoEmptyPhrase,
  NoSqlSyntax,
  ListsAndRangesAsWritten,
];

export interface CodeEntry extends CodeInfo {
  readonly code: string;
  readonly rule: string;
}

/** Every code a checker rule reports, with its rule and defaults. */
export const ruleCodes: readonly CodeEntry[] = /* @__PURE__ */ allRules.flatMap((rule) =>
  Object.entries(rule.codes).map(([code, info]) => ({ code, rule: rule.name, ...info })),
);

/** The default severity of a checker code (undefined for codes the checker does not know). */
export function defaultSeverity(code: string): Severity | undefined {
  return ruleCodes.find((c) => c.code === code)?.severity;
}

export {
  ActiveFields,
  AndOrInParentheses,
  ConjunctionsCanHold,
  DatesAreQuoted,
  FieldNameSpacesEscaped,
  KnownFieldNames,
  ListsAndRangesAsWritten,
  NoDuplicateClauses,
  NoEmptyPhrase,
  NoLeadingWildcard,
  NoSqlSyntax,
  NonEmptyQuery,
  OperatorFitsFieldType,
  OperatorWordsUpperCase,
  PersonalDataFields,
  QueryHasPositiveClause,
  RangesAreNotEmpty,
  StraightQuotes,
  ValueFitsFieldType,
  ValueIsOneWord,
  ValuesWithinFieldBounds,
};
