/**
 * mdq's language server: a thin layer over the language services (`check`, `complete`,
 * `hover`, `highlight`, `format`, `fixQuery`) and their LSP adapters. The caller brings the
 * connection (stdio for `mdq lsp --stdio`, a worker's message port, anything vscode-
 * languageserver connects), so this module reads no file itself: projects (config and
 * schemas) come from `options.projects`, Node's file system by default.
 *
 * A document holds one query, or several separated by blank lines (blocks.ts): every
 * service runs on the block under the cursor, and diagnostics are kept per block text, so
 * an edit re-checks only the block it touched.
 */
import type {
  CodeAction,
  CodeActionParams,
  CompletionItem,
  Connection,
  Diagnostic as LspDiagnosticType,
  DocumentHighlight,
  Hover as LspHoverType,
  InitializeParams,
  InitializeResult,
  Range,
  SemanticTokens,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { sentCompletionList, takesEditRangeDefault } from './completion-list.js';
import type { Level } from '../checker/rule.js';
import {
  check,
  DEFAULT_LIMITS,
  fixQuery,
  format,
  parse,
  toLspCodeActions,
  toLspDiagnostic,
  type Diagnostic,
} from '../index.js';
import {
  complete,
  highlight,
  hover,
  LSP_SEMANTIC_TOKEN_TYPES,
  mergeValueSuggestions,
  toLspCompletionList,
  toLspHover,
  toLspSemanticTokens,
  wantsValues,
} from '../completion/index.js';
import {
  blockAt,
  blockOffset,
  blocksIn,
  documentOffset,
  splitBlocks,
  written,
  type Block,
} from './blocks.js';
import { isSavedSearches, jsonQueryBlocks } from './json-searches.js';
import { fieldNameAt, fieldNames, renameEdits } from './fields.js';
import type { Project, Projects } from './project.js';

/** Editor settings (section `mdq`), the defaults a project's `mdq.config.json` overrides. */
export interface MdqSettings {
  /** Levels per diagnostic code: `{ "pii-field": "off" }`. */
  readonly severities?: Readonly<Record<string, Level>>;
  readonly layout?: 'flat' | 'multiline';
  readonly width?: number;
}

export interface ServerOptions {
  /** Where configs and schemas come from; Node's file system (walking up to `mdq.config.json`) by default. */
  readonly projects?: Projects;
}

export interface MdqServer {
  /** Stops watching files (the connection is the caller's to close). */
  dispose(): void;
}

interface OpenDocument {
  doc: TextDocument;
  /** A `*.mdq.json` file: its queries are the `query` strings (json-searches.ts). */
  json: boolean;
  blocks?: { version: number; list: Block[] };
  /** Diagnostics per block text, for the settings generation `generation`. */
  checked: Map<string, readonly Diagnostic[]>;
  generation: number;
}

const SOURCE_FIX_ALL = 'source.fixAll.mdq';

/** A deep copy of LSP data with every position moved down `lines` lines (a block's results into its document). */
function shifted<T>(value: T, lines: number): T {
  if (lines === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => shifted(v, lines)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = shifted(v, lines);
  if (typeof out.line === 'number' && typeof out.character === 'number')
    out.line = (out.line as number) + lines;
  return out as T;
}

/** The offset of each line's start in `text`. */
function blockLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * LSP data computed on a block's text, moved into its document: every position, and every
 * `newText`/`insertText` written the way the document writes text (escaped in a JSON string).
 */
function intoDocument<T>(value: T, block: Block, doc: TextDocument): T {
  if (!block.json) return shifted(value, block.line);
  const starts = blockLineStarts(block.text);
  const walk = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(walk);
    const out: Record<string, unknown> = {};
    for (const [key, x] of Object.entries(v))
      out[key] =
        (key === 'newText' || key === 'insertText') && typeof x === 'string'
          ? written(block, x)
          : walk(x);
    if (typeof out.line === 'number' && typeof out.character === 'number') {
      const i = (starts[out.line as number] ?? block.text.length) + (out.character as number);
      return doc.positionAt(documentOffset(block, i));
    }
    return out;
  };
  return walk(value) as T;
}

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) =>
    p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function message(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}

