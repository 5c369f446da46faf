/**
 * Issue 9, items 1, 2 and 4: no input makes a public function throw, and what is
 * collected is capped. (Growth in time is measured by bench/growth.mjs, not here.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, format, parse, visit, type Node } from '../../src/index.js';
import { MAX_NESTING, MAX_TREE_DEPTH, treeDepthWithin } from '../../src/language/depth.js';
import { parseWithReferenceParser } from '../../src/language/parse.js';
import { isEscapedAt } from '../../src/language/escape.js';
import { valueAroundColon } from '../../src/language/syntax-fixes.js';
import { queryLikeString } from '../support/arbitraries.js';

const scale = Number(process.env.FC_RUNS ?? 1);

/** `fragment` repeated to `length` characters. */
const repeated = (fragment: string, length: number) =>
  fragment.repeat(Math.ceil(length / fragment.length)).slice(0, length);

/** What the issue found throwing, and the other shapes that pile up diagnostics. */
const FLOODS = [
  ')',
  ']',
  ')(',
  'a~',
  '&& ',
  ':<',
  '[a TO ',
  '^',
  '[a TO b} ',
  '[a TO b) ',
  '[a eq "x" ',
  '[x eq ',
  '\\',
  ')\n',
  '}',
  'OR ',
  '- ',
];

function expectCapped(
  text: string,
  diagnostics: readonly { code: string; span: { start: number; end: number } }[],
  max = DEFAULT_LIMITS.maxDiagnostics,
) {
  expect(diagnostics.length).toBeLessThanOrEqual(max + 1);
  for (const d of diagnostics) {
    expect(d.span.start).toBeGreaterThanOrEqual(0);
    expect(d.span.end).toBeLessThanOrEqual(text.length);
  }
  expect(diagnostics.filter((d) => d.code === 'too-many-errors').length).toBeLessThanOrEqual(1);
}

describe('never throws (item 1)', () => {
  it("parse(')'.repeat(130000)): the reproducer, capped at maxDiagnostics", () => {
    const text = ')'.repeat(130_000);
    const { ast, diagnostics } = parse(text);
    expect(ast.kind).toBe('Query');
    expect(diagnostics).toHaveLength(DEFAULT_LIMITS.maxDiagnostics + 1);
    expect(diagnostics.slice(0, -1).every((d) => d.code === 'unmatched-paren')).toBe(true);
    const last = diagnostics.at(-1)!;
    expect(last).toMatchObject({
      code: 'too-many-errors',
      severity: 'error',
      span: { start: 100, end: 101 },
    });
    expect(last.message).toBe('129900 more diagnostics not shown: the limit maxDiagnostics is 100');
  });

  it.each(FLOODS)(
    'parse of %j repeated to 4 000 characters returns a tree and at most maxDiagnostics + 1 diagnostics',
    (fragment) => {
      const text = repeated(fragment, 4_000);
      const { ast, diagnostics } = parse(text);
      expect(ast.span).toEqual({ start: 0, end: text.length });
      expectCapped(text, diagnostics);
    },
  );

  it('maxDiagnostics is an option: a lower limit, none at all, and no limit', () => {
    const text = ')'.repeat(10);
    expect(parse(text, { maxDiagnostics: 3 }).diagnostics.map((d) => d.code)).toEqual([
      'unmatched-paren',
      'unmatched-paren',
      'unmatched-paren',
      'too-many-errors',
    ]);
    expect(parse(text, { maxDiagnostics: 0 }).diagnostics).toMatchObject([
      {
        code: 'too-many-errors',
        message: '10 more diagnostics not shown: the limit maxDiagnostics is 0',
        span: { start: 0, end: 1 },
      },
    ]);
    expect(parse(text, { maxDiagnostics: Infinity }).diagnostics).toHaveLength(10);
    expect(parse(text, { maxDiagnostics: 10 }).diagnostics).toHaveLength(10);
    expect(parse(text, { maxDiagnostics: Number.NaN }).diagnostics).toHaveLength(10);
  });

  it('the kept diagnostics are the first found, sorted by position, lexing errors included', () => {
    const { diagnostics } = parse('a\\u12 b\\u34 c\\u56 )', { maxDiagnostics: 2 });
    expect(diagnostics.map((d) => [d.code, d.span.start])).toEqual([
      ['invalid-escape', 1],
      ['invalid-escape', 7],
      ['too-many-errors', 13],
    ]);
  });

  it('property: parse never throws, returns a tree, and caps its diagnostics, on strings built from repeated fragments', () => {
    const flood = fc
      .tuple(
        fc.oneof(fc.constantFrom(...FLOODS), queryLikeString),
        fc.integer({ min: 1, max: 150 }),
      )
      .map(([fragment, times]) => fragment.repeat(times));
    fc.assert(
      fc.property(flood, fc.integer({ min: 0, max: 120 }), (text, max) => {
        const { ast, diagnostics } = parse(text, { maxDiagnostics: max });
        expect(ast.kind).toBe('Query');
        expectCapped(text, diagnostics, max);
        const reference = parseWithReferenceParser(text, { maxDiagnostics: max });
        expect(reference.diagnostics.length).toBeLessThanOrEqual(max + 1);
      }),
      { numRuns: 150 * scale },
    );
  });
});

