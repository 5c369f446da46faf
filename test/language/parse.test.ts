import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/index.js';
import { syntaxDiagnostics, syntaxErrorsOf } from '../../src/language/parse.js';
import { queryLikeString } from '../support/arbitraries.js';
import { sexpr } from '../support/strip.js';

/** Query -> expected tree, for queries without syntax errors. */
const VALID: ReadonlyArray<readonly [string, string]> = [
  // Full text and implicit AND.
  ['John', '"John"'],
  ['John Smith', '(and "John" "Smith")'],
  ['"John Smith"', '(PHRASE "John Smith")'],
  ['Jo*', '(WILD "Jo*")'],
  ['J?hn', '(WILD "J?hn")'],
  ['*son', '(WILD "*son")'],
  ['a\\*b', '"a*b"'],
  ['a\\*b*', '(WILD "a\\\\*b*")'],
  ['foo-bar 2020-01-01 a+b', '(and "foo-bar" "2020-01-01" "a+b")'],
  ['ANDROID ORACLE NOTE', '(and "ANDROID" "ORACLE" "NOTE")'],
  ['a&&b', '"a&&b"'],
  ['TO', '"TO"'],
  // Operators and precedence: NOT > AND > OR.
  ['John AND Smith', '(AND "John" "Smith")'],
  ['John OR Jane', '(OR "John" "Jane")'],
  ['John NOT Doe', '(and "John" (NOT "Doe"))'],
  ['a && b || !c', '(OR (AND "a" "b") (NOT "c"))'],
  ['a AND b OR c', '(OR (AND "a" "b") "c")'],
  ['a OR b AND c', '(OR "a" (AND "b" "c"))'],
  ['a b OR c d', '(OR (and "a" "b") (and "c" "d"))'],
  ['a AND b c', '(AND[xi] "a" "b" "c")'],
  ['a OR b OR c OR d', '(OR "a" "b" "c" "d")'],
  ['(John OR Jane) AND Smith', '(AND (GROUP (OR "John" "Jane")) "Smith")'],
  ['NOT NOT a', '(NOT (NOT "a"))'],
  ['+a -b', '(and (+ "a") (- "b"))'],
  ['-(a b)', '(- (GROUP (and "a" "b")))'],
  ['a OR NOT b', '(OR "a" (NOT "b"))'],
  // Fields.
  ['city:Berlin', '(FIELD "city" "Berlin")'],
  ['email:*@example.com', '(FIELD "email" (WILD "*@example.com"))'],
  ['name:*mit*', '(FIELD "name" (WILD "*mit*"))'],
  ['city:"New York"', '(FIELD "city" (PHRASE "New York"))'],
  ['city:(Berlin OR Paris)', '(FIELD "city" (GROUP (OR "Berlin" "Paris")))'],
  ['address.city:Berlin', '(FIELD "address.city" "Berlin")'],
  ['First\\ Name:John', '(FIELD "First Name" "John")'],
  ['city: Berlin', '(FIELD "city" "Berlin")'],
  ['f:*', '(FIELD "f" (WILD "*"))'],
  ['_exists_:email', '(EXISTS "email")'],
  ['NOT _exists_:email', '(NOT (EXISTS "email"))'],
  ['_exists_:First\\ Name', '(EXISTS "First Name")'],
  ['\\_exists_:x', '(FIELD "_exists_" "x")'],
  // Ranges and relations.
  ['created:[2020-01-01 TO 2020-12-31]', '(FIELD "created" (RANGE [ "2020-01-01" "2020-12-31" ]))'],
  ['n:{1 TO 5}', '(FIELD "n" (RANGE { "1" "5" }))'],
  ['n:[1 TO 5}', '(FIELD "n" (RANGE [ "1" "5" }))'],
  ['n:{* TO 5]', '(FIELD "n" (RANGE { * "5" ]))'],
  ['name:["a b" TO "c\\"d"]', '(FIELD "name" (RANGE [ "a b" "c\\"d" ]))'],
  ['[a TO b]', '(RANGE [ "a" "b" ])'],
  ['age:>18', '(FIELD "age" (> "18"))'],
  [
    'age:>=18 age:<65 age:<=64',
    '(and (FIELD "age" (>= "18")) (FIELD "age" (< "65")) (FIELD "age" (<= "64")))',
  ],
  ['d:>"2020-01-01"', '(FIELD "d" (> (PHRASE "2020-01-01")))'],
  ['a>b', '"a>b"'],
  ['>5', '">5"'],
  // Regex, fuzzy, proximity, boost, match all.
  ['/jo.n/', '(REGEX "jo.n")'],
  ['name:/a\\/b/', '(FIELD "name" (REGEX "a\\\\/b"))'],
  ['roam~', '(FUZZY "roam" _)'],
  ['roam~1', '(FUZZY "roam" 1)'],
  ['roam~0.5', '(FUZZY "roam" 0.5)'],
  ['"jakarta apache"~10', '(NEAR (PHRASE "jakarta apache") 10)'],
  ['jakarta^4 apache', '(and (BOOST "jakarta" 4) "apache")'],
  ['"a b"^0.5', '(BOOST (PHRASE "a b") 0.5)'],
  ['(a OR b)^2', '(BOOST (GROUP (OR "a" "b")) 2)'],
  ['title:foo~2^3', '(BOOST (FIELD "title" (FUZZY "foo" 2)) 3)'],
  ['title:foo^3~2', '(BOOST (FIELD "title" (FUZZY "foo" 2)) 3)'],
  ['"a b"^2~3', '(BOOST (NEAR (PHRASE "a b") 3) 2)'],
  ['*', '(ALL)'],
  ['*:*', '(ALL)'],
  ['*:foo', '(FIELD "*" "foo")'],
  // Escapes.
  ['\\(1\\+1\\)\\:2', '"(1+1):2"'],
  ['\\u0041b', '"Ab"'],
  ['a\\ b', '"a b"'],
  ['\\AND', '"AND"'],
  ['"say \\"hi\\""', '(PHRASE "say \\"hi\\"")'],
  // Bracket comparisons.
  ['[First Name] eq "Tim"', '(CMP "First Name" eq (STR "Tim"))'],
  ['[Status] ne "Inactive"', '(CMP "Status" ne (STR "Inactive"))'],
  ['[Age] gt 21', '(CMP "Age" gt (NUM 21))'],
  ['[Age] lt 65.5', '(CMP "Age" lt (NUM 65.5))'],
  ['[Balance] ge -10', '(CMP "Balance" ge (NUM -10))'],
  [
    '[Name] contains "mi" [Name] startswith "S" [Name] endswith "h"',
    '(and (CMP "Name" contains (STR "mi")) (CMP "Name" startswith (STR "S")) (CMP "Name" endswith (STR "h")))',
  ],
  ['[A] EQ "x"', '(CMP "A" eq (STR "x"))'],
  ['[a\\]b] eq "x"', '(CMP "a]b" eq (STR "x"))'],
  ['[Date TO Come] eq "x"', '(CMP "Date TO Come" eq (STR "x"))'],
  [
    '[First Name] eq "Tim" and [Age] ge 18',
    '(AND (CMP "First Name" eq (STR "Tim")) (CMP "Age" ge (NUM 18)))',
  ],
  [
    '[A] eq 1 or [B] eq 2 and [C] eq 3',
    '(OR (CMP "A" eq (NUM 1)) (AND (CMP "B" eq (NUM 2)) (CMP "C" eq (NUM 3))))',
  ],
  ['[A] eq 1 and not [B] eq 2', '(AND (CMP "A" eq (NUM 1)) (NOT (CMP "B" eq (NUM 2))))'],
  ['not [B] eq 2', '(NOT (CMP "B" eq (NUM 2)))'],
  ['x and ([A] eq 1)', '(AND "x" (GROUP (CMP "A" eq (NUM 1))))'],
  ['([A] eq 1) or x', '(OR (GROUP (CMP "A" eq (NUM 1))) "x")'],
  [
    '[A] eq 1 AND city:Berlin OR "x y"',
    '(OR (AND (CMP "A" eq (NUM 1)) (FIELD "city" "Berlin")) (PHRASE "x y"))',
  ],
  // Lower-case and/or/not away from comparisons are words.
  ['cats and dogs', '(and "cats" "and" "dogs")'],
  ['to be or not to be', '(and "to" "be" "or" "not" "to" "be")'],
  ['not', '"not"'],
  // Whitespace.
  ['  a\t\nb\u3000c  ', '(and "a" "b" "c")'],
  ['', '()'],
  ['   ', '()'],
];

