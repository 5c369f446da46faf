import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { AndOrInParentheses } from '../../../src/checker/rules/and-or-in-parentheses.js';
import { applyEdits } from '../../../src/language/diagnostic.js';
import type { Expr, Query } from '../../../src/language/ast.js';
import { ruleTable } from '../helpers.js';

ruleTable(AndOrInParentheses, {
  fires: [
    ['a AND b OR c', 'mixed-and-or: a AND b OR c'],
    ['a OR b AND c', 'mixed-and-or: a OR b AND c'],
    ['a b OR c', 'mixed-and-or: a b OR c'],
    ['[A] eq 1 and [B] eq 2 or [C] eq 3', 'mixed-and-or: [A] eq 1 and [B] eq 2 or [C] eq 3'],
    ['x AND (a AND b OR c)', 'mixed-and-or: a AND b OR c'],
  ],
  passes: [
    '(a AND b) OR c',
    'a AND (b OR c)',
    'a OR b OR c',
    'a b c',
    'a AND b AND c',
    '[A] eq 1 and ([B] eq 2 or [C] eq 3)',
  ],
});

it('adds the parentheses the tree means', () => {
  const fix = (query: string) =>
    applyEdits(query, check(query, { rules: [AndOrInParentheses] })[0]!.fixes![0]!.edits);
  expect(fix('a AND b OR c')).toBe('(a AND b) OR c');
  expect(fix('a OR b c OR d AND e')).toBe('a OR (b c) OR (d AND e)');
});

it('also flags an OR directly inside an AND in a hand-built tree', () => {
  const term = (value: string, start: number): Expr => ({
    kind: 'Term',
    raw: value,
    value,
    span: { start, end: start + 1 },
  });
  const or: Expr = {
    kind: 'Or',
    operands: [term('a', 0), term('b', 5)],
    span: { start: 0, end: 6 },
  };
  const tree: Query = {
    kind: 'Query',
    span: { start: 0, end: 12 },
    body: {
      kind: 'And',
      operands: [or, term('c', 11)],
      explicit: [true],
      span: { start: 0, end: 12 },
    },
  };
  expect(check(tree, { rules: [AndOrInParentheses] }).map((d) => d.code)).toEqual(['mixed-and-or']);
});
