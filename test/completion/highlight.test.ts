import { describe, expect, it } from 'vitest';
import { highlight } from '../../src/completion/highlight.js';

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
