import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLuceneRegexp, RegexSyntaxError } from '../../src/evaluator/lucene-regexp.js';
import { MAX_LIVE, regexTreeMatcher, RegexUnsupported } from '../../src/evaluator/regex-vm.js';
import { compile, filter } from '../../src/evaluator/index.js';
import { exampleSchemas, names } from './records.js';

const scale = Number(process.env.FC_RUNS ?? 1);
const matches = (pattern: string, text: string) =>
  regexTreeMatcher(parseLuceneRegexp(pattern))(text);

describe('Lucene regular expressions', () => {
  it.each([
    ['jo.n', 'john', true],
    ['jo.n', 'johns', false], // anchored to the whole token
    ['jo', 'john', false],
    ['a*', '', true],
    ['[a-c]+', 'abcabc', true],
    ['[^a-c]+', 'xyz', true],
    ['[^a-c]+', 'xaz', false],
    ['a{2,3}', 'aaa', true],
    ['a{2,3}', 'aaaa', false],
    ['a{2}', 'aa', true],
    ['a{2,}', 'aaaaa', true],
    ['"a.b"', 'a.b', true], // a quoted string is literal
    ['"a.b"', 'axb', false],
    ['a\\.b', 'a.b', true],
    ['a\\.b', 'axb', false],
    ['@', 'anything', true], // any string
    ['#', '', false], // the empty language
    ['a|b', 'b', true],
    ['(ab)+', 'ababab', true],
    ['()', '', true],
    ['<1-100>', '57', true], // numeric interval
    ['<1-100>', '101', false],
    ['<1-100>', '007', true], // widths differ: any leading zeros
    ['<01-10>', '07', true], // same width: fixed width
    ['<01-10>', '7', false],
    ['<5-123>', '4', false],
    ['<5-123>', '99', true],
    ['a.*&.*b', 'axxb', true], // intersection
    ['a.*&.*b', 'axx', false],
    ['~(foo.*)', 'bar', true], // complement
    ['~(foo.*)', 'food', false],
    ['x|~(foo.*)', 'bar', true],
    ['\\d+', '123', true], // Lucene 9 shorthands
    ['\\W', 'a', false],
    ['[\\d]+x', '12x', true],
    ['[\\Da]+', 'ab', true],
    ['*a', '*a', true], // a leading star is a literal, as in Lucene
    ['😀.', '😀x', true], // characters are code points
    ['.', '😀', true],
    ['\\/', '/', true],
  ])('/%s/ on %j is %s', (pattern, text, expected) => {
    expect(matches(pattern, text)).toBe(expected);
  });

  it.each(['a{', '[a', '(a', 'a)', '\\', '[z-a]', 'a{3,1}', '"abc', '<1-2', 'a{1001}'])(
    '/%s/ is not valid',
    (pattern) => {
      expect(() => parseLuceneRegexp(pattern)).toThrow(RegexSyntaxError);
    },
  );

  it.each(['<foo>', 'a(~b)c', '(a&b)*', 'a{1000}{1000}'])(
    '/%s/ cannot be evaluated here',
    (pattern) => {
      expect(() => regexTreeMatcher(parseLuceneRegexp(pattern))).toThrow(RegexUnsupported);
    },
  );

  it('refuses bodies nested too deep to evaluate, instead of exhausting the stack', () => {
    for (const body of [
      `${'('.repeat(10_000)}a${')'.repeat(10_000)}`,
      `a${'*'.repeat(10_000)}`,
      `${'~'.repeat(10_000)}a`,
      `${'(a'.repeat(5_000)}${')*'.repeat(5_000)}`,
    ]) {
      expect(() => parseLuceneRegexp(body)).toThrow(RegexUnsupported);
      const matcher = compile(`/${body}/`);
      expect(matcher.diagnostics.map((d) => d.code)).toEqual(['unsupported-regex']);
      expect(matcher({ a: 'a' })).toBe(false);
    }
    // Nesting within the limits still evaluates.
    expect(matches(`${'('.repeat(50)}a${')'.repeat(50)}${'*'.repeat(50)}`, 'aaa')).toBe(true);
    expect(matches(`${'~'.repeat(50)}a`, 'a')).toBe(true);
  });

  it('refuses an expression that could be at more than MAX_LIVE places at once (each costs a step per character)', () => {
    // (.{0,1000}){20}b took 9 s on one 10 000-character value: 19 002 places live per character.
    for (const body of ['(.{0,1000}){20}b', '[ab]*a[ab]{300}', '(.{0,10}){30}']) {
      const matcher = compile(`/${body}/`);
      expect(
        matcher.diagnostics.map((d) => d.code),
        body,
      ).toEqual(['unsupported-regex']);
      expect(matcher.diagnostics[0]!.message).toContain(`more than ${MAX_LIVE}`);
      expect(matcher({ a: 'a'.repeat(10_000) })).toBe(false);
    }
    // Long expressions whose places are at fixed offsets, or few at once, still run.
    for (const [body, text] of [
      ['.{0,1000}b', `${'a'.repeat(999)}b`],
      ['x{1000}', 'x'.repeat(1000)],
      ['(ab|cd){0,1000}', 'abcd'.repeat(500)],
      ['(.*a){20}', 'a'.repeat(20)],
      ['<0-99999999999>', '123456789'],
    ]) {
      expect(matches(body!, text!), body).toBe(true);
    }
  });

  it('a character class holds exactly its characters and ranges, however many (searched by halves)', () => {
    const letter = fc.integer({ min: 0x61, max: 0x7a }).map((cp) => String.fromCodePoint(cp));
    const part = fc.oneof(
      letter,
      fc.tuple(letter, letter).map(([a, b]) => (a <= b ? `${a}-${b}` : `${b}-${a}`)),
    );
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        letter,
        (parts, negated, probe) => {
          const body = `[${negated ? '^' : ''}${parts.join('')}]`;
          expect(matches(body, probe), `/${body}/ on ${probe}`).toBe(
            new RegExp(`^${body}$`).test(probe),
          );
        },
      ),
      { numRuns: 2000 * scale },
    );
  });

  it('costs pattern size times text length, even on patterns that make backtracking engines explode', () => {
    const m = regexTreeMatcher(parseLuceneRegexp('(a|aa)*(a*)*b'));
    expect(m('a'.repeat(20_000))).toBe(false);
    expect(m(`${'a'.repeat(20_000)}b`)).toBe(true);
  });

  // Patterns in the syntax Lucene's and JavaScript's regular expressions share.
  const atom = fc.constantFrom('a', 'b', '.', '[ab]', '[^a]', '[a-c]');
  const pattern: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
    p: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      atom,
      fc.tuple(tie('p'), tie('p')).map(([x, y]) => `${x}${y}`),
      fc.tuple(tie('p'), tie('p')).map(([x, y]) => `(${x}|${y})`),
      fc
        .tuple(tie('p'), fc.constantFrom('*', '+', '?', '{2}', '{1,2}', '{0,}'))
        .map(([x, op]) => `(${x})${op}`),
    ),
  })).p;

  it('agrees with JavaScript regular expressions on their common syntax', () => {
    fc.assert(
      fc.property(
        pattern,
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 8 }),
        (p, text) => {
          expect(matches(p, text), `/${p}/ on ${text}`).toBe(
            new RegExp(`^(?:${p})$`, 'su').test(text),
          );
        },
      ),
      { numRuns: 2000 * scale },
    );
  });
});

