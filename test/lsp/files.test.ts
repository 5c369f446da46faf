/**
 * `mdq lsp --stdio` on saved searches (`*.mdq.json`: each "query" string a query, ranges
 * through JSON escapes) and a rename across the project's files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { project, start } from './support/client.js';

type Position = { line: number; character: number };
type Range = { start: Position; end: Position };

/** The position of the `nth` occurrence of `needle` in a one-line-per-row text. */
function at(text: string, needle: string, nth = 0): Position {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

describe('mdq lsp --stdio: *.mdq.json saved searches', () => {
  const text = [
    '{',
    '  "searches": [',
    '    { "name": "Berlin", "query": "Email:\\"a@b.c\\" AND Citty:Berlin" },',
    '    { "name": "loose", "query": "City:\\"a b\\"   AND  Age:3" },',
    '    { "name": "typing", "query": "[Fir" }',
    '  ]',
    '}',
  ].join('\n');

  it('checks, fixes, completes, hovers, tokenizes and formats inside the query strings', async () => {
    const s = await start();
    try {
      const uri = s.open('saved.mdq.json', text, 'json');
      const { diagnostics } = await s.nextDiagnostics(uri);
      const citty = diagnostics.find((d) => d.code === 'unknown-field')!;
      const from = at(text, 'Citty');
      expect(citty.range).toEqual({
        start: from,
        end: { line: from.line, character: from.character + 5 },
      });
      // Nothing outside the query strings ("Berlin" is a name, not a query).
      expect(diagnostics.every((d) => [2, 3, 4].includes(d.range.start.line))).toBe(true);

      const actions = (await s.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri },
        range: citty.range,
        context: { diagnostics: [citty] },
      })) as {
        title: string;
        edit: { changes: Record<string, { range: Range; newText: string }[]> };
      }[];
      expect(actions[0]!.title).toBe('Did you mean "City"?');
      expect(actions[0]!.edit.changes[uri]).toEqual([{ range: citty.range, newText: 'City' }]);

      const formatted = (await s.connection.sendRequest('textDocument/formatting', {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true },
      })) as { range: Range; newText: string }[];
      const loose = at(text, 'City:\\"a b\\"');
      expect(formatted).toContainEqual({
        range: {
          start: loose,
          end: {
            line: loose.line,
            character: loose.character + 'City:\\"a b\\"   AND  Age:3'.length,
          },
        },
        newText: 'City:\\"a b\\" AND Age:3',
      });

      const completion = (await s.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { ...at(text, '[Fir'), character: at(text, '[Fir').character + 4 },
      })) as { items: { label: string; textEdit: { range: Range; newText: string } }[] };
      const first = completion.items.find((i) => i.label === 'First Name')!;
      expect(first.textEdit.range.start).toEqual(at(text, '[Fir'));
      // Nothing to complete outside a query string.
      expect(
        await s.connection.sendRequest('textDocument/completion', {
          textDocument: { uri },
          position: at(text, '"name"'),
        }),
      ).toBeNull();

      const hover = (await s.connection.sendRequest('textDocument/hover', {
        textDocument: { uri },
        position: at(text, 'Age:3'),
      })) as { range: Range };
      expect(hover.range.start).toEqual(at(text, 'Age:3'));

      const tokens = (await s.connection.sendRequest('textDocument/semanticTokens/full', {
        textDocument: { uri },
      })) as { data: number[] };
      // Decoded: the phrase "a b", written \"a b\" in the file, is one token 7 characters long.
      const decoded: [number, number, number][] = [];
      let line = 0;
      let char = 0;
      for (let i = 0; i < tokens.data.length; i += 5) {
        line += tokens.data[i]!;
        char = tokens.data[i] === 0 ? char + tokens.data[i + 1]! : tokens.data[i + 1]!;
        decoded.push([line, char, tokens.data[i + 2]!]);
      }
      const phrase = at(text, '\\"a b\\"');
      expect(decoded).toContainEqual([phrase.line, phrase.character, 7]);
    } finally {
      expect(await s.close()).toBe(0);
    }
  }, 30_000);
});

describe('mdq lsp --stdio: rename across files', () => {
  it('renames a field in every open document and query file of the project, and nowhere else', async () => {
    const dir = project({
      'other.mdq': '[First Name] eq "x"\n\nCity:Berlin\n',
      'saved.mdq.json':
        '{ "searches": [ { "name": "First Name", "query": "First\\\\ Name:Ann" } ] }',
      'notes.txt': 'First\\ Name:Ann',
    });
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'mdq.config.json'), '{}');
    writeFileSync(join(dir, 'sub', 'own.mdq'), 'First\\ Name:Ann');
    mkdirSync(join(dir, 'node_modules'));
    writeFileSync(join(dir, 'node_modules', 'dep.mdq'), 'First\\ Name:Ann');
    const s = await start({ dir });
    try {
      const a = s.open('a.mdq', 'First\\ Name:Bob AND Age:3');
      const b = s.open('b.mdq', '_exists_:"First Name"');
      const elsewhere = s.open('sub/open.mdq', '[First Name] eq "x"');
      const edit = (await s.connection.sendRequest('textDocument/rename', {
        textDocument: { uri: a },
        position: { line: 0, character: 2 },
        newName: 'Given Name',
      })) as { changes: Record<string, { range: Range; newText: string }[]> };
      const texts = Object.fromEntries(
        Object.entries(edit.changes).map(([uri, edits]) => [uri, edits.map((e) => e.newText)]),
      );
      expect(texts).toEqual({
        [a]: ['Given\\ Name'],
        [b]: ['"Given Name"'],
        [s.uri('other.mdq')]: ['[Given Name]'],
        // escaped for the JSON string: Given\ Name
        [s.uri('saved.mdq.json')]: ['Given\\\\ Name'],
      });
      expect(texts[elsewhere]).toBeUndefined();
      const json = '{ "searches": [ { "name": "First Name", "query": "First\\\\ Name:Ann" } ] }';
      const start_ = json.indexOf('First\\\\ Name:');
      expect(edit.changes[s.uri('saved.mdq.json')]![0]!.range).toEqual({
        start: { line: 0, character: start_ },
        end: { line: 0, character: start_ + 'First\\\\ Name'.length },
      });
    } finally {
      expect(await s.close()).toBe(0);
    }
  }, 30_000);
});
