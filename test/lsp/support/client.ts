/**
 * A language client over the real stdio transport: `mdq lsp --stdio` spawned as a child
 * process (through tsx, so no build is needed), spoken to with vscode-jsonrpc's client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { exampleSchemas } from '../../../src/examples/index.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface Published {
  readonly uri: string;
  readonly version?: number;
  readonly diagnostics: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    code: string;
    severity: number;
    message: string;
  }[];
}

export interface Session {
  readonly connection: MessageConnection;
  readonly child: ChildProcess;
  readonly dir: string;
  readonly stderr: () => string;
  readonly logs: string[];
  /** The diagnostics published for `uri` once `predicate` holds. */
  nextDiagnostics(uri: string, predicate?: (p: Published) => boolean): Promise<Published>;
  uri(name: string): string;
  open(name: string, text: string, languageId?: string): string;
  close(): Promise<number | null>;
}

/** A project folder: mdq.config.json naming the example tenant's schemas, plus `files`. */
export function project(files: Record<string, string> = {}, config?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'mdq-lsp-'));
  writeFileSync(join(dir, 'schemas.json'), JSON.stringify(exampleSchemas));
  writeFileSync(
    join(dir, 'mdq.config.json'),
    JSON.stringify(config ?? { schemas: ['schemas.json'] }),
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

export interface StartOptions {
  /** Announce pull diagnostics (textDocument/diagnostic); push otherwise. */
  readonly pull?: boolean;
  readonly dir?: string;
  readonly settings?: unknown;
  readonly env?: Record<string, string>;
  /** Announce completion list defaults (LSP 3.17 `itemDefaults`, as VS Code does). */
  readonly itemDefaults?: boolean;
}

export async function start(options: StartOptions = {}): Promise<Session> {
  const dir = options.dir ?? project();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src', 'cli', 'main.ts'), 'lsp', '--stdio'],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  const logs: string[] = [];
  const published: Published[] = [];
  const waiters: {
    uri: string;
    predicate: (p: Published) => boolean;
    resolve: (p: Published) => void;
  }[] = [];
  connection.onNotification(
    'window/logMessage',
    (p: { message: string }) => void logs.push(p.message),
  );
  connection.onNotification('textDocument/publishDiagnostics', (p: Published) => {
    published.push(p);
    for (const w of [...waiters])
      if (w.uri === p.uri && w.predicate(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
  });
  connection.onRequest('workspace/configuration', () => [options.settings ?? null]);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/diagnostic/refresh', () => null);
  connection.onRequest('workspace/semanticTokens/refresh', () => null);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {
      workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: false } },
      textDocument: {
        synchronization: { dynamicRegistration: false },
        completion: {
          completionItem: { snippetSupport: true },
          ...(options.itemDefaults ? { completionList: { itemDefaults: ['editRange'] } } : {}),
        },
        rename: { prepareSupport: true },
        ...(options.pull ? { diagnostic: { dynamicRegistration: false } } : {}),
      },
    },
  });
  connection.sendNotification('initialized', {});
  const uri = (name: string) => pathToFileURL(join(dir, name)).href;
  return {
    connection,
    child,
    dir,
    logs,
    stderr: () => stderr,
    uri,
    nextDiagnostics(target, predicate = () => true) {
      const seen = published.findLast((p) => p.uri === target);
      if (seen && predicate(seen)) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ uri: target, predicate, resolve }));
    },
    open(name, text, languageId = 'mdq') {
      const target = uri(name);
      connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: target, languageId, version: 1, text },
      });
      return target;
    },
    async close() {
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}
