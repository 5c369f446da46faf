/**
 * mdq against Lucene 8.7's classic QueryParser, on the answers recorded in
 * grammar/cases/lucene-8.7.jsonl (regenerate with `npm run grammar:lucene`; no Java here).
 * A case without a marked difference must agree exactly: same acceptance, and the same
 * `Query.toString()` as mdq's Lucene view of its tree. A marked case must really differ,
 * so no mark outlives the difference it explains.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CASE_FILES, loadCases, loadDifferences, loadQueryLines } from './cases.js';
import { DIFFERENCE_CATEGORIES, isDifferenceCategory, parseDifference } from './categories.js';
import { agrees, describeAnswers, mdqAnswer } from './mdq-answer.js';

const cases = loadCases();
const marked = cases.filter((c) => c.difference !== undefined);
const unmarked = cases.filter((c) => c.difference === undefined);

describe('the recorded cases', () => {
  it('hold at least 300 queries, both accepted and rejected ones', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
    expect(cases.filter((c) => c.lucene.accepted).length).toBeGreaterThan(100);
    expect(cases.filter((c) => !c.lucene.accepted).length).toBeGreaterThan(50);
  });

  it('are exactly the queries of queries.txt, in order (the file was regenerated after the last edit)', () => {
    expect(cases.map((c) => c.query)).toEqual(loadQueryLines());
  });

  it('list each query once', () => {
    expect(new Set(cases.map((c) => c.query)).size).toBe(cases.length);
  });

  it('carry exactly the marks of differences.json', () => {
    const recorded = Object.fromEntries(marked.map((c) => [c.query, c.difference]));
    expect(recorded).toEqual(loadDifferences());
  });
});

describe('difference marks', () => {
  it.each(marked.map((c) => [c.query, c.difference!] as const))(
    '%s is marked with a documented category',
    (_query, mark) => {
      const parsed = parseDifference(mark);
      expect(parsed, `"${mark}" is not "<category>: <why>"`).not.toBeNull();
      expect(Object.keys(DIFFERENCE_CATEGORIES)).toContain(parsed!.category);
    },
  );

  it('every category is used and documented in grammar/cases/README.md', () => {
    const readme = readFileSync(CASE_FILES.readme, 'utf8');
    const used = new Set(
      marked
        .map((c) => parseDifference(c.difference!)?.category)
        .filter((c) => c !== undefined && isDifferenceCategory(c)),
    );
    for (const category of Object.keys(DIFFERENCE_CATEGORIES)) {
      expect(used, `category ${category} marks no case`).toContain(category);
      expect(readme, `README.md lacks a row for ${category}`).toContain(`| \`${category}\` |`);
    }
  });
});

describe('mdq agrees with Lucene where no difference is marked', () => {
  it.each(unmarked.map((c) => [c.query, c] as const))('%s', (query, c) => {
    const mdq = mdqAnswer(query);
    expect(agrees(mdq, c.lucene), describeAnswers(mdq, c.lucene)).toBe(true);
  });
});

describe('mdq really differs from Lucene where a difference is marked', () => {
  it.each(marked.map((c) => [c.query, c] as const))('%s', (query, c) => {
    const mdq = mdqAnswer(query);
    expect(
      agrees(mdq, c.lucene),
      `marked "${c.difference}" but mdq agrees: ${describeAnswers(mdq, c.lucene)}`,
    ).toBe(false);
  });
});
