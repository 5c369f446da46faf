/**
 * Completion and hover in the shapes of Monaco's `CompletionItemProvider` and
 * `HoverProvider`: plain objects with Monaco's enum numbers, no dependency on Monaco.
 * Ranges are 1-based lines and columns.
 */
import { lineColumn } from '../../language/position.js';
import type { CompletionItemKind, CompletionResult, Hover } from '../types.js';
import { snippetOf } from './snippet.js';

/** monaco.languages.CompletionItemKind numbers. */
const MONACO_KINDS: { readonly [K in CompletionItemKind]: number } = {
  field: 3,
  operator: 11,
  value: 13,
  keyword: 17,
  snippet: 27,
};
/** monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet */
const INSERT_AS_SNIPPET = 4;

export interface MonacoRange {
  readonly startLineNumber: number;
  readonly startColumn: number;
  readonly endLineNumber: number;
  readonly endColumn: number;
}

export interface MonacoCompletionItem {
  readonly label: string;
  readonly kind: number;
  readonly insertText: string;
  readonly insertTextRules?: number;
  readonly range: MonacoRange;
  readonly detail?: string;
  readonly documentation?: { readonly value: string };
  readonly sortText: string;
  readonly filterText: string;
  /** `[1]` (deprecated) for inactive fields. */
  readonly tags?: readonly 1[];
}

export function monacoRange(text: string, from: number, to: number): MonacoRange {
  const start = lineColumn(text, from);
  const end = lineColumn(text, to);
  return {
    startLineNumber: start.line,
    startColumn: start.column,
    endLineNumber: end.line,
    endColumn: end.column,
  };
}

/** What `provideCompletionItems` returns: `{ suggestions }`. */
export function toMonacoCompletions(
  text: string,
  result: CompletionResult,
): { readonly suggestions: readonly MonacoCompletionItem[]; readonly incomplete: boolean } {
  const range = monacoRange(text, result.from, result.to);
  const typed = text.slice(result.from, result.to);
  return {
    incomplete: true,
    suggestions: result.items.map((item) => {
      const snippet = snippetOf(item);
      return {
        label: item.label,
        kind: MONACO_KINDS[item.kind],
        insertText: snippet ?? item.insert,
        ...(snippet !== undefined ? { insertTextRules: INSERT_AS_SNIPPET } : {}),
        range,
        ...(item.detail !== undefined ? { detail: item.detail } : {}),
        ...(item.documentation !== undefined
          ? { documentation: { value: item.documentation } }
          : {}),
        sortText: item.sortText,
        // Every item already matched what is typed (typos too): let Monaco keep them all.
        filterText: typed === '' ? item.label : typed,
        ...(item.inactive ? { tags: [1 as const] } : {}),
      };
    }),
  };
}

/** What `provideHover` returns. */
export function toMonacoHover(
  text: string,
  hover: Hover | null,
): {
  readonly range: MonacoRange;
  readonly contents: readonly { readonly value: string }[];
} | null {
  if (hover === null) return null;
  return { range: monacoRange(text, hover.from, hover.to), contents: [{ value: hover.contents }] };
}
