import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { NoDuplicateClauses } from '../../../src/checker/rules/no-duplicate-clauses.js';
import { applyEdits } from '../../../src/language/diagnostic.js';
import { ruleTable } from '../helpers.js';

ruleTable(NoDuplicateClauses, {
  fires: [
    ['a a', 'duplicate-clause: a'],
    ['Status:ACT AND City:Berlin AND Status:ACT', 'duplicate-clause: Status:ACT'],
    ['a OR b OR a', 'duplicate-clause: a'],
    ['[Age] gt 5 and [Age]  gt  5', 'duplicate-clause: [Age]  gt  5'],
    ['x:a OR x:\\a OR (x:a)', 'duplicate-clause: x:\\a', 'duplicate-clause: (x:a)'],
    ['City:(Berlin OR Paris OR Berlin)', 'duplicate-clause: Berlin'],
  ],
  passes: ['a b', 'and and', 'First Name:x AND First Name:y', 'a AND NOT a', 'City:Berlin OR city:Berlin', 'a OR (a AND b)', 'x:[1 TO 2] x:{1 TO 2}', 'a^2 a^3', '(a AND b) OR (a b)'],
});

it('removes the repeat and the operator before it, and points at the first', () => {
  const query = 'Status:ACT AND City:Berlin AND Status:ACT';
  const [d] = check(query, { rules: [NoDuplicateClauses] });
  expect(applyEdits(query, d!.fixes![0]!.edits)).toBe('Status:ACT AND City:Berlin');
  expect(d?.related?.map((r) => query.slice(r.span.start, r.span.end))).toEqual(['Status:ACT']);
});
