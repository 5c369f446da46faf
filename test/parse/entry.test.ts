import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as language from '../../src/parse/index.js';

describe('mdq/parse (src/parse/index.ts)', () => {
  it('exports a part of the root, the same values, and no class or symbol', () => {
    const names = Object.keys(language).sort();
    expect(names).toContain('parse');
    for (const name of names)
      expect(language[name as keyof typeof language], name).toBe(root[name as keyof typeof root]);
    for (const name of names) {
      const value = language[name as keyof typeof language] as unknown;
      expect(typeof value === 'symbol' || /^class\b/.test(String(value)), name).toBe(false);
    }
    expect(names).not.toContain('QuerySyntaxError');
    expect(names).not.toContain('check');
  });

  it('parses valid and broken queries as the root does', () => {
    for (const query of ['a:b AND (c OR d)', '(a', 'name:Tim)'])
      expect(language.parse(query)).toEqual(root.parse(query));
  });
});
