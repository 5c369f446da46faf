import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { fixQuery } from '../../../src/checker/fix-query.js';
import { filter } from '../../../src/evaluator/index.js';
import { exampleDataSets } from '../../../src/examples/index.js';
import { NonEmptyQuery } from '../../../src/checker/rules/non-empty-query.js';
import { QueryHasPositiveClause } from '../../../src/checker/rules/query-has-positive-clause.js';
import { NoLeadingWildcard } from '../../../src/checker/rules/no-leading-wildcard.js';
import { ruleTable, schema } from '../helpers.js';

const exampleRecords = exampleDataSets.flatMap(({ dataObjects }) => dataObjects);

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
    // A field group's `*` is `Email:*` (GRAMMAR.md section 7): the same report, the same fix.
    ['Email:(*)', 'leading-wildcard: Email:(*)'],
    ['-Email:(*)', 'leading-wildcard: Email:(*)'],
    ['Email:(* OR x)', 'leading-wildcard: *'],
  ],
  passes: ['Jo*', 'J?hn', '\\*son', '*', '*:*', '_exists_:Email', 'City:Ber*'],
});

it('writes a field group of `*` as _exists_, as it writes field:*', () => {
  for (const [text, meant] of [
    ['Email:(*)', '_exists_:Email'],
    ['City:Berlin -Email:(*)', 'City:Berlin -_exists_:Email'],
  ] as const) {
    expect(fixQuery(text, { schema }).text, text).toBe(meant);
    // The same meaning before and after: the evaluator finds the same records.
    expect(filter(exampleRecords, meant, { schema }), text).toEqual(
      filter(exampleRecords, text, { schema }),
    );
  }
});

it('checks a hand-built empty tree too', () => {
  expect(
    check({ kind: 'Query', body: null, span: { start: 0, end: 0 } }).map((d) => d.code),
  ).toEqual(['empty-query']);
});
