/**
 * Issue 9, item 21: the service lists `=` with `>` and `<` as special. mdq reads a bare
 * `=`, `>=` or `<=` as a word (as Lucene does; only directly after `field:` do `>` `<`
 * start a relation), and the printer escapes all three alike at the start of a word.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeTerm } from '../../src/language/escape.js';
import { parse } from '../../src/language/parse.js';
import { format } from '../../src/printer/format.js';

describe('= > < at the start of a word', () => {
  it.each([
    ['=', '\\='],
    ['>=', '\\>='],
    ['<=', '\\<='],
    ['a = b', 'a \\= b'],
    ['a >= b', 'a \\>= b'],
    ['=x', '\\=x'],
    ['f:\\=x', 'f:\\=x'],
    ['f:\\>=x', 'f:\\>=x'],
    ['a=b', 'a=b'],
    ['a>=b', 'a>=b'],
  ])('%s is a word; fmt writes %s', (query, formatted) => {
    const { ast, diagnostics } = parse(query);
    expect(diagnostics).toEqual([]);
    expect(format(ast)).toBe(formatted);
    expect(format(formatted)).toBe(formatted);
  });

  it('a relation stays a relation', () => {
    expect(format('f:>=18')).toBe('f:>=18');
    expect(parse('f:>=18').ast.body).toMatchObject({
      kind: 'Field',
      value: { kind: 'Relation', operator: '>=' },
    });
  });

  it('escapeTerm writes a word that reads back as itself wherever it stands, after field: too (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('=', '>', '<', '>=', '<=', '+', '-'),
        fc.string({ maxLength: 5 }),
        (start, rest) => {
          const word = escapeTerm(start + rest);
          for (const query of [word, `f:${word}`]) {
            const { ast, diagnostics } = parse(query);
            expect(diagnostics).toEqual([]);
            const term = ast.body?.kind === 'Field' ? ast.body.value : ast.body;
            expect(term).toMatchObject({ kind: 'Term', value: start + rest });
          }
        },
      ),
    );
  });
});
