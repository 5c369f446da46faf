/** fixQuery: which fixes it applies, in how many rounds, and that it stays linear in their number. */
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { checkCounting } from '../../src/checker/check.js';
import { fixQuery } from '../../src/checker/fix-query.js';
import type { Rule } from '../../src/checker/rule.js';
import { DEFAULT_LIMITS, parse } from '../../src/language/parse.js';
import { schema } from './helpers.js';

const ALL = { maxDiagnostics: Number.POSITIVE_INFINITY };
const syntaxErrors = (text: string) =>
  parse(text, ALL).diagnostics.filter((d) => d.severity === 'error').length;

// These two ask for every diagnostic: by default a round fixes at most `maxDiagnostics` of them (below).
it('applies 50 000 fixes in one round with maxDiagnostics Infinity (issue 9: choosing and applying them was quadratic)', () => {
  const result = fixQuery('a '.repeat(50_000), ALL);
  expect(result.text).toBe('a ');
  expect(result.applied).toHaveLength(49_999);
  expect(result.diagnostics).toEqual([]);
});

it('rewrites every name with unescaped spaces in a long query, with maxDiagnostics Infinity', () => {
  const query = Array.from({ length: 2000 }, (_, i) => `First Name:John${i} AND x${i}`).join(' ');
  const result = fixQuery(query, { schema, ...ALL });
  expect(
    result.text ===
      Array.from({ length: 2000 }, (_, i) => `[First Name] eq "John${i}" AND x${i}`).join(' '),
  ).toBe(true);
});

describe('past maxDiagnostics (issue 9: what a call keeps alive is bounded, as check keeps it)', () => {
  /** The count a `too-many-errors` diagnostic gives, or 0. */
  const leftOut = (ds: readonly { code: string; message: string }[]) => {
    const last = ds[ds.length - 1];
    return last?.code === 'too-many-errors' ? Number(/^(\d+) more/.exec(last.message)![1]) : 0;
  };

  it('fixes the first maxDiagnostics of 5 000 duplicate clauses in one round, and counts the rest exactly', () => {
    const text = 'a '.repeat(5000);
    const result = fixQuery(text);
    const max = DEFAULT_LIMITS.maxDiagnostics;
    // One round: its check left more than the limit, so a second would check the whole text to fix at most as many again.
    expect(result.applied).toHaveLength(max);
    expect(result.applied.every((a) => a.diagnostic.code === 'duplicate-clause')).toBe(true);
    expect(result.text).toBe('a '.repeat(5000 - max));
    const full = check(result.text, ALL);
    expect(result.diagnostics).toHaveLength(max + 1);
    expect(result.diagnostics.slice(0, max)).toEqual(full.slice(0, max));
    expect(leftOut(result.diagnostics)).toBe(full.length - max);
    // Calling again goes on where it stopped; with the limit raised, one call fixes everything.
    expect(fixQuery(result.text).text).toBe('a '.repeat(5000 - 2 * max));
    expect(fixQuery(text, { maxDiagnostics: 5000 }).text).toBe('a ');
  });

  it('bounds the fixes applied by rounds x maxDiagnostics, whatever the limit', () => {
    for (const maxDiagnostics of [1, 3, 10, 250]) {
      const result = fixQuery('a '.repeat(2000), { maxDiagnostics });
      expect(result.applied.length).toBeGreaterThan(0);
      expect(result.applied.length).toBeLessThanOrEqual(10 * maxDiagnostics);
      expect(result.diagnostics.length).toBeLessThanOrEqual(maxDiagnostics + 1);
      expect(result.diagnostics).toEqual(check(result.text, { maxDiagnostics }));
    }
  });

  it('under the limit, changes nothing: the same fixes as with every diagnostic', () => {
    for (const text of [
      'a a a',
      'First Name:John and Status:Active OR (VIP:yes',
      '(a b a',
      'x:[1 TO 2} ) a a',
    ]) {
      const capped = fixQuery(text, { schema, unsafe: true });
      const all = fixQuery(text, { schema, unsafe: true, ...ALL });
      expect(capped).toEqual(all);
    }
  });

  it('never adds a syntax error, counting those past the limit (broken floods with fixes)', () => {
    for (const text of [
      ') a a '.repeat(400),
      '[a TO b) '.repeat(300),
      'f: a~~ a~} a a '.repeat(150),
      '\\u12 a a '.repeat(200),
      'a:b:c '.repeat(300),
    ]) {
      for (const maxDiagnostics of [1, 5, 100]) {
        const result = fixQuery(text, { maxDiagnostics });
        expect(
          syntaxErrors(result.text),
          `${JSON.stringify(text.slice(0, 20))} at ${maxDiagnostics}`,
        ).toBeLessThanOrEqual(syntaxErrors(text));
        expect(result.applied.length).toBeLessThanOrEqual(10 * maxDiagnostics);
        expect(result.diagnostics).toEqual(check(result.text, { maxDiagnostics }));
      }
    }
  });

  it('counts the syntax errors left out when it compares rounds: a round that adds one past the limit is undone', () => {
    // A rule whose fix is wrong (built-in ones never add an error; a property holds them to it):
    // it appends ' AND' to the query, a missing operand after every error kept.
    const AppendsAnd: Rule = {
      name: 'AppendsAnd',
      invariant: 'none (a test rule)',
      needsSchema: false,
      codes: { 'appends-and': { severity: 'warning', autofix: true, summary: 'a test rule' } },
      create: (context) => ({
        Query: (node) => {
          const end = node.span.end;
          context.report({
            code: 'appends-and',
            message: 'append AND',
            span: { start: 0, end },
            fixes: [
              {
                kind: 'syntax',
                title: "Append ' AND'",
                edits: [{ span: { start: end, end }, text: ' AND' }],
                safe: true,
              },
            ],
          });
        },
      }),
    };
    // 150 unmatched ')' turned off (they take no place under the limit) and 150 empty phrases, most
    // of them past it: the rule's report is kept, and its fix adds one syntax error to the count.
    const text = `x${' )'.repeat(150)}${' ""'.repeat(150)}`;
    const options = {
      rules: [AppendsAnd],
      severities: { 'unmatched-paren': 'off' as const },
      maxDiagnostics: 5,
    };
    expect(checkCounting(text, options).diagnostics.map((d) => d.code)).toContain('appends-and');
    const added = checkCounting(`${text} AND`, options);
    expect(added.syntaxErrors).toBe(checkCounting(text, options).syntaxErrors + 1);
    const result = fixQuery(text, options);
    expect(result.text).toBe(text);
    expect(result.applied).toEqual([]);
    // With every diagnostic kept, the same round is undone the same way.
    expect(fixQuery(text, { ...options, ...ALL }).text).toBe(text);
  });
});
