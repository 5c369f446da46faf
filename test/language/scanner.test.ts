/**
 * The fast path's scanner (src/language/scanner.ts) must produce the chevrotain lexer's
 * exact tokens, and give up exactly where that lexer reports an error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceTokenize as tokenize } from '../support/reference-lexer.js';
import { KIND_TYPES, scan } from '../../src/language/scanner.js';
import { queryLikeString } from '../support/arbitraries.js';

const scale = Number(process.env.FC_RUNS ?? 1);

function chevrotainTokens(text: string) {
  return tokenize(text).tokens.map((t) => [
    t.tokenType.name,
    t.startOffset,
    t.startOffset + t.image.length,
  ]);
}

function scannedTokens(text: string) {
  const stream = scan(text);
  if (stream === undefined) return undefined;
  return Array.from({ length: stream.count }, (_, i) => [
    KIND_TYPES[stream.kinds[i]!]!.name,
    stream.starts[i],
    stream.ends[i],
  ]);
}

const characters = fc.constantFrom(
  ...'aAzZ09 \t\n\r\u3000+-=&|><!(){}[]^"~*?:\\/.,_é日'.split(''),
  '\u00a0',
  '\ud83d\ude00',
  'AND',
  'OR',
  'NOT',
  'and',
  'or',
  'not',
  'TO',
  'eq',
  'EQ',
  'contains',
  '&&',
  '||',
  '\\u00e9',
);

describe('the scanner', () => {
  it('produces the chevrotain lexer tokens, or gives up where it reports an error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          queryLikeString,
          fc.array(characters, { maxLength: 20 }).map((a) => a.join('')),
          fc.string({ unit: 'binary', maxLength: 20 }),
        ),
        (text) => {
          const lexed = tokenize(text);
          const scanned = scannedTokens(text);
          if (lexed.errors.length > 0) expect(scanned, JSON.stringify(text)).toBeUndefined();
          else expect(scanned, JSON.stringify(text)).toEqual(chevrotainTokens(text));
        },
      ),
      { numRuns: 5000 * scale },
    );
  });

  it('reads comparison operators in any case of their ASCII letters, and no look-alike, as the lexer does', () => {
    const words = [
      'eq',
      'EQ',
      'eQ',
      'Ne',
      'GT',
      'lT',
      'gE',
      'LE',
      'contains',
      'CONTAINS',
      'conTains',
      'startswith',
      'StartsWith',
      'ENDSWITH',
      'endsWith',
      'ſtartswith',
      'endſwith',
      'ｅq',
      'eq\u0307',
      'contain',
      'containss',
      'startwith',
      'e',
      'eqq',
      'ee',
      'ｌt',
      'K',
      'ne2',
    ];
    for (const word of words) {
      const text = `[Age] ${word} 5 ${word}`;
      expect(scannedTokens(text), word).toEqual(chevrotainTokens(text));
    }
  });

  it.each([
    [
      '[First Name] eq "Tim" and [Age] ge 18',
      [
        'BracketField',
        'ComparisonWord',
        'Quoted',
        'LowerAnd',
        'BracketField',
        'ComparisonWord',
        'Word',
      ],
    ],
    [
      'created:[2020-01-01 TO *} x',
      [
        'Word',
        'Colon',
        'RangeStart',
        'RangeWord',
        'RangeTo',
        'RangeWord',
        'RangeExclusiveEnd',
        'Word',
      ],
    ],
    ['ANDROID AND a&&b && !c', ['Word', 'And', 'Word', 'AndSymbol', 'Bang', 'Word']],
    [
      'f:>=5 a>b ^2 ~1 /r/',
      ['Word', 'Colon', 'RelationOperator', 'Word', 'Word', 'Caret', 'Tilde', 'Regex'],
    ],
  ])('scans %s', (text, kinds) => {
    expect(scannedTokens(text)!.map((t) => t[0])).toEqual(kinds);
    expect(scannedTokens(text)).toEqual(chevrotainTokens(text));
  });

  it('measures nesting and clauses as parse does', () => {
    expect(scan('((a)) NOT NOT b')).toMatchObject({ depth: 2, clauses: 2 });
    // Words (comparison operators and numbers too), phrases, regexes, bracket fields and range starts count.
    expect(scan('--!x [A] eq 1 [a TO b] "p" /r/ and')).toMatchObject({ depth: 3, clauses: 8 });
  });

  it('gives up on a trailing backslash, as the lexer reports it', () => {
    expect(scan('a\\')).toBeUndefined();
    expect(scan('[a TO b\\')).toBeUndefined();
  });
});
