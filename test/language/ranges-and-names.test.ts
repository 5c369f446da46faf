/** Issue 9, items 6, 7 and 8: how `[` and `{` open ranges, a bare `TO` as a bound, escapes in bracket names. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, fixQuery, format, parse, type Node } from '../../src/index.js';
import { exampleSchemas } from '../../src/examples/index.js';
import { parseWithReferenceParser } from '../../src/language/parse.js';
import { strip } from '../support/strip.js';

const scale = Number(process.env.FC_RUNS ?? 1);
const codes = (text: string) => parse(text).diagnostics.map((d) => d.code);
const bounds = (text: string) => {
  const body = parse(text).ast.body;
  const range = body?.kind === 'Field' ? body.value : body;
  return range?.kind === 'Range' ? [range.lower.value, range.upper.value] : range?.kind;
};

describe('`[` and `{` agree on what is a range (item 6)', () => {
  it('Age:{"18"TO 20] and Age:["18"TO 20] are both ranges from 18 to 20', () => {
    for (const text of [
      'Age:{"18"TO 20]',
      'Age:["18"TO 20]',
      'Age:["18" TO"20"]',
      'Age:{18 TO"20"}',
      'Age:["18"TO"20"]',
    ]) {
      expect(codes(text), text).toEqual([]);
      expect(bounds(text), text).toEqual(['18', '20']);
    }
  });

  it('the empty-range and swap fixes on such ranges give ranges, not syntax errors', () => {
    for (const text of ['Age:{"18"TO 18}', 'Age:{"20"TO 18}', 'Age:["20"TO 18]']) {
      const diagnostics = check(text, { schema: exampleSchemas });
      const fixes = diagnostics.flatMap((d) => d.fixes ?? []);
      expect(fixes.length, text).toBeGreaterThan(0);
      for (const fix of fixes) {
        let fixed = text;
        for (const edit of [...fix.edits].sort((a, b) => b.span.start - a.span.start))
          fixed = fixed.slice(0, edit.span.start) + edit.text + fixed.slice(edit.span.end);
        expect(
          parse(fixed).diagnostics.filter((d) => d.severity === 'error'),
          `${text} -> ${fixed} (${fix.title})`,
        ).toEqual([]);
      }
    }
    expect(parse(fixQuery('Age:{"20"TO 18}', { schema: exampleSchemas }).text).diagnostics).toEqual(
      [],
    );
  });

  it('a bracket comparison whose name holds TO stays a comparison', () => {
    expect(parse('[Date TO Come] eq "x"').ast.body?.kind).toBe('Comparison');
    expect(parse('[TO )] eq ""').ast.body?.kind).toBe('Comparison');
    expect(parse('[a TO b} eq 1').ast.body?.kind).toBe('And');
  });

  it('property: swapping `[` for `{` never changes whether it is a range, nor its bounds', () => {
    const boundText = fc.constantFrom(
      'a',
      '18',
      '"18"',
      '"a b"',
      '*',
      'TO',
      '"TO"',
      'x\\ y',
      '"]"',
      '"}"',
      'é',
    );
    const gap = fc.constantFrom(' ', '  ', '', '\t');
    const closer = fc.constantFrom(']', '}');
    fc.assert(
      fc.property(
        boundText,
        gap,
        gap,
        boundText,
        closer,
        fc.boolean(),
        (lower, gapBefore, gapAfter, upper, close, inField) => {
          // Only a quote may touch the TO: `aTO` is one word.
          const before = gapBefore === '' && !lower.endsWith('"') ? ' ' : gapBefore;
          const after = gapAfter === '' && !upper.startsWith('"') ? ' ' : gapAfter;
          const inner = `${lower}${before}TO${after}${upper}${close}`;
          const prefix = inField ? 'f:' : '';
          const square = parse(`${prefix}[${inner}`);
          const curly = parse(`${prefix}{${inner}`);
          const shape = (node: Node | null | undefined): unknown => {
            const range = node?.kind === 'Field' ? node.value : node;
            return range?.kind === 'Range'
              ? strip({ ...range, lowerInclusive: null })
              : range?.kind;
          };
          expect(shape(square.ast.body), `[${inner}`).toEqual(shape(curly.ast.body));
          expect(square.diagnostics.length === 0, `[${inner}`).toBe(curly.diagnostics.length === 0);
        },
      ),
      { numRuns: 1000 * scale },
    );
  });
});

describe('a bare TO as a range bound, as in Lucene 8.7 (item 7)', () => {
  it.each([
    ['[TO TO TO]', ['TO', 'TO']],
    ['[xx TO TO]', ['xx', 'TO']],
    ['[TO TO xx]', ['TO', 'xx']],
    ['["TO" TO TO]', ['TO', 'TO']],
    ['f:{TO TO TO}', ['TO', 'TO']],
    ['f:[* TO TO]', [null, 'TO']],
  ])('%s is a range, on both parsers, and prints so it reads back', (text, expected) => {
    expect(codes(text)).toEqual([]);
    expect(bounds(text)).toEqual(expected);
    expect(strip(parseWithReferenceParser(text).ast)).toEqual(strip(parse(text).ast));
    const printed = format(text);
    expect(parse(printed).diagnostics).toEqual([]);
    expect(strip(parse(printed).ast)).toEqual(strip(parse(text).ast));
  });

  it('what Lucene rejects stays an error: [TO TO], [TO xx], [a TO TO TO]', () => {
    expect(codes('[TO TO]')).toContain('missing-range-bound');
    expect(codes('[TO xx]')).toEqual(['missing-range-bound']);
    expect(codes('[a TO TO TO]')).toContain('unexpected-token');
  });
});

describe('escapes in bracket field names (item 8)', () => {
  it('[First\\u0020Name] eq "x" names First Name, as First\\u0020Name:x does', () => {
    for (const read of [parse, parseWithReferenceParser]) {
      expect(read('[First\\u0020Name] eq "x"').ast.body).toMatchObject({
        kind: 'Comparison',
        field: { raw: 'First\\u0020Name', value: 'First Name' },
      });
      expect(read('First\\u0020Name:x').ast.body).toMatchObject({
        kind: 'Field',
        field: { value: 'First Name' },
      });
    }
    expect(
      check('[First\\u0020Name] eq "x"', { schema: exampleSchemas }).map((d) => d.code),
    ).not.toContain('unknown-field');
  });

  it('a bad \\u in a bracket name is an invalid-escape, as anywhere else', () => {
    expect(parse('[First\\u12 Name] eq "x"').diagnostics).toMatchObject([
      { code: 'invalid-escape', span: { start: 6 } },
    ]);
    expect(parse('[a\\]b] eq "x"').ast.body).toMatchObject({ field: { value: 'a]b' } });
  });
});
