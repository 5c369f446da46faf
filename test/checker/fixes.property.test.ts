/**
 * The laws every quick fix obeys: applying it removes its diagnostic (no diagnostic of
 * that code remains where it stood) and leaves a query that parses without syntax errors,
 * and on any text, broken or not, it adds no error that was not there.
 * A fix may let another diagnostic of the same code appear elsewhere: removing one of
 * three equal clauses in `A or A A` leaves `A or A`, a new duplicate in the OR.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { fixQuery } from '../../src/checker/fix-query.js';
import { ruleCodes } from '../../src/checker/registry.js';
import { applyEdits } from '../../src/language/diagnostic.js';
import type { Diagnostic, TextEdit } from '../../src/language/diagnostic.js';
import type { Span } from '../../src/language/ast.js';
import { parse } from '../../src/language/parse.js';
import { format } from '../../src/printer/format.js';
import { expr, queryLikeString } from '../support/arbitraries.js';
import { mapSpan } from '../support/edits.js';
import { schema } from './helpers.js';

/** Every code on, PII included. */
const severities = Object.fromEntries(ruleCodes.map((c) => [c.code, 'on' as const]));
const options = { schema, severities };

const FRAGMENTS = [
  // field names
  '[Fist Name] eq "Tim"',
  'Emial:x',
  '_exists_:Emial',
  '[first name] eq "Tim"',
  'city:Berlin',
  '_exists_:"last name"',
  // unescaped spaces
  'First Name:John',
  'Last Name:"van Dijk"',
  'Stock Quantity:>=10',
  '_exists_:Profile Photo',
  'Date of Birth:[1980-01-01 TO 1990-12-31]',
  'NOT Last Name:Doe',
  // values
  '[Date of Birth] eq "04/12/1985"',
  '[Launch Date] eq "2021-02-30"',
  'VIP:yes',
  'VIP:y',
  'Status:Active',
  'Status:ACX',
  'Status:act',
  '[Weight] lt "1,5"',
  'Country:"United Kingdom"',
  'Onboarded\\ On:[01.03.2015 TO *]',
  '[Preferred] eq "false"',
  // operators and bounds
  '[Status] gt "ACT"',
  'Age:4*',
  '[Profile Photo] eq "x"',
  '[Customer ID] eq "C-1"',
  'Launch\\ Date:>2031-01-01',
  // ranges
  'Age:[65 TO 18]',
  '[2021 TO 2020]',
  'Age:{18 TO 18}',
  'Launch\\ Date:["2021-06-01" TO 2021-01-31]',
  // flags
  '[Legacy Customer Number] eq "x"',
  '[Email] contains "@x"',
  // shape
  'NOT a',
  '-b',
  '*son',
  'Email:*',
  'john',
  'and',
  'or',
  'not',
  'smith',
  'a',
  'a',
  'x:a',
  '(x:a)',
  '[Age] gt 65',
  '[Age] lt 18',
  'Status:ACT',
  'Status:INA',
  '(x OR y)',
  '(p AND q)',
  'City:(Berlin or Paris)',
  // SQL habits
  "First Name = 'Tim'",
  "name = 'Tim'",
  'age >= 18',
  "Product Name LIKE '%Phone%'",
  "SELECT * FROM customers WHERE City = 'Berlin'",
  "City:'Berlin'",
  "'New York'",
  "Status != 'Active'",
  "O'Brien",
];
const SEPARATORS = [' ', ' ', ' AND ', ' OR ', ' and ', ' or ', ' NOT ', ' && ', ' || '];

const query = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...SEPARATORS), fc.constantFrom(...FRAGMENTS)), {
      minLength: 1,
      maxLength: 6,
    }),
    fc.constantFrom('', 'NOT ', '(', '-'),
  )
  .map(([parts, wrap]) => {
    const body = parts.map(([sep, frag], i) => (i === 0 ? frag : sep + frag)).join('');
    return wrap === '(' ? `(${body})` : wrap + body;
  });

/**
 * The errors after a fix that were not there before (issue 9, item 11). An error after
 * the fix is an old one when an error before it, its span mapped through the fix's
 * edits, meets it (shares a character, or an empty span lies inside the other or at its start) with the
 * same code, or when it meets another diagnostic's error than the one fixed, whatever
 * its code: removing a stray `]` lets the stray `~` after it read as a fuzzy suffix, the
 * same `~` still reported. Where the fixed diagnostic stood, another code is a new error.
 */
function newErrors(
  text: string,
  fixed: Diagnostic,
  edits: readonly TextEdit[],
  after: readonly Diagnostic[],
): string[] {
  const before = check(text, options)
    .filter((d) => d.severity === 'error')
    .map((d) => ({
      code: d.code,
      span: mapSpan(d.span, edits),
      own:
        d.code === fixed.code && d.span.start === fixed.span.start && d.span.end === fixed.span.end,
    }));
  // An empty span (where text was removed) meets an error inside it or starting there, not one ending there.
  const meetsEmpty = (at: number, b: Span) => b.start === at || (b.start < at && at < b.end);
  const meet = (a: Span, b: Span) =>
    a.start === a.end
      ? meetsEmpty(a.start, b)
      : b.start === b.end
        ? meetsEmpty(b.start, a)
        : a.start < b.end && b.start < a.end;
  return after
    .filter(
      (d) =>
        d.severity === 'error' &&
        !before.some((o) => meet(o.span, d.span) && (o.code === d.code || !o.own)),
    )
    .map((d) => `${d.code}@${d.span.start}-${d.span.end}: ${d.message}`);
}

