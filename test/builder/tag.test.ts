/** The `mdq` template tag: interpolations are written as one bare word that reads back as the value. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, unescape } from '../../src/index.js';
import { BuilderError, mdq } from '../../src/builder/index.js';
import { nonEmptyTrickyString } from '../support/arbitraries.js';

describe('mdq``', () => {
  it('keeps the literal parts and escapes what is interpolated', () => {
    const city = 'New York';
    expect(mdq`City:${city} AND Age:>${30}`).toBe('City:New\\ York AND Age:>30');
    expect(mdq`Name:${'a:b OR c'}`).toBe('Name:a\\:b\\ OR\\ c');
    expect(mdq`Name:${''}`).toBe('Name:""');
    expect(mdq`VIP:${true}`).toBe('VIP:true');
    expect(() => mdq`Age:${Number.NaN}`).toThrow(BuilderError);
  });

  it('reads every interpolated string back as one term holding exactly it', () => {
    fc.assert(
      fc.property(nonEmptyTrickyString, (value) => {
        const { ast, diagnostics } = parse(mdq`Name:${value}`);
        expect(diagnostics).toEqual([]);
        const body = ast.body as { kind: string; value: { kind: string; raw: string } };
        expect(body.kind).toBe('Field');
        expect(body.value.kind).toBe('Term');
        expect(unescape(body.value.raw).value).toBe(value);
      }),
    );
  });
});
