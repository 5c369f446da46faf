/**
 * Completion, hover and semantic tokens as the Language Server Protocol wants them:
 * plain objects (no dependency on any LSP library), positions in zero-based lines
 * and UTF-16 characters, as the checker's LSP adapter writes them.
 */
import { lspRange, type LspRange } from '../../checker/adapters/lsp.js';
import { lineColumn } from '../../language/position.js';
import type {
  CompletionItemKind,
  CompletionResult,
  Hover,
  SemanticToken,
  SemanticTokenClass,
} from '../types.js';
import { snippetOf } from './snippet.js';

/** LSP's CompletionItemKind numbers. */
const LSP_KINDS: { readonly [K in CompletionItemKind]: number } = {
  field: 5,
  value: 12,
  keyword: 14,
  snippet: 15,
  operator: 24,
};

export interface LspCompletionItem {
  readonly label: string;
  readonly kind: number;
  readonly detail?: string;
  readonly documentation?: { readonly kind: 'markdown'; readonly value: string };
  readonly sortText: string;
  /** The label, so clients filter on what the list shows. */
  readonly filterText: string;
  /** 1: plain text, 2: snippet. */
  readonly insertTextFormat: 1 | 2;
  readonly textEdit: { readonly range: LspRange; readonly newText: string };
  /** `[1]` (deprecated) for inactive fields. */
  readonly tags?: readonly 1[];
}

export interface LspCompletionList {
  /** True: the server ranks on every keystroke (typos included), so clients ask again. */
  readonly isIncomplete: boolean;
  readonly items: readonly LspCompletionItem[];
}

export function toLspCompletionList(text: string, result: CompletionResult): LspCompletionList {
  const range = lspRange(text, { start: result.from, end: result.to });
  return {
    isIncomplete: true,
    items: result.items.map((item) => {
      const snippet = snippetOf(item);
      return {
        label: item.label,
        kind: LSP_KINDS[item.kind],
        ...(item.detail !== undefined ? { detail: item.detail } : {}),
        ...(item.documentation !== undefined
          ? { documentation: { kind: 'markdown' as const, value: item.documentation } }
          : {}),
        sortText: item.sortText,
        filterText: result.context.prefix === '' ? item.label : filterText(text, result),
        insertTextFormat: snippet === undefined ? 1 : 2,
        textEdit: { range, newText: snippet ?? item.insert },
        ...(item.inactive ? { tags: [1 as const] } : {}),
      };
    }),
  };
}

/** The replaced text itself: clients filter items by it, and every item here already matched it. */
function filterText(text: string, result: CompletionResult): string {
  return text.slice(result.from, result.to);
}

export interface LspHover {
  readonly contents: { readonly kind: 'markdown'; readonly value: string };
  readonly range: LspRange;
}

export function toLspHover(text: string, hover: Hover | null): LspHover | null {
  if (hover === null) return null;
  return {
    contents: { kind: 'markdown', value: hover.contents },
    range: lspRange(text, { start: hover.from, end: hover.to }),
  };
}

/** The token types of `toLspSemanticTokens`, in legend order (LSP's standard names where one fits). */
export const LSP_SEMANTIC_TOKEN_TYPES: readonly string[] = [
  'property',
  'operator',
  'keyword',
  'string',
  'number',
  'date',
  'wildcard',
  'regexp',
  'escape',
  'error',
  'punctuation',
  'text',
];

const TOKEN_TYPE_INDEX: { readonly [C in SemanticTokenClass]: number } = {
  field: 0,
  operator: 1,
  keyword: 2,
  string: 3,
  number: 4,
  date: 5,
  wildcard: 6,
  regex: 7,
  escape: 8,
  error: 9,
  punctuation: 10,
  text: 11,
};

/**
 * Semantic tokens in LSP's relative encoding (`data`: delta line, delta start, length,
 * type, modifiers, five numbers a token), against the legend `LSP_SEMANTIC_TOKEN_TYPES`.
 * A token across a line break is split at it.
 */
export function toLspSemanticTokens(
  text: string,
  tokens: readonly SemanticToken[],
): { readonly data: number[] } {
  const data: number[] = [];
  let lastLine = 0;
  let lastChar = 0;
  // The first line break at or after `from` (-1: none), looked for again only once passed: one search per line, not one
  // to the end of the text per token (a long line of many tokens was quadratic: 1 MB of `a ` took 3.5 s).
  let from = 0;
  let newline = text.indexOf('\n');
  for (const token of tokens) {
    let start = token.start;
    while (start < token.end) {
      if (start < from || (newline !== -1 && newline < start)) {
        from = start;
        newline = text.indexOf('\n', start);
      }
      const end = newline >= 0 && newline < token.end ? newline : token.end;
      if (end > start) {
        const { line, column } = lineColumn(text, start);
        const l = line - 1;
        const c = column - 1;
        data.push(
          l - lastLine,
          l === lastLine ? c - lastChar : c,
          end - start,
          TOKEN_TYPE_INDEX[token.class],
          0,
        );
        lastLine = l;
        lastChar = c;
      }
      start = end + 1;
    }
  }
  return { data };
}