/** valueAroundColon as it was before it remembered runs: each colon's run measured afresh. */
function valueAroundColonAfresh(
  text: string,
  colon: number,
): { start: number; end: number } | undefined {
  const endsRun = (i: number) => /[ \t\n\r\u3000()]/.test(text[i]!) && !isEscapedAt(text, i);
  let runStart = colon;
  while (runStart > 0 && !endsRun(runStart - 1)) runStart--;
  let end = colon + 1;
  while (end < text.length && !endsRun(end)) end++;
  let first = -1;
  for (let i = runStart; i < colon; i++) {
    if (text[i] === ':' && !isEscapedAt(text, i)) {
      first = i;
      break;
    }
  }
  if (first <= runStart) return undefined;
  const value = text.slice(first + 1, end);
  if (value === '' || /["\\[\]{}]/.test(value) || /^[/(*?~^+-]/.test(value)) return undefined;
  return { start: first + 1, end };
}

describe('stray colons (growth benchmark: `:<` repeated was quadratic)', () => {
  it("parse(':<'.repeat(100000)): every colon's run is measured once", () => {
    const text = ':<'.repeat(100_000);
    const { diagnostics } = parse(text, { maxLength: text.length });
    expectCapped(text, diagnostics);
  });

  it("parse(':<'.repeat(100000)) again, on an equal copy of the text: no colon compares the whole text", () => {
    const text = ':<'.repeat(100_000);
    parse(text, { maxLength: text.length });
    const copy = [text.slice(0, 1000), text.slice(1000)].join('');
    expectCapped(copy, parse(copy, { maxLength: copy.length }).diagnostics);
  });

  it('property: the value around each colon is the same as measured afresh, asked in order, out of order, and across texts', () => {
    const piece = fc.constantFrom(
      'a',
      ':',
      ':',
      'b',
      ' ',
      '(',
      ')',
      '\\',
      '"',
      '/',
      'x',
      '-',
      '[',
      '\u3000',
    );
    const text = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (texts, backwards) => {
          for (const t of texts) {
            const colons = [...t].flatMap((c, i) => (c === ':' ? [i] : []));
            if (backwards) colons.reverse();
            for (const colon of colons)
              expect(valueAroundColon(t, colon), JSON.stringify([t, colon])).toEqual(
                valueAroundColonAfresh(t, colon),
              );
          }
        },
      ),
      { numRuns: 2000 * scale },
    );
  });
});

describe('lexing `[` (item 2)', () => {
  it('reads each range or bracket name of a long repetition the same way as a single one', () => {
    const n = 2_000;
    const ranges = parse('[a TO b} '.repeat(n));
    expect(ranges.diagnostics).toEqual([]);
    expect(
      ranges.ast.body?.kind === 'And' && ranges.ast.body.operands.every((o) => o.kind === 'Range'),
    ).toBe(true);
    expect(ranges.ast.body?.kind === 'And' && ranges.ast.body.operands.length).toBe(n);
    const names = parse('[a eq "x" '.repeat(n), { maxDiagnostics: Infinity });
    expect(names.diagnostics.filter((d) => d.code === 'unclosed-bracket')).toHaveLength(n);
    expect(names.diagnostics.every((d) => d.code === 'unclosed-bracket')).toBe(true);
  });
});

/** A chain of `depth` nodes above a term, each made by `wrap`. */
function chain(depth: number, wrap: (inner: never) => unknown): Node {
  let node: unknown = { kind: 'Term', raw: 'a', value: 'a', span: { start: 0, end: 1 } };
  for (let i = 0; i < depth; i++) node = wrap(node as never);
  return node as Node;
}
const notOf = (operand: unknown) => ({
  kind: 'Not',
  operator: 'NOT',
  operand,
  span: { start: 0, end: 1 },
});
const groupOf = (body: unknown) => ({ kind: 'Group', body, span: { start: 0, end: 1 } });
const andOf = (operand: unknown) => ({
  kind: 'And',
  operands: [groupOf(operand), { kind: 'Term', raw: 'b', value: 'b', span: { start: 0, end: 1 } }],
  explicit: [true],
  span: { start: 0, end: 1 },
});

