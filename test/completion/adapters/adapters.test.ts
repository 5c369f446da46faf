import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  LSP_SEMANTIC_TOKEN_TYPES,
  toLspCompletionList,
  toLspHover,
  toLspSemanticTokens,
} from '../../../src/completion/adapters/lsp.js';
import { toMonacoCompletions, toMonacoHover } from '../../../src/completion/adapters/monaco.js';
import { complete } from '../../../src/completion/complete.js';
import { highlight } from '../../../src/completion/highlight.js';
import { hover } from '../../../src/completion/hover.js';
import { lineColumn } from '../../../src/language/position.js';
import type { SemanticToken } from '../../../src/completion/types.js';
import { schema, today } from '../helpers.js';

const text = 'a AND\n[Fir';
const result = complete(text, text.length, { schema, today });

describe('LSP', () => {
  it('maps items to CompletionItems with a text edit over the replaced span', () => {
    const list = toLspCompletionList(text, result);
    expect(list.isIncomplete).toBe(true);
    const first = list.items[0]!;
    expect(first).toMatchObject({
      label: 'First Name',
      kind: 5,
      sortText: '00000',
      insertTextFormat: 1,
      textEdit: {
        range: { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } },
        newText: '[First Name] ',
      },
      filterText: '[Fir',
    });
    expect(first.documentation).toEqual({
      kind: 'markdown',
      value: result.items[0]!.documentation,
    });
  });

  it('writes snippets for items with a caret position or placeholders, and tags inactive fields deprecated', () => {
    const start = toLspCompletionList('', complete('', 0, { schema }));
    const group = start.items.find((i) => i.label === '( … )')!;
    expect(group).toMatchObject({ kind: 14, insertTextFormat: 2, textEdit: { newText: '($0)' } });
    expect(start.items.find((i) => i.label === 'Legacy Customer Number')!.tags).toEqual([1]);
    const range = toLspCompletionList('Age:', complete('Age:', 4, { schema })).items.find(
      (i) => i.label === '[0 TO 100]',
    )!;
    expect(range).toMatchObject({
      kind: 15,
      insertTextFormat: 2,
      textEdit: { newText: '[${1:0} TO ${2:100}]' },
    });
    expect(toLspCompletionList('[Age] ', complete('[Age] ', 6, { schema })).items[0]!.kind).toBe(
      24,
    );
    expect(toLspCompletionList('VIP:', complete('VIP:', 4, { schema })).items[0]!.kind).toBe(12);
  });

  it('maps a hover, and null to null', () => {
    const h = hover('Status:ACT', 8, { schema });
    expect(toLspHover('Status:ACT', h)).toEqual({
      contents: { kind: 'markdown', value: '`ACT`: Active (**Status**)' },
      range: { start: { line: 0, character: 7 }, end: { line: 0, character: 10 } },
    });
    expect(toLspHover('', null)).toBeNull();
  });

  it('encodes semantic tokens relative to the previous one, split at line breaks', () => {
    const source = 'a:"x\ny" AND b';
    const tokens = highlight(source);
    const { data } = toLspSemanticTokens(source, tokens);
    const type = (name: string) => LSP_SEMANTIC_TOKEN_TYPES.indexOf(name);
    expect(data).toEqual([
      0,
      0,
      1,
      type('property'),
      0,
      0,
      1,
      1,
      type('punctuation'),
      0,
      0,
      1,
      2,
      type('string'),
      0,
      1,
      0,
      2,
      type('string'),
      0,
      0,
      3,
      3,
      type('operator'),
      0,
      0,
      4,
      1,
      type('text'),
      0,
    ]);
  });
});

/** The encoding as the LSP specification describes it, token piece by piece (a line break searched for from each piece). */
function referenceSemanticTokens(source: string, tokens: readonly SemanticToken[]): number[] {
  const data: number[] = [];
  let last = { line: 0, char: 0 };
  for (const token of tokens) {
    for (let start = token.start; start < token.end; ) {
      const newline = source.indexOf('\n', start);
      const end = newline >= 0 && newline < token.end ? newline : token.end;
      if (end > start) {
        const { line, column } = lineColumn(source, start);
        data.push(
          line - 1 - last.line,
          line - 1 === last.line ? column - 1 - last.char : column - 1,
          end - start,
          LSP_SEMANTIC_TOKEN_TYPES.indexOf(
            token.class === 'field' ? 'property' : token.class === 'regex' ? 'regexp' : token.class,
          ),
          0,
        );
        last = { line: line - 1, char: column - 1 };
      }
      start = end + 1;
    }
  }
  return data;
}

describe('LSP semantic tokens on long text', () => {
  it('search for line breaks once per line, not to the end of the text once per token (1 MB of `a ` took 3.5 s, quadratic)', () => {
    const source = 'a '.repeat(5_000);
    const tokens = highlight(source);
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    try {
      expect(toLspSemanticTokens(source, tokens).data).toHaveLength(5 * 5_000);
      expect(indexOf.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      indexOf.mockRestore();
    }
  });

  it('law: the encoding of any tokens, sorted or not, is the one the specification describes', () => {
    const text = fc.stringMatching(/^[a-z\n" :()]{0,40}$/);
    fc.assert(
      fc.property(text, fc.boolean(), (source, shuffled) => {
        const tokens = highlight(source);
        const given = shuffled ? [...tokens].reverse() : tokens;
        expect(toLspSemanticTokens(source, given).data).toEqual(
          referenceSemanticTokens(source, given),
        );
      }),
    );
  });
});

describe('Monaco', () => {
  it('maps items to suggestions with 1-based ranges and Monaco kinds', () => {
    const { suggestions, incomplete } = toMonacoCompletions(text, result);
    expect(incomplete).toBe(true);
    expect(suggestions[0]).toMatchObject({
      label: 'First Name',
      kind: 3,
      insertText: '[First Name] ',
      range: { startLineNumber: 2, startColumn: 1, endLineNumber: 2, endColumn: 5 },
      sortText: '00000',
      filterText: '[Fir',
    });
    expect(suggestions[0]!.insertTextRules).toBeUndefined();
    const start = toMonacoCompletions('', complete('', 0, { schema })).suggestions;
    expect(start.find((s) => s.label === '( … )')).toMatchObject({
      kind: 17,
      insertText: '($0)',
      insertTextRules: 4,
    });
    expect(start.find((s) => s.label === 'Legacy Customer Number')!.tags).toEqual([1]);
    expect(
      toMonacoCompletions('Age:', complete('Age:', 4, { schema })).suggestions.find(
        (s) => s.label === '>',
      )!.kind,
    ).toBe(11);
  });

  it('maps a hover', () => {
    expect(toMonacoHover('Sta:x', hover('Sta:x', 1, { schema }))).toEqual({
      range: { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 4 },
      contents: [{ value: '**Sta**: no field of this name in the schemas searched' }],
    });
    expect(toMonacoHover('', null)).toBeNull();
  });

  it('escapes $ and } in snippet text made from a caret position', () => {
    const fake = {
      ...result,
      items: [{ label: 'x', kind: 'value' as const, insert: '$a}\\b', cursor: 2, sortText: '0' }],
    };
    expect(toMonacoCompletions(text, fake).suggestions[0]!.insertText).toBe('\\$a$0\\}\\\\b');
  });
});
