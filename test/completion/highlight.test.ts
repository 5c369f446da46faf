import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  highlight,
  highlightBySegments,
  highlightGlue,
  highlightSegments,
  highlightWhole,
} from '../../src/completion/highlight.js';
import { parse } from '../../src/language/parse.js';
import { format } from '../../src/printer/format.js';
import { query, queryLikeString } from '../support/arbitraries.js';

/** Each token as `class:text`. */
function classes(text: string): string[] {
  return highlight(text).map((t) => `${t.class}:${text.slice(t.start, t.end)}`);
}

describe('highlight', () => {
  it('classes a signed value as a whole, the sign an operator token of its own (issue 24 s4)', () => {
    expect(classes('a:<-10')).toEqual(['field:a', 'punctuation::', 'operator:<-', 'number:10']);
    expect(classes('a:<=+5.5')).toEqual(['field:a', 'punctuation::', 'operator:<=+', 'number:5.5']);
    expect(classes('[Age] gt -5')).toEqual([
      'punctuation:[',
      'field:Age',
      'punctuation:]',
      'operator:gt',
      'operator:-',
      'number:5',
    ]);
  });

  it('classes both stars of the match-all as a wildcard', () => {
    expect(classes('*:*')).toEqual(['wildcard:*', 'punctuation::', 'wildcard:*']);
    expect(classes('-*:*^2')).toEqual([
      'operator:-',
      'wildcard:*',
      'punctuation::',
      'wildcard:*',
      'operator:^2',
    ]);
  });

  it('classes fields, operators, values and punctuation', () => {
    expect(classes('[First Name] eq "Tim" and [Age] ge 18')).toEqual([
      'punctuation:[',
      'field:First Name',
      'punctuation:]',
      'operator:eq',
      'string:"Tim"',
      'operator:and',
      'punctuation:[',
      'field:Age',
      'punctuation:]',
      'operator:ge',
      'number:18',
    ]);
    expect(classes('city:Berlin AND NOT created:[2020-01-01 TO *]')).toEqual(
      [
        'field:city',
        'punctuation:',
        'text:Berlin',
        'operator:AND',
        'operator:NOT',
        'field:created',
        'punctuation::[',
        'date:2020-01-01',
        'keyword:TO',
        'wildcard:*',
        'punctuation:]',
      ].map((s) => (s === 'punctuation:' ? 'punctuation::' : s)),
    );
  });

  it('tells words from operators as the parser does', () => {
    expect(classes('cats and dogs')).toEqual(['text:cats', 'text:and', 'text:dogs']);
    expect(classes('eq')).toEqual(['text:eq']);
  });

  it('marks wildcards, regexes, escapes, _exists_ and errors', () => {
    expect(classes('Jo* /a.c/ First\\ Name:x _exists_:Email')).toEqual([
      'wildcard:Jo*',
      'regex:/a.c/',
      'field:First',
      'escape:\\ ',
      'field:Name',
      'punctuation::',
      'text:x',
      'keyword:_exists_',
      'punctuation::',
      'field:Email',
    ]);
    expect(classes('a) b]')).toEqual(['text:a', 'error:)', 'text:b', 'error:]']);
    expect(classes('a\\')).toEqual(['text:a', 'error:\\']);
  });

  it('never cuts a character beyond the BMP in two: an escaped emoji is one escape', () => {
    expect(classes('a\\😀b')).toEqual(['text:a', 'escape:\\😀', 'text:b']);
    expect(classes('"a\\😀"')).toEqual(['string:"a', 'escape:\\😀', 'string:"']);
    const splits = (text: string) =>
      highlight(text).some((t) =>
        [t.start, t.end].some(
          (at) =>
            at > 0 &&
            at < text.length &&
            /[\ud800-\udbff]/.test(text[at - 1]!) &&
            /[\udc00-\udfff]/.test(text[at]!),
        ),
      );
    const text = fc
      .array(
        fc.constantFrom('\\', '😀', 'a', ' ', '"', '[', ']', ':', '\\u00e9', '𝔸', '(', ')', 'AND'),
        { maxLength: 12 },
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(splits(t), t).toBe(false);
      }),
    );
  });

  it('returns sorted, non-overlapping tokens inside the text', () => {
    for (const text of [
      '(a OR b) AND [X] eq 1',
      'f:[a TO b} "x\\"y" ~2 ^3',
      '[Unclosed name',
      '"open phrase',
      'a && b || !c',
    ]) {
      const tokens = highlight(text);
      for (let i = 0; i < tokens.length; i++) {
        expect(tokens[i]!.start).toBeLessThan(tokens[i]!.end);
        expect(tokens[i]!.end).toBeLessThanOrEqual(text.length);
        if (i > 0) expect(tokens[i]!.start).toBeGreaterThanOrEqual(tokens[i - 1]!.end);
      }
    }
    expect(highlight('')).toEqual([]);
  });
});

