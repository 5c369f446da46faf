/** fixQuery: which fixes it applies, in how many rounds, and that it stays linear in their number. */
import { expect, it } from 'vitest';
import { fixQuery } from '../../src/checker/fix-query.js';
import { schema } from './helpers.js';

it('applies 50 000 fixes in one round (issue 9: choosing and applying them was quadratic)', () => {
  const result = fixQuery('a '.repeat(50_000));
  expect(result.text).toBe('a ');
  expect(result.applied).toHaveLength(49_999);
  expect(result.diagnostics).toEqual([]);
});

it('rewrites every name with unescaped spaces in a long query', () => {
  const query = Array.from({ length: 2000 }, (_, i) => `First Name:John${i} AND x${i}`).join(' ');
  const result = fixQuery(query, { schema });
  expect(result.text === Array.from({ length: 2000 }, (_, i) => `[First Name] eq "John${i}" AND x${i}`).join(' ')).toBe(true);
});
