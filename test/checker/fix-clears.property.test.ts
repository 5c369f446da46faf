/**
 * Issue 30, item 13: on broken strings too, applying a quick fix removes the diagnostic it
 * fixes (no diagnostic of that code where it stood, its span mapped through the edits,
 * unless another diagnostic of that code was moved there) and adds no error. Three fixes failed it: `(())` "Remove the empty group" left `()`, `-OR x`
 * "Remove '-'" left `OR x` (OR without a left clause), and `not not and x` "Write NOT"
 * moved the diagnostic to the next operator word.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { applyEdits, type Diagnostic } from '../../src/language/diagnostic.js';
import { addedErrors, mapSpan, spansMeet } from '../../src/language/fix-guard.js';
import { queryLikeString } from '../support/arbitraries.js';
import { schema } from './helpers.js';

const options = { schema };

/**
 * What is wrong with each fix of each diagnostic of `text`. `sameText`: a diagnostic of
 * the fixed one's code where it stood counts only when it is on the same text (the error
 * left in place); without it, any (a token that error recovery had swallowed, revealed by
 * the fix, counts too: `:>=<` less `>=` reports the `<`).
 */
function failures(text: string, sameText = false): string[] {
  const before = check(text, options);
  const found: string[] = [];
  for (const d of before) {
    for (const fix of d.fixes ?? []) {
      const fixed = applyEdits(text, fix.edits);
      const after = check(fixed, options);
      const where = mapSpan(d.span, fix.edits);
      // Where it stood, the same code again, that is not another old diagnostic of that code moved there (`))` less one `)`).
      const still = after.filter(
        (e) =>
          e.code === d.code &&
          spansMeet(where, e.span) &&
          (!sameText ||
            fixed.slice(e.span.start, e.span.end) === text.slice(d.span.start, d.span.end)) &&
          !before.some(
            (o) => o !== d && o.code === e.code && spansMeet(mapSpan(o.span, fix.edits), e.span),
          ),
      );
      // Removing all that was typed leaves an empty query, which the service refuses
      // (empty-query is an error): what is missing then is a query, no fix can add one.
      const added = addedErrors(before, d, after, fix.edits).filter(
        (e) => !(e.code === 'empty-query' && fixed.trim() === ''),
      );
      if (still.length > 0 || added.length > 0)
        found.push(
          `${d.code} "${fix.title}" on ${JSON.stringify(text)} gave ${JSON.stringify(fixed)}: ${[...still, ...added].map((e: Diagnostic) => `${e.code}@${e.span.start}`).join(', ')}`,
        );
    }
  }
  return found;
}

const fixTitles = (text: string, code: string) =>
  check(text, options)
    .filter((d) => d.code === code)
    .flatMap((d) => (d.fixes ?? []).map((f) => `${f.title} => ${applyEdits(text, f.edits)}`));

describe('a fix clears its diagnostic (issue 30, item 13)', () => {
  it('regression: (()) loses the empty group whole', () => {
    expect(fixTitles('(())', 'empty-group')).toEqual(['Remove the empty group => ']);
    expect(fixTitles('a ( () )', 'empty-group')).toEqual(['Remove the empty group => a ']);
    expect(failures('(())')).toEqual([]);
  });

  it('regression: a prefix with no clause before a binary operator at the start goes with the operator', () => {
    const text = '-OR[Contact ID] lt "x\\"y"';
    expect(fixTitles(text, 'missing-operand')).toEqual([
      'Remove the dangling operators => [Contact ID] lt "x\\"y"',
    ]);
    expect(failures(text)).toEqual([]);
    expect(fixTitles('NOT OR First Name:John', 'missing-operand')).toEqual([
      'Remove the dangling operators =>  First Name:John',
    ]);
    // Not at the start: the operator has its left clause, only the prefix goes.
    expect(fixTitles('a -OR b', 'missing-operand')).toEqual(["Remove '-' => a OR b"]);
  });

  it('regression: a run of lower-case operator words is not reported (nothing is sure there)', () => {
    expect(check('not not and Email:"x"', options).map((d) => d.code)).not.toContain(
      'lowercase-operator',
    );
    expect(failures('not not and Email:"x"')).toEqual([]);
    // A run of nots before a clause is still NOT NOT.
    expect(fixTitles('not not x', 'lowercase-operator')).toHaveLength(2);
  });

  it('regression: a caret with no value loses the stray carets after it', () => {
    expect(fixTitles('a^^', 'missing-boost-value')).toEqual(['Remove the carets => a']);
    expect(failures('@H^^')).toEqual([]);
  });

  it('law: on random broken strings, every fix removes its diagnostic (the same code on the same text where it stood) and adds no error', () => {
    fc.assert(
      fc.property(queryLikeString, (text) => {
        expect(failures(text, true)).toEqual([]);
      }),
      { numRuns: 1500 },
    );
  });
});
