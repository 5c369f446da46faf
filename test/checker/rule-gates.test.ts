import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { isLookAlikeQuoteAt, mayHoldLookAlike } from '../../src/checker/look-alike-quotes.js';
import { allRules } from '../../src/checker/registry.js';
import type { Rule } from '../../src/checker/rule.js';
import { DatesAreQuoted } from '../../src/checker/rules/dates-are-quoted.js';
import { StraightQuotes } from '../../src/checker/rules/straight-quotes.js';
import { schemas as schema } from '../../src/examples/tenant.js';
import { parse } from '../../src/language/parse.js';

/** The rule as it was before its text test: its visitor runs on every query. */
const ungated = (rule: Rule): Rule => ({ ...rule, mayReport: undefined });

/** Texts built from the pieces a look-alike quote is made of: the marks, `\u` escapes of them and of others, quotes, words. */
const pieces = fc.constantFrom(
  '\u201c',
  '\u201d',
  '\u2018',
  '\u00ab',
  '\uff02',
  '\\u201C',
  '\\u201d',
  '\\u0041',
  '\\u',
  '\\',
  'u',
  '201c',
  '"',
  "'",
  'New',
  'York',
  'City:',
  '[City] eq ',
  'Date\\ of\\ Birth:',
  '01',
  '/',
  '/02/',
  '1980',
  ' ',
  ' AND ',
  '(',
  ')',
);
/** Dates with slashes and near misses, in a date field and in others. */
const slashDates = fc
  .tuple(
    fc.constantFrom('Date\\ of\\ Birth:', 'Age:', 'x ', ''),
    fc.constantFrom('01', '1', '2020', 'a'),
    fc.constantFrom('/', ' /', '\\/', '-'),
    fc.constantFrom('02', 'x', ''),
    fc.constantFrom('/', '', ' '),
    fc.constantFrom('1980', '80', ''),
  )
  .map((p) => p.join(''));
const texts = fc.oneof(
  fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')),
  slashDates,
  fc.tuple(slashDates, pieces, slashDates).map((p) => p.join(' ')),
);

describe('rules with a text test (Rule.mayReport)', () => {
  it('the rules that have one: DatesAreQuoted, StraightQuotes', () => {
    expect(
      allRules
        .filter((r) => r.mayReport !== undefined)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['DatesAreQuoted', 'StraightQuotes']);
  });

  it('a text test that says no report is possible is never wrong: the same diagnostics as the rule run on every query', () => {
    for (const rule of allRules.filter((r) => r.mayReport !== undefined)) {
      const gated = [rule];
      const always = [ungated(rule)];
      fc.assert(
        fc.property(texts, (text) => {
          expect(check(text, { schema, rules: gated })).toEqual(
            check(text, { schema, rules: always }),
          );
        }),
        { numRuns: 2000 },
      );
    }
  });

  it('StraightQuotes reports on look-alike quotes written as they are and as \\u escapes', () => {
    for (const text of [
      'City:\u201cNew York\u201d',
      'City:\\u201cNew York\\u201d',
      '[City] eq "\\u201cTim\\u201d"',
    ]) {
      expect(mayHoldLookAlike(text)).toBe(true);
      expect(check(text, { rules: [StraightQuotes] }).map((d) => d.code)).toContain('smart-quotes');
    }
    expect(mayHoldLookAlike('City:"New York" AND \\+x')).toBe(false);
  });

  it('the look-alike test is true exactly for a text with a mark or a `\\u`, Latin-1 or not', () => {
    const plain = (text: string): boolean => {
      if (text.includes('\\u')) return true;
      for (let i = 0; i < text.length; i++) if (isLookAlikeQuoteAt(text, i)) return true;
      return false;
    };
    const char = fc.constantFrom(
      'a',
      ' ',
      '\\',
      'u',
      '\u00ab',
      '\u00bb',
      '\u00e9',
      '\u00ff',
      '\u0100',
      '\u201c',
      '\u2019',
      '\u2033',
      '\u203a',
      '\u301e',
      '\uff02',
      '\uff07',
      '\u2020',
      '\ud83d',
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 10 }), (chars) => {
        const text = chars.join('');
        expect(mayHoldLookAlike(text)).toBe(plain(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('DatesAreQuoted reports a bare slash date, whose text has a slash', () => {
    expect(
      check('Date\\ of\\ Birth:01/02/1980', { schema, rules: [DatesAreQuoted] }).map((d) => d.code),
    ).toContain('slash-date');
  });

  it("leaves a rule's visitor out of the walk exactly when its test says no, query after query", () => {
    const seen: string[] = [];
    const probe = (name: string, mayReport?: (text: string) => boolean): Rule => ({
      name,
      invariant: '',
      needsSchema: false,
      codes: { [`${name}-code`]: { severity: 'info', autofix: false, summary: '' } },
      mayReport,
      create: () => ({ Term: () => void seen.push(name) }),
    });
    const rules = [
      probe('a', (t) => t.includes('a')),
      probe('b', (t) => t.includes('b')),
      probe('c'),
    ];
    for (const [text, expected] of [
      ['a', ['a', 'c']],
      ['b', ['b', 'c']],
      ['ab', ['a', 'b', 'c']],
      ['x', ['c']],
      ['a', ['a', 'c']],
    ] as const) {
      seen.length = 0;
      check(text, { rules });
      expect(seen).toEqual(expected);
    }
    // Given a tree, there is no text to test: every rule runs.
    seen.length = 0;
    check(parse('x').ast, { rules });
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
