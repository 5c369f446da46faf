import { expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from '../../../src/language/parse.js';
import { check } from '../../../src/checker/check.js';
import { FieldNameSpacesEscaped } from '../../../src/checker/rules/field-name-spaces-escaped.js';
import { applyEdits } from '../../../src/language/diagnostic.js';
import { ruleTable, schema } from '../helpers.js';

ruleTable(FieldNameSpacesEscaped, {
  fires: [
    ['First Name:John', 'unescaped-space: First Name'],
    ['Date of Birth:[1980-01-01 TO 1990-12-31]', 'unescaped-space: Date of Birth'],
    ['x NOT Last Name:Doe', 'unescaped-space: Last Name'],
    ['_exists_:Profile Photo', 'unescaped-space: Profile Photo'],
    ['first name:john', 'unescaped-space: first name'],
  ],
  passes: [
    '[First Name] eq "John"',
    'First\\ Name:John',
    'Tim Name:John',
    'First AND Name:John',
    '_exists_:"Profile Photo"',
    'Status:ACT',
    'First OR Name:x',
  ],
});

it('fixes to a bracket comparison and to escaped spaces', () => {
  const query = 'First Name:John';
  const [d] = check(query, { schema, rules: [FieldNameSpacesEscaped] });
  expect(d?.fixes?.map((f) => applyEdits(query, f.edits))).toEqual([
    '[First Name] eq "John"',
    'First\\ Name:John',
  ]);
  const relation = 'Stock Quantity:>=10';
  const [r] = check(relation, { schema, rules: [FieldNameSpacesEscaped] });
  expect(r?.fixes?.map((f) => applyEdits(relation, f.edits))).toEqual([
    '[Stock Quantity] ge 10',
    'Stock\\ Quantity:>=10',
  ]);
  const prefixed = 'NOT First Name:"John Paul"';
  const [p] = check(prefixed, { schema, rules: [FieldNameSpacesEscaped] });
  expect(applyEdits(prefixed, p!.fixes![0]!.edits)).toBe('NOT [First Name] eq "John Paul"');
});

const syntaxErrors = (text: string) =>
  parse(text).diagnostics.filter((d) => d.severity === 'error').length;

it('offers the bracket form only where a lower-case and/or next to it still reads', () => {
  const fixesOf = (query: string) =>
    check(query, { schema, rules: [FieldNameSpacesEscaped] })[0]!.fixes!.map((f) =>
      applyEdits(query, f.edits),
    );
  // `and` after a bracket comparison is an operator: at the end it has nothing to join.
  expect(fixesOf('First Name:John and')).toEqual(['First\\ Name:John and']);
  expect(fixesOf('(First Name:John and) OR x')).toEqual(['(First\\ Name:John and) OR x']);
  expect(fixesOf('First Name:John and AND x')).toEqual(['First\\ Name:John and AND x']);
  // Where it cannot be an operator, `and` stays a word.
  expect(fixesOf('x OR and First Name:John')).toEqual([
    'x OR and [First Name] eq "John"',
    'x OR and First\\ Name:John',
  ]);
  expect(fixesOf('First Name:John and x')).toEqual([
    '[First Name] eq "John" and x',
    'First\\ Name:John and x',
  ]);
  expect(fixesOf('y and First Name:John')).toEqual([
    'y and [First Name] eq "John"',
    'y and First\\ Name:John',
  ]);
  expect(fixesOf('(First Name:John) or')).toEqual(['(First\\ Name:John) or']);
  expect(fixesOf('(x and NOT First Name:John)')).toEqual([
    '(x and NOT [First Name] eq "John")',
    '(x and NOT First\\ Name:John)',
  ]);
});

const WORDS = [
  'First Name:John',
  'Last Name:"van Dijk"',
  'Stock Quantity:>=10',
  '_exists_:Profile Photo',
  'and',
  'or',
  'not',
  'x',
  '(',
  ')',
  'AND',
  'OR',
  'NOT',
  '-',
  '"p q"',
];

it('offers the bracket form, judged on its neighbourhood, only where the whole text keeps its syntax (property)', () => {
  let offered = 0;
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 10 }), (words) => {
      const query = words.join(' ');
      const before = syntaxErrors(query);
      for (const d of check(query, { schema, rules: [FieldNameSpacesEscaped] })) {
        for (const fix of (d.fixes ?? []).filter((f) => f.title.startsWith('Write '))) {
          offered++;
          expect(syntaxErrors(applyEdits(query, fix.edits)), query).toBeLessThanOrEqual(before);
        }
      }
    }),
    { numRuns: 300 },
  );
  expect(offered).toBeGreaterThan(0);
});

it('parses the whole text a few times per check at most (issue 9: 80 000 characters took seconds)', () => {
  // Next to a lower-case `and`, the bracket form is tried on the whole text: for the first eight names, then withheld.
  const query = 'First Name:John and '.repeat(4000);
  const ds = check(query, { schema, rules: [FieldNameSpacesEscaped], maxDiagnostics: Infinity });
  expect(ds).toHaveLength(4000);
  expect(ds.filter((d) => d.fixes!.length === 2)).toHaveLength(8);
  // With no such word around, nothing needs parsing: every name has both fixes.
  const plain = check(`${'First Name:John AND '.repeat(4000)}x`, {
    schema,
    rules: [FieldNameSpacesEscaped],
    maxDiagnostics: Infinity,
  });
  expect(plain.filter((d) => d.fixes!.length === 2)).toHaveLength(4000);
});
