/**
 * `createServer` from mdq/lsp in this process, over a pair of in-memory streams (a host that
 * brings its own transport), with a `Projects` of its own: no file system, a rename across
 * the files it lists, tenant values it supplies. (The stdio suites drive the built command.)
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { createConnection } from 'vscode-languageserver/node';
import { loadSchema } from '../../src/index.js';
import { exampleSchemas } from '../../src/examples/index.js';
import { createServer, type Project, type Projects } from '../../src/lsp/index.js';

const schema = loadSchema(exampleSchemas);

interface Harness {
  client: MessageConnection;
  published: Map<string, { diagnostics: { code: string; range: unknown }[] }>;
  stop(): void;
}

let harness: Harness | undefined;
afterEach(() => {
  harness?.stop();
  harness = undefined;
});

async function serve(project: Partial<Project>, files: Projects['filesOf'] = undefined) {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const connection = createConnection(
    new StreamMessageReader(toServer),
    new StreamMessageWriter(toClient),
  );
  const projects: Projects = {
    projectFor: async () => ({
      configPath: '/p/mdq.config.json',
      config: { schemas: [], rules: {} },
      schema,
      problems: [],
      ...project,
    }),
    onChange() {},
    fileChanged() {},
    dispose() {},
    ...(files ? { filesOf: files } : {}),
  };
  const server = createServer(connection, { projects });
  connection.listen();
  const client = createMessageConnection(
    new StreamMessageReader(toClient),
    new StreamMessageWriter(toServer),
  );
  const published: Harness['published'] = new Map();
  client.onNotification(
    'textDocument/publishDiagnostics',
    (p: { uri: string; diagnostics: { code: string; range: unknown }[] }) => {
      published.set(p.uri, p);
    },
  );
  client.onNotification('window/logMessage', () => {});
  client.listen();
  await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
  client.sendNotification('initialized', {});
  harness = {
    client,
    published,
    stop() {
      server.dispose();
      client.dispose();
      connection.dispose();
    },
  };
  return harness;
}

function open(h: Harness, uri: string, text: string, languageId = 'mdq') {
  h.client.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId, version: 1, text },
  });
}

describe('createServer in process (mdq/lsp with a host transport and projects)', () => {
  it('renames across the open documents and the files the host lists, escaped per file', async () => {
    const h = await serve({}, async () => [
      { uri: 'file:///p/disk.mdq', text: '[First Name] eq "x"' },
      { uri: 'file:///p/saved.mdq.json', text: '{"query": "First\\\\ Name:Ann"}' },
      { uri: 'file:///p/open.mdq', text: 'stale copy on disk: First\\ Name:x' },
      { uri: 'file:///p/none.mdq', text: 'City:Berlin' },
    ]);
    open(h, 'file:///p/a.mdq', 'First\\ Name:Bob');
    open(h, 'file:///p/open.mdq', '_exists_:"First Name"');
    const edit = (await h.client.sendRequest('textDocument/rename', {
      textDocument: { uri: 'file:///p/a.mdq' },
      position: { line: 0, character: 1 },
      newName: 'Given "Name"',
    })) as { changes: Record<string, { newText: string }[]> };
    expect(
      Object.fromEntries(
        Object.entries(edit.changes).map(([uri, edits]) => [uri, edits.map((e) => e.newText)]),
      ),
    ).toEqual({
      'file:///p/a.mdq': ['Given\\ \\"Name\\"'],
      'file:///p/open.mdq': ['"Given \\"Name\\""'],
      'file:///p/disk.mdq': ['[Given \\"Name\\"]'],
      'file:///p/saved.mdq.json': ['Given\\\\ \\\\\\"Name\\\\\\"'],
    });
  });

  it('merges the values the project supplies, and answers without them while they are on the way', async () => {
    let ready = false;
    const h = await serve({
      values: {
        lookup: async (field, prefix) => ({
          values: ready ? [{ value: `${field}-${prefix}-from-tenant` }] : undefined,
        }),
      },
    });
    open(h, 'file:///p/v.mdq', 'City:B');
    const labels = async () =>
      (
        (await h.client.sendRequest('textDocument/completion', {
          textDocument: { uri: 'file:///p/v.mdq' },
          position: { line: 0, character: 6 },
        })) as { items: { label: string }[] }
      ).items.map((i) => i.label);
    expect(await labels()).toEqual([]);
    ready = true;
    expect(await labels()).toEqual(['City-B-from-tenant']);
  });

  it('serves a saved-searches document: diagnostics, highlight, prepare-rename and a fix-all, through escapes', async () => {
    const h = await serve({});
    const text = '{ "a": { "query": "Email:\\"x\\" AND Citty:1 AND Citty:2 AND status:ACT" } }';
    const uri = 'file:///p/s.mdq.json';
    open(h, uri, text);
    await expect.poll(() => h.published.get(uri)?.diagnostics.length ?? 0).toBeGreaterThan(0);
    const citty = text.indexOf('Citty');
    const highlights = (await h.client.sendRequest('textDocument/documentHighlight', {
      textDocument: { uri },
      position: { line: 0, character: citty + 1 },
    })) as { range: { start: { character: number } } }[];
    expect(highlights.map((x) => x.range.start.character)).toEqual([
      citty,
      text.indexOf('Citty', citty + 1),
    ]);
    expect(
      await h.client.sendRequest('textDocument/prepareRename', {
        textDocument: { uri },
        position: { line: 0, character: text.indexOf('"x') + 1 },
      }),
    ).toBeNull();
    const tokens = (await h.client.sendRequest('textDocument/semanticTokens/range', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: text.length } },
    })) as { data: number[] };
    expect(tokens.data.length).toBeGreaterThan(0);
    const actions = (await h.client.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    })) as { edit: { changes: Record<string, { newText: string }[]> } }[];
    // The safe fix (status -> Status), the query written back escaped.
    expect(actions.map((a) => a.edit.changes[uri]!.map((e) => e.newText))).toEqual([
      ['Email:\\"x\\" AND Citty:1 AND Citty:2 AND Status:ACT'],
    ]);
    const formatted = (await h.client.sendRequest('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    })) as { newText: string }[];
    expect(formatted).toEqual([]);
    open(h, 'file:///p/t.mdq.json', '{"query": "Email:\\"x\\"   AND   VIP:true"}');
    const reformatted = (await h.client.sendRequest('textDocument/formatting', {
      textDocument: { uri: 'file:///p/t.mdq.json' },
      options: { tabSize: 2, insertSpaces: true },
    })) as { newText: string }[];
    expect(reformatted.map((e) => e.newText)).toEqual(['Email:\\"x\\" AND VIP:true']);
  });
});
