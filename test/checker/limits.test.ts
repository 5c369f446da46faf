/** Issue 9, items 1 and 4 for `check`: capped diagnostics, and deep trees answered with a diagnostic. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, DEFAULT_LIMITS, type Diagnostic, type Node } from '../../src/index.js';
import { exampleSchemas } from '../../src/examples/index.js';
import { MAX_TREE_DEPTH } from '../../src/language/depth.js';
import type { Level } from '../../src/checker/rule.js';

const term = (value: string) => ({
  kind: 'Term',
  raw: value,
  value,
  span: { start: 0, end: value.length },
});

describe('check: capped diagnostics (item 1)', () => {
  it("check('^'.repeat(200000)): the reproducer", () => {
    const diagnostics = check('^'.repeat(200_000));
    expect(diagnostics).toHaveLength(DEFAULT_LIMITS.maxDiagnostics + 1);
    expect(diagnostics.at(-1)).toMatchObject({
      code: 'too-many-errors',
      severity: 'error',
      message: '199900 more diagnostics not shown: the limit maxDiagnostics is 100',
    });
  });

  it('counts the rules’ reports into the same limit as the syntax errors', () => {
    // Ten syntax errors, then warnings from the rules (the same clause twice, a word in lower case).
    const text = `${')'.repeat(10)} a a a a a a`;
    const all = check(text, { maxDiagnostics: Infinity });
    expect(all.filter((d) => d.code === 'duplicate-clause')).toHaveLength(5);
    const capped = check(text, { maxDiagnostics: 12 });
    expect(capped).toHaveLength(13);
    expect(capped.slice(0, 10).every((d) => d.code === 'unmatched-paren')).toBe(true);
    expect(capped.at(-1)).toMatchObject({
      code: 'too-many-errors',
      severity: 'warning',
      message: '3 more diagnostics not shown: the limit maxDiagnostics is 12',
    });
    expect(check(text, { parse: { maxDiagnostics: 12 } })).toEqual(capped);
    expect(check(text, { maxDiagnostics: 12, severities: { 'too-many-errors': 'off' } })).toEqual(
      capped.slice(0, -1),
    );
  });

  it('with a schema too, on a flood of bracket comparisons', () => {
    const diagnostics = check('[Age] gt "x" '.repeat(5_000), { schema: exampleSchemas });
    expect(diagnostics).toHaveLength(DEFAULT_LIMITS.maxDiagnostics + 1);
    expect(diagnostics.at(-1)!.code).toBe('too-many-errors');
  });
});

const RANK = { error: 0, warning: 1, info: 2, hint: 3 } as const;

/** `limited` is `all` capped at `max`: the kept ones among all of them, and one too-many-errors for the rest, with their count and worst severity. */
function expectCapped(
  limited: readonly Diagnostic[],
  all: readonly Diagnostic[],
  max: number,
): void {
  if (all.length <= max) {
    expect(limited).toEqual(all);
    return;
  }
  expect(limited).toHaveLength(max + 1);
  const left = [...all];
  for (const d of limited.slice(0, -1)) {
    const i = left.findIndex((e) => JSON.stringify(e) === JSON.stringify(d));
    expect(i).toBeGreaterThanOrEqual(0);
    left.splice(i, 1);
  }
  const overflow = limited.at(-1)!;
  const worst = left.reduce(
    (w, d) => (RANK[d.severity] < RANK[w] ? d.severity : w),
    left[0]!.severity,
  );
  expect(overflow).toMatchObject({
    code: 'too-many-errors',
    severity: worst,
    message: `${left.length} more diagnostic${left.length === 1 ? '' : 's'} not shown: the limit maxDiagnostics is ${max}`,
  });
  expect(left.map((d) => d.span)).toContainEqual(overflow.span);
}

