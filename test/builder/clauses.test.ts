/** The pattern factories and `inField`: canonical nodes, and a BuilderError for input that cannot be written. */
import { describe, expect, it } from 'vitest';
import { format } from '../../src/index.js';
import {
  BuilderError,
  fuzzy,
  inField,
  proximity,
  query,
  regex,
  relation,
  term,
  valueRange,
  wildcard,
} from '../../src/builder/index.js';

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return e instanceof BuilderError ? e.code : `not a BuilderError: ${String(e)}`;
  }
  return undefined;
}

describe('pattern factories', () => {
  it('build the clauses the parser reads back', () => {
    expect(query(wildcard('J?hn*'), inField('City', wildcard('B\\*r*'))).text).toBe(
      'J?hn* AND City:B\\*r*',
    );
    expect(format(regex('a/b.*'))).toBe('/a\\/b.*/');
    expect(query(regex('a/b.*')).ast.body).toMatchObject({ kind: 'Regex', pattern: 'a\\/b.*' });
    expect(query(fuzzy('roam'), fuzzy('roam', 1), inField('Name', fuzzy('Smith', 0.5))).text).toBe(
      'roam~ AND roam~1 AND Name:Smith~0.5',
    );
    expect(query(proximity('jakarta apache', 10), proximity('a b')).text).toBe(
      '"jakarta apache"~10 AND "a b"~',
    );
    expect(
      query(
        valueRange(null, 5),
        inField('Age', valueRange(undefined, null, { upperInclusive: false })),
      ).text,
    ).toBe('[* TO 5] AND Age:[* TO *}');
    expect(
      query(
        inField('Size', relation('>=', 'New York')),
        inField('Size', relation('<', term('a b'))),
      ).text,
    ).toBe('Size:>="New York" AND Size:<a\\ b');
  });

  it('refuse what cannot be written, with a code', () => {
    expect(codeOf(() => wildcard('plain'))).toBe('invalid-value');
    expect(codeOf(() => wildcard('*'))).toBe('invalid-value');
    expect(codeOf(() => wildcard('a*\\'))).toBe('invalid-value');
    expect(codeOf(() => fuzzy('a', -1))).toBe('invalid-number');
    expect(codeOf(() => proximity('a', Number.NaN))).toBe('invalid-number');
    expect(codeOf(() => fuzzy(''))).toBe('empty-value');
    expect(codeOf(() => relation('=' as '>', 1))).toBe('invalid-operator');
    expect(codeOf(() => inField('x', { kind: 'Group' } as never))).toBe('invalid-value');
    expect(codeOf(() => inField('*', term('a')))).toBe('invalid-field-name');
    expect(codeOf(() => regex(42 as unknown as string))).toBe('invalid-value');
  });
});