describe('depth (item 4)', () => {
  it("parse('('.repeat(10000)+'a'+')'.repeat(10000), { maxDepth: 1e6 }): a too-deep diagnostic, the ceiling MAX_NESTING", () => {
    const text = `${'('.repeat(10_000)}a${')'.repeat(10_000)}`;
    for (const result of [
      parse(text, { maxDepth: 1e6 }),
      parseWithReferenceParser(text, { maxDepth: 1e6 }),
    ]) {
      expect(result.ast.body).toBeNull();
      expect(result.diagnostics).toMatchObject([
        {
          code: 'too-deep',
          message: `the query nests 10000 levels deep; the limit is ${MAX_NESTING}`,
        },
      ]);
    }
    expect(
      parse(`${'-'.repeat(10_000)}a`, { maxDepth: Infinity }).diagnostics.map((d) => d.code),
    ).toEqual(['too-deep']);
  });

  it('nesting up to MAX_NESTING parses, on both paths, when maxDepth allows it', () => {
    const text = `${'('.repeat(MAX_NESTING)}a${')'.repeat(MAX_NESTING)}`;
    expect(parse(text, { maxDepth: 1e6 }).diagnostics).toEqual([]);
    expect(parseWithReferenceParser(text, { maxDepth: 1e6 }).diagnostics).toEqual([]);
    expect(
      parseWithReferenceParser(`${text})`, { maxDepth: 1e6 }).diagnostics.map((d) => d.code),
    ).toEqual(['unmatched-paren']);
  });

  it('the deepest tree parse returns fits MAX_TREE_DEPTH, and format prints it back', () => {
    // Each level: a boost, a field, a group, an OR and an AND: the most nodes one level of nesting makes.
    let text = 'a';
    for (let i = 0; i < MAX_NESTING; i++) text = `f:(${text} c OR b)^2`;
    const { ast, diagnostics } = parse(text, { maxDepth: MAX_NESTING });
    expect(diagnostics).toEqual([]);
    const depth = treeDepthWithin(ast)!;
    expect(depth).toBeGreaterThan(5 * MAX_NESTING);
    expect(depth).toBeLessThanOrEqual(MAX_TREE_DEPTH);
    // The printer adds a group where AND and OR mix, so this prints twice as deep as it was written.
    expect(format(ast)).toContain(`f:((f:((f:((`);
    expect(format(ast, { layout: 'multiline', width: 20 }).length).toBeGreaterThan(text.length);
  });

  it('format of a hand-built tree 10 000 deep: a FormatError, not a RangeError', () => {
    for (const wrap of [notOf, groupOf, andOf]) {
      const deep = chain(10_000, wrap as never);
      expect(() => format(deep)).toThrow(
        expect.objectContaining({
          name: 'FormatError',
          message: expect.stringContaining(`more than ${MAX_TREE_DEPTH}`),
        }),
      );
      expect(() => format(deep, { layout: 'multiline' })).toThrow(
        expect.objectContaining({ name: 'FormatError' }),
      );
    }
  });

  it('format prints trees up to MAX_TREE_DEPTH, the worst shape (AND of groups) included', () => {
    const deepest = chain(Math.floor((MAX_TREE_DEPTH - 1) / 2), andOf as never);
    expect(treeDepthWithin(deepest)).toBeLessThanOrEqual(MAX_TREE_DEPTH);
    expect(format(deepest)).toMatch(/^\(+a\) AND b/);
    expect(format(chain(MAX_TREE_DEPTH - 1, notOf as never))).toMatch(/^(NOT ){599}a$/);
  });

  it('visit walks a tree 100 000 deep, in order, without recursion', () => {
    const deep = chain(100_000, notOf as never);
    let entered = 0;
    let left = 0;
    let lastLeft: Node | undefined;
    visit(deep, { enter: () => void entered++, leave: (node) => void (left++, (lastLeft = node)) });
    expect(entered).toBe(100_001);
    expect(left).toBe(100_001);
    expect(lastLeft).toBe(deep);
  });

  it('treeDepthWithin measures in a loop and gives up past the limit, on cyclic input too', () => {
    expect(treeDepthWithin(chain(3, notOf as never))).toBe(4);
    expect(treeDepthWithin(chain(1_000_000, notOf as never))).toBeUndefined();
    const cyclic: { kind: string; operator: string; operand?: unknown; span: object } = {
      kind: 'Not',
      operator: 'NOT',
      span: { start: 0, end: 0 },
    };
    cyclic.operand = cyclic;
    expect(treeDepthWithin(cyclic as unknown as Node)).toBeUndefined();
  });
});
