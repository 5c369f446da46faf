/**
 * The completion list as the server sends it: small, because its bytes are most of what a
 * completion costs over stdio (a 500-field schema answers 100 items; the work in mdq is well
 * under a millisecond, the transport of 24 KB is not). Each item's documentation waits for
 * `completionItem/resolve`; the defaults the protocol already has are left out (plain-text
 * insertion); and, when the client takes list defaults (LSP 3.17 `itemDefaults.editRange`, as
 * VS Code does), the range every item replaces is sent once for the list.
 */
import type {
  CompletionItem,
  CompletionItemKind,
  CompletionList,
  Range,
} from 'vscode-languageserver';
import type { LspCompletionItem, LspCompletionList } from '../completion/index.js';

export interface SentCompletionList {
  readonly list: CompletionList;
  /** Each item's documentation by label, for `completionItem/resolve`. */
  readonly docs: Map<string, string>;
}

function sameRange(a: Range, b: Range): boolean {
  return (
    a.start.line === b.start.line &&
    a.start.character === b.start.character &&
    a.end.line === b.end.line &&
    a.end.character === b.end.character
  );
}

/** `list` as sent: `editRangeDefault` when the client declared `itemDefaults` with `editRange`. */
export function sentCompletionList(
  list: LspCompletionList,
  editRangeDefault: boolean,
): SentCompletionList {
  const docs = new Map<string, string>();
  const range = list.items[0]?.textEdit.range;
  const shared = editRangeDefault && range !== undefined;
  const items = list.items.map((item: LspCompletionItem): CompletionItem => {
    const { documentation, insertTextFormat, textEdit, kind, tags, ...rest } = item;
    if (documentation) docs.set(item.label, documentation.value);
    const sent: CompletionItem = { ...rest, kind: kind as CompletionItemKind };
    if (tags) sent.tags = [...tags];
    if (insertTextFormat !== 1) sent.insertTextFormat = insertTextFormat;
    if (shared && sameRange(textEdit.range, range)) {
      if (textEdit.newText !== item.label) sent.textEditText = textEdit.newText;
    } else {
      sent.textEdit = textEdit;
    }
    return sent;
  });
  return {
    list: {
      isIncomplete: list.isIncomplete,
      ...(shared ? { itemDefaults: { editRange: range } } : {}),
      items,
    },
    docs,
  };
}

/** Whether the client takes `itemDefaults.editRange` (LSP 3.17). */
export function takesEditRangeDefault(capabilities: {
  textDocument?: { completion?: { completionList?: { itemDefaults?: string[] } } };
}): boolean {
  return (
    capabilities.textDocument?.completion?.completionList?.itemDefaults?.includes('editRange') ===
    true
  );
}