describe('parse: valid queries', () => {
  it.each(VALID)('%s', (query, expected) => {
    const { ast, diagnostics } = parse(query);
    expect(diagnostics).toEqual([]);
    expect(sexpr(ast)).toBe(expected);
  });
});

describe('parse: spans', () => {
  it('gives every node a half-open span into the text', () => {
    const { ast } = parse('city:(Berlin OR "New York")^2');
    const body = ast.body!;
    expect(body).toMatchObject({ kind: 'Boost', span: { start: 0, end: 29 } });
    const field = body.kind === 'Boost' ? body.operand : body;
    expect(field).toMatchObject({
      kind: 'Field',
      span: { start: 0, end: 27 },
      field: { span: { start: 0, end: 4 } },
    });
  });

  it('keeps raw text and unescaped value', () => {
    const { ast } = parse('First\\ Name:New\\ York');
    expect(ast.body).toMatchObject({
      field: { raw: 'First\\ Name', value: 'First Name' },
      value: { kind: 'Term', raw: 'New\\ York', value: 'New York', span: { start: 12, end: 21 } },
    });
  });

  it('records whether each AND was written', () => {
    const { ast } = parse('a AND b c && d');
    expect(ast.body).toMatchObject({ kind: 'And', explicit: [true, false, true] });
  });

  it('spells prefix NOT and prohibit differently', () => {
    expect(parse('NOT a').ast.body).toMatchObject({ kind: 'Not', operator: 'NOT' });
    expect(parse('!a').ast.body).toMatchObject({ kind: 'Not', operator: 'NOT' });
    expect(parse('-a').ast.body).toMatchObject({ kind: 'Not', operator: '-' });
  });
});

