/**
 * How compiled clauses are put together (src/evaluator/matchers.ts): an AND or an OR tests
 * records by its cheap clauses first, so that a full-text walk of the record is skipped
 * when a field decides (that the answers do not depend on the order, the Boolean laws of
 * properties.test.ts hold).
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/evaluator/index.js';
import { exampleSchemas } from './records.js';

/** A record of `City` and a `Notes` that counts its reads (a full-text walk reads it; a clause on City does not). */
function counted(city: string): { record: Record<string, unknown>; reads: () => number } {
  let reads = 0;
  const record = Object.defineProperty({ City: city } as Record<string, unknown>, 'Notes', {
    enumerable: true,
    get: () => {
      reads++;
      return 'berlin office';
    },
  });
  return { record, reads: () => reads };
}

describe('the order in which AND and OR test their clauses', () => {
  it('walks the record for full text only when the field clauses leave the answer open', () => {
    const cases: [string, string, boolean, number][] = [
      // An AND whose field clause fails, an OR whose field clause holds: no walk.
      ['berlin AND City:paris', 'Lyon', false, 0],
      ['berlin OR City:lyon', 'Lyon', true, 0],
      ['"berlin office" AND City:paris', 'Lyon', false, 0],
      ['ber* AND NOT City:lyon', 'Lyon', false, 0],
      // Otherwise the walk decides.
      ['berlin AND City:lyon', 'Lyon', true, 1],
      ['hamburg OR City:paris', 'Lyon', false, 1],
    ];
    for (const [query, city, matches, walks] of cases) {
      const { record, reads } = counted(city);
      expect(compile(query, { schema: exampleSchemas })(record), query).toBe(matches);
      expect(reads(), query).toBe(walks);
    }
  });
});
