import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockOffset, documentOffset, written } from '../../src/lsp/blocks.js';
import { isSavedSearches, jsonQueryBlocks } from '../../src/lsp/json-searches.js';
import { queryLikeString } from '../support/arbitraries.js';

describe('*.mdq.json saved searches', () => {
  it('reads every "query" string, at any depth, and nothing else', () => {
    const source = JSON.stringify(
      {
        searches: [
          { name: 'query', query: 'City:Berlin' },
          { query: 'Age:[18 TO 30]', nested: { query: 'VIP:true' }, tags: ['query', 'x'] },
        ],
        query: 3,
      },
      null,
      2,
    );
    const blocks = jsonQueryBlocks(source);
    expect(blocks.map((b) => b.text)).toEqual(['City:Berlin', 'Age:[18 TO 30]', 'VIP:true']);
    for (const b of blocks) expect(source.slice(b.start, b.end)).toBe(b.text);
    expect(blocks.map((b) => b.line)).toEqual([4, 7, 9]);
  });

  it('maps each code unit through escapes, both ways, and escapes what it writes back', () => {
    const source = '{"query": "First\\\\ Name:\\"Ann\\" AND \\u0043ity:x"}';
    const [block] = jsonQueryBlocks(source);
    expect(block!.text).toBe('First\\ Name:"Ann" AND City:x');
    const at = (i: number) => documentOffset(block!, i);
    expect(source.slice(at(5), at(6))).toBe('\\\\');
    expect(source.slice(at(22), at(23))).toBe('\\u0043');
    expect(blockOffset(block!, at(22) + 3)).toBe(22); // inside the escape: its code unit
    expect(at(block!.text.length)).toBe(source.lastIndexOf('"'));
    expect(written(block!, 'a"b\\c\n')).toBe('a\\"b\\\\c\\n');
  });

  it('tolerates a file being typed: an unclosed string ends at its line', () => {
    const source = '[{ "query": "City:Ber\n, {"query": ';
    expect(jsonQueryBlocks(source).map((b) => b.text)).toEqual(['City:Ber']);
    expect(jsonQueryBlocks('{"query" "x", "query"')).toEqual([]);
  });

  it('law: any query written into JSON reads back exactly, each code unit at its escape', () => {
    fc.assert(
      fc.property(
        fc.oneof(queryLikeString, fc.string({ unit: 'binary' })),
        fc.string({ maxLength: 8 }),
        (query, name) => {
          const source = JSON.stringify({ searches: [{ name, query }] });
          const [block] = jsonQueryBlocks(source);
          expect(block!.text).toBe(query);
          for (let i = 0; i < query.length; i++) {
            const raw = source.slice(documentOffset(block!, i), documentOffset(block!, i + 1));
            expect(JSON.parse(`"${raw}"`)).toBe(query[i]);
            expect(blockOffset(block!, documentOffset(block!, i))).toBe(i);
          }
        },
      ),
    );
  });

  it('knows saved-search files by name or language', () => {
    expect(isSavedSearches('file:///a/b.mdq.json')).toBe(true);
    expect(isSavedSearches('file:///a/b.json')).toBe(false);
    expect(isSavedSearches('untitled:1', 'mdq-json')).toBe(true);
  });
});