describe('regex clauses', () => {
  it('match a whole token, lower-cased, or the whole value', () => {
    expect(names('/jo.n/')).toEqual(['John']);
    expect(names('/Jo.n/')).toEqual([]); // tokens are lower-cased; the regex is not
    expect(names('First\\ Name:/j.*/')).toEqual(['Jane', 'John', 'Joanna']);
    expect(names('Email:/.*@example\\.com/')).toEqual(['Tim', 'John']);
    expect(names('Status:/act|pro/')).toEqual(['Tim', 'Jane', 'Aiko', 'Joanna']); // codes are matched lower-cased, as patterns
    expect(names('Age:/4./')).toEqual(['Tim', 'Joanna']);
    expect(names('Age:/<40-49>/')).toEqual(['Tim', 'Joanna']);
  });

  it('report invalid and unsupported bodies, and match nothing', () => {
    const invalid = compile('tim OR /a{/', { schema: exampleSchemas });
    expect(invalid.diagnostics.map((d) => [d.code, d.severity, d.span])).toEqual([
      ['invalid-regex', 'error', { start: 7, end: 11 }],
    ]);
    expect(filter([{ a: 'tim' }, { a: 'a{' }], invalid)).toEqual([{ a: 'tim' }]);
    const unsupported = compile('/<name>/');
    expect(unsupported.diagnostics.map((d) => d.code)).toEqual(['unsupported-regex']);
    expect(unsupported.diagnostics[0]!.message).toContain('<name>');
  });
});