/** Starts serving on `connection` (call `connection.listen()` after). */
export function createServer(connection: Connection, options: ServerOptions = {}): MdqServer {
  const documents = new Map<string, OpenDocument>();
  let projects: Projects | undefined = options.projects;
  let projectsReady: Promise<Projects> | undefined;
  let settings: MdqSettings = {};
  let generation = 0;
  let pull = false;
  let configurationRequests = false;
  /** The client takes the list's edit range once (completion-list.ts). */
  let editRangeDefault = false;
  const pending = new Set<string>();
  /** The documentation of the last completion's items, by label, for completionItem/resolve. */
  let lastDocs = new Map<string, string>();

  const log = (text: string) => connection.console.log(`mdq: ${text}`);
  const logError = (text: string) => connection.console.error(`mdq: ${text}`);

  function projectSource(): Promise<Projects> {
    if (projects) return Promise.resolve(projects);
    projectsReady ??= import('./node-projects.js').then(({ NodeProjects }) => {
      const made = new NodeProjects({ log });
      made.onChange(refresh);
      projects = made;
      return made;
    });
    return projectsReady;
  }
  if (projects) projects.onChange(refresh);

  async function projectOf(uri: string): Promise<Project> {
    try {
      return await (await projectSource()).projectFor(uri);
    } catch (e) {
      logError(`reading the project of ${uri} failed: ${message(e)}`);
      return { config: { schemas: [], rules: {} }, problems: [] };
    }
  }

  /** Runs a handler; an exception is logged and answered with `fallback`, never let through. */
  function guard<P, R>(name: string, fallback: R, handler: (params: P) => Promise<R> | R) {
    return async (params: P): Promise<R> => {
      try {
        return await handler(params);
      } catch (e) {
        logError(`${name} failed: ${message(e)}`);
        return fallback;
      }
    };
  }

  function blocksOf(open: OpenDocument): Block[] {
    if (open.blocks?.version !== open.doc.version)
      open.blocks = {
        version: open.doc.version,
        list: open.json ? jsonQueryBlocks(open.doc.getText()) : splitBlocks(open.doc.getText()),
      };
    return open.blocks.list;
  }

  /** The block at `offset`, or the cursor's own (blank) line when it stands between blocks (none outside a JSON file's queries). */
  function blockAround(open: OpenDocument, offset: number): Block | undefined {
    const found = blockAt(blocksOf(open), offset);
    if (found || open.json) return found;
    const position = open.doc.positionAt(offset);
    const start = open.doc.offsetAt({ line: position.line, character: 0 });
    const end = open.doc.offsetAt({ line: position.line, character: Number.MAX_SAFE_INTEGER });
    return { start, end, line: position.line, text: open.doc.getText().slice(start, end) };
  }

  function severitiesOf(project: Project): Readonly<Record<string, Level>> {
    return { ...settings.severities, ...project.config.rules };
  }

  /** The diagnostics of every block, each reused while its text and the settings are unchanged. */
  function diagnosticsOf(
    open: OpenDocument,
    project: Project,
  ): { block: Block; list: readonly Diagnostic[] }[] {
    if (open.generation !== generation) {
      open.checked = new Map();
      open.generation = generation;
    }
    const previous = open.checked;
    const next = new Map<string, readonly Diagnostic[]>();
    const severities = severitiesOf(project);
    const out = blocksOf(open).map((block) => {
      let list = next.get(block.text) ?? previous.get(block.text);
      if (list === undefined)
        list = check(block.text, {
          ...(project.schema ? { schema: project.schema } : {}),
          severities,
        });
      next.set(block.text, list);
      return { block, list };
    });
    open.checked = next;
    return out;
  }

  async function lspDiagnostics(uri: string): Promise<LspDiagnosticType[]> {
    const open = documents.get(uri);
    if (!open) return [];
    const project = await projectOf(uri);
    return diagnosticsOf(open, project).flatMap(({ block, list }) =>
      list.map(
        (d) =>
          intoDocument(toLspDiagnostic(block.text, d, uri), block, open.doc) as LspDiagnosticType,
      ),
    );
  }

  /** Push mode: diagnostics after the current burst of changes, once per document. */
  function schedulePublish(uri: string): void {
    if (pull || pending.has(uri)) return;
    pending.add(uri);
    setImmediate(async () => {
      pending.delete(uri);
      const open = documents.get(uri);
      if (!open) return;
      try {
        const version = open.doc.version;
        const diagnostics = await lspDiagnostics(uri);
        await connection.sendDiagnostics({ uri, version, diagnostics });
      } catch (e) {
        logError(`diagnostics of ${uri} failed: ${message(e)}`);
      }
    });
  }

  /** Settings, a config or a schema changed: everything is checked again. */
  function refresh(): void {
    generation++;
    if (pull) {
      connection.languages.diagnostics.refresh().catch(() => {});
      return;
    }
    for (const uri of documents.keys()) schedulePublish(uri);
  }

  async function fetchSettings(): Promise<void> {
    if (!configurationRequests) return;
    try {
      const value = (await connection.workspace.getConfiguration('mdq')) as unknown;
      applySettings(value);
    } catch (e) {
      logError(`reading the settings failed: ${message(e)}`);
    }
  }

  function applySettings(value: unknown): void {
    if (value === null || typeof value !== 'object') return;
    const s = value as Record<string, unknown>;
    settings = {
      ...(s.severities && typeof s.severities === 'object'
        ? { severities: s.severities as Record<string, Level> }
        : {}),
      ...(s.layout === 'flat' || s.layout === 'multiline' ? { layout: s.layout } : {}),
      ...(typeof s.width === 'number' && s.width > 0 ? { width: s.width } : {}),
    };
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    pull = params.capabilities.textDocument?.diagnostic !== undefined;
    configurationRequests = params.capabilities.workspace?.configuration === true;
    editRangeDefault = takesEditRangeDefault(params.capabilities);
    const init = params.initializationOptions as { settings?: unknown } | undefined;
    if (init?.settings) applySettings(init.settings);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: 2 /* incremental */ },
        completionProvider: {
          resolveProvider: true,
          triggerCharacters: [':', '[', ' ', '"', '(', '_'],
        },
        hoverProvider: true,
        codeActionProvider: {
          codeActionKinds: ['quickfix', 'refactor.rewrite', SOURCE_FIX_ALL],
          resolveProvider: false,
        },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        semanticTokensProvider: {
          legend: { tokenTypes: [...LSP_SEMANTIC_TOKEN_TYPES], tokenModifiers: [] },
          full: true,
          range: true,
        },
        ...(pull
          ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } }
          : {}),
      },
      serverInfo: { name: 'mdq' },
    };
  });

  connection.onInitialized(() => {
    void fetchSettings().then(() => {
      if (Object.keys(settings).length > 0) refresh();
    });
  });

  connection.onDidChangeConfiguration(
    guard('didChangeConfiguration', undefined, async (params) => {
      if (configurationRequests) await fetchSettings();
      else applySettings((params.settings as { mdq?: unknown } | null)?.mdq);
      refresh();
    }),
  );

  connection.onDidChangeWatchedFiles(
    guard('didChangeWatchedFiles', undefined, async (params) => {
      const source = await projectSource();
      for (const change of params.changes) source.fileChanged(change.uri);
    }),
  );

  connection.onDidOpenTextDocument((params) => {
    const { uri, languageId, version, text } = params.textDocument;
    documents.set(uri, {
      doc: TextDocument.create(uri, languageId, version, text),
      json: isSavedSearches(uri, languageId),
      checked: new Map(),
      generation,
    });
    schedulePublish(uri);
  });

  connection.onDidChangeTextDocument((params) => {
    const open = documents.get(params.textDocument.uri);
    if (!open) return;
    try {
      TextDocument.update(open.doc, params.contentChanges, params.textDocument.version);
    } catch (e) {
      logError(`applying a change failed: ${message(e)}`);
    }
    schedulePublish(params.textDocument.uri);
  });

  connection.onDidCloseTextDocument((params) => {
    documents.delete(params.textDocument.uri);
    if (!pull) void connection.sendDiagnostics({ uri: params.textDocument.uri, diagnostics: [] });
  });

  connection.languages.diagnostics.on(
    guard(
      'diagnostics',
      { kind: 'full' as const, items: [] as LspDiagnosticType[] },
      async (params) => ({
        kind: 'full' as const,
        items: await lspDiagnostics(params.textDocument.uri),
      }),
    ),
  );

  connection.onCompletion(
    guard('completion', null, async (params) => {
      const open = documents.get(params.textDocument.uri);
      if (!open) return null;
      const project = await projectOf(params.textDocument.uri);
      const offset = open.doc.offsetAt(params.position);
      const block = blockAround(open, offset);
      if (!block || block.text.length > DEFAULT_LIMITS.maxLength) return null;
      let result = complete(
        block.text,
        blockOffset(block, offset),
        project.schema ? { schema: project.schema } : {},
      );
      // The tenant's values, when they come quickly or were kept (tenant-values.ts); else
      // the schema's items alone: the list is always incomplete, so the editor asks again
      // as the person types, and by then the answer is kept.
      if (project.values && wantsValues(result)) {
        const { values } = await project.values.lookup(
          result.context.field!,
          result.context.prefix,
        );
        if (values !== undefined) result = mergeValueSuggestions(result, values);
      }
      const sent = sentCompletionList(
        intoDocument(toLspCompletionList(block.text, result), block, open.doc),
        editRangeDefault,
      );
      lastDocs = sent.docs;
      return sent.list;
    }),
  );

  connection.onCompletionResolve(
    guard(
      'completionItem/resolve',
      undefined as unknown as CompletionItem,
      (item: CompletionItem) => {
        const docs = typeof item.label === 'string' ? lastDocs.get(item.label) : undefined;
        return docs === undefined
          ? item
          : { ...item, documentation: { kind: 'markdown', value: docs } };
      },
    ),
  );

  connection.onHover(
    guard('hover', null, async (params): Promise<LspHoverType | null> => {
      const open = documents.get(params.textDocument.uri);
      if (!open) return null;
      const project = await projectOf(params.textDocument.uri);
      const offset = open.doc.offsetAt(params.position);
      const block = blockAt(blocksOf(open), offset);
      if (!block || block.text.length > DEFAULT_LIMITS.maxLength) return null;
      const result = hover(
        block.text,
        blockOffset(block, offset),
        project.schema ? { schema: project.schema } : {},
      );
      return intoDocument(toLspHover(block.text, result), block, open.doc);
    }),
  );

  function semanticTokens(doc: TextDocument, blocks: readonly Block[]): SemanticTokens {
    const data: number[] = [];
    let lastLine = 0;
    let lastChar = 0;
    for (const block of blocks) {
      if (block.text.length > DEFAULT_LIMITS.maxLength) continue;
      const own = toLspSemanticTokens(block.text, highlight(block.text)).data;
      const starts = block.json ? blockLineStarts(block.text) : undefined;
      let line = 0;
      let char = 0;
      for (let i = 0; i < own.length; i += 5) {
        const dl = own[i]!;
        const dc = own[i + 1]!;
        line += dl;
        char = dl === 0 ? char + dc : dc;
        // In the document: a .mdq block is its lines; a JSON string's token spans its escapes.
        let at = { line: block.line + line, character: char };
        let length = own[i + 2]!;
        if (starts) {
          const from = starts[line]! + char;
          const start = documentOffset(block, from);
          at = doc.positionAt(start);
          length = documentOffset(block, from + length) - start;
        }
        data.push(
          at.line - lastLine,
          at.line === lastLine ? at.character - lastChar : at.character,
          length,
          own[i + 3]!,
          own[i + 4]!,
        );
        lastLine = at.line;
        lastChar = at.character;
      }
    }
    return { data };
  }

  connection.languages.semanticTokens.on(
    guard('semanticTokens/full', { data: [] } as SemanticTokens, (params) => {
      const open = documents.get(params.textDocument.uri);
      return open ? semanticTokens(open.doc, blocksOf(open)) : { data: [] };
    }),
  );

  connection.languages.semanticTokens.onRange(
    guard('semanticTokens/range', { data: [] } as SemanticTokens, (params) => {
      const open = documents.get(params.textDocument.uri);
      if (!open) return { data: [] };
      const from = open.doc.offsetAt(params.range.start);
      const to = open.doc.offsetAt(params.range.end);
      return semanticTokens(open.doc, blocksIn(blocksOf(open), from, to));
    }),
  );

  async function formatBlocks(uri: string, range: Range | undefined): Promise<TextEdit[]> {
    const open = documents.get(uri);
    if (!open) return [];
    const project = await projectOf(uri);
    const layout = project.config.layout ?? settings.layout ?? 'flat';
    const width = project.config.width ?? settings.width;
    let blocks = blocksOf(open);
    if (range)
      blocks = blocksIn(blocks, open.doc.offsetAt(range.start), open.doc.offsetAt(range.end));
    const edits: TextEdit[] = [];
    for (const block of blocks) {
      let formatted: string;
      try {
        formatted = format(block.text, { layout, ...(width ? { width } : {}) });
      } catch {
        continue; // a block with syntax errors is left as it is (its diagnostics say why)
      }
      if (formatted !== block.text)
        edits.push({
          range: { start: open.doc.positionAt(block.start), end: open.doc.positionAt(block.end) },
          newText: written(block, formatted),
        });
    }
    return edits;
  }

  connection.onDocumentFormatting(
    guard('formatting', [] as TextEdit[], (params) =>
      formatBlocks(params.textDocument.uri, undefined),
    ),
  );
  connection.onDocumentRangeFormatting(
    guard('rangeFormatting', [] as TextEdit[], (params) =>
      formatBlocks(params.textDocument.uri, params.range),
    ),
  );

  /** The document range of the block's code units `[from, to)`. */
  function rangeIn(doc: TextDocument, block: Block, from: number, to: number): Range {
    return {
      start: doc.positionAt(documentOffset(block, from)),
      end: doc.positionAt(documentOffset(block, to)),
    };
  }

  connection.onDocumentHighlight(
    guard('documentHighlight', null, (params): DocumentHighlight[] | null => {
      const open = documents.get(params.textDocument.uri);
      if (!open) return null;
      const offset = open.doc.offsetAt(params.position);
      const block = blockAt(blocksOf(open), offset);
      if (!block || block.text.length > DEFAULT_LIMITS.maxLength) return null;
      const tree = parse(block.text).ast;
      const name = fieldNameAt(tree, blockOffset(block, offset));
      if (!name) return null;
      return fieldNames(tree)
        .filter((n) => n.value === name.value)
        .map((n) => ({ range: rangeIn(open.doc, block, n.span.start, n.span.end), kind: 1 }));
    }),
  );

  /** The field name under the cursor, with its block; undefined anywhere else. */
  function fieldUnder(uri: string, position: Range['start']) {
    const open = documents.get(uri);
    if (!open) return undefined;
    const offset = open.doc.offsetAt(position);
    const block = blockAt(blocksOf(open), offset);
    if (!block || block.text.length > DEFAULT_LIMITS.maxLength) return undefined;
    const name = fieldNameAt(parse(block.text).ast, blockOffset(block, offset));
    return name ? { open, block, name } : undefined;
  }

  connection.onPrepareRename(
    guard('prepareRename', null, (params) => {
      const found = fieldUnder(params.textDocument.uri, params.position);
      if (!found) return null; // only a field name can be renamed
      const { open, block, name } = found;
      return {
        range: rangeIn(open.doc, block, name.span.start, name.span.end),
        placeholder: name.value,
      };
    }),
  );

  /** The edits renaming field `from` to `to` in every query of one document. */
  function renameIn(doc: TextDocument, blocks: readonly Block[], from: string, to: string) {
    const edits: TextEdit[] = [];
    for (const block of blocks) {
      if (block.text.length > DEFAULT_LIMITS.maxLength) continue;
      for (const e of renameEdits(block.text, from, to))
        edits.push({ range: rangeIn(doc, block, e.start, e.end), newText: written(block, e.text) });
    }
    return edits;
  }

  /**
   * A field renamed in every query of its project: the document, the other open documents
   * under the same mdq.config.json, and the project's query files on disk that are not open
   * (`Projects.filesOf`). A document without a config is a project of its own.
   */
  connection.onRenameRequest(
    guard('rename', null, async (params): Promise<WorkspaceEdit | null> => {
      const uri = params.textDocument.uri;
      const found = fieldUnder(uri, params.position);
      if (!found || params.newName.trim() === '') return null;
      const { open, name } = found;
      const changes: Record<string, TextEdit[]> = {
        [uri]: renameIn(open.doc, blocksOf(open), name.value, params.newName),
      };
      const project = await projectOf(uri);
      if (project.configPath !== undefined) {
        for (const [other, document] of documents) {
          if (other === uri || (await projectOf(other)).configPath !== project.configPath) continue;
          const edits = renameIn(document.doc, blocksOf(document), name.value, params.newName);
          if (edits.length > 0) changes[other] = edits;
        }
        const source = await projectSource();
        for (const file of (await source.filesOf?.(project)) ?? []) {
          if (documents.has(file.uri)) continue;
          const json = isSavedSearches(file.uri);
          const doc = TextDocument.create(file.uri, json ? 'mdq-json' : 'mdq', 0, file.text);
          const blocks = json ? jsonQueryBlocks(file.text) : splitBlocks(file.text);
          const edits = renameIn(doc, blocks, name.value, params.newName);
          if (edits.length > 0) changes[file.uri] = edits;
        }
      }
      return { changes };
    }),
  );

  connection.onCodeAction(
    guard('codeAction', [] as CodeAction[], async (params: CodeActionParams) => {
      const uri = params.textDocument.uri;
      const open = documents.get(uri);
      if (!open) return [];
      const project = await projectOf(uri);
      const only = params.context.only;
      const wants = (kind: string) =>
        !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
      const actions: CodeAction[] = [];
      // Each fix is a quickfix or a refactor.rewrite by its Fix.kind (toLspCodeActions).
      if (wants('quickfix') || wants('refactor.rewrite')) {
        const from = open.doc.offsetAt(params.range.start);
        const to = open.doc.offsetAt(params.range.end);
        const near = new Set(blocksIn(blocksOf(open), from, to));
        for (const { block, list } of diagnosticsOf(open, project)) {
          if (!near.has(block)) continue;
          for (const d of list) {
            if (!d.fixes?.length) continue;
            for (const action of toLspCodeActions(block.text, d, uri)) {
              const moved = intoDocument(action, block, open.doc) as CodeAction;
              if (
                wants(action.kind) &&
                moved.diagnostics?.some((x) => overlaps(x.range, params.range))
              )
                actions.push(moved);
            }
          }
        }
      }
      if (wants(SOURCE_FIX_ALL)) {
        const severities = severitiesOf(project);
        const edits: TextEdit[] = [];
        for (const block of blocksOf(open)) {
          const fixed = fixQuery(block.text, {
            ...(project.schema ? { schema: project.schema } : {}),
            severities,
          });
          if (fixed.text !== block.text)
            edits.push({
              range: {
                start: open.doc.positionAt(block.start),
                end: open.doc.positionAt(block.end),
              },
              newText: written(block, fixed.text),
            });
        }
        if (edits.length > 0)
          actions.push({
            title: 'Fix all safe problems',
            kind: SOURCE_FIX_ALL,
            edit: { changes: { [uri]: edits } },
          });
      }
      return actions;
    }),
  );

  connection.onShutdown(() => {
    projects?.dispose();
  });

  return {
    dispose() {
      projects?.dispose();
    },
  };
}
