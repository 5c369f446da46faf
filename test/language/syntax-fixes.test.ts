/** Text for the parser's quick fixes (src/language/syntax-fixes.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapedInPlace } from '../../src/language/syntax-fixes.js';

/** The definition: a backslash before every unit `.` matches, and a space first after an unescaped `~`. */
function reference(text: string, start: number, image: string): string {
  const escaped = image.replace(/./g, '\\$&');
  let backslashes = 0;
  for (let i = start - 2; i >= 0 && text[i] === '\\'; i--) backslashes++;
  return start > 0 && text[start - 1] === '~' && backslashes % 2 === 0 ? ` ${escaped}` : escaped;
}

const units = fc.constantFrom(
  ')',
  ':',
  '~',
  '^',
  ']',
  '}',
  '\\',
  '\n',
  '\r',
  '\u2028',
  '\u2029',
  'a',
  ' ',
  '\ud800',
  '\udc00',
  'é',
);
const piece = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.array(units, { maxLength: 4 }).map((u) => u.join('')),
);

describe('escapedInPlace', () => {
  it('property: the same text as the regular expression it replaces, for one character and for longer images', () => {
    fc.assert(
      fc.property(piece, piece, fc.oneof(units, piece), (before, after, image) => {
        const text = before + image + after;
        expect(escapedInPlace(text, before.length, image)).toBe(
          reference(text, before.length, image),
        );
      }),
    );
  });

  it('escapes where it stands, and leaves line breaks alone as the pattern did', () => {
    expect(escapedInPlace('a)', 1, ')')).toBe('\\)');
    expect(escapedInPlace('a~~', 2, '~')).toBe(' \\~');
    expect(escapedInPlace('a\\~~', 3, '~')).toBe('\\~');
    expect(escapedInPlace('&&', 0, '&&')).toBe('\\&\\&');
    expect(escapedInPlace('\n', 0, '\n')).toBe('\n');
  });
});
