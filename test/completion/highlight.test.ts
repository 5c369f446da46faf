import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlight, highlightSegments, highlightWhole } from '../../src/completion/highlight.js';
import { parse } from '../../src/language/parse.js';
import { format } from '../../src/printer/format.js';
import { query, queryLikeString } from '../support/arbitraries.js';

/** Each token as `class:text`. */
function classes(text: string): string[] {
  return highlight(text).map((t) => `${t.class}:${text.slice(t.start, t.end)}`);
}

describe('highlight', () => {
  it('classes fields, operators, values and punctuation', () => {
    expect(classes('[First Name] eq "Tim" and [Age] ge 18')).toEqual([
      'punctuation:[', 'field:First Name', 'punctuation:]', 'operator:eq', 'string:"Tim"', 'operator:and',
      'punctuation:[', 'field:Age', 'punctuation:]', 'operator:ge', 'number:18',
    ]);
    expect(classes('city:Berlin AND NOT created:[2020-01-01 TO *]')).toEqual([
      'field:city', 'punctuation:', 'text:Berlin', 'operator:AND', 'operator:NOT', 'field:created', 'punctuation::[', 'date:2020-01-01', 'keyword:TO', 'wildcard:*', 'punctuation:]',
    ].map((s) => (s === 'punctuation:' ? 'punctuation::' : s)));
  });

  it('tells words from operators as the parser does', () => {
    expect(classes('cats and dogs')).toEqual(['text:cats', 'text:and', 'text:dogs']);
    expect(classes('eq')).toEqual(['text:eq']);
  });

  it('marks wildcards, regexes, escapes, _exists_ and errors', () => {
    expect(classes('Jo* /a.c/ First\\ Name:x _exists_:Email')).toEqual([
      'wildcard:Jo*', 'regex:/a.c/', 'field:First', 'escape:\\ ', 'field:Name', 'punctuation::', 'text:x', 'keyword:_exists_', 'punctuation::', 'field:Email',
    ]);
    expect(classes('a) b]')).toEqual(['text:a', 'error:)', 'text:b', 'error:]']);
    expect(classes('a\\')).toEqual(['text:a', 'error:\\']);
  });

  it('never cuts a character beyond the BMP in two: an escaped emoji is one escape', () => {
    expect(classes('a\\😀b')).toEqual(['text:a', 'escape:\\😀', 'text:b']);
    expect(classes('"a\\😀"')).toEqual(['string:"a', 'escape:\\😀', 'string:"']);
    const splits = (text: string) => highlight(text).some((t) => [t.start, t.end].some((at) => at > 0 && at < text.length && /[\ud800-\udbff]/.test(text[at - 1]!) && /[\udc00-\udfff]/.test(text[at]!)));
    const text = fc.array(fc.constantFrom('\\', '😀', 'a', ' ', '"', '[', ']', ':', '\\u00e9', '𝔸', '(', ')', 'AND'), { maxLength: 12 }).map((p) => p.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(splits(t), t).toBe(false);
      }),
    );
  });

  it('returns sorted, non-overlapping tokens inside the text', () => {
    for (const text of ['(a OR b) AND [X] eq 1', 'f:[a TO b} "x\\"y" ~2 ^3', '[Unclosed name', '"open phrase', 'a && b || !c']) {
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

describe('highlight reads the query in segments', () => {
  const printed = fc.tuple(query, fc.constantFrom<'flat' | 'multiline'>('flat', 'multiline')).map(([tree, layout]) => format(tree, { layout }));
  const glued = fc.array(fc.oneof(printed, queryLikeString), { minLength: 1, maxLength: 5 }).chain((parts) =>
    fc.array(fc.constantFrom(' ', ' AND ', ' OR ', ' && ', '\n', ' || ', ' -', ' NOT '), { minLength: parts.length, maxLength: parts.length }).map((glue) => parts.map((p, i) => `${p}${glue[i]}`).join('')),
  );

  it('gives what one parse of the whole gives, on every query that parses without errors', () => {
    let clean = 0;
    fc.assert(
      fc.property(fc.oneof(printed, glued, queryLikeString), (text) => {
        if (parse(text).diagnostics.length > 0) return;
        clean++;
        expect(highlight(text)).toEqual(highlightWhole(text));
      }),
      { numRuns: 600 },
    );
    expect(clean).toBeGreaterThan(200);
  });

  it('cuts only between clauses: each segment highlights alone as it does inside the whole', () => {
    fc.assert(
      fc.property(fc.oneof(printed, glued, queryLikeString), (text) => {
        const bounds = highlightSegments(text);
        const tokens = highlight(text);
        expect(bounds[0] ?? 0).toBe(0);
        expect(bounds[bounds.length - 1] ?? 0).toBe(text.length);
        for (let s = 0; s < bounds.length; s += 2) {
          const [start, end] = [bounds[s]!, bounds[s + 1]!];
          expect(start).toBeLessThanOrEqual(end);
          if (s > 0) expect(['', 'AND', 'OR', '&&', '||']).toContain(text.slice(bounds[s - 1], start));
          // Highlighting a segment on its own finds no further cut in it, and the same tokens.
          const own = text.slice(start, end);
          expect(highlightSegments(own).length).toBeLessThanOrEqual(2);
          const inside = tokens.filter((t) => t.start >= start && t.end <= end).map((t) => ({ ...t, start: t.start - start, end: t.end - start }));
          expect(inside).toEqual(highlightWhole(own));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('cuts a long query at its top-level clauses, and not inside parentheses, quotes or ranges', () => {
    const cuts = (text: string) => {
      const b = highlightSegments(text);
      const out: string[] = [];
      for (let s = 0; s < b.length; s += 2) out.push(text.slice(b[s], b[s + 1]));
      return out;
    };
    expect(cuts('a AND b c -d NOT e')).toEqual(['a ', ' b ', 'c ', '-d ', 'NOT e']);
    expect(cuts('(a AND b) OR "c AND d" x:[1 TO 2] y')).toEqual(['(a AND b) ', ' "c AND d" ', 'x:[1 TO 2] ', 'y']);
    expect(cuts('[A] eq 1 and [B] eq 2 OR c')).toEqual(['[A] eq 1 and [B] eq 2 ', ' c']);
    expect(cuts('a~ 2 b ^3 c: d')).toEqual(['a~ 2 ', 'b ^3 c: d']);
    expect(cuts('a AND AND b')).toEqual(['a AND AND b']);
    expect(cuts('(a b')).toEqual(['(a b']);
    expect(cuts('a) b')).toEqual(['a) ', 'b']);
  });

  it('on a broken query, reads each clause on its own: an error elsewhere does not take the classes away', () => {
    // A bracket name with no comparison: one parse of the whole gives up on the roles of what follows.
    expect(classes('[A]*?OR\n-3')).toEqual(['punctuation:[', 'field:A', 'punctuation:]', 'wildcard:*?OR', 'operator:-', 'number:3']);
    expect(highlightWhole('[A]*?OR\n-3').map((t) => t.class)).toContain('text');
    // The parse keeps 100 diagnostics; each stray `)` is still marked.
    expect(highlight('a) '.repeat(150)).filter((t) => t.class === 'error')).toHaveLength(150);
  });
});
