import { expect, it } from 'vitest';
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
  passes: ['[First Name] eq "John"', 'First\\ Name:John', 'Tim Name:John', 'First AND Name:John', '_exists_:"Profile Photo"', 'Status:ACT', 'First OR Name:x'],
});

it('fixes to a bracket comparison and to escaped spaces', () => {
  const query = 'First Name:John';
  const [d] = check(query, { schema, rules: [FieldNameSpacesEscaped] });
  expect(d?.fixes?.map((f) => applyEdits(query, f.edits))).toEqual(['[First Name] eq "John"', 'First\\ Name:John']);
  const relation = 'Stock Quantity:>=10';
  const [r] = check(relation, { schema, rules: [FieldNameSpacesEscaped] });
  expect(r?.fixes?.map((f) => applyEdits(relation, f.edits))).toEqual(['[Stock Quantity] ge 10', 'Stock\\ Quantity:>=10']);
  const prefixed = 'NOT First Name:"John Paul"';
  const [p] = check(prefixed, { schema, rules: [FieldNameSpacesEscaped] });
  expect(applyEdits(prefixed, p!.fixes![0]!.edits)).toBe('NOT [First Name] eq "John Paul"');
});