/** The segments of `text`, and the glue between them in `<>`. */
function cuts(text: string): string[] {
  const bounds = highlightSegments(text);
  const out: string[] = [];
  let at = 0;
  for (let s = 0; s < bounds.length; s += 2) {
    if (at < bounds[s]!) out.push(`<${text.slice(at, bounds[s])}>`);
    out.push(text.slice(bounds[s], bounds[s + 1]));
    at = bounds[s + 1]!;
  }
  if (at < text.length) out.push(`<${text.slice(at)}>`);
  return out;
}

describe('highlight reads the query in segments', () => {
  const printed = fc
    .tuple(query, fc.constantFrom<'flat' | 'multiline'>('flat', 'multiline'))
    .map(([tree, layout]) => format(tree, { layout }));
  const glued = fc
    .array(fc.oneof(printed, queryLikeString), { minLength: 1, maxLength: 5 })
    .chain((parts) =>
      fc
        .array(fc.constantFrom(' ', ' AND ', ' OR ', ' && ', '\n', ' || ', ' -', ' NOT '), {
          minLength: parts.length,
          maxLength: parts.length,
        })
        .map((glue) => parts.map((p, i) => `${p}${glue[i]}`).join('')),
    );

  /** Queries made of groups: nested, behind prefix operators and field names, with a boost, broken (unclosed, an open quote or range). */
  const leaf = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'a',
        'C0000001',
        'Berlin',
        '[A] eq 1',
        'x:[1 TO 2]',
        '"p q"',
        '/re/',
        '*',
        'jo*',
        'f:v',
        '2020-01-01',
        '-3',
        '[A] eq 1 and [B] eq 2',
        'First\\ Name:x',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('"open', '[a TO', '(', ')', '\\', '/re', 'AND', ':', ']', 'x:'),
    },
    { weight: 1, arbitrary: fc.oneof(printed, queryLikeString) },
  );
  const grouped = fc.letrec<{ node: string; list: string; group: string }>((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('group')),
    list: fc
      .array(
        fc.tuple(
          tie('node'),
          fc.constantFrom(' ', ' AND ', ' OR ', ' && ', '\n', ' || ', ' -', ' NOT ', '', ' and '),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((parts) =>
        parts.map(([node, glue], i) => (i === parts.length - 1 ? node : node + glue)).join(''),
      ),
    group: fc
      .tuple(
        fc.constantFrom(
          '(',
          '( ',
          'NOT (',
          '-(',
          '+(',
          '!(',
          'City:(',
          '_dataObjectId:(',
          'First\\ Name:(',
          'NOT -f:(',
          'f :(',
          '_exists_:(',
          '- (',
          'not (',
          '*:(',
        ),
        tie('list'),
        fc.constantFrom(')', ' )', ')', ')^2', ')~', '', '\n)'),
      )
      .map(([open, body, close]) => open + body + close),
  })).list;

  it('highlight reads a query without errors in one parse, and a broken one by segments', () => {
    fc.assert(
      fc.property(fc.oneof(printed, glued, grouped, queryLikeString), (text) => {
        expect(highlight(text)).toEqual(
          parse(text).diagnostics.length === 0 ? highlightWhole(text) : highlightBySegments(text),
        );
      }),
    );
  });

  it('gives what one parse of the whole gives, on every query that parses without errors', () => {
    let clean = 0;
    let cutInside = 0;
    fc.assert(
      fc.property(
        fc.oneof(printed, glued, { weight: 3, arbitrary: grouped }, queryLikeString),
        (text) => {
          if (parse(text).diagnostics.length > 0) return;
          clean++;
          if (cuts(text).some((c) => c.startsWith('<') && c.includes('('))) cutInside++;
          expect(highlightBySegments(text)).toEqual(highlightWhole(text));
        },
      ),
      { numRuns: 1000 },
    );
    expect(clean).toBeGreaterThan(300);
    expect(cutInside).toBeGreaterThan(40); // about 90 on average (74 the least seen)
  });

  it('cuts only between clauses: each segment highlights alone as it does inside the whole, the glue between is frames and connectives', () => {
    fc.assert(
      fc.property(fc.oneof(printed, glued, grouped, queryLikeString), (text) => {
        const bounds = highlightSegments(text);
        const tokens = highlightBySegments(text);
        let at = 0;
        for (let s = 0; s < bounds.length; s += 2) {
          const [start, end] = [bounds[s]!, bounds[s + 1]!];
          expect(at).toBeLessThanOrEqual(start);
          expect(start).toBeLessThanOrEqual(end);
          expect(end).toBeLessThanOrEqual(text.length);
          // Glue: connectives, prefix operators, parentheses, a field name and its `:`; never an error.
          for (const t of highlightGlue(text.slice(at, start)))
            expect(['operator', 'punctuation', 'field', 'escape']).toContain(t.class);
          // Highlighting a segment on its own finds no further cut in it, and the same tokens (up to one merged with touching glue).
          const own = text.slice(start, end);
          if (own.length > 0) expect([...highlightSegments(own)]).toEqual([0, own.length]);
          const inside = tokens
            .filter((t) => t.start >= start && t.end <= end)
            .map((t) => ({ ...t, start: t.start - start, end: t.end - start }));
          const alone = highlightWhole(own);
          for (const t of inside) expect(alone).toContainEqual(t);
          for (const t of alone)
            expect(
              tokens.some(
                (u) => u.start <= t.start + start && u.end >= t.end + start && u.class === t.class,
              ),
              own,
            ).toBe(true);
          at = end;
        }
        for (const t of highlightGlue(text.slice(at)))
          expect(['operator', 'punctuation', 'field', 'escape']).toContain(t.class);
      }),
      { numRuns: 400 },
    );
  });

  it('cuts a long query at its clauses, inside groups too, and not inside quotes or ranges', () => {
    expect(cuts('a AND b c -d NOT e')).toEqual(['a ', '<AND>', ' b ', 'c ', '-d ', 'NOT e']);
    expect(cuts('(a AND b) OR "c AND d" x:[1 TO 2] y')).toEqual([
      '<(>',
      'a ',
      '<AND>',
      ' b',
      '<) OR>',
      ' "c AND d" ',
      'x:[1 TO 2] ',
      'y',
    ]);
    expect(cuts('[A] eq 1 and [B] eq 2 OR c')).toEqual(['[A] eq 1 and [B] eq 2 ', '<OR>', ' c']);
    expect(cuts('a~ 2 b ^3 c: d')).toEqual(['a~ 2 ', 'b ^3 c: d']);
    expect(cuts('a AND AND b')).toEqual(['a AND AND b']);
    expect(cuts('a) b')).toEqual(['a) ', 'b']);
    // Groups: an id list, a field group behind prefix operators, nested groups, glue that touches a segment.
    expect(cuts('_dataObjectId:(C0 OR C1 OR C2)')).toEqual([
      '<_dataObjectId:(>',
      'C0 ',
      '<OR>',
      ' C1 ',
      '<OR>',
      ' C2',
      '<)>',
    ]);
    expect(cuts('x NOT -First\\ Name:( a OR [A] eq 1 )')).toEqual([
      'x ',
      '<NOT -First\\ Name:(>',
      ' a ',
      '<OR>',
      ' [A] eq 1 ',
      '<)>',
    ]);
    expect(cuts('((a OR b) AND c) d')).toEqual([
      '<((>',
      'a ',
      '<OR>',
      ' b',
      '<) AND>',
      ' c',
      '<) >',
      'd',
    ]);
    expect(cuts('(f:[a TO b]) (c)')).toEqual(['<(>', 'f:[a TO b]', '<) (>', 'c', '<)>']);
    // Read whole: not closed, closed by a range, empty, a boost or a lower-case `and` around it, `_exists_:(`, a detached `-`, glued groups.
    for (const text of [
      '(a b',
      '(a OR "b) OR c)',
      'f:(x:[a TO b) c',
      '() a',
      '(a OR b)^2 c',
      '(a OR b) and [A] eq 1',
      '[A] eq 1 and (b OR c)',
      '_exists_:(a b)',
      '- (a b)',
      '(a b)(c d)',
      '(a) \\',
      'not (a b)',
    ]) {
      expect(
        cuts(text).filter((c) => c.startsWith('<') && c.includes('(')),
        text,
      ).toEqual([]);
    }
    // Not inside a range either (a quote there starts no clause), however it is written.
    expect(cuts('f:{"a" "b"} c')).toEqual(['f:{"a" "b"} ', 'c']);
  });

  it('is linear: deep nesting, a megabyte of parentheses, an id list of 10 000', () => {
    const deep = `${'('.repeat(10_000)}a${')'.repeat(10_000)}`;
    expect(cuts(deep)).toEqual([`<${'('.repeat(10_000)}>`, 'a', `<${')'.repeat(10_000)}>`]);
    // One parse of the whole says "too deep" and reads nothing; the segments read `a` alone, a word either way.
    expect(highlightBySegments(deep)).toEqual(highlightWhole(deep));
    expect([...highlightSegments('('.repeat(1_000_000))]).toEqual([0, 1_000_000]);
    expect([...highlightSegments(`${'(a '.repeat(300_000)}`)]).toEqual([0, 900_000]);
    expect(highlightSegments(`${'(a) '.repeat(250_000)}`).length).toBe(2 * 250_000);
    const ids = `_dataObjectId:(${Array.from({ length: 10_000 }, (_, i) => `C${String(i).padStart(7, '0')}`).join(' OR ')})`;
    const bounds = highlightSegments(ids);
    expect(bounds.length).toBe(2 * 10_000);
    for (let s = 0; s < bounds.length; s += 2)
      expect(bounds[s + 1]! - bounds[s]!).toBeLessThanOrEqual(10);
    expect(highlightBySegments(ids)).toEqual(highlightWhole(ids));
  });

  it('on a broken query, reads each clause on its own: an error elsewhere does not take the classes away', () => {
    // A bracket name with no comparison: one parse of the whole gives up on the roles of what follows.
    expect(classes('[A]*?OR\n-3')).toEqual([
      'punctuation:[',
      'field:A',
      'punctuation:]',
      'wildcard:*?OR',
      'operator:-',
      'number:3',
    ]);
    expect(highlightWhole('[A]*?OR\n-3').map((t) => t.class)).toContain('text');
    // The parse keeps 100 diagnostics; each stray `)` is still marked.
    expect(highlight('a) '.repeat(150)).filter((t) => t.class === 'error')).toHaveLength(150);
  });
});
