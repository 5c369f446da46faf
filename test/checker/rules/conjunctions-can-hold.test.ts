import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import type { Rule } from '../../../src/checker/rule.js';
import { ConjunctionsCanHold } from '../../../src/checker/rules/conjunctions-can-hold.js';
import { parse } from '../../../src/language/parse.js';
import { found, ruleTable, schema } from '../helpers.js';

ruleTable(ConjunctionsCanHold, {
  fires: [
    ['[Age] gt 65 and [Age] lt 18', 'contradiction: [Age] lt 18'],
    ['Age:>65 AND Age:<18', 'contradiction: Age:<18'],
    ['[Age] ge 18 and [Age] lt 18', 'contradiction: [Age] lt 18'],
    ['Age:[18 TO 30] AND Age:[40 TO 50]', 'contradiction: Age:[40 TO 50]'],
    ['[Age] eq 30 and Age:>40', 'contradiction: Age:>40'],
    ['Status:ACT AND Status:INA', 'contradiction: Status:INA'],
    ['[City] eq "Berlin" and [City] eq "Paris"', 'contradiction: [City] eq "Paris"'],
    [
      '[Launch Date] lt "2020-01-01" and ([Launch Date] gt "2021-01-01" and x)',
      'contradiction: [Launch Date] gt "2021-01-01"',
    ],
    ['Age:>65 AND Age:<18 AND Age:<10', 'contradiction: Age:<18'],
  ],
  passes: [
    '[Age] gt 18 and [Age] lt 65',
    '[Age] ge 18 and [Age] le 18',
    'Age:>65 OR Age:<18',
    'Colour:BLK AND Colour:WHT',
    '[Tags] eq "a" and [Tags] eq "b"',
    'City:Berlin AND City:Paris',
    '[City] eq "Berlin" and [City] eq "berlin"',
    '[Age] gt 65 and NOT [Age] gt 70',
    '[Launch Date] gt "2021" and [Launch Date] lt "2021-06-01"',
    'Status:ACT AND Status:ACT',
    '[Age] gt 65 and [Nope] lt 18',
  ],
});

it('relates the contradiction to the condition it contradicts', () => {
  const query = '[Age] gt 65 and [Age] lt 18';
  const [d] = check(query, { schema, rules: [ConjunctionsCanHold] });
  expect(d?.related?.map((r) => query.slice(r.span.start, r.span.end))).toEqual(['[Age] gt 65']);
});

it('checks an AND directly inside another (as error recovery builds them) as one', () => {
  // `)` without `(`: the parser recovers with the first two clauses in an AND of their own.
  const query = 'Age:[40 TO 50] Age:>60) AND x';
  const tree = parse(query).ast;
  expect(tree.body?.kind === 'And' && tree.body.operands[0]?.kind).toBe('And');
  expect(
    found(query, { rules: [ConjunctionsCanHold] }).filter((d) => d.startsWith('contradiction')),
  ).toEqual(['contradiction: Age:>60']);
});

it('keeps an AND inside an OR apart from the AND around it, and forgets both for the next query', () => {
  const rules = [ConjunctionsCanHold];
  const query = 'Age:>5 AND (Status:ACT OR (Age:<3 AND Age:>10)) AND Age:<2';
  expect(found(query, { rules })).toEqual(['contradiction: Age:>10', 'contradiction: Age:<2']);
  // The same fields again: nothing is left over from the query before.
  expect(found('Age:<2 AND Age:>1', { rules })).toEqual([]);
  expect(found(query, { rules })).toEqual(['contradiction: Age:>10', 'contradiction: Age:<2']);
});

it('starts clean after a check that a rule broke off', () => {
  const breaks: Rule = {
    name: 'Breaks',
    invariant: 'none',
    needsSchema: false,
    codes: { broken: { severity: 'hint', autofix: false, summary: 'throws' } },
    create: () => ({
      Term(node) {
        if (node.value === 'boom') throw new Error('boom');
      },
    }),
  };
  const rules = [ConjunctionsCanHold, breaks];
  expect(() => check('Age:>5 AND (Age:<9 AND boom)', { schema, rules })).toThrow('boom');
  expect(found('Age:<3 AND Age:>1', { rules })).toEqual([]);
  expect(found('Age:<3 AND Age:>4', { rules })).toEqual(['contradiction: Age:>4']);
});
