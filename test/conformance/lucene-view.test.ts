import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeTerm, format, parse, type Query } from '../../src/index.js';
import { loadCases } from './cases.js';
import { luceneToString } from './lucene-query.js';
import { fuzzyEdits, luceneView, NoLuceneViewError, whitespaceTokens } from './lucene-view.js';

const at = { start: 0, end: 0 };
const view = (text: string): string => {
  const { ast, diagnostics } = parse(text);
  expect(diagnostics).toEqual([]);
  return luceneView(ast);
};

/** Java's Character.isWhitespace, for the properties below. */
const JAVA_WHITESPACE =
  /[\t\n\u000B\f\r\u001C-\u001F \u1680\u2000-\u2006\u2008-\u200A\u2028\u2029\u205F\u3000]/;

describe('luceneView', () => {
  it.each([
    ['a', 'text:a'],
    ['a AND b OR c', '(+text:a +text:b) text:c'],
    ['NOT a', '-text:a'],
    ['(a)', 'text:a'],
    ['(+a)', '+text:a'],
    ['x (+a)', '+text:x +(+text:a)'],
    ['f:(a OR b)', 'f:a f:b'],
    ['"a"~3', 'text:a'],
    ['a~0.5', 'text:a~0'],
    ['"a b"~0.5', 'text:"a b"'],
    ['f:["*" TO *}', 'f:[\\* TO *}'],
    ['a\\-b*', 'text:a-b*'],
    ['*a\\-b', 'text:*a\\-b'],
    ['\\u0041*b', 'text:A*b'],
    ['(a b)^2', '(+text:a +text:b)^2.0'],
    ['""', ''],
    ['a ""', 'text:a'],
    ['New\\ York', '+text:New +text:York'],
    ['x AND New\\ York', '+text:x +(+text:New +text:York)'],
    ['x New\\ York', '+text:x +text:New +text:York'],
    ['[A] eq 1', '<no Lucene form: [A] eq 1>'],
  ])('%s -> %s', (text, expected) => {
    expect(view(text)).toBe(expected);
  });

  it('reads a wildcard whose \\u escape Lucene would not decode as mdq means it, so it differs', () => {
    // Lucene keeps `\u0041` literally in a WildcardQuery (it matches "u0041"); mdq decodes it.
    expect(view('*\\u0041')).toBe('text:*A');
  });

  it('works on a hand-built tree without source text', () => {
    const ast: Query = {
      kind: 'Query',
      span: at,
      body: {
        kind: 'Or',
        span: at,
        operands: [
          { kind: 'Term', raw: 'a', value: 'a', span: at },
          {
            kind: 'Not',
            operator: 'NOT',
            span: at,
            operand: { kind: 'Phrase', raw: '"b c"', value: 'b c', span: at },
          },
        ],
      },
    };
    expect(luceneView(ast)).toBe('text:a -text:"b c"');
  });

  it('refuses a tree with an error node', () => {
    const ast: Query = { kind: 'Query', span: at, body: { kind: 'Error', span: at } };
    expect(() => luceneView(ast)).toThrow(NoLuceneViewError);
  });

  it('gives the TermQuery of the value for any escaped word without whitespace', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 20 })
          .filter((s) => !JAVA_WHITESPACE.test(s) && s !== '*'),
        (value) => {
          const { ast, diagnostics } = parse(escapeTerm(value));
          expect(diagnostics).toEqual([]);
          expect(luceneView(ast)).toBe(`text:${value}`);
        },
      ),
    );
  });

  it('is kept by the printer: format(q) means to Lucene what q means, for every recorded query mdq accepts', () => {
    for (const { query } of loadCases()) {
      const { ast, diagnostics } = parse(query);
      if (diagnostics.some((d) => d.severity === 'error')) continue;
      expect(view(format(ast)), `${query} printed as ${format(ast)}`).toBe(luceneView(ast));
    }
  });
});

describe('whitespaceTokens', () => {
  it('splits on Java whitespace only, losing nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const tokens = whitespaceTokens(text);
        for (const token of tokens) {
          expect(token).not.toBe('');
          expect(JAVA_WHITESPACE.test(token)).toBe(false);
        }
        expect(tokens.join('')).toBe(text.split(JAVA_WHITESPACE).join(''));
      }),
    );
  });

  it('keeps the no-break spaces U+00A0, U+2007 and U+202F inside a token, as Java does', () => {
    expect(whitespaceTokens('a\u00a0b\u2007c\u202fd')).toEqual(['a\u00a0b\u2007c\u202fd']);
  });

  it('cuts a token longer than 255 characters, as CharTokenizer does', () => {
    expect(whitespaceTokens('x'.repeat(600)).map((t) => t.length)).toEqual([255, 255, 90]);
  });
});

describe('fuzzyEdits', () => {
  it('is between 0 and 2 edits', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.string({ maxLength: 12 }),
        (similarity, text) => {
          const edits = fuzzyEdits(similarity, text);
          expect(Number.isInteger(edits) && edits >= 0 && edits <= 2).toBe(true);
        },
      ),
    );
  });

  it('turns a similarity below 1 into edits for the term length', () => {
    expect(fuzzyEdits(0.5, 'abcd')).toBe(2);
    expect(fuzzyEdits(0.75, 'abcd')).toBe(1);
    // 0.8f is 0.800000011920929: (1 - 0.8f) * 5 is just below 1, so Java truncates to 0 as well.
    expect(fuzzyEdits(0.8, 'abcde')).toBe(0);
    expect(fuzzyEdits(0, 'abc')).toBe(0);
  });
});

describe('luceneToString', () => {
  it('wraps nested boolean queries in parentheses and leaves others bare', () => {
    expect(
      luceneToString({
        type: 'boolean',
        clauses: [
          {
            occur: 'MUST',
            query: {
              type: 'boolean',
              clauses: [{ occur: 'SHOULD', query: { type: 'term', field: 'f', text: 'a' } }],
            },
          },
          {
            occur: 'MUST_NOT',
            query: {
              type: 'range',
              field: 'g',
              lower: null,
              upper: 'z',
              includeLower: true,
              includeUpper: false,
            },
          },
          { occur: 'SHOULD', query: { type: 'boost', boost: 3, query: { type: 'matchAll' } } },
        ],
      }),
    ).toBe('+(f:a) -g:[* TO z} (*:*)^3.0');
  });
});
