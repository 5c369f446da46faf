/**
 * The builder's safety laws, over hostile strings as values and as field names:
 * the printed text parses without errors to exactly the tree that was built (same
 * kinds, same operators, same values, `Group` nodes where the printer adds
 * parentheses), so no input can add a clause, close a group or change an operator.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Expr } from '../../src/language/ast.js';
import { parse } from '../../src/language/parse.js';
import { format } from '../../src/printer/format.js';
import * as b from '../../src/builder/index.js';
import { withoutSpans } from '../../src/builder/same-tree.js';
import { fieldNameArb, hostileString, numberArb, operatorArb, scalarArb } from './arbitraries.js';

const RUNS = { numRuns: 400 };

/** Parses the canonical text of `expr` and checks it reads back as `expr`; returns the parsed body. */
function roundTrip(expr: Expr): Expr {
  const text = format(expr);
  const { ast, diagnostics } = parse(text);
  expect(diagnostics, text).toEqual([]);
  expect(withoutSpans(ast.body), text).toEqual(withoutSpans(expr));
  return ast.body!;
}

const leafArb: fc.Arbitrary<Expr> = fc.oneof(
  fc.tuple(hostileString.filter((s) => s.length > 0)).map(([v]) => b.term(v)),
  hostileString.map((v) => b.phrase(v)),
  fc.tuple(fieldNameArb, scalarArb).map(([f, v]) => b.equals(f, v)),
  fc
    .tuple(fieldNameArb, fc.array(scalarArb, { minLength: 1, maxLength: 4 }))
    .map(([f, vs]) => b.anyOf(f, vs as [unknown, ...unknown[]] as never)),
  fc.tuple(fieldNameArb, hostileString).map(([f, v]) => b.startsWith(f, v)),
  fc.tuple(fieldNameArb, hostileString).map(([f, v]) => b.endsWith(f, v)),
  fc.tuple(fieldNameArb, hostileString).map(([f, v]) => b.contains(f, v)),
  fc
    .tuple(fieldNameArb, fc.option(scalarArb), scalarArb, fc.boolean(), fc.boolean(), fc.boolean())
    .map(([f, lo, hi, li, ui, swap]) =>
      swap
        ? b.between(f, hi, lo, { lowerInclusive: li, upperInclusive: ui })
        : b.between(f, lo, hi, { lowerInclusive: li, upperInclusive: ui }),
    ),
  fc
    .tuple(
      fieldNameArb,
      scalarArb,
      fc.constantFrom(b.greaterThan, b.greaterOrEqual, b.lessThan, b.lessOrEqual),
    )
    .map(([f, v, relation]) => relation(f, v)),
  fieldNameArb.map((f) => b.exists(f)),
  fieldNameArb.map((f) => b.missing(f)),
  fc.tuple(fieldNameArb, operatorArb, scalarArb).map(([f, op, v]) => b.compare(f, op, v)),
  fc.constant(b.matchAll()),
);

const treeArb: fc.Arbitrary<Expr> = fc.letrec<{ tree: Expr }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc.array(tie('tree'), { minLength: 2, maxLength: 4 }).map((parts) => b.and(parts)!),
    fc.array(tie('tree'), { minLength: 2, maxLength: 4 }).map((parts) => b.or(parts)!),
    fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((parts) => b.not(parts)!),
    tie('tree').map((part) => b.required(part)),
    fc
      .tuple(
        tie('tree'),
        fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(0.5, 1.25, 2.5)),
      )
      .map(([part, factor]) => b.boost(part, factor)),
    fc
      .tuple(fieldNameArb, fc.array(tie('tree'), { minLength: 1, maxLength: 3 }))
      .map(([f, parts]) => b.scope(f, parts)!),
  ),
})).tree;

