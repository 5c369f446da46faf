/** Issue 9, items 1 and 4 for `check`: capped diagnostics, and deep trees answered with a diagnostic. */
import { describe, expect, it } from 'vitest';
import { check, DEFAULT_LIMITS, exampleSchemas, type Node } from '../../src/index.js';
import { MAX_TREE_DEPTH } from '../../src/language/depth.js';

const term = (value: string) => ({ kind: 'Term', raw: value, value, span: { start: 0, end: value.length } });

describe('check: capped diagnostics (item 1)', () => {
  it("check('^'.repeat(200000)): the reproducer", () => {
    const diagnostics = check('^'.repeat(200_000));
    expect(diagnostics).toHaveLength(DEFAULT_LIMITS.maxDiagnostics + 1);
    expect(diagnostics.at(-1)).toMatchObject({ code: 'too-many-errors', severity: 'error', message: '199900 more diagnostics not shown: the limit maxDiagnostics is 100' });
  });

  it('counts the rules’ reports into the same limit as the syntax errors', () => {
    // Ten syntax errors, then warnings from the rules (the same clause twice, a word in lower case).
    const text = `${')'.repeat(10)} a a a a a a`;
    const all = check(text, { maxDiagnostics: Infinity });
    expect(all.filter((d) => d.code === 'duplicate-clause')).toHaveLength(5);
    const capped = check(text, { maxDiagnostics: 12 });
    expect(capped).toHaveLength(13);
    expect(capped.slice(0, 10).every((d) => d.code === 'unmatched-paren')).toBe(true);
    expect(capped.at(-1)).toMatchObject({ code: 'too-many-errors', severity: 'warning', message: '3 more diagnostics not shown: the limit maxDiagnostics is 12' });
    expect(check(text, { parse: { maxDiagnostics: 12 } })).toEqual(capped);
    expect(check(text, { maxDiagnostics: 12, severities: { 'too-many-errors': 'off' } })).toEqual(capped.slice(0, -1));
  });

  it('with a schema too, on a flood of bracket comparisons', () => {
    const diagnostics = check('[Age] gt "x" '.repeat(5_000), { schema: exampleSchemas });
    expect(diagnostics).toHaveLength(DEFAULT_LIMITS.maxDiagnostics + 1);
    expect(diagnostics.at(-1)!.code).toBe('too-many-errors');
  });
});

describe('check: deep trees (item 4)', () => {
  it('a hand-built tree 10 000 deep gets a too-deep diagnostic, not a RangeError', () => {
    let node: unknown = term('a');
    for (let i = 0; i < 10_000; i++) node = { kind: 'Not', operator: 'NOT', operand: node, span: { start: 0, end: 1 } };
    const root = { kind: 'Query', body: node, span: { start: 0, end: 1 } } as Node;
    for (const options of [{}, { schema: exampleSchemas }]) {
      expect(check(root, options)).toEqual([
        { code: 'too-deep', severity: 'error', message: `the tree nests more than ${MAX_TREE_DEPTH} nodes deep; the limit is ${MAX_TREE_DEPTH}`, span: { start: 0, end: 1 } },
      ]);
    }
  });

  it('a hand-built tree just within the limit is checked as usual', () => {
    let node: unknown = { kind: 'Field', field: { kind: 'FieldName', raw: 'Nmae', value: 'Nmae', span: { start: 0, end: 4 } }, value: term('x'), span: { start: 0, end: 6 } };
    for (let i = 0; i < MAX_TREE_DEPTH - 4; i++) node = { kind: 'Group', body: node, span: { start: 0, end: 6 } };
    const root = { kind: 'Query', body: node, span: { start: 0, end: 6 } } as Node;
    expect(check(root, { schema: exampleSchemas }).map((d) => d.code)).toContain('unknown-field');
  });
});
