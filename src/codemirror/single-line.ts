/**
 * The search-box mode: Enter submits instead of inserting a newline (with the
 * completion list open, Enter accepts the item), and newlines that arrive anyway
 * (a paste, a multi-line fix) become spaces.
 */
import { EditorState, Prec, type Extension, type TransactionSpec } from '@codemirror/state';
import { completionStatus } from '@codemirror/autocomplete';
import { EditorView, keymap, type Command } from '@codemirror/view';
import { submitQuery } from './commands.js';

/**
 * Enter: the completion keymap runs first and accepts the selected item. When the
 * list is open and did not accept (CodeMirror ignores Enter for `interactionDelay`
 * ms after the list changes), Enter does nothing rather than submit half a query.
 * The key is handled even without `onSubmit`, so it never breaks the line.
 */
const enter: Command = (view) => {
  if (completionStatus(view.state) !== null) return true;
  submitQuery(view);
  return true;
};

const joinLines = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || tr.newDoc.lines === 1) return tr;
  const text = tr.newDoc.toString();
  const changes: { from: number; to: number; insert: string }[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1))
    changes.push({ from: i, to: i + 1, insert: ' ' });
  return [tr, { changes, sequential: true } satisfies TransactionSpec];
});

export const singleLine: Extension = [
  joinLines,
  Prec.high(keymap.of([{ key: 'Enter', run: enter }])),
  EditorView.contentAttributes.of({ 'aria-multiline': 'false' }),
  EditorView.theme({
    '.cm-content': { whiteSpace: 'pre' },
    '.cm-scroller': { overflowX: 'auto', overflowY: 'hidden' },
  }),
];