describe('builder round trip', () => {
  it('every leaf factory, given any value and field name, parses back as built', () => {
    fc.assert(
      fc.property(leafArb, (expr) => void roundTrip(expr)),
      { numRuns: 2000 },
    );
  });

  it('any combination of clauses parses back as built, with groups exactly where the printer puts parentheses', () => {
    fc.assert(
      fc.property(treeArb, (expr) => void roundTrip(expr)),
      RUNS,
    );
  });

  it('the multi-line layout parses back as the same tree', () => {
    fc.assert(
      fc.property(treeArb, (expr) => {
        const { ast, diagnostics } = parse(format(expr, { layout: 'multiline', width: 30 }));
        expect(diagnostics).toEqual([]);
        expect(withoutSpans(ast.body)).toEqual(withoutSpans(expr));
      }),
      { numRuns: 200 },
    );
  });

  it('query() accepts every built tree and its ast is the parse of its text', () => {
    fc.assert(
      fc.property(treeArb, (expr) => {
        const q = b.query(expr);
        expect(q.toString()).toBe(q.text);
        expect(withoutSpans(q.ast)).toEqual(withoutSpans(parse(q.text).ast));
        expect(withoutSpans(q.ast.body)).toEqual(withoutSpans(expr));
      }),
      { numRuns: 200 },
    );
  });
});

describe('values stay values', () => {
  it('a value next to other clauses cannot add a clause, close a group or change an operator', () => {
    fc.assert(
      fc.property(
        fieldNameArb,
        hostileString,
        fieldNameArb,
        operatorArb,
        hostileString,
        hostileString,
        (f1, v1, f2, op, v2, v3) => {
          const body = roundTrip(
            b.and(b.equals(f1, v1), b.compare(f2, op, v2), b.or(b.phrase(v3), b.contains(f1, v3))),
          );
          expect(body.kind).toBe('And');
          if (body.kind !== 'And') return;
          expect(body.operands.map((o) => o.kind)).toEqual(['Field', 'Comparison', 'Group']);
          const [equality, comparison, group] = body.operands;
          if (
            equality?.kind !== 'Field' ||
            comparison?.kind !== 'Comparison' ||
            group?.kind !== 'Group'
          )
            return;
          expect(equality.field.value).toBe(f1);
          expect(
            equality.value.kind === 'Term' || equality.value.kind === 'Phrase'
              ? equality.value.value
              : null,
          ).toBe(v1);
          expect([comparison.field.value, comparison.operator, comparison.value.value]).toEqual([
            f2,
            op,
            v2,
          ]);
          expect(group.body.kind).toBe('Or');
        },
      ),
      RUNS,
    );
  });

  it('wildcard factories match the value literally: only the added * are wildcards', () => {
    fc.assert(
      fc.property(
        fieldNameArb,
        hostileString.filter((s) => s.length > 0),
        (f, text) => {
          const cases = [
            [b.startsWith(f, text), [{ literal: text }, { wildcard: '*' }]],
            [b.endsWith(f, text), [{ wildcard: '*' }, { literal: text }]],
            [b.contains(f, text), [{ wildcard: '*' }, { literal: text }, { wildcard: '*' }]],
          ] as const;
          for (const [expr, parts] of cases) {
            const body = roundTrip(expr);
            if (body.kind !== 'Field' || body.value.kind !== 'Wildcard')
              throw new Error(`not a wildcard field: ${format(expr)}`);
            expect(body.field.value).toBe(f);
            expect(wildcardPartsOf(body.value.pattern)).toEqual(parts);
          }
        },
      ),
      RUNS,
    );
  });

  it('range bounds read back as exactly the given text', () => {
    fc.assert(
      fc.property(fieldNameArb, hostileString, hostileString, (f, lo, hi) => {
        const body = roundTrip(b.between(f, lo, hi));
        if (body.kind !== 'Field' || body.value.kind !== 'Range') throw new Error('not a range');
        expect([body.value.lower.value, body.value.upper.value]).toEqual([lo, hi]);
      }),
      RUNS,
    );
  });

  it('comparison numbers read back as the same number, written bare', () => {
    fc.assert(
      fc.property(fieldNameArb, operatorArb, numberArb, (f, op, n) => {
        const body = roundTrip(b.compare(f, op, n));
        if (body.kind !== 'Comparison') throw new Error('not a comparison');
        expect(body.value).toMatchObject({ kind: 'NumberValue', value: n === 0 ? 0 : n });
      }),
      RUNS,
    );
  });

  it('any finite number either round-trips exactly or is refused with invalid-number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        let expr: Expr;
        try {
          expr = b.compare('n', 'eq', n);
        } catch (e) {
          expect(e).toBeInstanceOf(b.BuilderError);
          expect((e as b.BuilderError).code).toBe('invalid-number');
          return;
        }
        roundTrip(expr);
      }),
      { numRuns: 1000 },
    );
  });
});

import { wildcardParts } from '../../src/language/escape.js';
function wildcardPartsOf(pattern: string): unknown {
  return wildcardParts(pattern);
}
