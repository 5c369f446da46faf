/**
 * ConjunctionsCanHold notes an AND's conditions on the way in and reads and compares them
 * only on the way out, and only for the fields the AND names more than once. The law: it
 * reports exactly what the rule that read and compared every condition as the walk met it
 * reports (conjunctions-can-hold-eager.ts), on queries that name few fields many times, in
 * ANDs inside ORs, NOTs and groups, and in broken queries that the parser recovers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { ConjunctionsCanHold } from '../../../src/checker/rules/conjunctions-can-hold.js';
import { schema } from '../helpers.js';
import { EagerConjunctionsCanHold } from './conjunctions-can-hold-eager.js';

const deferred = [ConjunctionsCanHold];
const eager = [EagerConjunctionsCanHold];

/** What a rule reports, its name aside: the reference's code is the same. */
const reports = (query: string, rules: typeof deferred) =>
  check(query, { schema, rules }).map(({ code, severity, message, span, related, fixes }) => ({
    code,
    severity,
    message,
    span,
    related,
    fixes,
  }));

/** Few fields of every kind (an unknown one and a multivalue one too), values that repeat and contradict. */
const field = fc.constantFrom(
  'Age',
  'Status',
  'VIP',
  'City',
  'Launch Date',
  'Unit Price',
  'Preferred Contact Time',
  'Tags',
  'Nope',
);
const value = fc.constantFrom(
  '5',
  '18',
  '65',
  '-1',
  '2.5',
  'ACT',
  'INA',
  'act',
  'true',
  'false',
  'Berlin',
  'berlin',
  '2020-01-01',
  '2021',
  '2021-06-01',
  '09:30',
  '"Paris"',
  '"2019-12-31"',
  '*',
  'x',
);
const escaped = (name: string) => name.replace(/ /g, '\\ ');
const clause = fc.oneof(
  fc.tuple(field, value).map(([f, v]) => `${escaped(f)}:${v}`),
  fc
    .tuple(field, fc.constantFrom('>', '>=', '<', '<='), value)
    .map(([f, op, v]) => `${escaped(f)}:${op}${v}`),
  fc
    .tuple(field, fc.constantFrom('[', '{'), value, value, fc.constantFrom(']', '}'))
    .map(([f, open, a, b, close]) => `${escaped(f)}:${open}${a} TO ${b}${close}`),
  fc
    .tuple(
      field,
      fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le', 'contains', 'startswith'),
      value,
    )
    .map(([f, op, v]) => `[${f}] ${op} ${/^[-\d.]+$/.test(v) || v.startsWith('"') ? v : `"${v}"`}`),
  fc.constantFrom('John', '"New York"', 'Jo*'),
);
const query = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    clause,
    fc
      .tuple(
        tie('expr'),
        fc.array(
          fc.tuple(
            fc.constantFrom(' AND ', ' and ', ' ', ' OR ', ' AND NOT ', ' && '),
            tie('expr'),
          ),
          { minLength: 1, maxLength: 5 },
        ),
      )
      .map(([first, rest]) => first + rest.map(([join, e]) => join + e).join('')),
    tie('expr').map((e) => `(${e})`),
    tie('expr').map((e) => `NOT ${e}`),
  ),
})).expr;
/** Now and then a piece that breaks the query: recovery builds ANDs inside ANDs. */
const broken = fc
  .tuple(query, fc.constantFrom('', '', '', ')', '(', ' AND', '"', '[Age] gt'), query)
  .map(([a, piece, b]) => (piece === '' ? a : `${a} ${piece} ${b}`));

describe('ConjunctionsCanHold, conditions compared on leaving the AND', () => {
  it('reports exactly what the rule that compared each condition on meeting it reports', () => {
    fc.assert(
      fc.property(broken, (q) => {
        expect(reports(q, deferred)).toEqual(reports(q, eager));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds contradictions among many conditions (past the pairwise comparison) as the reference does', () => {
    fc.assert(
      fc.property(
        fc.array(clause, { minLength: 17, maxLength: 60 }),
        fc.constantFrom(' AND ', ' '),
        (clauses, join) => {
          const q = clauses.join(join);
          expect(reports(q, deferred)).toEqual(reports(q, eager));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('checks after a long AND (whose room it gives back) as the reference does', () => {
    // 3 000 conditions: past the room kept between checks, so the next check starts on fresh arrays.
    const long = Array.from({ length: 1500 }, (_, i) => `Age:[${i} TO ${i + 5000}]`).join(' AND ');
    const queries = [
      `${long} AND (VIP:true OR (Age:<3 AND Age:>10)) AND Age:<3`,
      'Age:>5 AND Age:<3',
      'Status:ACT AND (Age:<3 OR VIP:true)',
    ];
    for (const q of queries) expect(reports(q, deferred)).toEqual(reports(q, eager));
    expect(reports(queries[0]!, deferred).map((d) => d.code)).toEqual([
      'contradiction',
      'contradiction',
    ]);
    expect(reports(queries[1]!, deferred).map((d) => d.code)).toEqual(['contradiction']);
  });

  it('is not vacuous: the generated queries hold contradictions', () => {
    const samples = fc.sample(broken, { numRuns: 500, seed: 21 });
    const found = samples.filter((q) => reports(q, deferred).length > 0).length;
    expect(found).toBeGreaterThan(25);
  });
});
