/**
 * The VS Code client: starts `mdq lsp --stdio` (the workspace's own mdq, else the one on the
 * PATH, or `mdq.server.command`) for `.mdq` files, passes the `mdq.*` settings, and tells the
 * server when an mdq.config.json changes.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ExtensionContext, workspace } from 'vscode';
import { LanguageClient, type ServerOptions, TransportKind } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

function serverCommand(): { command: string; args: string[] } {
  const configured = workspace.getConfiguration('mdq').get<string[]>('server.command') ?? [];
  if (configured.length > 0)
    return { command: configured[0]!, args: [...configured.slice(1), 'lsp'] };
  for (const folder of workspace.workspaceFolders ?? []) {
    const local = join(
      folder.uri.fsPath,
      'node_modules',
      '.bin',
      process.platform === 'win32' ? 'mdq.cmd' : 'mdq',
    );
    if (existsSync(local)) return { command: local, args: ['lsp'] };
  }
  return { command: 'mdq', args: ['lsp'] };
}

export async function activate(context: ExtensionContext): Promise<void> {
  const { command, args } = serverCommand();
  const server: ServerOptions = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient('mdq', 'mdq', server, {
    documentSelector: [{ language: 'mdq' }, { language: 'mdq-json' }],
    synchronize: {
      configurationSection: 'mdq',
      fileEvents: workspace.createFileSystemWatcher('**/{mdq.config.json,*.json,*.ts}'),
    },
  });
  context.subscriptions.push(client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
