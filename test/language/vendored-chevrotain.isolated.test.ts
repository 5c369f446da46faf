/**
 * The vendored chevrotain (scripts/chevrotain/vendor.ts: lodash-es replaced by a few lines per
 * function, the regexp analysis, the grammar checks and the CST visitors left out as stubs that
 * throw) must parse exactly as chevrotain itself: the same trees and diagnostics for the case
 * files and for generated broken queries, through the reference parser (the chevrotain lexer
 * and parser alone, so every text reaches them). Isolated: it mocks src/language/chevrotain.ts.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleChevrotain, chevrotainImports } from '../../scripts/chevrotain/vendor.js';
import type { Chevrotain } from '../../src/language/chevrotain.js';
import { loadCases, loadQueryLines } from '../conformance/cases.js';
import { queryLikeString } from '../support/arbitraries.js';

type ParseModule = typeof import('../../src/language/parse.js');

let reference: ParseModule;
let vendored: ParseModule;
let loads = 0;
const scale = Number(process.env.FC_RUNS ?? 1);

beforeAll(async () => {
  const code = await bundleChevrotain(chevrotainImports(), 'vendored');
  const bundle = new Function(`${code}\nreturn vendored;`)() as Chevrotain;
  reference = await import('../../src/language/parse.js');
  vi.resetModules();
  vi.doMock('../../src/language/chevrotain.js', () => ({
    loadChevrotain: () => {
      loads++;
      return bundle;
    },
  }));
  vendored = await import('../../src/language/parse.js');
}, 60_000);

/** Texts ending in a lone backslash, unclosed ranges, groups and phrases, stray operators: what leaves the fast path. */
const broken = fc
  .tuple(
    queryLikeString,
    fc.constantFrom('', '\\', '(', ')', '"', '[', '{a TO', 'AND', ':', '^', '~'),
  )
  .map(([text, tail]) => text + tail);

describe('the vendored chevrotain', () => {
  it('exports what src/language/chevrotain.ts imports, and only that', () => {
    expect(chevrotainImports()).toEqual(['EmbeddedActionsParser', 'tokenMatcher']);
  });

  it('parses the case files as chevrotain does', () => {
    const texts = [...loadQueryLines(), ...loadCases().map((c) => c.query)];
    for (const text of texts)
      expect(vendored.parseWithReferenceParser(text), JSON.stringify(text)).toEqual(
        reference.parseWithReferenceParser(text),
      );
    expect(loads).toBeGreaterThan(0);
  });

  it('property: parses generated broken queries as chevrotain does', () => {
    fc.assert(
      fc.property(broken, (text) => {
        expect(vendored.parseWithReferenceParser(text)).toEqual(
          reference.parseWithReferenceParser(text),
        );
        expect(vendored.parse(text)).toEqual(reference.parse(text));
      }),
      { numRuns: 1000 * scale },
    );
  }, 120_000);
});
