/**
 * `unescape` (src/language/escape.ts) builds its value from slices between the escapes;
 * here it is held to the definition written one character at a time: `\c` is `c`,
 * `\uXXXX` that code unit, a bad `\u` is a `u` with a problem, a trailing `\` a problem,
 * and with `keepWildcardEscapes` an escaped (or `\u`-written) `*`, `?` or `\` keeps its backslash.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unescape } from '../../src/language/escape.js';

const scale = Number(process.env.FC_RUNS ?? 1);

function byDefinition(
  raw: string,
  keepWildcardEscapes: boolean,
): { value: string; problems: { offset: number; length: number }[] } {
  let value = '';
  const problems: { offset: number; length: number }[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== '\\') {
      value += raw[i];
      continue;
    }
    if (i + 1 >= raw.length) {
      problems.push({ offset: i, length: 1 });
      break;
    }
    let ch = raw[i + 1]!;
    let width = 2;
    if (ch === 'u') {
      const hex = raw.slice(i + 2, i + 6);
      if (/^[0-9a-fA-F]{4}$/.test(hex)) {
        ch = String.fromCharCode(parseInt(hex, 16));
        width = 6;
      } else {
        problems.push({ offset: i, length: Math.min(raw.length - i, 2 + hex.length) });
      }
    }
    value += keepWildcardEscapes && (ch === '*' || ch === '?' || ch === '\\') ? `\\${ch}` : ch;
    i += width - 1;
  }
  return { value, problems };
}

/** Text rich in backslashes, `u`, hex digits and wildcards. */
const unit = fc.constantFrom(
  '\\',
  '\\',
  'u',
  '0',
  '0',
  '2',
  'a',
  'A',
  'f',
  'g',
  '*',
  '?',
  ' ',
  'x',
  'é',
  '\ud83d',
);
const escapedText = fc.string({ unit });
/** Long enough for thousands of escapes: the value is joined in chunks of pieces. */
const longEscapedText = fc.string({ unit, minLength: 3000, maxLength: 6000 });

describe('unescape', () => {
  it('gives the value and problems of the character-by-character definition', () => {
    fc.assert(
      fc.property(escapedText, fc.boolean(), (raw, keep) => {
        const { value, problems } = unescape(raw, keep);
        const expected = byDefinition(raw, keep);
        expect(value).toBe(expected.value);
        expect(problems.map(({ offset, length }) => ({ offset, length }))).toEqual(
          expected.problems,
        );
      }),
      { numRuns: 2000 * scale },
    );
  });

  it('gives the same on texts of thousands of escapes', () => {
    fc.assert(
      fc.property(longEscapedText, fc.boolean(), (raw, keep) => {
        expect(unescape(raw, keep).value).toBe(byDefinition(raw, keep).value);
      }),
      { numRuns: 100 * scale },
    );
  });

  it('unescapes a word of a million escaped backslashes to half a million backslashes', () => {
    const raw = '\\'.repeat(1_000_000);
    expect(unescape(raw).value).toBe('\\'.repeat(500_000));
    expect(unescape(raw, true).value).toBe(raw);
    expect(unescape(`${raw}\\`).problems).toEqual([
      { offset: 1_000_000, length: 1, message: 'a backslash at the end escapes nothing' },
    ]);
  });

  it('decodes \\u escapes and keeps a decoded wildcard escaped in a pattern', () => {
    expect(unescape('a\\u0020b\\u12 c').value).toBe('a bu12 c');
    expect(unescape('\\u002a\\*x', true).value).toBe('\\*\\*x');
    expect(unescape('\\u002a\\*x').value).toBe('**x');
  });
});
