/** The list of syntax codes (used to reject a misspelt `--severity` code) is GRAMMAR.md's table of section 5. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from '../../src/language/parse.js';
import { syntaxCodes } from '../../src/language/syntax-codes.js';

it("holds every code of GRAMMAR.md's diagnostics table, and only those", () => {
  const grammar = readFileSync(new URL('../../grammar/GRAMMAR.md', import.meta.url), 'utf8');
  const section = grammar.slice(grammar.indexOf('## 5. Diagnostics'), grammar.indexOf('## 6.'));
  const documented = [...section.matchAll(/^\| ((?:`[a-z-]+`(?:, )?)+) \|/gm)].flatMap((m) =>
    [...m[1]!.matchAll(/`([a-z-]+)`/g)].map((c) => c[1]!),
  );
  expect([...syntaxCodes].sort()).toEqual([...new Set(documented)].sort());
});

it('includes the codes parse reports on a sample of broken queries', () => {
  for (const query of [
    '(a',
    'a)',
    '()',
    'a AND',
    'f:',
    '[A] 5',
    '[A] equals 5',
    '[S] eq x',
    '[A eq "x"',
    '"a',
    '/a',
    'f:[a TO b',
    'f:[a b]',
    'a^',
    '^2',
    'a~b',
    'a - b',
    '\\u12',
    'f*o:bar',
    'f:>*',
  ]) {
    for (const d of parse(query).diagnostics)
      expect(syntaxCodes, `${query}: ${d.code}`).toContain(d.code);
  }
});