describe('the lexer definition', () => {
  it('passes chevrotain validation with the first-character optimisation on', async () => {
    const { createReferenceLexer: createLexer } = await import('../support/reference-lexer.js');
    // ensureOptimizations throws when any token defeats the first-character optimisation.
    expect(() => createLexer(true)).not.toThrow();
    const validated = createLexer(true).tokenize(
      '[First Name] eq "Tim" and created:[2020-01-01 TO *] Jo* é',
    );
    expect(validated.errors).toEqual([]);
    const fast = createLexer(false).tokenize(
      '[First Name] eq "Tim" and created:[2020-01-01 TO *] Jo* é',
    );
    expect(fast.tokens.map((t) => [t.tokenType.name, t.image])).toEqual(
      validated.tokens.map((t) => [t.tokenType.name, t.image]),
    );
  });
});

describe("syntaxErrorsOf (the fix guard's trials, and counts of errors)", () => {
  it('property: the diagnostics of syntaxDiagnostics, bare: each code, severity and span, no message, no fixes; the too-many-errors one whole', () => {
    const limits = fc.constantFrom(undefined, 0, 1, 3, 100);
    fc.assert(
      fc.property(
        fc.oneof(queryLikeString, fc.string({ maxLength: 30 })),
        limits,
        (text, maxDiagnostics) => {
          const options = maxDiagnostics === undefined ? {} : { maxDiagnostics };
          const full = syntaxDiagnostics(text, options);
          const bare = syntaxErrorsOf(text, options);
          expect(bare).toEqual(
            full.map((d) =>
              d.code === 'too-many-errors'
                ? d
                : { code: d.code, severity: d.severity, message: '', span: d.span },
            ),
          );
        },
      ),
    );
  });

  it('every kind of stray token gets the code and span it gets in full', () => {
    for (const text of [
      ') a',
      ') ~',
      ') ^',
      ') :',
      ') }',
      ') ]',
      'a } b',
      'AND a',
      '&& a',
      'OR a',
      '|| a',
      'x:[a TO b c]',
      'x:[a TO b TO]',
      'a:b:c',
      'f:(a) ]',
      '(a) ^ ~',
    ]) {
      for (const maxDiagnostics of [1, 100]) {
        const full = syntaxDiagnostics(text, { maxDiagnostics });
        expect(full.length, text).toBeGreaterThan(0);
        expect(
          syntaxErrorsOf(text, { maxDiagnostics }).map((d) => [d.code, d.span]),
          text,
        ).toEqual(full.map((d) => [d.code, d.span]));
      }
    }
  });

  it('a broken flood: as many errors as parse reports, none with a fix', () => {
    const text = ') a:b:c [a TO b) '.repeat(50);
    const bare = syntaxErrorsOf(text, { maxDiagnostics: Infinity });
    expect(bare.map((d) => d.code)).toEqual(
      parse(text, { maxDiagnostics: Infinity }).diagnostics.map((d) => d.code),
    );
    expect(bare.every((d) => d.fixes === undefined && d.message === '')).toBe(true);
  });
});
