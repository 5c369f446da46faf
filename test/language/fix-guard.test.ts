/** Issue 9 item 11: in a broken query a fix is tried before it is offered, and one that adds an error is withheld. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { applyEdits, type Diagnostic } from '../../src/language/diagnostic.js';
import { addedErrors, FixGuard, mapSpan, spansMeet } from '../../src/language/fix-guard.js';
import { parse, syntaxDiagnostics } from '../../src/language/parse.js';
import { schema } from '../checker/helpers.js';

const titles = (diagnostics: readonly Diagnostic[], code: string) =>
  diagnostics.filter((d) => d.code === code).flatMap((d) => (d.fixes ?? []).map((f) => f.title));

describe('an error that was not there', () => {
  it('is judged by code and place, the place mapped through the edits', () => {
    expect(mapSpan({ start: 5, end: 8 }, [{ span: { start: 1, end: 2 }, text: 'xyz' }])).toEqual({
      start: 7,
      end: 10,
    });
    expect(spansMeet({ start: 2, end: 4 }, { start: 4, end: 6 })).toBe(false);
    expect(spansMeet({ start: 3, end: 3 }, { start: 2, end: 4 })).toBe(true);
    expect(spansMeet({ start: 4, end: 4 }, { start: 4, end: 6 })).toBe(true);
    // An error that ends where removed text was is not the one that was there.
    expect(spansMeet({ start: 4, end: 4 }, { start: 2, end: 4 })).toBe(false);
    expect(spansMeet({ start: 3, end: 5 }, { start: 4, end: 9 })).toBe(true);
  });

  it('a neighbour re-read in the same place is the same error: the stray ~ after a removed ]', () => {
    const text = 'vj]~;&';
    const before = syntaxDiagnostics(text);
    const bracket = before.find((d) => d.code === 'unexpected-token')!;
    const remove = bracket.fixes!.find((f) => f.title === "Remove ']'")!;
    // misplaced-fuzzy before, invalid-fuzzy after: the same `~;&`.
    expect(syntaxDiagnostics(applyEdits(text, remove.edits)).map((d) => d.code)).toEqual([
      'invalid-fuzzy',
    ]);
    expect(
      addedErrors(before, bracket, syntaxDiagnostics(applyEdits(text, remove.edits)), remove.edits),
    ).toEqual([]);
  });

  it('another code where the fixed diagnostic stood is new', () => {
    const own = {
      code: 'unquoted-value',
      severity: 'error' as const,
      message: '',
      span: { start: 0, end: 5 },
    };
    const after = [
      {
        code: 'invalid-number',
        severity: 'error' as const,
        message: '',
        span: { start: 0, end: 7 },
      },
    ];
    expect(
      addedErrors([own], own, after, [{ span: { start: 0, end: 5 }, text: '"abcde"' }]),
    ).toHaveLength(1);
  });
});

describe('addedErrors, indexed', () => {
  /** The definition, each error after against each before: what the index must answer. */
  const naive = (
    before: readonly Diagnostic[],
    own: Diagnostic | undefined,
    after: readonly Diagnostic[],
    edits: Parameters<typeof mapSpan>[1],
  ) => {
    const old = before
      .filter((d) => d.severity === 'error' && d.code !== 'too-many-errors')
      .map((d) => ({
        code: d.code,
        span: mapSpan(d.span, edits),
        own:
          own !== undefined &&
          d.code === own.code &&
          d.span.start === own.span.start &&
          d.span.end === own.span.end,
      }));
    const horizon = before.some((d) => d.code === 'too-many-errors')
      ? old.reduce((end, o) => Math.max(end, o.span.start), -1)
      : Infinity;
    return after.filter(
      (d) =>
        d.severity === 'error' &&
        d.code !== 'too-many-errors' &&
        d.span.start <= horizon &&
        !old.some((o) => spansMeet(o.span, d.span) && (o.code === d.code || !o.own)),
    );
  };
  const span = fc
    .tuple(fc.nat(30), fc.nat(6))
    .map(([start, length]) => ({ start, end: start + length }));
  const diagnostic = fc.record({
    code: fc.constantFrom('a', 'b', 'too-many-errors'),
    severity: fc.constantFrom('error' as const, 'warning' as const),
    message: fc.constant(''),
    span: fc.oneof(
      span,
      fc.nat(30).map((start) => ({ start, end: start })),
    ),
  });
  const edit = fc.record({ span, text: fc.string({ maxLength: 4 }) });

  it('answers as comparing each error after with each before', () => {
    fc.assert(
      fc.property(
        fc.array(diagnostic, { maxLength: 12 }),
        fc.array(diagnostic, { maxLength: 12 }),
        fc.array(edit, { maxLength: 2 }),
        fc.option(fc.nat(11), { nil: undefined }),
        (before, after, edits, ownAt) => {
          const own = ownAt === undefined ? undefined : before[ownAt % Math.max(1, before.length)];
          expect(addedErrors(before, own, after, edits)).toEqual(naive(before, own, after, edits));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('takes linear time and not quadratic on many errors', () => {
    // 40 000 errors before and after: a million million comparisons one by one.
    const errors = Array.from({ length: 40_000 }, (_, i) => ({
      code: 'x',
      severity: 'error' as const,
      message: '',
      span: { start: 2 * i, end: 2 * i + 1 },
    }));
    expect(addedErrors(errors, errors[0], errors, [])).toEqual([]);
    const moved = errors.map((d) => ({
      ...d,
      span: { start: d.span.start + 1, end: d.span.end + 1 },
    }));
    expect(addedErrors(errors, undefined, moved, [])).toHaveLength(40_000);
  });
});

describe('fixes that would add an error are withheld (found by the property over broken strings)', () => {
  it.each([
    // Removing the `}` glues `NOTM` to the comparison as its operator.
    ['[First Name]}NOTM"g1FZl{>z;u', 'unexpected-token', "Remove '}'"],
    // Removing the `)` makes `{ayh&&` a range with no upper bound.
    ['TO TO<!{)ayh&&', 'unmatched-paren', "Remove ')'"],
    // `_exists_:[First TO Name]` is no field name.
    ['Lf(_exists_:[First Name])0', 'missing-range-to', "Insert 'TO'"],
    // `-` with its group removed prefixes nothing.
    ['-(', 'empty-group', 'Remove the empty group'],
  ])('%j: %s "%s"', (text, code, title) => {
    expect(titles(syntaxDiagnostics(text), code)).toContain(title);
    expect(titles(parse(text).diagnostics, code)).not.toContain(title);
    expect(titles(check(text, { schema }), code)).not.toContain(title);
  });

  it("a rule's fix too: Write NOT before a ')' leaves NOT without a clause", () => {
    const text = 'not)andandNOT';
    expect(titles(check(text, { schema }), 'lowercase-operator')).toEqual([]);
    // In a valid query the same fix stands.
    expect(titles(check('a not b', { schema }), 'lowercase-operator')).toEqual(['Write NOT']);
  });

  it('fixes that add nothing stay', () => {
    expect(titles(parse('(a OR b').diagnostics, 'unclosed-paren')).toEqual(["Add the closing ')'"]);
    expect(titles(parse('a AND').diagnostics, 'missing-operand')).toEqual(["Remove 'AND'"]);
    expect(titles(parse('f:[a TO b').diagnostics, 'unclosed-range')).toEqual([
      "Add the closing ']'",
    ]);
  });
});

describe('the budget', () => {
  it('tries fixes while the characters parsed stay linear in the query, then withholds them', () => {
    const text = ')'.repeat(100_000);
    const { diagnostics } = parse(text);
    const withFixes = diagnostics.filter((d) => (d.fixes ?? []).length > 0);
    // 2 048 characters plus twice the query's length: two tries of a 100 000-character text.
    expect(withFixes.length).toBe(2);
    expect(diagnostics.length).toBe(101);
    // A short query has every fix tried.
    expect(
      parse(')'.repeat(20)).diagnostics.filter((d) => (d.fixes ?? []).length > 0),
    ).toHaveLength(20);
  });

  it('a guard never parses past its budget', () => {
    let parsed = 0;
    const text = 'x'.repeat(10_000);
    const guard = new FixGuard(text, (t) => {
      parsed += t.length;
      return [];
    });
    const fix = {
      kind: 'syntax' as const,
      title: 'x',
      edits: [{ span: { start: 0, end: 1 }, text: '' }],
    };
    let kept = 0;
    for (let i = 0; i < 100; i++) if (guard.keeps(undefined, fix)) kept++;
    expect(parsed).toBeLessThanOrEqual(2048 + 2 * text.length);
    expect(kept).toBe(1);
  });
});
