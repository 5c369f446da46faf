/**
 * Recent queries and saved searches as a completion source. Both replace the whole
 * query. They are offered when the box is empty, on Alt-ArrowDown (the combobox key
 * that opens the list), on Ctrl-Space, and while typing at the end of the query when
 * one starts with what is typed; filtered by what is typed (ignoring case), recent
 * first. The source comes first among the editor's sources (`Prec.highest`) and keeps
 * its own order (`filter: false`), so these items head the list.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { startCompletion } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import type { HistoryStorage, SavedSearch } from './types.js';

/** Most recent queries kept. */
export const HISTORY_LIMIT = 20;
/** Items of each kind offered while typing (all of them when asked for). */
const WHILE_TYPING = 5;

/** `queries` with `text` first, once, at most `limit` long. Blank texts change nothing. */
export function remember(
  queries: readonly string[],
  text: string,
  limit = HISTORY_LIMIT,
): readonly string[] {
  const query = text.trim();
  if (query === '') return queries;
  return [query, ...queries.filter((q) => q !== query)].slice(0, limit);
}

/** History in `localStorage` under `key` (nothing kept where storage is missing or refused, as in a private window). */
export function localStorageHistory(key = 'mdq-search-history'): HistoryStorage {
  const storage = (): Storage | undefined => {
    try {
      return globalThis.localStorage;
    } catch {
      return undefined;
    }
  };
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(storage()?.getItem(key) ?? '[]');
        return Array.isArray(parsed)
          ? parsed.filter((q): q is string => typeof q === 'string')
          : [];
      } catch {
        return [];
      }
    },
    save(queries) {
      try {
        storage()?.setItem(key, JSON.stringify(queries));
      } catch {
        // full or refused: the history is a convenience
      }
    },
  };
}

function replaceAll(query: string) {
  return (view: EditorView) => {
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: query },
      selection: { anchor: query.length },
      userEvent: 'input.complete',
      scrollIntoView: true,
    });
  };
}

export interface HistorySources {
  readonly recent: () => readonly string[];
  readonly saved: () => readonly SavedSearch[];
}

/** The completion source over `recent()` and `saved()`. */
export function historyCompletions(sources: HistorySources) {
  return (context: CompletionContext): CompletionResult | null => {
    const { state, pos, explicit } = context;
    const doc = state.doc.toString();
    const typed = doc.slice(0, pos).trim().toLowerCase();
    const atEnd = pos === doc.length;
    if (!explicit && typed !== '' && !atEnd) return null;
    const all = explicit || typed === '';
    const fits = (text: string) =>
      all ? text.toLowerCase().includes(typed) : text.toLowerCase().startsWith(typed);
    const recent = sources
      .recent()
      .filter((q) => q !== doc.trim() && fits(q))
      .slice(0, all ? HISTORY_LIMIT : WHILE_TYPING);
    const saved = sources
      .saved()
      .filter((s) => s.query !== doc.trim() && (fits(s.name) || fits(s.query)))
      .slice(0, all ? undefined : WHILE_TYPING);
    const options: Completion[] = [
      ...recent.map((q) => ({
        label: q,
        type: 'mdq-recent',
        detail: 'recent',
        apply: replaceAll(q),
      })),
      ...saved.map((s) => ({
        label: s.name,
        type: 'mdq-saved',
        detail: s.query,
        ...(s.description === undefined ? {} : { info: s.description }),
        apply: replaceAll(s.query),
      })),
    ];
    if (options.length === 0) return null;
    return { from: 0, to: doc.length, options, filter: false };
  };
}

/** Opens the list with the history and saved searches (Alt-ArrowDown). */
export function showHistory(view: EditorView): boolean {
  return startCompletion(view);
}
