/** What the checker's context computes for its rules (src/checker/context.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { syntaxErrorCount } from '../../src/checker/context.js';
import { parse } from '../../src/language/parse.js';
import { queryLikeString } from '../support/arbitraries.js';

const errorsOfParse = (text: string) =>
  parse(text).diagnostics.filter((d) => d.severity === 'error').length;

describe('syntaxErrorCount', () => {
  it('property: counts the errors parse reports (it skips only the fix guard, which changes fixes, not diagnostics)', () => {
    fc.assert(
      fc.property(fc.oneof(queryLikeString, fc.string({ maxLength: 40 })), (text) => {
        expect(syntaxErrorCount(text)).toBe(errorsOfParse(text));
      }),
    );
  });

  it('counts a broken flood past the default limit as parse does (the kept errors and the too-many-errors one)', () => {
    for (const text of [')'.repeat(500), '[a TO b) '.repeat(80), 'a OR b', ''])
      expect(syntaxErrorCount(text), text.slice(0, 12)).toBe(errorsOfParse(text));
    expect(syntaxErrorCount(')'.repeat(500))).toBe(101);
  });
});
