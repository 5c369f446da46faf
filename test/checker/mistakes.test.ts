/**
 * The mistakes people type (issue 24, section 3): each has a diagnostic with a stable
 * code, and `fixQuery(text, { schema, unsafe: true })` writes the query the person meant.
 * Tables of exactly that, on the example tenant's schemas.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { fixQuery } from '../../src/checker/fix-query.js';
import { highlight } from '../../src/completion/highlight.js';
import { schema } from './helpers.js';

/** Text, the code it gets, and what the unsafe fixes write. */
type Row = readonly [text: string, code: string, meant: string];

function table(rows: readonly Row[]): void {
  it.each(rows)('%j gets %s and becomes %j', (text, code, meant) => {
    expect(check(text, { schema }).map((d) => d.code)).toContain(code);
    expect(fixQuery(text, { schema, unsafe: true }).text).toBe(meant);
  });
}

describe('look-alike quotes', () => {
  const rows: Row[] = [
    ['First Name:“Tim”', 'smart-quotes', '[First Name] eq "Tim"'],
    ['City:‘Berlin’', 'smart-quotes', 'City:"Berlin"'],
    ['City:„New York“', 'smart-quotes', 'City:"New York"'],
    ['City:«Berlin»', 'smart-quotes', 'City:"Berlin"'],
    ['City:»Berlin«', 'smart-quotes', 'City:"Berlin"'],
    ['City:＂Berlin＂', 'smart-quotes', 'City:"Berlin"'],
    ['City:″Berlin″', 'smart-quotes', 'City:"Berlin"'],
    ['[City] eq “Berlin”', 'smart-quotes', '[City] eq "Berlin"'],
    ['[City] eq “New York”', 'smart-quotes', '[City] eq "New York"'],
    ['“New York” ‘Paris’', 'smart-quotes', '"New York" "Paris"'],
    ['City:(“New York” OR ‘Paris’)', 'smart-quotes', 'City:("New York" OR "Paris")'],
    ['[First Name] eq "“Tim”"', 'smart-quotes', '[First Name] eq "Tim"'],
    ['Last Name:“van Dijk”', 'smart-quotes', '[Last Name] eq "van Dijk"'],
  ];
  table(rows);

  it('fixes them safely: fixQuery without unsafe writes the same', () => {
    for (const [text, , meant] of rows) expect(fixQuery(text, { schema }).text, text).toBe(meant);
  });

  it('leaves apostrophes inside words alone', () => {
    for (const text of ['don’t', 'O’Brien', 'Last Name:O’Brien', '’tis'])
      expect(check(text, { schema }).map((d) => d.code)).not.toContain('smart-quotes');
  });

  it('highlights the marked words as errors, not strings', () => {
    const classes = (text: string) =>
      highlight(text).map((t) => `${t.class}:${text.slice(t.start, t.end)}`);
    expect(classes('City:“New York”')).toEqual([
      'field:City',
      'punctuation::',
      'error:“New',
      'error:York”',
    ]);
    expect(classes('[City] eq “Berlin”')).toContain('error:“Berlin”');
    expect(classes('[City] eq "Berlin"')).toContain('string:"Berlin"');
  });

  it('any word in typographic quotes becomes the same word in straight quotes', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,11}$/);
    const pair = fc.constantFrom(['“', '”'], ['‘', '’'], ['„', '“'], ['«', '»'], ['＂', '＂']);
    fc.assert(
      fc.property(word, pair, (w, [open, close]) => {
        expect(fixQuery(`City:${open}${w}${close}`, { schema }).text).toBe(`City:"${w}"`);
      }),
    );
  });
});

describe('lists and SQL idioms', () => {
  table([
    ['City:(Berlin, Paris)', 'comma-list', 'City:(Berlin OR Paris)'],
    ['City:(Berlin,Paris,Rome)', 'comma-list', 'City:(Berlin OR Paris OR Rome)'],
    ["City:('Berlin','Paris')", 'comma-list', 'City:(Berlin OR Paris)'],
    ['City:("New York", Paris)', 'comma-list', 'City:("New York" OR Paris)'],
    ["City IN ('Berlin','Paris')", 'sql-syntax', 'City:(Berlin OR Paris)'],
    ['City IN ("Berlin", "Paris")', 'sql-syntax', 'City:(Berlin OR Paris)'],
    ["city in ('Berlin')", 'sql-syntax', 'City:Berlin'],
    ["Last Name in ('van Dijk', 'Smith')", 'sql-syntax', 'Last\\ Name:("van Dijk" OR Smith)'],
    ['City NOT IN (Berlin, Paris)', 'sql-syntax', '*:* -City:(Berlin OR Paris)'],
    ['Age BETWEEN 18 AND 65', 'sql-syntax', 'Age:[18 TO 65]'],
    ['age between 18 and 65', 'sql-syntax', 'Age:[18 TO 65]'],
    ['age 18-65', 'dash-range', 'Age:[18 TO 65]'],
    ['Age:18-65', 'dash-range', 'Age:[18 TO 65]'],
    ['Stock Quantity 10-20', 'dash-range', 'Stock\\ Quantity:[10 TO 20]'],
    ['Age:[18 - 65]', 'missing-range-to', 'Age:[18 TO 65]'],
    ['Age:[18-65]', 'missing-range-to', 'Age:[18 TO 65]'],
    ['phone IS NULL', 'sql-syntax', '*:* NOT _exists_:Phone'],
    ['phone IS NOT NULL', 'sql-syntax', '_exists_:Phone'],
    ['Phone is not null', 'sql-syntax', '_exists_:Phone'],
    ['[Email] like "%gmail%"', 'sql-syntax', '[Email] contains "gmail"'],
    ['[Email] LIKE "gmail%"', 'sql-syntax', '[Email] startswith "gmail"'],
    ['Email like "%gmail%"', 'sql-syntax', '[Email] contains "gmail"'],
  ]);

  it('leaves words that only look like lists or ranges alone', () => {
    for (const text of [
      'Phone:555-1234',
      'Berlin, Paris',
      'made in Germany',
      'City:(Berlin OR Paris)',
      'Age:[18 TO 65]',
      'is null',
      'EAN:4006381-333931',
    ]) {
      const codes = check(text, { schema }).map((d) => d.code);
      expect(codes, text).not.toContain('comma-list');
      expect(codes, text).not.toContain('dash-range');
      expect(codes, text).not.toContain('sql-syntax');
    }
  });
});
