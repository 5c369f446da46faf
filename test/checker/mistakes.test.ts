/**
 * The mistakes people type (issue 24, section 3): each has a diagnostic with a stable
 * code, and `fixQuery(text, { schema, unsafe: true })` writes the query the person meant.
 * Tables of exactly that, on the example tenant's schemas.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { fixQuery } from '../../src/checker/fix-query.js';
import { applyEdits } from '../../src/language/diagnostic.js';
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
    // A date with `/` is read as words and a regex (`'01`, `/01/`, `1960'`): one bound all the same.
    [
      "Date of Birth BETWEEN '01/01/1960' AND '12/31/1960'",
      'sql-syntax',
      'Date\\ of\\ Birth:[1960-01-01 TO 1960-12-31]',
    ],
    [
      'date of birth between 01/01/1960 and 12/31/1960',
      'sql-syntax',
      'Date\\ of\\ Birth:[1960-01-01 TO 1960-12-31]',
    ],
    // Bracketed, the parser reads `[Age] BETWEEN 18` as a comparison with an unknown operator.
    ['[Age] BETWEEN 18 AND 65', 'sql-syntax', 'Age:[18 TO 65]'],
    ['[age] between 18 and 65', 'sql-syntax', 'Age:[18 TO 65]'],
    ['[Age]BETWEEN 18 AND 65', 'sql-syntax', 'Age:[18 TO 65]'],
    ['x [Age] Between -5 and 65 y', 'sql-syntax', 'x Age:[-5 TO 65] y'],
    ['[Agee] BETWEEN 18 AND 65', 'sql-syntax', 'Age:[18 TO 65]'],
    [
      '[Date of Birth] between "1960-01-01" and "1960-12-31"',
      'sql-syntax',
      'Date\\ of\\ Birth:[1960-01-01 TO 1960-12-31]',
    ],
    [
      '[Date of Birth] BETWEEN 01/01/1960 AND 12/31/1960',
      'sql-syntax',
      'Date\\ of\\ Birth:[1960-01-01 TO 1960-12-31]',
    ],
    [
      "[Date of Birth] BETWEEN '13.02.1960' AND '12/31/1960'",
      'sql-syntax',
      'Date\\ of\\ Birth:[1960-02-13 TO 1960-12-31]',
    ],
    [
      'Date of Birth between 13.02.1960 and 31.12.1960',
      'sql-syntax',
      'Date\\ of\\ Birth:[1960-02-13 TO 1960-12-31]',
    ],
    // The field's own format decides the order (Last Contacted is stored day first).
    [
      '[Last Contacted] between 01/02/2020 and 02/03/2020',
      'sql-syntax',
      'Last\\ Contacted:[2020-02-01 TO 2020-03-02]',
    ],
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

  it('writes NOT IN and IS NULL as a query with a positive clause in one fix (no second round for only-negations)', () => {
    for (const [text, meant] of [
      ['City NOT IN (Berlin, Paris)', '*:* -City:(Berlin OR Paris)'],
      ['phone IS NULL', '*:* NOT _exists_:Phone'],
      ['Berlin phone IS NULL', 'Berlin NOT _exists_:Phone'],
    ] as const) {
      const fix = check(text, { schema }).find((d) => d.code === 'sql-syntax')!.fixes![0]!;
      expect(applyEdits(text, fix.edits), text).toBe(meant);
    }
  });

  it('says why a BETWEEN of dates on a number field has no fix, and cuts none of its words', () => {
    const text = "Age BETWEEN '01/01/1960' AND '12/31/1960'";
    const diagnostics = check(text, { schema });
    expect(diagnostics.map((d) => d.code)).toEqual(['sql-syntax']);
    expect(diagnostics[0]!.message).toMatch(/for the field "Age": '01\/01\/1960' is not a number/);
    expect(diagnostics[0]!.fixes ?? []).toEqual([]);
    expect(fixQuery(text, { schema, unsafe: true }).text).toBe(text);
  });

  it('says why a bracketed BETWEEN has no range fix: a bound the field cannot hold, or a date of two readings', () => {
    for (const [text, says] of [
      ['[Age] between "01/01/1960" and 5', /for the field "Age": '01\/01\/1960' is not a number/],
      [
        '[Customer Since] between 01/02/2020 and 13/03/2020',
        /'01\/02\/2020' may be 1 February \(2020-02-01\) or 2 January \(2020-01-02\)/,
      ],
      [
        '[Credit Limit] BETWEEN 1000 AND $2,000',
        /for the field "Credit Limit": '\$2,000' .*may be 2000 or 2\.000/,
      ],
    ] as const) {
      const idiom = check(text, { schema }).find((d) => d.code === 'sql-syntax');
      expect(idiom?.message, text).toMatch(says);
      expect(idiom!.fixes ?? []).toEqual([]);
    }
  });

  it("a bracketed BETWEEN spans from the bracket to the upper bound, beside the parser's unknown-operator", () => {
    const text = 'City:Berlin AND [Age] BETWEEN 18 AND 65';
    const found = check(text, { schema });
    const idiom = found.find((d) => d.code === 'sql-syntax')!;
    expect(text.slice(idiom.span.start, idiom.span.end)).toBe('[Age] BETWEEN 18 AND 65');
    expect(idiom.message).toMatch(/a range is written Age:\[18 TO 65\]/);
    expect(found.map((d) => d.code)).toContain('unknown-operator');
    expect(fixQuery(text, { schema, unsafe: true }).text).toBe('City:Berlin AND Age:[18 TO 65]');
    // Not BETWEEN, or no upper bound: no idiom.
    for (const other of ['[Age] BEYOND 18 AND 65', '[Age] BETWEEN 18', '[Age] BETWEEN 18 65'])
      expect(
        check(other, { schema }).map((d) => d.code),
        other,
      ).not.toContain('sql-syntax');
  });

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

describe('numbers, dates and times as people write them', () => {
  table([
    ['Credit Limit:€500', 'invalid-number', '[Credit Limit] eq 500'],
    ['[Unit Price] lt 500€', 'invalid-number', '[Unit Price] lt 500'],
    ['[Credit Limit] gt $1,000,000', 'invalid-number', '[Credit Limit] gt 1000000'],
    ['[Credit Limit] gt 1,000,000', 'invalid-number', '[Credit Limit] gt 1000000'],
    ['[Credit Limit] gt 12,345.67', 'invalid-number', '[Credit Limit] gt 12345.67'],
    ['[Credit Limit] gt 1.000,50', 'invalid-number', '[Credit Limit] gt 1000.50'],
    ["[Credit Limit] gt 1'000", 'invalid-number', '[Credit Limit] gt 1000'],
    ['[Loyalty Score] gt 0,5', 'invalid-number', '[Loyalty Score] gt 0.5'],
    ['[Loyalty Score] ge 50%', 'invalid-number', '[Loyalty Score] ge 0.5'],
    ['Age:1,000', 'invalid-number', 'Age:1000'],
    ['[Age] ge 18%', 'invalid-number', '[Age] ge 18'],
    ['[Date of Birth] lt 01.02.1960', 'invalid-date', '[Date of Birth] lt "1960-02-01"'],
    ['[Date of Birth] lt "13/02/1960"', 'invalid-date', '[Date of Birth] lt "1960-02-13"'],
    ['[Date of Birth] lt 13/02/1960', 'invalid-date', '[Date of Birth] lt "1960-02-13"'],
    ['[Last Contacted] gt "02/13/2020"', 'invalid-date', '[Last Contacted] gt "2020-02-13"'],
    ['[Customer Since] gt 13/02/2020', 'invalid-date', '[Customer Since] gt "2020-02-13"'],
    ['[Preferred Contact Time] eq 9am', 'invalid-time', '[Preferred Contact Time] eq "09:00"'],
    ['[Preferred Contact Time] ge "9:30pm"', 'invalid-time', '[Preferred Contact Time] ge "21:30"'],
    ['[Preferred Contact Time] le "12am"', 'invalid-time', '[Preferred Contact Time] le "00:00"'],
    // Unquoted, a time with a colon reads as a number and a stray ':': the whole text is the value.
    ['[Preferred Contact Time] ge 9:30pm', 'invalid-time', '[Preferred Contact Time] ge "21:30"'],
    ['[Preferred Contact Time] eq 09:30', 'invalid-time', '[Preferred Contact Time] eq "09:30"'],
    ['Preferred\\ Contact\\ Time:9:30pm', 'invalid-time', 'Preferred\\ Contact\\ Time:21\\:30'],
    // With seconds and a one-digit hour: read whole too, written HH:MM:SS.
    [
      '[Preferred Contact Time] ge 9:30:15',
      'invalid-time',
      '[Preferred Contact Time] ge "09:30:15"',
    ],
    [
      '[Preferred Contact Time] eq 9:30:15pm',
      'invalid-time',
      '[Preferred Contact Time] eq "21:30:15"',
    ],
    [
      '[Preferred Contact Time] eq "9:30:15pm"',
      'invalid-time',
      '[Preferred Contact Time] eq "21:30:15"',
    ],
    [
      'Preferred\\ Contact\\ Time:9:30:15',
      'invalid-time',
      'Preferred\\ Contact\\ Time:09\\:30\\:15',
    ],
    [
      'Preferred\\ Contact\\ Time:9:30:15pm',
      'invalid-time',
      'Preferred\\ Contact\\ Time:21\\:30\\:15',
    ],
  ]);

  it('an unquoted time with a colon gets one message naming the 24-hour form and a safe fix: no value-then-words, no unknown field', () => {
    for (const [text, says, fixed] of [
      [
        'Preferred\\ Contact\\ Time:9:30pm',
        /24-hour clock, HH:MM: 21:30/,
        'Preferred\\ Contact\\ Time:21\\:30',
      ],
      [
        'Preferred\\ Contact\\ Time:9:30:15',
        /HH:MM:SS, quoted: 09:30:15/,
        'Preferred\\ Contact\\ Time:09\\:30\\:15',
      ],
      [
        '[Preferred Contact Time] eq 9:30:15pm',
        /HH:MM:SS: 21:30:15/,
        '[Preferred Contact Time] eq "21:30:15"',
      ],
      [
        '[Preferred Contact Time] ge 09:30:15',
        /quote it/,
        '[Preferred Contact Time] ge "09:30:15"',
      ],
    ] as const) {
      const found = check(text, { schema });
      const time = found.filter((d) => d.code === 'invalid-time');
      expect(time.length, text).toBe(1);
      expect(time[0]!.message).toMatch(says);
      expect(time[0]!.fixes!.map((f) => f.safe)).toEqual([true]);
      // Not `"9 30pm"` (the value was cut at its ':', not at a space), and no field "30".
      expect(
        found.map((d) => d.code),
        text,
      ).not.toContain('value-then-words');
      expect(
        found.map((d) => d.code),
        text,
      ).not.toContain('unknown-field');
      expect(fixQuery(text, { schema }).text).toBe(fixed);
    }
  });

  it('any time of day written unquoted, with or without seconds, 24-hour or am/pm, becomes the quoted HH:MM[:SS] it means, safely', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const time = fc.record({
      h: fc.integer({ min: 0, max: 23 }),
      m: fc.integer({ min: 0, max: 59 }),
      s: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined }),
      padded: fc.boolean(),
      half: fc.boolean(),
      form: fc.constantFrom('comparison', 'field'),
    });
    fc.assert(
      fc.property(time, ({ h, m, s, padded, half, form }) => {
        const hour = half ? ((h + 11) % 12) + 1 : h;
        const written = `${padded ? two(hour) : hour}:${two(m)}${s === undefined ? '' : `:${two(s)}`}${half ? (h < 12 ? 'am' : 'pm') : ''}`;
        const meant = `${two(h)}:${two(m)}${s === undefined ? '' : `:${two(s)}`}`;
        const text =
          form === 'comparison'
            ? `[Preferred Contact Time] eq ${written}`
            : `Preferred\\ Contact\\ Time:${written}`;
        const codes = check(text, { schema }).map((d) => d.code);
        expect(codes, text).toContain('invalid-time');
        expect(codes, text).not.toContain('unknown-field');
        expect(codes, text).not.toContain('value-then-words');
        expect(fixQuery(text, { schema }).text, text).toBe(
          form === 'comparison'
            ? `[Preferred Contact Time] eq "${meant}"`
            : `Preferred\\ Contact\\ Time:${meant.replaceAll(':', '\\:')}`,
        );
      }),
    );
  });

  it('a value cut at a space is still one value with words after it; a field named by digits elsewhere is still unknown', () => {
    expect(check('City:New York', { schema }).map((d) => d.code)).toContain('value-then-words');
    expect(check('[30] eq 5', { schema }).map((d) => d.code)).toContain('unknown-field');
    expect(check('x 30:15', { schema }).map((d) => d.code)).toContain('unknown-field');
  });

  it('where the meaning is certain the fix is safe', () => {
    for (const [text, meant] of [
      ['[Credit Limit] gt 1,000,000', '[Credit Limit] gt 1000000'],
      ['[Date of Birth] lt 13/02/1960', '[Date of Birth] lt "1960-02-13"'],
      ['[Preferred Contact Time] eq 9am', '[Preferred Contact Time] eq "09:00"'],
      ['[Preferred Contact Time] eq 9:30pm', '[Preferred Contact Time] eq "21:30"'],
      ['[Preferred Contact Time] ge 09:30:15', '[Preferred Contact Time] ge "09:30:15"'],
    ] as const)
      expect(fixQuery(text, { schema }).text).toBe(meant);
  });

  it('where it is not, the message names both readings and the expected form, and no fix is safe', () => {
    for (const [text, says] of [
      ['[Customer Since] gt "01/02/2020"', /1 February \(2020-02-01\) or 2 January \(2020-01-02\)/],
      ['[Credit Limit] gt 1,000', /may be 1000 or 1\.000/],
      ['[Loyalty Score] ge 50%', /may be 0\.5 or 50/],
    ] as const) {
      const refusal = check(text, { schema }).find((d) => d.code.startsWith('invalid-'))!;
      expect(refusal.message).toMatch(says);
      expect(refusal.fixes!.length).toBe(2);
      expect(refusal.fixes!.some((f) => f.safe)).toBe(false);
      expect(fixQuery(text, { schema }).text).toBe(text);
    }
  });

  it("an ambiguous date on a field with a storage format reads in the field's format", () => {
    expect(fixQuery('[Date of Birth] lt 01/02/1960', { schema }).text).toBe(
      '[Date of Birth] lt "1960-01-02"',
    );
  });

  it('every thousands-grouped number reads as the number it groups', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 999_999_999 }), (n) => {
        const grouped = n.toLocaleString('en-US');
        expect(fixQuery(`[Credit Limit] gt ${grouped}`, { schema, unsafe: true }).text).toBe(
          `[Credit Limit] gt ${n}`,
        );
      }),
    );
  });
});

describe('better guesses', () => {
  table([
    ['Color:black', 'unknown-field', 'Colour:BLK'],
    ['Last Name:van Dijk', 'unescaped-space', '[Last Name] eq "van Dijk"'],
    [
      'Last Name:van der Berg AND City:Berlin',
      'unescaped-space',
      '[Last Name] eq "van der Berg" AND City:Berlin',
    ],
    [
      'Last Name:van Dijk First Name:Tim',
      'unescaped-space',
      '[Last Name] eq "van Dijk" [First Name] eq "Tim"',
    ],
    ['supplier:acme', 'unknown-field', 'Supplier\\ Name:acme'],
    ['supplier:S-1234', 'unknown-field', 'Supplier\\ ID:S-1234'],
  ]);

  it('suggests a field for a description of one of its codes, one letter away', () => {
    const [d] = check('Color:black', { schema });
    expect(d!.message).toContain('did you mean "Colour"?');
    expect(d!.fixes!.map((f) => [f.kind, f.title])).toEqual([['typo', 'Use "Colour"']]);
  });
});
