/**
 * `prefix*` on an array met again passes over the rows whose words start with no character
 * like the prefix's first (word-initials.ts). The law: that never changes an answer: `filter`
 * on the table gives what the matcher gives record by record, for prefixes of every class
 * (letters in both cases, digits, punctuation, underscores) and values of every kind (words
 * joined by punctuation, text beyond ASCII, numbers, lists, nothing).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, filter, type DataRecord } from '../../src/evaluator/index.js';
import { escapeTerm } from '../../src/index.js';
import { EVERY_INITIAL, initialBit, wordInitials } from '../../src/evaluator/word-initials.js';

const bit = (c: string) => initialBit(c.charCodeAt(0));

describe('wordInitials', () => {
  it('sets the bits of the characters that start the value and each of its words', () => {
    expect(wordInitials('Jane Doe')).toBe(bit('j') | bit('d'));
    expect(wordInitials('jane-doe 42')).toBe(bit('j') | bit('d') | bit('4'));
    // The value's first character counts even where no word starts (`-x` starts with `-`).
    expect(wordInitials('-x')).toBe(bit('-') | bit('x'));
    expect(wordInitials('')).toBe(0);
  });

  it('leaves text beyond ASCII and values that are no text to the prefix test (every bit)', () => {
    for (const value of ['Zoë', 'K\u212Aelvin', 42, ['a'], null, undefined, true])
      expect(wordInitials(value)).toBe(EVERY_INITIAL);
  });

  it('takes a letter in either case as one, and every digit as one class', () => {
    expect(bit('A')).toBe(bit('a'));
    expect(bit('0')).toBe(bit('9'));
    expect(bit('-')).toBe(bit('_'));
    expect(bit('a')).not.toBe(bit('b'));
  });
});

const piece = fc.constantFrom(
  'Jane',
  'jack',
  'JO',
  'doe',
  'x-ray',
  'x.y',
  '_id',
  '__',
  '42',
  '7b',
  'Zoë',
  'Ｊane',
  'K\u212Aelvin',
  'İstanbul',
  '-',
  "'",
  ' ',
  '',
);
const text = fc
  .tuple(fc.array(piece, { maxLength: 4 }), fc.constantFrom(' ', '-', '', '/'))
  .map(([parts, glue]) => parts.join(glue));
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer({ min: 0, max: 99 }),
  fc.constantFrom(null, undefined, true),
  fc.array(text, { maxLength: 3 }),
);
const records = fc.array(
  value.map((v): DataRecord => (v === undefined ? { id: 1 } : { id: 1, Name: v })),
  { minLength: 1, maxLength: 12 },
);
const prefix = fc
  .array(fc.constantFrom('j', 'J', 'a', 'x', 'X', '4', '7', '_', '-', 'k', 'i', 'z', '.', 'y'), {
    minLength: 1,
    maxLength: 3,
  })
  .map((cs) => cs.join(''));

describe('prefix wildcards on an array met again', () => {
  it('answer as the matcher does, record by record, on every call', () => {
    fc.assert(
      fc.property(records, fc.array(prefix, { minLength: 1, maxLength: 3 }), (rs, prefixes) => {
        for (let call = 0; call < 3; call++)
          for (const p of prefixes) {
            const m = compile(`Name:${escapeTerm(p)}*`);
            expect(filter(rs, m), `Name:${p}*, call ${call}`).toEqual(rs.filter((r) => m(r)));
          }
      }),
      { numRuns: 500 },
    );
  });

  it('find the words that start with the prefix, in any case, and pass over the others', () => {
    const rs: DataRecord[] = [
      { Name: 'Jane Doe' },
      { Name: 'mary-jane' },
      { Name: 'Bob' },
      { Name: 'JO' },
      { Name: 'Ｊane' },
      { Name: ['x', 'jack'] },
    ];
    const m = compile('Name:ja*');
    for (let call = 0; call < 3; call++)
      expect(filter(rs, m).map((r) => r.Name)).toEqual(['Jane Doe', 'mary-jane', ['x', 'jack']]);
  });
});
