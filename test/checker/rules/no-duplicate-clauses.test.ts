import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { NoDuplicateClauses } from '../../../src/checker/rules/no-duplicate-clauses.js';
import { applyEdits } from '../../../src/language/diagnostic.js';
import { ruleTable } from '../helpers.js';

ruleTable(NoDuplicateClauses, {
  fires: [
    ['a a', 'duplicate-clause: a'],
    ['Status:ACT AND City:Berlin AND Status:ACT', 'duplicate-clause: Status:ACT'],
    ['a OR b OR a', 'duplicate-clause: a'],
    ['[Age] gt 5 and [Age]  gt  5', 'duplicate-clause: [Age]  gt  5'],
    ['x:a OR x:\\a OR (x:a)', 'duplicate-clause: x:\\a', 'duplicate-clause: (x:a)'],
    ['City:(Berlin OR Paris OR Berlin)', 'duplicate-clause: Berlin'],
  ],
  passes: [
    'a b',
    'and and',
    'First Name:x AND First Name:y',
    'a AND NOT a',
    'City:Berlin OR city:Berlin',
    'a OR (a AND b)',
    'x:[1 TO 2] x:{1 TO 2}',
    'a^2 a^3',
    '(a AND b) OR (a b)',
  ],
});

it('removes the repeat and the operator before it, and points at the first', () => {
  const query = 'Status:ACT AND City:Berlin AND Status:ACT';
  const [d] = check(query, { rules: [NoDuplicateClauses] });
  expect(applyEdits(query, d!.fixes![0]!.edits)).toBe('Status:ACT AND City:Berlin');
  expect(d?.related?.map((r) => query.slice(r.span.start, r.span.end))).toEqual(['Status:ACT']);
});

it('tells repeats from look-alikes in a long AND (clauses whose hashes collide)', () => {
  // Values of one length ending alike: their hashes collide, so the clauses are compared.
  const values = Array.from(
    { length: 30 },
    (_, i) => `v${String.fromCharCode(97 + (i % 26))}${i < 26 ? 'x' : 'y'}z`,
  );
  const clauses = [...values, values[3], values[27], values[3]].map((v) => `f:${v}`);
  const query = clauses.join(' AND ');
  const found = check(query, { rules: [NoDuplicateClauses] });
  expect(found.map((d) => query.slice(d.span.start, d.span.end))).toEqual([
    `f:${values[3]}`,
    `f:${values[27]}`,
    `f:${values[3]}`,
  ]);
  expect(found.map((d) => query.slice(d.related![0]!.span.start, d.related![0]!.span.end))).toEqual(
    [`f:${values[3]}`, `f:${values[27]}`, `f:${values[3]}`],
  );
  expect(found.map((d) => d.related![0]!.span.start)).toEqual([
    query.indexOf(`f:${values[3]}`),
    query.indexOf(`f:${values[27]}`),
    query.indexOf(`f:${values[3]}`),
  ]);
});

it('finds the repeats in a long list of look-alike values, and only those (past the sketches, by fingerprints)', () => {
  // 3 000 ids of one length share a hundred sketches: chains of thirty, past the longest kept before fingerprints.
  const ids = Array.from({ length: 3000 }, (_, i) => `C${String(i).padStart(6, '0')}`);
  const repeated = [ids[17]!, ids[2999]!, ids[17]!];
  const query = `id:(${[...ids, ...repeated].join(' OR ')})`;
  const found = check(query, { rules: [NoDuplicateClauses] });
  expect(found.map((d) => query.slice(d.span.start, d.span.end))).toEqual(repeated);
  expect(found.map((d) => d.related![0]!.span.start)).toEqual(
    repeated.map((id) => query.indexOf(id)),
  );
});