describe('check: diagnostics past the limit are counted, not built (growth benchmark)', () => {
  it('5 000 repeated words: 100 kept, the other 4 899 repeats counted', () => {
    const text = 'a '.repeat(5_000);
    const all = check(text, { maxDiagnostics: Infinity });
    expect(all.filter((d) => d.code === 'duplicate-clause')).toHaveLength(4_999);
    expectCapped(check(text), all, DEFAULT_LIMITS.maxDiagnostics);
  });

  it("floods of one rule's report (empty phrases, lower-case operators, leading wildcards, spaced field names, mixed AND and OR): 100 kept, the rest counted", () => {
    const floods: [string, string, string][] = [
      ['""', 'empty-phrase', '"" '],
      ['and', 'lowercase-operator', 'a and b or '],
      ['leading-wildcard', 'leading-wildcard', '*a?b '],
      ['First Name:', 'unescaped-space', 'First Name:John and '],
      ['mixed', 'mixed-and-or', '(a b OR c) '],
    ];
    for (const [name, code, fragment] of floods) {
      const text = fragment.repeat(600);
      const options = { schema: exampleSchemas };
      const all = check(text, { ...options, maxDiagnostics: Infinity });
      expect(all.filter((d) => d.code === code).length, name).toBeGreaterThanOrEqual(600);
      expectCapped(check(text, options), all, DEFAULT_LIMITS.maxDiagnostics);
      expectCapped(check(text, { ...options, maxDiagnostics: 7 }), all, 7);
    }
  });

  it('a small limit does not change which fixes are offered (the fix guard sees the default number of errors)', () => {
    // Found by the property below (seed -2104559038): at maxDiagnostics 3 the stray `)` and both `OR`s lost their fixes.
    const text = 'x: [Age] lt 2 a OR ) OR ';
    expectCapped(check(text, { maxDiagnostics: 3 }), check(text, { maxDiagnostics: Infinity }), 3);
    expect(
      check(text, { maxDiagnostics: 3 })
        .slice(0, 3)
        .map((d) => d.fixes?.map((f) => f.title)),
    ).toEqual([["Remove 'OR'"], ["Remove ')'"], ["Remove 'OR'"]]);
  });

  it('property: any limit keeps diagnostics of the full list and counts the rest exactly, whatever the levels', () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      'a',
      'a',
      ')',
      'x:',
      '(a)',
      'a~',
      'and',
      'Name:Tim',
      '[Age] gt 5',
      '[Age] lt 2',
      'Status:ACT',
      '*b',
      '""',
      'First Name:John',
      'or',
      'not',
      '\\',
      '[a TO b)',
    );
    const joiner = fc.constantFrom(' ', ' OR ', ' AND ');
    const query = fc
      .array(fc.tuple(piece, joiner), { maxLength: 60 })
      .map((parts) => parts.map(([p, j]) => p + j).join(''));
    // Syntax codes and rule codes, each off, on, or moved to another severity.
    const codes = [
      'unmatched-paren',
      'missing-value',
      'invalid-escape',
      'unclosed-range',
      'syntax-error',
      'missing-operand',
      'duplicate-clause',
      'lowercase-operator',
      'unknown-field',
      'empty-phrase',
    ];
    const levels = fc.option(
      fc.dictionary(
        fc.constantFrom(...codes),
        fc.constantFrom<Level>('off', 'on', 'error', 'warning', 'info', 'hint'),
      ),
      { nil: undefined },
    );
    fc.assert(
      fc.property(
        query,
        fc.integer({ min: 0, max: 25 }),
        fc.boolean(),
        levels,
        (text, max, withSchema, severities) => {
          const options = {
            ...(withSchema ? { schema: exampleSchemas } : {}),
            ...(severities === undefined ? {} : { severities }),
          };
          expectCapped(
            check(text, { ...options, maxDiagnostics: max }),
            check(text, { ...options, maxDiagnostics: Infinity }),
            max,
          );
        },
      ),
    );
  });

  it('a syntax code turned off takes no place under the limit and is not counted past it', () => {
    // 1 000 unmatched `)`: with the code off there is nothing to say (it said "900 more diagnostics not shown").
    expect(check(')'.repeat(1_000), { severities: { 'unmatched-paren': 'off' } })).toEqual([]);
    // Escapes off, then parentheses: the limit shows the parentheses.
    const mixed = check(`${'\\'.repeat(300)} ${')'.repeat(300)}`, {
      severities: { 'invalid-escape': 'off' },
    });
    expect(mixed.slice(0, -1).map((d) => d.code)).toEqual(Array(100).fill('unmatched-paren'));
    expect(mixed.at(-1)).toMatchObject({
      code: 'too-many-errors',
      severity: 'error',
      message: '200 more diagnostics not shown: the limit maxDiagnostics is 100',
    });
    // Moved to warnings: those left out are warnings, and so is what stands for them.
    const warned = check(')'.repeat(1_000), { severities: { 'unmatched-paren': 'warning' } });
    expect(warned.at(-1)).toMatchObject({
      code: 'too-many-errors',
      severity: 'warning',
      message: '900 more diagnostics not shown: the limit maxDiagnostics is 100',
    });
  });
});

describe('check: deep trees (item 4)', () => {
  it('a hand-built tree 10 000 deep gets a too-deep diagnostic, not a RangeError', () => {
    let node: unknown = term('a');
    for (let i = 0; i < 10_000; i++)
      node = { kind: 'Not', operator: 'NOT', operand: node, span: { start: 0, end: 1 } };
    const root = { kind: 'Query', body: node, span: { start: 0, end: 1 } } as Node;
    for (const options of [{}, { schema: exampleSchemas }]) {
      expect(check(root, options)).toEqual([
        {
          code: 'too-deep',
          severity: 'error',
          message: `the tree nests more than ${MAX_TREE_DEPTH} nodes deep; the limit is ${MAX_TREE_DEPTH}`,
          span: { start: 0, end: 1 },
        },
      ]);
    }
  });

  it('a hand-built tree just within the limit is checked as usual', () => {
    let node: unknown = {
      kind: 'Field',
      field: { kind: 'FieldName', raw: 'Nmae', value: 'Nmae', span: { start: 0, end: 4 } },
      value: term('x'),
      span: { start: 0, end: 6 },
    };
    for (let i = 0; i < MAX_TREE_DEPTH - 4; i++)
      node = { kind: 'Group', body: node, span: { start: 0, end: 6 } };
    const root = { kind: 'Query', body: node, span: { start: 0, end: 6 } } as Node;
    expect(check(root, { schema: exampleSchemas }).map((d) => d.code)).toContain('unknown-field');
  });
});
