/** The analysis cache's byte budget (record-texts.ts): answers never depend on it, and it is never exceeded. */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  setTextCacheBudget,
  TEXT_CACHE_BUDGET_BYTES,
  textCacheBytes,
} from '../../src/evaluator/record-texts.js';
import { compile, exampleSchemas, records } from './records.js';

const QUERIES = [
  '*on',
  'Jo?n',
  '"new york"~2',
  'Jon~1',
  '/.*an.*/',
  'City:*ar*',
  'john',
  'smith AND *e',
];

function matches(query: string): boolean[] {
  const matcher = compile(query, { schema: exampleSchemas });
  // Twice: the second pass reads what the first kept, where the budget left it.
  matcher(records[0]!);
  return records.map((record) => matcher(record));
}

describe('the analysis cache budget', () => {
  afterEach(() => setTextCacheBudget(TEXT_CACHE_BUDGET_BYTES));

  it('gives the same answers at any budget, and holds no more than it', () => {
    const expected = new Map(QUERIES.map((q) => [q, matches(q)]));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.subarray(QUERIES, { minLength: 1 }),
        (budget, queries) => {
          setTextCacheBudget(budget);
          for (const query of queries) {
            expect(matches(query)).toEqual(expected.get(query));
            expect(textCacheBytes()).toBeLessThanOrEqual(budget);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('lets go of everything when set, and returns the previous budget', () => {
    matches('*on');
    expect(textCacheBytes()).toBeGreaterThan(0);
    expect(setTextCacheBudget(1000)).toBe(TEXT_CACHE_BUDGET_BYTES);
    expect(textCacheBytes()).toBe(0);
  });
});
