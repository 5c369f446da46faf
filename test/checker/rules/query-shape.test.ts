import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { NonEmptyQuery } from '../../../src/checker/rules/non-empty-query.js';
import { QueryHasPositiveClause } from '../../../src/checker/rules/query-has-positive-clause.js';
import { NoLeadingWildcard } from '../../../src/checker/rules/no-leading-wildcard.js';
import { ruleTable } from '../helpers.js';

ruleTable(NonEmptyQuery, {
  fires: [
    ['', 'empty-query: '],
    ['   ', 'empty-query:    '],
  ],
  passes: ['a', '*:*', '(', ')'],
});

ruleTable(QueryHasPositiveClause, {
  fires: [
    ['NOT a', 'only-negations: NOT a'],
    ['-a -b', 'only-negations: -a -b'],
    ['(NOT a)', 'only-negations: (NOT a)'],
    ['NOT a OR NOT b', 'only-negations: NOT a OR NOT b'],
    ['-Status:INA^2', 'only-negations: -Status:INA^2'],
  ],
  passes: ['a', 'a NOT b', '*:* -a', 'NOT a OR b', '-a +b', 'a AND (NOT b)'],
});

ruleTable(NoLeadingWildcard, {
  fires: [
    ['*son', 'leading-wildcard: *son'],
    ['Email:*@example.com', 'leading-wildcard: *@example.com'],
    ['?ohn', 'leading-wildcard: ?ohn'],
    ['Email:*', 'leading-wildcard: Email:*'],
  ],
  passes: ['Jo*', 'J?hn', '\\*son', '*', '*:*', '_exists_:Email', 'City:Ber*'],
});

it('checks a hand-built empty tree too', () => {
  expect(
    check({ kind: 'Query', body: null, span: { start: 0, end: 0 } }).map((d) => d.code),
  ).toEqual(['empty-query']);
});
