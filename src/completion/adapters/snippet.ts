/** Items as snippet text (LSP and Monaco share the syntax): `$0` where the caret goes. */
import type { CompletionItem } from '../types.js';

/** Escapes `$`, `}` and `\` so snippet text inserts literally. */
function snippetLiteral(text: string): string {
  return text.replace(/[$}\\]/g, '\\$&');
}

/** The item's snippet, or one made from `insert` and `cursor`; undefined when plain text will do. */
export function snippetOf(item: CompletionItem): string | undefined {
  if (item.snippet !== undefined) return item.snippet;
  if (item.cursor === undefined || item.cursor >= item.insert.length) return undefined;
  return `${snippetLiteral(item.insert.slice(0, item.cursor))}$0${snippetLiteral(item.insert.slice(item.cursor))}`;
}
