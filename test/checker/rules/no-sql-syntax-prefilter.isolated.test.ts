/**
 * NoSqlSyntax skips the scans of an AND whose operands cannot start an SQL habit
 * (`mayHoldSqlHabit`): it must say no only where every scan finds nothing, so the rule reports
 * exactly what it reports without it. Isolated: the rule without the test is a copy of the
 * checker's modules whose `mayHoldSqlHabit` always says yes.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { And } from '../../../src/language/ast.js';
import { schemas as schema } from '../../../src/examples/tenant.js';

type Checker = typeof import('../../../src/checker/index.js');
type Habits = typeof import('../../../src/checker/sql-habits.js');
type Language = typeof import('../../../src/language/index.js');

let gated: { checker: Checker; habits: Habits; language: Language };
let always: Checker;

/** A copy of the checker's modules, with `mayHoldSqlHabit` saying yes to every AND when `ungated`. */
async function load(ungated: boolean) {
  vi.resetModules();
  vi.doUnmock('../../../src/checker/sql-habits.js');
  if (ungated)
    vi.doMock('../../../src/checker/sql-habits.js', async (importOriginal) => ({
      ...(await importOriginal<Habits>()),
      mayHoldSqlHabit: () => true,
    }));
  return {
    checker: await import('../../../src/checker/index.js'),
    habits: await import('../../../src/checker/sql-habits.js'),
    language: await import('../../../src/language/index.js'),
  };
}

beforeAll(async () => {
  always = (await load(true)).checker;
  gated = await load(false);
}, 60_000);

/** The words and signs SQL is written with, in several cases, look-alikes of them, and plain words and clauses around. */
const piece = fc.constantFrom(
  'First',
  'Name',
  'City',
  'Age',
  'Tim',
  '18',
  '=',
  '==',
  '!=',
  '<>',
  '>=',
  '<=',
  '>',
  '<',
  '\\=',
  '!',
  'LIKE',
  'like',
  'Like',
  'li\u212Ae',
  'IN',
  'in',
  'In',
  '\u0130n',
  'NOT',
  'not',
  'BETWEEN',
  'between',
  'IS',
  'is',
  'NULL',
  'null',
  'SELECT',
  'select',
  'FROM',
  'WHERE',
  'AND',
  'and',
  'OR',
  "'Tim'",
  "'New",
  "York'",
  "'",
  "''",
  '"Tim"',
  'age>=18',
  "City='Berlin'",
  'name=',
  '(',
  ')',
  "('a','b')",
  '[Age]',
  '[First Name]',
  'City:',
  "City:'Berlin'",
  '-',
  '+',
  '*',
  '%x%',
  ',',
);
const loose = fc
  .array(fc.tuple(piece, fc.constantFrom(' ', ' ', '', '  ')), { maxLength: 14 })
  .map((parts) => parts.map(([p, gap]) => p + gap).join(''));
/** SQL as people write it, each shape with its words in several cases (`First Name = 'Tim'`, `Phone IS NULL`, ...). */
const name = fc.constantFrom('Age', 'City', 'First Name', 'name');
const value = fc.constantFrom('18', 'Tim', "'Tim'", "'New York'", '"Tim"', "'it''s'", '%x%');
const cased = (word: string) =>
  fc.constantFrom(word, word.toUpperCase(), word[0]!.toUpperCase() + word.slice(1));
const shape = fc.oneof(
  fc
    .tuple(name, fc.constantFrom('=', '!=', '<>', '>=', '<', '\\=', '=='), value)
    .map((p) => p.join(' ')),
  fc.tuple(name, cased('like'), value).map((p) => p.join(' ')),
  fc
    .tuple(name, cased('is'), fc.constantFrom('', 'not '), cased('null'))
    .map(([n, is, not, nul]) => `${n} ${is} ${not}${nul}`),
  fc
    .tuple(
      name,
      fc.constantFrom('', 'NOT ', 'not '),
      cased('in'),
      fc.constantFrom("('a','b')", '(a, b)', "('a')"),
    )
    .map(([n, not, word, list]) => `${n} ${not}${word} ${list}`),
  fc
    .tuple(fc.constantFrom('Age', '[Age]'), cased('between'), value, cased('and'), value)
    .map((p) => p.join(' ')),
  fc
    .tuple(
      cased('select'),
      fc.constantFrom('* ', 'a, b '),
      cased('from'),
      fc.constantFrom(' t', ' t WHERE a = 1'),
    )
    .map((p) => p.join(' ')),
  fc
    .tuple(fc.constantFrom('City:', ''), fc.constantFrom("'New York'", "'a b c'", "'x"))
    .map((p) => p.join('')),
  fc
    .tuple(name, fc.constantFrom('>=', '=', '<>'), fc.constantFrom('18', "'Tim'", ''))
    .map((p) => p.join('')),
);
const texts = fc.oneof(
  loose,
  fc
    .tuple(
      loose,
      fc.constantFrom(' ', ' AND ', ' OR ', ' '),
      shape,
      fc.constantFrom(' ', ' AND '),
      loose,
    )
    .map((p) => p.join('')),
  shape,
);

describe('the AND test of NoSqlSyntax (mayHoldSqlHabit)', () => {
  it('says no only to ANDs where the comparison and idiom scans find nothing', () => {
    const { habits, language } = gated;
    let said = 0;
    fc.assert(
      fc.property(texts, (text) => {
        const ands: And[] = [];
        language.visit(language.parse(text).ast, { And: (node) => void ands.push(node) });
        for (const and of ands) {
          if (habits.mayHoldSqlHabit(and)) continue;
          said++;
          expect(habits.sqlComparisons(and, text, true)).toEqual([]);
          expect(habits.sqlIdioms(and, text)).toEqual([]);
        }
      }),
      { numRuns: 2000 },
    );
    // The texts hold ANDs it says no to, or the law above tested nothing.
    expect(said).toBeGreaterThan(100);
  });

  it('the rule reports the same with the test and without it', () => {
    const gatedRules = [gated.checker.NoSqlSyntax];
    const alwaysRules = [always.NoSqlSyntax];
    fc.assert(
      fc.property(texts, (text) => {
        expect(gated.checker.check(text, { schema, rules: gatedRules })).toEqual(
          always.check(text, { schema, rules: alwaysRules }),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('says yes to each thing the rule looks for in an AND', () => {
    const { habits, language } = gated;
    const andOf = (text: string): And => {
      let found: And | undefined;
      language.visit(language.parse(text).ast, { And: (node) => void (found ??= node) });
      if (found === undefined) throw new Error(`no AND in ${text}`);
      return found;
    };
    for (const text of [
      "First Name = 'Tim'",
      'Age >= 18',
      'Status != x',
      'Name LIKE x',
      'Name li\u212Ae x',
      'City IN (a, b)',
      'City NOT IN (a, b)',
      'Age BETWEEN 1 AND 5',
      'Phone IS NULL',
      'SELECT * FROM t',
      "City:'New York' x",
      "'New York' x",
      'age>=18 x',
    ])
      expect(habits.mayHoldSqlHabit(andOf(text)), text).toBe(true);
    for (const text of [
      'Tim Berlin',
      'City:Berlin AND Age:>18',
      '[Age] ge 18 and x',
      'Inside Isle',
    ])
      expect(habits.mayHoldSqlHabit(andOf(text)), text).toBe(false);
  });
});
