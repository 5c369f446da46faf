/**
 * Issue 24 section 4: where mdq read a query otherwise than Lucene's classic QueryParser and
 * no section of GRAMMAR.md said so. Each is now read as Lucene reads it, or reported as a
 * documented difference (GRAMMAR.md section 7); grammar/cases holds Lucene's recorded answers
 * for the cases a line of queries.txt can hold. Both parsers must agree on every case.
 */
import { describe, expect, it } from 'vitest';
import { format } from '../../src/index.js';
import { FAIL, fastParse } from '../../src/language/fast-path.js';
import { parse, parseWithReferenceParser } from '../../src/language/parse.js';
import { scan } from '../../src/language/scanner.js';
import { applyEdits } from '../../src/language/diagnostic.js';

/** The tree (the reference parser's, which the fast path must give too) and the diagnostics' codes. */
function read(text: string) {
  const result = parseWithReferenceParser(text);
  expect(parse(text), JSON.stringify(text)).toEqual(result);
  return { body: result.ast.body, codes: result.diagnostics.map((d) => d.code), result };
}

function takesFastPath(text: string): boolean {
  return fastParse(scan(text)!) !== FAIL;
}

describe('a signed value after a relation (a:<-10)', () => {
  it.each([
    ['a:<-10', '<', '-10'],
    ['a:>=-5', '>=', '-5'],
    ['a:>+5', '>', '+5'],
    ['a:<=-5.5', '<=', '-5.5'],
    ['a:< -10', '<', '-10'],
  ])('%s is the relation %s with the value %s', (text, operator, value) => {
    const { body, codes } = read(text);
    expect(codes).toEqual([]);
    expect(body).toMatchObject({
      kind: 'Field',
      value: { kind: 'Relation', operator, value: { kind: 'Term', raw: value, value } },
    });
    expect(takesFastPath(text)).toBe(true);
  });

  it('prints the sign unescaped before a digit, and reads its own output back', () => {
    expect(format('a:<-10')).toBe('a:<-10');
    expect(format('a:>=+5.5')).toBe('a:>=+5.5');
    expect(format('a:<\\-x')).toBe('a:<\\-x');
    expect(read(format('a:<-10')).body).toEqual(read('a:<-10').body);
  });

  it('takes a sign only where it touches the word', () => {
    expect(read('a:<- 10').codes).toContain('missing-value');
    expect(read('a:<--10').codes).toContain('missing-value');
    expect(read('a:<-').codes).toContain('missing-value');
    expect(read('a:<-1*').codes).toEqual(['invalid-relation-value']);
  });
});

describe("a '~' after a wildcard or a regex (a documented difference: ignored-fuzzy)", () => {
  it.each(['a*~2', '/r/~2', 'f:a*~', 'a*^2~1'])(
    '%s is reported, with the fix that removes it',
    (text) => {
      const { codes, result } = read(text);
      expect(codes).toEqual(['misplaced-fuzzy']);
      const fixed = applyEdits(text, result.diagnostics[0]!.fixes![0]!.edits);
      expect(read(fixed).codes).toEqual([]);
    },
  );
});

describe('blanks other than a space inside a range', () => {
  it.each([
    ['f:[a\tTO b]', 'a tab'],
    ['f:[a TO\tb]', 'a tab'],
    ['f:[a TO b\t]', 'a tab'],
    ['f:[\ta TO b]', 'a tab'],
    ['f:[a\nTO b]', 'a line break'],
    ['f:[a\r\nTO b]', 'a line break'],
    ['f:{a TO b\r}', 'a line break'],
    ['f:[a\u3000TO b]', 'an ideographic space (U+3000)'],
    ['[a\tTO b]', 'a tab'],
    ['f:["a b"\tTO c]', 'a tab'],
  ])('%j is range-whitespace (%s) with a safe fix to spaces', (text, name) => {
    const { codes, result } = read(text);
    expect(codes).toEqual(['range-whitespace']);
    const diagnostic = result.diagnostics[0]!;
    expect(diagnostic.message.startsWith(`${name} inside a range`)).toBe(true);
    expect(diagnostic.fixes?.[0]?.safe).toBe(true);
    const fixed = applyEdits(text, diagnostic.fixes![0]!.edits);
    expect(fixed).not.toMatch(/[\t\r\n\u3000]/);
    expect(read(fixed).codes).toEqual([]);
    expect(takesFastPath(text)).toBe(false);
  });

  it('fixes every blank of the range in one edit set, and leaves blanks inside a quoted bound', () => {
    const { result } = read('f:[\ta\tTO\nb ]');
    expect(result.diagnostics[0]!.fixes![0]!.edits).toHaveLength(3);
    expect(read('f:["a\tb" TO c]').codes).toEqual([]);
    expect(read('f:[a TO b] \t\n c').codes).toEqual([]);
  });
});

