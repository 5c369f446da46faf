/**
 * Laws of evaluation, on random queries and random records: the printed text means what
 * the tree means, builder results mean their text, Boolean algebra holds, and escaping a
 * value finds it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bracketFieldName,
  escapeFieldName,
  escapeTerm,
  format,
  parse,
  quote,
  type Expr,
} from '../../src/index.js';
import {
  and,
  between,
  compare,
  equals,
  exists,
  greaterThan,
  missing,
  not,
  or,
  phrase,
  query,
  startsWith,
  term,
} from '../../src/builder/index.js';
import { compile, filter, type DataRecord } from '../../src/evaluator/index.js';
import { query as anyTree, trickyString } from '../support/arbitraries.js';
import { fieldNameArb, hostileString, operatorArb } from '../builder/arbitraries.js';

const scale = Number(process.env.FC_RUNS ?? 1);
const runs = { numRuns: 300 * scale };

// A small vocabulary, so that random clauses and random records meet often.
const WORDS = ['x', 'y', 'Zed', 'x-y', 'x.y', '42', '7'];
const FIELDS = ['f', 'g', 'h h', 'n'];
const word = fc.constantFrom(...WORDS);
const fieldName = fc.constantFrom(...FIELDS);
const text = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer({ min: 0, max: 50 }),
  fc.constantFrom('', null, true, '2021-03-04'),
  fc.array(fc.oneof(text, fc.integer({ min: 0, max: 50 }), fc.constant(null)), { maxLength: 3 }),
);
const record: fc.Arbitrary<DataRecord> = fc.dictionary(fieldName, value, { maxKeys: 4 });
const records = fc.array(record, { minLength: 1, maxLength: 6 });
const scalar = fc.oneof(word, fc.integer({ min: 0, max: 50 }));

const leaf: fc.Arbitrary<Expr> = fc.oneof(
  word.map((w) => term(w)),
  text.map((t) => phrase(t)),
  fc.tuple(fieldName, scalar).map(([f, v]) => equals(f, v)),
  fc.tuple(fieldName, word).map(([f, w]) => startsWith(f, w.slice(0, 1))),
  fc.tuple(fieldName, operatorArb, scalar).map(([f, op, v]) => compare(f, op, v)),
  fc
    .tuple(fieldName, fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }))
    .map(([f, a, b]) => between(f, Math.min(a, b), Math.max(a, b))),
  fc.tuple(fieldName, fc.integer({ min: 0, max: 50 })).map(([f, n]) => greaterThan(f, n)),
  fieldName.map((f) => exists(f)),
  fieldName.map((f) => missing(f)),
);

const { clause } = fc.letrec<{ clause: Expr }>((tie) => ({
  clause: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('clause'), { minLength: 2, maxLength: 3 }).map((parts) => and(...parts)!),
    fc.array(tie('clause'), { minLength: 2, maxLength: 3 }).map((parts) => or(...parts)!),
    tie('clause').map((c) => not(c)!),
  ),
}));

const results = (q: Parameters<typeof compile>[0], rs: readonly DataRecord[]) => rs.map(compile(q));

describe('evaluation laws', () => {
  it('evaluation is unchanged by format and re-parse', () => {
    fc.assert(
      fc.property(clause, records, (tree, rs) => {
        const expected = results(tree, rs);
        const text = format(tree);
        expect(results(text, rs), text).toEqual(expected);
        expect(results(parse(text).ast, rs), text).toEqual(expected);
        expect(results(format(text, { layout: 'multiline', width: 20 }), rs), text).toEqual(
          expected,
        );
      }),
      runs,
    );
  });

  it('any printable tree evaluates as its printed text, on records of tricky text', () => {
    const trickyRecord = fc.dictionary(
      fc.oneof(trickyString, fc.constantFrom('a', 'b')),
      fc.oneof(trickyString, fc.integer()),
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(anyTree, fc.array(trickyRecord, { minLength: 1, maxLength: 4 }), (tree, rs) => {
        const text = format(tree);
        const fromTree = compile(tree);
        const fromText = compile(text);
        expect(rs.map(fromText), text).toEqual(rs.map(fromTree));
        expect(
          fromText.diagnostics.map((d) => d.code),
          text,
        ).toEqual(fromTree.diagnostics.map((d) => d.code));
      }),
      runs,
    );
  });

  it('a builder-built query evaluates as its printed text', () => {
    fc.assert(
      fc.property(fc.array(clause, { minLength: 1, maxLength: 3 }), records, (parts, rs) => {
        const built = query(...parts);
        expect(results(built, rs), built.text).toEqual(results(built.text, rs));
        expect(results(built, rs), built.text).toEqual(results(and(...parts)!, rs));
      }),
      runs,
    );
  });

  it('Boolean laws hold: and, or, not, De Morgan, double negation', () => {
    fc.assert(
      fc.property(clause, clause, records, (a, b, rs) => {
        const A = results(a, rs);
        const B = results(b, rs);
        expect(results(and(a, b)!, rs)).toEqual(A.map((x, i) => x && B[i]!));
        expect(results(or(a, b)!, rs)).toEqual(A.map((x, i) => x || B[i]!));
        expect(results(not(a)!, rs)).toEqual(A.map((x) => !x));
        expect(results(not(and(a, b))!, rs)).toEqual(results(or(not(a), not(b))!, rs));
        expect(results(not(or(a, b))!, rs)).toEqual(results(and(not(a), not(b))!, rs));
        expect(results(`NOT (NOT (${format(a)}))`, rs)).toEqual(A);
        expect(results(`${format(a)} OR NOT (${format(a)})`, rs)).toEqual(A.map(() => true));
        expect(results(`(${format(a)}) AND NOT (${format(a)})`, rs)).toEqual(A.map(() => false));
      }),
      runs,
    );
  });

  it('filter agrees with the matcher, on an array met for the first time and again (columns)', () => {
    fc.assert(
      fc.property(fc.array(clause, { minLength: 1, maxLength: 4 }), records, (trees, rs) => {
        // Every query three times over: the first meets the array, the next read columns.
        for (let round = 0; round < 3; round++) {
          for (const tree of trees) {
            const m = compile(tree);
            expect(filter(rs, m), format(tree)).toEqual(rs.filter((r) => m(r)));
          }
        }
      }),
      runs,
    );
  });

  it('a highlight is empty exactly when the record does not match', () => {
    fc.assert(
      fc.property(clause, record, (tree, r) => {
        const m = compile(tree);
        const marks = m.highlight(r);
        if (!m(r)) expect(marks).toEqual([]);
        for (const mark of marks)
          for (const s of mark.spans) expect(s.start).toBeLessThanOrEqual(s.end);
      }),
      runs,
    );
  });

  it('a term matches a record made from that term', () => {
    fc.assert(
      fc.property(
        hostileString.filter((s) => s.length > 0),
        (t) => {
          const r = { text: t };
          expect(compile(term(t))(r), JSON.stringify(t)).toBe(true);
          expect(compile(equals('text', t))(r), JSON.stringify(t)).toBe(true);
        },
      ),
      { numRuns: 1000 * scale },
    );
  });

  it('escaping a value and searching for it finds the record that holds it', () => {
    fc.assert(
      fc.property(
        fieldNameArb,
        hostileString.filter((s) => s.length > 0),
        (name, v) => {
          const r = { [name]: v, other: 'unrelated words' };
          // escapeFieldName also writes names after `_exists_:`; before `:` that name itself needs its backslash.
          const written = name === '_exists_' ? '\\_exists_' : escapeFieldName(name);
          for (const q of [
            `${written}:${escapeTerm(v)}`,
            `${written}:${quote(v)}`,
            `${bracketFieldName(name)} eq ${quote(v)}`,
            escapeTerm(v),
            quote(v),
          ]) {
            expect(compile(q)(r), q).toBe(true);
          }
        },
      ),
      { numRuns: 1000 * scale },
    );
  });
});
