/** Issue 9 item 13: SQL habits (`First Name = 'Tim'`, `LIKE`, `SELECT`, single quotes), each said and fixed as meant. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { fixQuery } from '../../../src/checker/fix-query.js';
import { NoSqlSyntax } from '../../../src/checker/rules/no-sql-syntax.js';
import { applyEdits } from '../../../src/language/diagnostic.js';
import { parse } from '../../../src/language/parse.js';
import { visit } from '../../../src/language/visitor.js';
import { ruleTable, schema } from '../helpers.js';

ruleTable(NoSqlSyntax, {
  fires: [
    ["First Name = 'Tim'", "sql-syntax: First Name = 'Tim'"],
    ["name = 'Tim'", "sql-syntax: name = 'Tim'"],
    ['age >= 18', 'sql-syntax: age >= 18'],
    ["Product Name LIKE '%Phone%'", "sql-syntax: Product Name LIKE '%Phone%'"],
    [
      "SELECT * FROM customers WHERE City = 'Berlin'",
      'sql-syntax: SELECT * FROM customers WHERE',
      "sql-syntax: City = 'Berlin'",
    ],
    ['SELECT * FROM customers', 'sql-syntax: SELECT * FROM customers'],
    ["City:'Berlin'", "single-quotes: 'Berlin'"],
    ["City:'New York'", "single-quotes: 'New York'"],
    ["'New York' OR Paris", "single-quotes: 'New York'"],
    ["City:('Berlin' OR Paris)", "single-quotes: 'Berlin'"],
    ["Status != 'ACT'", "sql-syntax: Status != 'ACT'"],
    ['Age <> 18 AND x', 'sql-syntax: Age <> 18'],
    ['x OR City = "New York"', 'sql-syntax: City = "New York"'],
    ["Customer Name = 'it''s'", "sql-syntax: Name = 'it''s'"],
    // As `mdq fmt` prints it: a bare `=` escaped.
    ["First Name \\= 'Tim'", "sql-syntax: First Name \\= 'Tim'"],
    // Written without spaces: one word each.
    ['age>=18', 'sql-syntax: age>=18'],
    ["City='Berlin'", "sql-syntax: City='Berlin'"],
    ["First Name='Tim'", "sql-syntax: First Name='Tim'"],
    ['name="Tim"', 'sql-syntax: name="Tim"'],
    ['x OR Age<>5', 'sql-syntax: Age<>5'],
    ["Status='ACT' AND Age>65", "sql-syntax: Status='ACT'", 'sql-syntax: Age>65'],
  ],
  passes: [
    "O'Brien",
    "O'Brien's",
    '"it\'s"',
    '[Note] eq "x = y"',
    '"a = b"',
    'City:"Berlin"',
    'a AND = b',
    'a = AND b',
    '= b',
    'a =',
    "'tis the season",
    "rock 'n roll",
    '[City] eq "\'Berlin\'"',
    'Age:>=18',
    'Age:[18 TO *]',
    "f:['a' TO 'b']",
    // Glued, but no comparison: a value, a fuzzy word, a name no field is near, a base64 tail.
    'City:Age>=18',
    'Age>=18~2',
    'x=1',
    'abc==',
    // A field's value inside its group: the picklist code `A<#` (found by a completion property).
    'P:(A<#)',
    'City:(Age>=18 OR x)',
    'City:(a Age>=18)',
    '=x',
    'a>',
  ],
});

const options = { schema };
const fixesOf = (query: string, code: string, opts: Parameters<typeof check>[1] = options) =>
  (check(query, opts).find((d) => d.code === code)?.fixes ?? []).map((f) =>
    applyEdits(query, f.edits),
  );

describe('the fixes write what was meant', () => {
  it.each([
    ["First Name = 'Tim'", 'sql-syntax', ['[First Name] eq "Tim"']],
    [
      "name = 'Tim'",
      'sql-syntax',
      [
        '[First Name] eq "Tim"',
        '[Last Name] eq "Tim"',
        '[Product Name] eq "Tim"',
        '[Supplier Name] eq "Tim"',
      ],
    ],
    ['age >= 18', 'sql-syntax', ['[Age] ge 18']],
    ["Age < '18'", 'sql-syntax', ['[Age] lt 18']],
    ["Product Name LIKE '%Phone%'", 'sql-syntax', ['[Product Name] contains "Phone"']],
    ["Product Name like 'Phone%'", 'sql-syntax', ['[Product Name] startswith "Phone"']],
    ["Product Name LIKE '%Phone'", 'sql-syntax', ['[Product Name] endswith "Phone"']],
    ["Product Name LIKE 'Phone'", 'sql-syntax', ['[Product Name] eq "Phone"']],
    ["Product Name LIKE 'i%Phone_'", 'sql-syntax', ['Product\\ Name:i*Phone?']],
    ["SELECT * FROM customers WHERE City = 'Berlin'", 'sql-syntax', ['[City] eq "Berlin"']],
    [
      "SELECT * FROM customers WHERE City = 'Berlin' AND Age > 18",
      'sql-syntax',
      ['[City] eq "Berlin" AND [Age] gt 18'],
    ],
    ['SELECT * FROM customers', 'sql-syntax', ['*:*']],
    ["City:'Berlin'", 'single-quotes', ['City:"Berlin"']],
    ["City:'New York'", 'single-quotes', ['City:"New York"']],
    ["'New York'", 'single-quotes', ['"New York"']],
    // The value the field holds: a picklist's code, not its description.
    ["Status = 'Active'", 'sql-syntax', ['[Status] eq "ACT"']],
    ["Status:'Active'", 'single-quotes', ['Status:"ACT"']],
    // A value no field of that name can hold is said, not fixed.
    ["Age = 'old'", 'sql-syntax', []],
    ['age>=18', 'sql-syntax', ['[Age] ge 18']],
    ["City='Berlin'", 'sql-syntax', ['[City] eq "Berlin"']],
    ["First Name='Tim'", 'sql-syntax', ['[First Name] eq "Tim"']],
    [
      'name="Tim"',
      'sql-syntax',
      [
        '[First Name] eq "Tim"',
        '[Last Name] eq "Tim"',
        '[Product Name] eq "Tim"',
        '[Supplier Name] eq "Tim"',
      ],
    ],
    ["Status='Active'", 'sql-syntax', ['[Status] eq "ACT"']],
  ] as const)('%s', (query, code, expected) => {
    const fixed = fixesOf(query, code);
    expect(fixed).toEqual(expected);
    for (const text of fixed) {
      const after = check(text, options);
      expect(
        after.filter(
          (d) => d.code === 'sql-syntax' || d.code === 'single-quotes' || d.severity === 'error',
        ),
        text,
      ).toEqual([]);
    }
  });

  it('without a schema, the words before the operator are the name, or only the last of them', () => {
    expect(fixesOf("First Name = 'Tim'", 'sql-syntax', {})).toEqual([
      '[First Name] eq "Tim"',
      'First [Name] eq "Tim"',
    ]);
    expect(fixesOf('age >= 18', 'sql-syntax', {})).toEqual(['[age] ge 18']);
    // Quoted, a number stays a string: the field's type is unknown.
    expect(fixesOf("Zip = '01234'", 'sql-syntax', {})).toEqual(['[Zip] eq "01234"']);
    expect(fixesOf('x=1', 'sql-syntax', {})).toEqual(['[x] eq 1']);
  });

  it('says what the service does with the words, and what to write', () => {
    const [d] = check("First Name = 'Tim'", options);
    expect(d!.message).toBe(
      "'=' is SQL, not an operator of this language: this searches every field for the words First, Name, = and 'Tim'; to compare the field, write [First Name] eq \"Tim\"",
    );
    expect(check("name = 'Tim'", options)[0]!.message).toContain(
      'there is no field "name": did you mean [First Name] eq "Tim" or',
    );
    expect(check('age>=18', options)[0]!.message).toBe(
      "'>=' is SQL, not an operator of this language: this searches every field for the word age>=18; to compare the field, write [Age] ge 18",
    );
    const select = check("SELECT * FROM customers WHERE City = 'Berlin'", options)[0]!;
    expect(select.message).toContain(
      "the schema is chosen by the search's schema parameter (schema=customers)",
    );
    expect(check("City:'New York'", options).map((x) => x.message)).toEqual([
      'single quotes do not quote in this language: \'New York\' is the words \'New and York\', the first searched in "City", the others in every field; write "New York"',
    ]);
  });

  it('no fix is safe: each changes what is searched, so fixQuery applies them only when asked', () => {
    for (const query of [
      "First Name = 'Tim'",
      'age >= 18',
      'age>=18',
      "City:'Berlin'",
      "SELECT * FROM customers WHERE City = 'Berlin'",
    ]) {
      for (const d of check(query, options))
        expect(
          (d.fixes ?? []).every((f) => f.safe === false),
          query,
        ).toBe(true);
      expect(fixQuery(query, options).text).toBe(query);
    }
    expect(fixQuery("First Name = 'Tim' AND age >= 18", { ...options, unsafe: true }).text).toBe(
      '[First Name] eq "Tim" AND [Age] ge 18',
    );
    expect(fixQuery("City:'New York'", { ...options, unsafe: true })).toMatchObject({
      text: 'City:"New York"',
      diagnostics: [],
    });
  });

  it('a fix that would make a lower-case word an operator is withheld', () => {
    // `[City] eq "Berlin" and` reads `and` as an operator with nothing after it.
    expect(fixesOf("City = 'Berlin' and", 'sql-syntax')).toEqual([]);
  });
});

describe('LIKE in a bracket comparison', () => {
  // The rule reads the written operator only when the parser made it `contains` (its alias for
  // `like`): it must report exactly where reading the operator of every comparison would.
  it('property: reported exactly where the comparison is written with `like` in any case', () => {
    const operator = fc.oneof(
      fc.constantFrom(
        'like',
        'LIKE',
        'Like',
        'lIkE',
        'li\u212Ae',
        'contains',
        'eq',
        'has',
        'likes',
      ),
      fc.stringMatching(/^[A-Za-z]{1,6}$/),
    );
    const gap = fc.constantFrom(' ', '  ', '\t', ' \u00a0', '\u3000', '\u00a0');
    fc.assert(
      fc.property(operator, gap, gap, (op, before, after) => {
        const text = `[Email]${before}${op}${after}"%gmail%"`;
        const said = check(text, { ...options, rules: [NoSqlSyntax] }).filter((d) =>
          d.message.startsWith("'LIKE' is SQL"),
        );
        let likes = 0;
        visit(parse(text).ast, {
          Comparison: (c) => {
            if (c.value.kind !== 'StringValue') return;
            const written = text.slice(c.field.span.end, c.value.span.start);
            if (written.trim().toLowerCase() === 'like') likes++;
          },
        });
        expect(said.length).toBe(likes);
      }),
    );
  });
});

describe('no false alarms', () => {
  it('a word with an apostrophe inside is no quoted string', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z']{0,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        expect(check(words.join(' '), { ...options, rules: [NoSqlSyntax] })).toEqual([]);
      }),
    );
  });

  it('never throws on long runs of SQL', () => {
    for (const unit of [
      "a = 'b ",
      "First Name = 'x' and ",
      "Age>='1' ",
      'a=',
      "First Name='x' and ",
      'SELECT * FROM t WHERE a = ',
      "' ",
      "x LIKE '%",
      '= = ',
    ]) {
      const text = unit.repeat(Math.ceil(20_000 / unit.length));
      expect(() => check(text, options)).not.toThrow();
    }
  });
});
