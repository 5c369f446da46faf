/**
 * The table of unescaped spellings (src/language/spellings.ts) the fast path shares
 * between parses: a remembered spelling is the one the unescaper gives, it stays
 * bounded, and parses give the same trees whether a spelling is remembered or not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/index.js';
import { unescape } from '../../src/language/escape.js';
import { parseWithReferenceParser } from '../../src/language/parse.js';
import { rememberedSpelling, rememberSpelling } from '../../src/language/spellings.js';

const scale = Number(process.env.FC_RUNS ?? 1);

describe('remembered spellings', () => {
  it('gives back what was remembered for a raw text', () => {
    const spelling = rememberSpelling('Home\\ Phone', 'Home Phone');
    expect(spelling).toBe('Home Phone');
    expect(rememberedSpelling('Home\\ Phone')).toBe('Home Phone');
    expect(rememberedSpelling('Home\\ Fax')).toBeUndefined();
  });

  it('stays bounded: thousands of spellings later, an early one is forgotten and a late one kept', () => {
    rememberSpelling('First\\ spelling', 'First spelling');
    for (let i = 0; i < 3000; i++) rememberSpelling(`Field\\ ${i}`, `Field ${i}`);
    expect(rememberedSpelling('First\\ spelling')).toBeUndefined();
    expect(rememberedSpelling('Field\\ 2999')).toBe('Field 2999');
  });

  it('does not remember a long raw text (a huge escaped word is not copied and held), and still gives its spelling', () => {
    const raw = 'a\\ '.repeat(200);
    expect(rememberSpelling(raw, unescape(raw).value)).toBe('a '.repeat(200));
    expect(rememberedSpelling(raw)).toBeUndefined();
    const short = 'b\\ '.repeat(80);
    rememberSpelling(short, unescape(short).value);
    expect(rememberedSpelling(short)).toBe('b '.repeat(80));
    const text = `x${'\\u00e9'.repeat(10_000)}`;
    expect(parse(text)).toEqual(parseWithReferenceParser(text));
    expect(parse(text).ast.body).toMatchObject({ kind: 'Term', value: `x${'é'.repeat(10_000)}` });
  });

  it('makes no difference to a parse: the first and the repeated parse of escaped names and words agree with the reference parser', () => {
    const escapedWord = fc
      .array(fc.constantFrom('a', 'B', '7', '\\ ', '\\:', '\\-', '\\(', '\\\\', '\\u0041', 'é'), {
        minLength: 1,
        maxLength: 8,
      })
      .map((parts) => `x${parts.join('')}`);
    fc.assert(
      fc.property(escapedWord, escapedWord, (name, word) => {
        const text = `${name}:${word} AND ${name}:${word} OR ${word}`;
        const first = parse(text);
        expect(first).toEqual(parseWithReferenceParser(text));
        expect(parse(text)).toEqual(first);
        const field =
          first.ast.body?.kind === 'Or' && first.ast.body.operands[0]!.kind === 'And'
            ? first.ast.body.operands[0].operands[0]!
            : undefined;
        expect(field?.kind === 'Field' ? field.field.value : undefined).toBe(unescape(name).value);
      }),
      { numRuns: 500 * scale },
    );
  });
});