describe('a bare * inside a field group is the field wildcard (f:(*) is f:*)', () => {
  const star = { kind: 'Wildcard', raw: '*', pattern: '*' };
  it.each([
    ['f:(*)', { kind: 'Field', value: { kind: 'Group', body: star } }],
    ['-f:(*)', { kind: 'Not', operand: { kind: 'Field', value: { kind: 'Group', body: star } } }],
    [
      'f:(* OR b)',
      { kind: 'Field', value: { kind: 'Group', body: { kind: 'Or', operands: [star, {}] } } },
    ],
    ['f:(-*)', { kind: 'Field', value: { kind: 'Group', body: { kind: 'Not', operand: star } } }],
    [
      'f:((+*^2))',
      {
        kind: 'Field',
        value: {
          kind: 'Group',
          body: {
            kind: 'Group',
            body: { kind: 'Required', operand: { kind: 'Boost', operand: star } },
          },
        },
      },
    ],
  ])('%s', (text, shape) => {
    const { body, codes } = read(text);
    expect(codes).toEqual([]);
    expect(body).toMatchObject(shape);
    expect(takesFastPath(text)).toBe(true);
  });

  it('keeps *:* match-all inside the group, and a bare * outside any field', () => {
    expect(read('f:(*:*)').body).toMatchObject({
      kind: 'Field',
      value: { kind: 'Group', body: { kind: 'MatchAll' } },
    });
    expect(read('(*)').body).toMatchObject({ kind: 'Group', body: { kind: 'MatchAll' } });
    expect(read('f:(g:(*) *)').body).toMatchObject({
      kind: 'Field',
      value: {
        kind: 'Group',
        body: {
          kind: 'And',
          operands: [{ kind: 'Field', field: { value: 'g' }, value: { body: star } }, star],
        },
      },
    });
  });

  it('prints f:(*) back as itself', () => {
    expect(format('f:(*)')).toBe('f:(*)');
    expect(format('-f:(* OR b)')).toBe('-f:(* OR b)');
  });
});

describe('a backslash in a regex escapes only a slash', () => {
  it.each([
    ['/a\\\\/b/', 'a\\\\/b'],
    ['/a\\\\/', 'a\\\\'],
    ['/a\\/b/', 'a\\/b'],
    ['/a\\/', 'a\\'],
    ['//', ''],
    ['/\\d+\\/x/', '\\d+\\/x'],
  ])('%s is the regex %s', (text, pattern) => {
    const { body, codes } = read(text);
    expect(codes).toEqual([]);
    expect(body).toMatchObject({ pattern });
    expect(format(text)).toBe(text);
  });

  it('reads on over an escaped slash to the next plain one, as Lucene does', () => {
    expect(read('/a\\\\/ OR /b/').codes).toContain('unterminated-regex');
    expect(read('/a\\\\/ OR /b/').body).toMatchObject({
      kind: 'And',
      operands: [{ kind: 'Regex', pattern: 'a\\\\/ OR ' }, {}, {}],
    });
  });

  it('reports a regex with no closing slash, and its fix closes it', () => {
    const { result } = read('/abc\\');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['unterminated-regex']);
    const fixed = applyEdits('/abc\\', result.diagnostics[0]!.fixes![0]!.edits);
    expect(fixed).toBe('/abc\\/');
    expect(read(fixed).codes).toEqual([]);
  });

  it('lexes in linear time: a long run of escaped slashes is one token', () => {
    const text = `/${'\\/'.repeat(200_000)} x`;
    const started = performance.now();
    expect(read(text).body).toMatchObject({ kind: 'And' });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('slop beyond 2^31-1', () => {
  it.each([
    ['"a b"~2147483648', 2147483647],
    ['"a b"~99999999999999999999', 2147483647],
    ['"a b"~2147483647', 2147483647],
    ['"a b"~3', 3],
  ])('%s has the slop %d', (text, distance) => {
    const { body, codes } = read(text);
    expect(codes).toEqual([]);
    expect(body).toMatchObject({ kind: 'Proximity', distance });
    expect(takesFastPath(text)).toBe(true);
  });

  it('leaves a fuzzy distance alone (Lucene caps it at 2 when it builds the query)', () => {
    expect(read('a~5').body).toMatchObject({ kind: 'Fuzzy', distance: 5 });
  });
});