const syntaxErrors = (text: string) =>
  parse(text).diagnostics.filter((d) => d.severity === 'error').length;
const count = (text: string, code: string) =>
  check(text, options).filter((d) => d.code === code).length;

describe('quick fixes', () => {
  it('each fix removes its diagnostic and keeps the query free of syntax errors', () => {
    fc.assert(
      fc.property(query, (text) => {
        fc.pre(syntaxErrors(text) === 0);
        for (const d of check(text, options)) {
          for (const fix of d.fixes ?? []) {
            const fixed = applyEdits(text, fix.edits);
            expect(
              syntaxErrors(fixed),
              `${d.code} "${fix.title}" on ${JSON.stringify(text)} gave ${JSON.stringify(fixed)}`,
            ).toBe(0);
            const where = mapSpan(d.span, fix.edits);
            const still = check(fixed, options).filter(
              (e) => e.code === d.code && e.span.start === where.start && e.span.end === where.end,
            );
            expect(
              still,
              `${d.code} "${fix.title}" on ${JSON.stringify(text)} gave ${JSON.stringify(fixed)}`,
            ).toEqual([]);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('no fix adds an error: applying any one leaves no error that was not there (issue 9)', () => {
    // Near-valid fragments, printed trees, and strings assembled from broken pieces.
    const inputs = fc.oneof(
      query,
      expr.map((e) => format({ kind: 'Query', body: e, span: { start: 0, end: 0 } })),
      queryLikeString,
      queryLikeString,
    );
    fc.assert(
      fc.property(inputs, (text) => {
        for (const d of check(text, options)) {
          for (const fix of d.fixes ?? []) {
            const fixed = applyEdits(text, fix.edits);
            // Removing all that was typed (a lone `)`) leaves an empty query, which the service
            // refuses (empty-query is an error): what is missing then is a query, no fix can add one.
            const after = check(fixed, options).filter(
              (e) => !(e.code === 'empty-query' && fixed.trim() === ''),
            );
            const added = newErrors(text, d, fix.edits, after);
            expect(
              added,
              `${d.code} "${fix.title}" on ${JSON.stringify(text)} gave ${JSON.stringify(fixed)}`,
            ).toEqual([]);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a code whose fixes are all guesses (autofix false) never offers a safe fix', () => {
    const guesses = new Set(ruleCodes.filter((c) => !c.autofix).map((c) => c.code));
    fc.assert(
      fc.property(query, (text) => {
        for (const d of check(text, options)) {
          if (guesses.has(d.code))
            expect(
              (d.fixes ?? []).filter((f) => f.safe),
              `${d.code} on ${JSON.stringify(text)}`,
            ).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the empty query has a fix too', () => {
    for (const text of ['', '  ']) {
      const [d] = check(text, options);
      expect(d?.code).toBe('empty-query');
      const fixed = applyEdits(text, d!.fixes![0]!.edits);
      expect(syntaxErrors(fixed)).toBe(0);
      expect(count(fixed, 'empty-query')).toBe(0);
    }
  });

  it('fixQuery applies safe fixes until none is left, and never introduces syntax errors', () => {
    fc.assert(
      fc.property(query, (text) => {
        fc.pre(syntaxErrors(text) === 0);
        const result = fixQuery(text, options);
        expect(syntaxErrors(result.text)).toBe(0);
        expect(fixQuery(result.text, options).applied).toEqual([]);
        expect(result.diagnostics).toEqual(check(result.text, options));
      }),
      { numRuns: 200 },
    );
  });

  it('fixQuery past a small maxDiagnostics (1..5): no syntax error added, a bounded result, and under the limit no change', () => {
    const ALL = { maxDiagnostics: Number.POSITIVE_INFINITY };
    /** Syntax errors in all, none left out. */
    const errors = (text: string) =>
      parse(text, ALL).diagnostics.filter((d) => d.severity === 'error').length;
    const cut = (ds: readonly Diagnostic[]) => ds.some((d) => d.code === 'too-many-errors');
    fc.assert(
      fc.property(
        fc.oneof(
          query,
          queryLikeString,
          query.map((q) => `${q} ${q} ${q}`),
        ),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (text, maxDiagnostics, unsafe) => {
          const capped = { ...options, maxDiagnostics, unsafe };
          const result = fixQuery(text, capped);
          // Each round commits only when the exact count of syntax errors (those left out too) does not grow.
          expect(errors(result.text)).toBeLessThanOrEqual(errors(text));
          // A round fixes only the diagnostics its check kept, and there are at most ten.
          expect(result.applied.length).toBeLessThanOrEqual(10 * maxDiagnostics);
          // What is left is check's answer for the result, at the same limit.
          expect(result.diagnostics).toEqual(check(result.text, capped));
          // When neither the query nor the result has more diagnostics than the limit, every round's
          // check kept all of its own: the limit changed nothing.
          if (!cut(check(text, capped)) && !cut(result.diagnostics))
            expect(result).toEqual(fixQuery(text, { ...capped, ...ALL }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fixQuery repairs syntax and meaning in one go', () => {
    const result = fixQuery('First Name:John and Status:Active OR (VIP:yes', {
      schema,
      unsafe: true,
    });
    expect(result.text).toBe('([First Name] eq "John" AND Status:ACT) OR (VIP:Y)');
    expect(result.diagnostics).toEqual([]);
  });
});
