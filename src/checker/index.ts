export { check, type CheckOptions } from './check.js';
export type { CheckContext, Report } from './context.js';
export { fixQuery, type AppliedFix, type FixOptions, type FixResult } from './fix-query.js';
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
  allRules,
  ruleCodes,
  type CodeEntry,
} from './registry.js';
export type { CodeInfo, Level, Rule } from './rule.js';
export * from './adapters/index.js';
export { fixActionKind, fixLabel, warnsOfMeaning, type FixActionKind } from './fix-label.js';
