/** checkCounting: `check` with the exact number of syntax errors past `maxDiagnostics`, what fixQuery compares between rounds. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, checkCounting } from '../../src/checker/check.js';
import type { Level } from '../../src/checker/rule.js';
import { syntaxCodes } from '../../src/language/syntax-codes.js';
import { queryLikeString } from '../support/arbitraries.js';
import { schema } from './helpers.js';

const ALL = { maxDiagnostics: Number.POSITIVE_INFINITY };
const syntax = new Set(syntaxCodes);
/** The syntax errors in every diagnostic of `check`. */
const counted = (text: string, options: object) =>
  check(text, { ...options, ...ALL }).filter((d) => d.severity === 'error' && syntax.has(d.code))
    .length;

describe('checkCounting', () => {
  it("returns check's diagnostics, and counts every syntax error, those left out too", () => {
    const levels = fc.dictionary(
      fc.constantFrom(
        'unmatched-paren',
        'unexpected-character',
        'invalid-escape',
        'syntax-error',
        'missing-operand',
        'duplicate-clause',
      ),
      fc.constantFrom<Level>('off', 'warning', 'error', 'on'),
    );
    fc.assert(
      fc.property(
        queryLikeString,
        fc.integer({ min: 0, max: 5 }),
        fc.option(levels, { nil: undefined }),
        (text, maxDiagnostics, severities) => {
          const options = { schema, maxDiagnostics, ...(severities ? { severities } : {}) };
          const result = checkCounting(text, options);
          expect(result.diagnostics).toEqual(check(text, options));
          expect(result.syntaxErrors).toBe(counted(text, options));
          // Past the limit (what fixQuery stops at): when the full list, levels applied, is longer than the limit.
          expect(result.overflowed).toBe(
            check(text, { ...options, ...ALL }).length > maxDiagnostics,
          );
          if (severities?.['too-many-errors'] === undefined)
            expect(result.overflowed).toBe(
              result.diagnostics.some((d) => d.code === 'too-many-errors'),
            );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('applies the levels to the syntax errors left out, code by code', () => {
    const text = `${') [a TO b) '.repeat(100)}\\`;
    const variants: Record<string, Level>[] = [
      {},
      { 'invalid-escape': 'off' },
      { 'unmatched-paren': 'warning' },
      { 'unclosed-range': 'off', 'syntax-error': 'info' },
    ];
    for (const severities of variants) {
      const result = checkCounting(text, { maxDiagnostics: 3, severities });
      expect(result.overflowed).toBe(true);
      expect(result.syntaxErrors).toBe(counted(text, { severities }));
    }
    expect(
      checkCounting(text, { maxDiagnostics: 3, severities: { 'unmatched-paren': 'warning' } })
        .syntaxErrors,
    ).toBeLessThan(checkCounting(text, { maxDiagnostics: 3 }).syntaxErrors);
  });
});
