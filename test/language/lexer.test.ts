/**
 * mdq's lexer (src/language/lexer.ts: the fast path's scanner, as chevrotain tokens) must give
 * chevrotain's lexer's tokens and errors exactly: the same types, images, offsets and type
 * numbers, and the one error (a backslash at the very end where a token would start) with
 * its offset, length and message. chevrotain's lexer runs here only, as the reference.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/language/lexer.js';
import { createQueryParser } from '../../src/language/parser.js';
import { queryLikeString } from '../support/arbitraries.js';
import { chevrotainRuntime } from '../support/chevrotain-runtime.js';
import { referenceTokenize } from '../support/reference-lexer.js';

const scale = Number(process.env.FC_RUNS ?? 1);

// chevrotain's parser completes the token types (their numbers), which its lexer and parser read.
createQueryParser(false, chevrotainRuntime);

function shape(lexed: ReturnType<typeof tokenize>) {
  return {
    tokens: lexed.tokens.map((t) => ({
      type: t.tokenType.name,
      image: t.image,
      startOffset: t.startOffset,
      tokenTypeIdx: t.tokenTypeIdx,
      keys: Object.keys(t),
    })),
    errors: lexed.errors.map(({ offset, length, message }) => ({ offset, length, message })),
  };
}

const pieces = fc.constantFrom(
  ...'aAzZ09 \t\n\r\u3000+-=&|><!(){}[]^"~*?:\\/.,_é'.split(''),
  'AND',
  'OR',
  'and',
  'not',
  'TO',
  'T',
  'eq',
  'EQ',
  'ge',
  'contains',
  'startswith',
  '&&',
  '||',
  '\\\\',
  '] eq ',
  '[First Name',
  '[a TO ',
);
const text = fc.oneof(
  queryLikeString,
  fc.array(pieces, { maxLength: 16 }).map((a) => a.join('')),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

describe('the lexer', () => {
  it('property: gives the tokens and errors of chevrotain`s lexer, a backslash at the end or not', () => {
    fc.assert(
      fc.property(text, fc.boolean(), (body, backslash) => {
        const query = backslash ? `${body}\\` : body;
        expect(shape(tokenize(query)), JSON.stringify(query)).toEqual(
          shape(referenceTokenize(query)),
        );
      }),
      { numRuns: 6000 * scale },
    );
  });

  it.each([
    '\\',
    'a \\',
    'a\\\\\\',
    '"ab\\',
    '[a TO\\',
    '[a TO b\\',
    '{a TO \\',
    '[A TO B] eq\\',
    '[A TO B] eq \\',
    '[First Name eq\\',
    '[First Name eq \\',
    '[Age] ge\\',
    'x:>=\\',
    '&&\\',
    '~eq\\',
    '^2\\',
    'a AND\\',
    'x eq\\',
  ])('lexes %j as chevrotain does', (query) => {
    expect(shape(tokenize(query))).toEqual(shape(referenceTokenize(query)));
  });
});
