import { describe, expect, it } from 'vitest';
import { STRAY_CODES, type StrayKind, strayDiagnostic } from '../../src/language/stray.js';

describe('stray tokens', () => {
  // The parser's bare collector (the fix guard's trials) reports STRAY_CODES without building the diagnostic.
  it('STRAY_CODES gives each kind the code of its full diagnostic', () => {
    const images: Record<StrayKind, string> = {
      paren: ')',
      operator: 'AND',
      tilde: '~',
      caret: '^',
      'range-part': 'TO',
      other: ':',
    };
    for (const kind of Object.keys(images) as StrayKind[]) {
      const image = images[kind];
      const text = `a ${image} b`;
      const at = { start: 2, end: 2 + image.length };
      expect(strayDiagnostic(text, kind, image, at).code, kind).toBe(STRAY_CODES[kind]);
    }
  });
});
