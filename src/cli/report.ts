/**
 * Compiler-style diagnostic output shared by every command:
 *
 *   query:1:7: error unclosed-paren: missing ')' to close '(' at 1:7
 *     (a OR b
 *     ^
 */
import type { Diagnostic, Severity } from '../language/diagnostic.js';
import { lineAt, lineColumn } from '../language/position.js';

const COLORS: Readonly<Record<Severity, string>> = { error: '31', warning: '33', info: '36', hint: '90' };

function paint(text: string, code: string, color: boolean): string {
  return color ? `\u001b[${code}m${text}\u001b[0m` : text;
}

export interface ReportOptions {
  /** What the location is called: `query` by default, `query 3` for the third line of `--stdin`. */
  readonly name?: string;
  readonly color?: boolean;
}

/** One diagnostic as `name:line:column: severity code: message`, the source line, and a caret under the span. */
export function formatDiagnostic(query: string, diagnostic: Diagnostic, options: ReportOptions = {}): string {
  const name = options.name ?? 'query';
  const color = options.color ?? false;
  const { line, column } = lineColumn(query, diagnostic.span.start);
  const source = lineAt(query, diagnostic.span.start);
  const width = Math.max(1, Math.min(diagnostic.span.end, source.start + source.text.length) - diagnostic.span.start);
  // Tabs in the source line keep the caret aligned.
  const pad = source.text.slice(0, column - 1).replace(/[^\t]/g, ' ');
  const head = `${name}:${line}:${column}: ${paint(diagnostic.severity, COLORS[diagnostic.severity], color)} ${diagnostic.code}: ${diagnostic.message}`;
  const lines = [head, `  ${source.text}`, `  ${pad}${paint('^'.repeat(width), COLORS[diagnostic.severity], color)}`];
  for (const fix of diagnostic.fixes ?? []) lines.push(`  fix: ${fix.title}`);
  return `${lines.join('\n')}\n`;
}

export function formatDiagnostics(query: string, diagnostics: readonly Diagnostic[], options: ReportOptions = {}): string {
  return diagnostics.map((d) => formatDiagnostic(query, d, options)).join('');
}
