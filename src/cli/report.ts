/**
 * Compiler-style diagnostic output shared by every command:
 *
 *   query:1:7: error unclosed-paren: missing ')' to close '(' at 1:7
 *     (a OR b
 *     ^
 *
 * Output stays proportional to the query, as compilers keep it: at most
 * `maxDiagnostics` per query ("... and N more"), and on a long line only a window
 * around the caret (`…` marks what is cut), so 16 000 `)` print a few kilobytes.
 */
import type { Diagnostic, Severity } from '../language/diagnostic.js';
import { lineAt, lineColumn } from '../index.js';
import { printable, printableInPlace } from './printable.js';

const COLORS: Readonly<Record<Severity, string>> = {
  error: '31',
  warning: '33',
  info: '36',
  hint: '90',
};

/** Diagnostics printed per query by default; `--json` gives them all. */
export const MAX_DIAGNOSTICS = 20;

/** What the commands ask `parse`, `check` and `fixQuery` for: every diagnostic (the report caps its own output, and counts them all). */
export const ALL_DIAGNOSTICS = { maxDiagnostics: Number.POSITIVE_INFINITY } as const;
/** Characters of a source line shown around the caret; longer lines are cut to this window. */
export const LINE_WINDOW = 100;
/** How much of the window lies before the caret when the line is cut. */
const CONTEXT_BEFORE = 30;
/** Messages quote the query; a quote longer than this is cut. */
const MAX_MESSAGE = 500;

function paint(text: string, code: string, color: boolean): string {
  return color ? `\u001b[${code}m${text}\u001b[0m` : text;
}

export interface ReportOptions {
  /** What the location is called: `query` by default, `query 3` for the third line of `--stdin`. */
  readonly name?: string;
  readonly color?: boolean;
  /** At most this many diagnostics are printed (default `MAX_DIAGNOSTICS`); a last line counts the rest. */
  readonly maxDiagnostics?: number;
  /** What the last line suggests for seeing them all, e.g. `use --json to see them all`. */
  readonly moreHint?: string;
}

/** Moves a cut off the second half of a surrogate pair, so no character is split. */
function cutAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return index > 0 && code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

/** The part of `text` around `column` (0-based) that is shown, and where the caret starts in it. */
export function lineWindow(
  text: string,
  column: number,
  width: number,
): { shown: string; caret: number; caretWidth: number } {
  if (text.length <= LINE_WINDOW)
    return {
      shown: text,
      caret: column,
      caretWidth: Math.max(1, Math.min(width, text.length - column)),
    };
  const from = cutAt(
    text,
    Math.max(0, Math.min(column - CONTEXT_BEFORE, text.length - LINE_WINDOW)),
  );
  const to = cutAt(text, Math.min(text.length, from + LINE_WINDOW));
  const head = from > 0 ? '…' : '';
  const shown = `${head}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
  const caret = head.length + column - from;
  return { shown, caret, caretWidth: Math.max(1, Math.min(width, to - column)) };
}

/** A message cut to `MAX_MESSAGE`, without the control characters of the query it may quote. */
function shorten(message: string): string {
  return printable(
    message.length <= MAX_MESSAGE ? message : `${message.slice(0, cutAt(message, MAX_MESSAGE))}…`,
  );
}

/** One diagnostic as `name:line:column: severity code: message`, the source line (or a window of it), and a caret under the span. */
export function formatDiagnostic(
  query: string,
  diagnostic: Diagnostic,
  options: ReportOptions = {},
): string {
  const name = options.name ?? 'query';
  const color = options.color ?? false;
  const { line, column } = lineColumn(query, diagnostic.span.start);
  const source = lineAt(query, diagnostic.span.start);
  const width = Math.max(
    1,
    Math.min(diagnostic.span.end, source.start + source.text.length) - diagnostic.span.start,
  );
  // A query read from a file may hold escape sequences: shown in place, they never reach the terminal.
  const window = lineWindow(source.text, column - 1, width);
  const { caret, caretWidth } = window;
  const shown = printableInPlace(window.shown);
  // Tabs in the source line keep the caret aligned.
  const pad = shown.slice(0, caret).replace(/[^\t]/g, ' ');
  const head = `${name}:${line}:${column}: ${paint(diagnostic.severity, COLORS[diagnostic.severity], color)} ${diagnostic.code}: ${shorten(diagnostic.message)}`;
  const lines = [
    head,
    `  ${shown}`,
    `  ${pad}${paint('^'.repeat(caretWidth), COLORS[diagnostic.severity], color)}`,
  ];
  for (const fix of diagnostic.fixes ?? []) lines.push(`  fix: ${shorten(fix.title)}`);
  return `${lines.join('\n')}\n`;
}

/** The diagnostics of one query, at most `maxDiagnostics` of them, then `... and N more`. */
export function formatDiagnostics(
  query: string,
  diagnostics: readonly Diagnostic[],
  options: ReportOptions = {},
): string {
  const max = options.maxDiagnostics ?? MAX_DIAGNOSTICS;
  const shown = diagnostics.slice(0, max).map((d) => formatDiagnostic(query, d, options));
  return (
    shown.join('') +
    moreLine(diagnostics.length - shown.length, ['diagnostic', 'diagnostics'], options)
  );
}

/** `... and 3 more diagnostics (use --json to see them all)`, or nothing when none is left. */
export function moreLine(
  left: number,
  [one, many]: readonly [string, string],
  options: Pick<ReportOptions, 'name' | 'moreHint'> = {},
): string {
  if (left <= 0) return '';
  const where = options.name === undefined || options.name === 'query' ? '' : ` in ${options.name}`;
  return `... and ${left} more ${left === 1 ? one : many}${where}${options.moreHint ? ` (${options.moreHint})` : ''}\n`;
}
