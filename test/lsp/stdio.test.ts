/**
 * `mdq lsp --stdio` driven through the real transport by vscode-jsonrpc's client: the
 * whole protocol, from initialize to exit, against a project folder with mdq.config.json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LSP_SEMANTIC_TOKEN_TYPES } from '../../src/completion/index.js';
import { project, type Session, start } from './support/client.js';

const TWO_BLOCKS = 'City:Berlin\n\nCitty:Berlin AND status:ACT\n';

describe('mdq lsp --stdio (push diagnostics)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await start({ settings: { layout: 'flat' } });
  }, 30_000);
  afterAll(async () => {
    expect(await s.close()).toBe(0);
  });

  it('answers initialize with every capability of the issue', async () => {
    const result = (await s.connection.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      capabilities: {},
    })) as { capabilities: Record<string, unknown> };
    expect(Object.keys(result.capabilities)).toEqual(
      expect.arrayContaining([
        'textDocumentSync',
        'completionProvider',
        'hoverProvider',
        'codeActionProvider',
        'documentFormattingProvider',
        'documentRangeFormattingProvider',
        'documentHighlightProvider',
        'renameProvider',
        'semanticTokensProvider',
      ]),
    );
    expect(result.capabilities.textDocumentSync).toEqual({ openClose: true, change: 2 });
  });

  it('pushes diagnostics per blank-line-separated block, at the document position', async () => {
    const uri = s.open('blocks.mdq', TWO_BLOCKS);
    const published = await s.nextDiagnostics(uri);
    expect(published.diagnostics.map((d) => [d.code, d.range.start, d.range.end])).toEqual([
      ['unknown-field', { line: 2, character: 0 }, { line: 2, character: 5 }],
      ['field-name-case', { line: 2, character: 17 }, { line: 2, character: 23 }],
    ]);
  });

  it('applies incremental changes and checks again', async () => {
    const uri = s.open('change.mdq', TWO_BLOCKS);
    await s.nextDiagnostics(uri);
    await s.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [
        { range: { start: { line: 2, character: 2 }, end: { line: 2, character: 4 } }, text: 't' },
        {
          range: { start: { line: 2, character: 16 }, end: { line: 2, character: 22 } },
          text: 'Status',
        },
      ],
    });
    const published = await s.nextDiagnostics(uri, (p) => p.version === 2);
    expect(published.diagnostics.map((d) => [d.code, d.message])).toEqual([]);
  });

  it('offers every fix as a quick fix, the safe one preferred, and a fix-all source action', async () => {
    const uri = s.open('fixes.mdq', 'Citty:Berlin AND status:A');
    const { diagnostics } = await s.nextDiagnostics(uri);
    const actions = (await s.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 25 } },
      context: { diagnostics },
    })) as {
      title: string;
      kind: string;
      isPreferred?: boolean;
      edit: { changes: Record<string, { newText: string }[]> };
    }[];
    expect(actions.map((a) => [a.title, a.kind, a.isPreferred ?? false])).toEqual([
      ['Did you mean "City"?', 'quickfix', false],
      ['Did you mean "Status"?', 'quickfix', true],
      ['Fix all safe problems', 'source.fixAll.mdq', false],
    ]);
    expect(actions[2]!.edit.changes[uri]).toEqual([
      expect.objectContaining({ newText: 'Citty:Berlin AND Status:A' }),
    ]);
    const only = (await s.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    })) as { kind: string }[];
    expect(only.map((a) => a.kind)).toEqual(['source.fixAll.mdq']);
  });

  it('files a fix that writes a different query as refactor.rewrite, worded as it changes the meaning', async () => {
    const uri = s.open('rewrite.mdq', 'City:(Berlin, Munich) AND Citty:Berlin');
    const { diagnostics } = await s.nextDiagnostics(uri);
    const ask = async (only?: string[]) =>
      (
        (await s.connection.sendRequest('textDocument/codeAction', {
          textDocument: { uri },
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 38 } },
          context: { diagnostics, ...(only ? { only } : {}) },
        })) as { title: string; kind: string }[]
      ).map((a) => [a.kind, a.title]);
    expect(await ask()).toEqual([
      ['refactor.rewrite', 'Write City:(Berlin OR Munich) (changes meaning)'],
      ['quickfix', 'Did you mean "City"?'],
    ]);
    expect(await ask(['refactor'])).toEqual([
      ['refactor.rewrite', 'Write City:(Berlin OR Munich) (changes meaning)'],
    ]);
    expect(await ask(['quickfix'])).toEqual([['quickfix', 'Did you mean "City"?']]);
  });

  it('completes field names and resolves their documentation', async () => {
    const uri = s.open('complete.mdq', 'City:Berlin\n\n[Fir');
    const list = (await s.connection.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: { line: 2, character: 4 },
    })) as { items: { label: string; documentation?: unknown; textEdit: { range: unknown } }[] };
    const first = list.items.find((i) => i.label === 'First Name')!;
    expect(first.documentation).toBeUndefined();
    expect(first.textEdit.range).toEqual({
      start: { line: 2, character: 0 },
      end: { line: 2, character: 4 },
    });
    const resolved = (await s.connection.sendRequest('completionItem/resolve', first)) as {
      documentation?: { kind: string; value: string };
    };
    expect(resolved.documentation?.kind).toBe('markdown');
    expect(resolved.documentation?.value).toContain('string');
  });

  it('completes on a blank line between blocks, as a new query', async () => {
    const uri = s.open('blank.mdq', 'City:Berlin\n\n\n\nAge:3');
    const list = (await s.connection.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: { line: 2, character: 0 },
    })) as { items: { label: string }[] };
    expect(list.items.map((i) => i.label)).toContain('City');
  });

  it('hovers a field with its schema description', async () => {
    const uri = s.open('hover.mdq', '\n\nAge:[18 TO 30]');
    const result = (await s.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 2, character: 1 },
    })) as { contents: { kind: string; value: string }; range: unknown };
    expect(result.contents.value).toContain('Age');
    expect(result.range).toEqual({
      start: { line: 2, character: 0 },
      end: { line: 2, character: 3 },
    });
    const none = await s.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 0 },
    });
    expect(none).toBeNull();
  });

  it('gives semantic tokens for the whole document and for a range', async () => {
    const uri = s.open('tokens.mdq', 'City:Berlin\n\nAge:>3');
    const decode = (data: number[]) => {
      const out: [number, number, number, string][] = [];
      let line = 0;
      let char = 0;
      for (let i = 0; i < data.length; i += 5) {
        line += data[i]!;
        char = data[i] === 0 ? char + data[i + 1]! : data[i + 1]!;
        out.push([line, char, data[i + 2]!, LSP_SEMANTIC_TOKEN_TYPES[data[i + 3]!]!]);
      }
      return out;
    };
    const full = (await s.connection.sendRequest('textDocument/semanticTokens/full', {
      textDocument: { uri },
    })) as { data: number[] };
    const tokens = decode(full.data);
    expect(tokens[0]).toEqual([0, 0, 4, 'property']);
    expect(tokens.find(([line]) => line === 2)).toEqual([2, 0, 3, 'property']);
    const range = (await s.connection.sendRequest('textDocument/semanticTokens/range', {
      textDocument: { uri },
      range: { start: { line: 2, character: 0 }, end: { line: 2, character: 6 } },
    })) as { data: number[] };
    expect(decode(range.data)).toEqual(tokens.filter(([line]) => line === 2));
  });

  it('formats each block, the document or a range, and leaves a broken block alone', async () => {
    const uri = s.open('format.mdq', 'city:berlin   AND age:3\n\n(a OR\n\nx  y');
    const edits = (await s.connection.sendRequest('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    })) as { range: { start: { line: number } }; newText: string }[];
    expect(edits.map((e) => [e.range.start.line, e.newText])).toEqual([
      [0, 'city:berlin AND age:3'],
      [4, 'x y'],
    ]);
    const ranged = (await s.connection.sendRequest('textDocument/rangeFormatting', {
      textDocument: { uri },
      range: { start: { line: 4, character: 0 }, end: { line: 4, character: 1 } },
      options: { tabSize: 2, insertSpaces: true },
    })) as { newText: string }[];
    expect(ranged.map((e) => e.newText)).toEqual(['x y']);
  });

  it('highlights every occurrence of the field under the cursor', async () => {
    const uri = s.open('highlight.mdq', 'City:Berlin OR [City] eq "Paris" OR Age:3');
    const highlights = (await s.connection.sendRequest('textDocument/documentHighlight', {
      textDocument: { uri },
      position: { line: 0, character: 2 },
    })) as { range: { start: { character: number }; end: { character: number } } }[];
    expect(highlights.map((h) => [h.range.start.character, h.range.end.character])).toEqual([
      [0, 4],
      [15, 21],
    ]);
  });

  it('renames a field in every spelling, and refuses anything else', async () => {
    const text =
      'First\\ Name:Ann AND [First Name] eq "B"\n\n_exists_:"First Name" OR _exists_:First\\ Name';
    const uri = s.open('rename.mdq', text);
    const prepared = await s.connection.sendRequest('textDocument/prepareRename', {
      textDocument: { uri },
      position: { line: 0, character: 22 },
    });
    expect(prepared).toEqual({
      range: { start: { line: 0, character: 20 }, end: { line: 0, character: 32 } },
      placeholder: 'First Name',
    });
    const onValue = await s.connection.sendRequest('textDocument/prepareRename', {
      textDocument: { uri },
      position: { line: 0, character: 13 },
    });
    expect(onValue).toBeNull();
    const edit = (await s.connection.sendRequest('textDocument/rename', {
      textDocument: { uri },
      position: { line: 0, character: 2 },
      newName: 'Given Name]',
    })) as { changes: Record<string, { range: { start: { line: number } }; newText: string }[]> };
    expect(edit.changes[uri]!.map((e) => [e.range.start.line, e.newText])).toEqual([
      [0, 'Given\\ Name\\]'],
      [0, '[Given Name\\]]'],
      [2, '"Given Name]"'],
      [2, 'Given\\ Name\\]'],
    ]);
  });

  it('answers requests about documents it does not know', async () => {
    const unknown = {
      textDocument: { uri: 'file:///nowhere.mdq' },
      position: { line: 0, character: 0 },
    };
    expect(await s.connection.sendRequest('textDocument/hover', unknown)).toBeNull();
    expect(await s.connection.sendRequest('textDocument/completion', unknown)).toBeNull();
  });
});

describe('mdq lsp --stdio: a completion list for a client that takes list defaults', () => {
  it('sends the edit range once, items without it, and resolves each as before', async () => {
    const s = await start({ itemDefaults: true });
    try {
      const uri = s.open('defaults.mdq', 'City:Berlin\n\n[Fir');
      const list = (await s.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line: 2, character: 4 },
      })) as {
        itemDefaults?: { editRange?: unknown };
        items: { label: string; textEdit?: unknown; textEditText?: string; data?: unknown }[];
      };
      expect(list.itemDefaults?.editRange).toEqual({
        start: { line: 2, character: 0 },
        end: { line: 2, character: 4 },
      });
      const first = list.items.find((i) => i.label === 'First Name')!;
      expect(first.textEdit).toBeUndefined();
      expect(first.data).toBeUndefined();
      // The text written is the bracketed name, not the label.
      expect(first.textEditText).toBe('[First Name] ');
      const resolved = (await s.connection.sendRequest('completionItem/resolve', first)) as {
        documentation?: { value: string };
      };
      expect(resolved.documentation?.value).toContain('string');
    } finally {
      expect(await s.close()).toBe(0);
    }
  }, 30_000);
});

describe('mdq lsp --stdio (pull diagnostics, levels, config changes)', () => {
  it('answers textDocument/diagnostic with the config levels, and picks up config changes', async () => {
    const dir = project({}, { schemas: ['schemas.json'], rules: { 'unknown-field': 'error' } });
    const s = await start({ pull: true, dir });
    try {
      const uri = s.open('pull.mdq', 'Citty:Berlin');
      const report = (await s.connection.sendRequest('textDocument/diagnostic', {
        textDocument: { uri },
      })) as { kind: string; items: { code: string; severity: number }[] };
      expect(report.kind).toBe('full');
      expect(report.items.map((d) => [d.code, d.severity])).toEqual([['unknown-field', 1]]);
      // The config changes on disk: the server drops the project (fs.watch or the client's notification).
      writeFileSync(
        join(dir, 'mdq.config.json'),
        JSON.stringify({ schemas: ['schemas.json'], rules: { 'unknown-field': 'off' } }),
      );
      await s.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: s.uri('mdq.config.json'), type: 2 }],
      });
      await expect
        .poll(
          async () =>
            (
              (await s.connection.sendRequest('textDocument/diagnostic', {
                textDocument: { uri },
              })) as { items: unknown[] }
            ).items.length,
        )
        .toBe(0);
    } finally {
      expect(await s.close()).toBe(0);
    }
  }, 30_000);

  it('takes levels from the editor settings, overridden by the config', async () => {
    const dir = project(
      {},
      {
        schemas: ['schemas.json'],
        rules: { 'field-name-case': 'hint' },
        layout: 'multiline',
        width: 20,
      },
    );
    const s = await start({
      dir,
      settings: { severities: { 'unknown-field': 'info', 'field-name-case': 'error' } },
    });
    try {
      const uri = s.open('levels.mdq', 'Citty:Berlin AND status:A');
      const { diagnostics } = await s.nextDiagnostics(uri, (p) =>
        p.diagnostics.some((d) => d.severity === 3),
      );
      expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([
        ['unknown-field', 3],
        ['field-name-case', 4],
      ]);
      const edits = (await s.connection.sendRequest('textDocument/formatting', {
        textDocument: { uri: s.open('wide.mdq', 'City:Berlin AND (Age:3 OR Age:4) AND VIP:true') },
        options: { tabSize: 2, insertSpaces: true },
      })) as { newText: string }[];
      expect(edits[0]!.newText.split('\n').length).toBeGreaterThan(1);
    } finally {
      expect(await s.close()).toBe(0);
    }
  }, 30_000);
});

describe('mdq lsp --stdio robustness', () => {
  it('survives a malformed config and a tenant that is down, logging without credentials', async () => {
    const dir = project(
      {},
      '{ "schemas": ["missing.json", 3], "tenant": { "baseUrl": "http://127.0.0.1:9", "clientSecret": "x" }, "bogus": 1',
    );
    writeFileSync(
      join(dir, 'mdq.config.json'),
      '{ "schemas": ["missing.json", 3], "tenant": { "baseUrl": "http://127.0.0.1:9", "clientSecret": "no" }, "bogus": 1 }',
    );
    const secret = 'sup3r-s3cret-value';
    const s = await start({
      dir,
      env: { MDQ_CLIENT_ID: 'mdq-test-client', MDQ_CLIENT_SECRET: secret },
    });
    try {
      const uri = s.open('q.mdq', 'Citty:Berlin');
      const { diagnostics } = await s.nextDiagnostics(uri);
      // No schema could be read: only the rules that need none run.
      expect(diagnostics).toEqual([]);
      await expect
        .poll(() => s.logs.join('\n'), { timeout: 15_000 })
        .toContain('the tenant did not answer');
      const logs = s.logs.join('\n');
      expect(logs).toContain("'schemas' is an array of non-empty strings");
      expect(logs).toContain("'tenant.clientSecret' is ignored");
      expect(logs).toContain("unknown key 'bogus'");
      expect(`${logs}${s.stderr()}`).not.toContain(secret);
      expect(
        await s.connection.sendRequest('textDocument/hover', {
          textDocument: { uri },
          position: { line: 0, character: 1 },
        }),
      ).toMatchObject({ contents: { kind: 'markdown' } });
    } finally {
      expect(await s.close()).toBe(0);
    }
  }, 30_000);

  it('answers on a 10 MB document and a 10 000-field schema', async () => {
    const fields = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Field ${i}`,
      dataType: 'string',
    }));
    const dir = project(
      {
        'big.json': JSON.stringify({
          schemaId: 's',
          name: 'Big',
          businessAreaId: 'b',
          businessAreaName: 'B',
          fields,
        }),
      },
      { schemas: ['big.json'] },
    );
    const s = await start({ dir });
    try {
      const block = 'Field\\ 1:a AND Field\\ 2:b\n\n';
      const text = `${block.repeat(Math.ceil(10_000_000 / block.length))}[Field 99`;
      const uri = s.open('big.mdq', text);
      const { diagnostics } = await s.nextDiagnostics(uri);
      const lastLine = text.split('\n').length - 1;
      // Only the last block, still being typed, has problems.
      expect(new Set(diagnostics.map((d) => d.range.start.line))).toEqual(new Set([lastLine]));
      const list = (await s.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line: lastLine, character: 9 },
      })) as { items: { label: string }[] };
      expect(list.items[0]!.label).toBe('Field 99');
      const whole = (await s.connection.sendRequest('textDocument/completion', {
        textDocument: { uri: s.open('empty.mdq', '') },
        position: { line: 0, character: 0 },
      })) as { items: unknown[] };
      expect(whole.items.length).toBeGreaterThanOrEqual(10_000);
      const oneBlock = s.open('long.mdq', 'a:b '.repeat(2_600_000));
      const long = await s.nextDiagnostics(oneBlock);
      expect(long.diagnostics.length).toBeGreaterThan(0);
    } finally {
      expect(await s.close()).toBe(0);
    }
  }, 60_000);
});
