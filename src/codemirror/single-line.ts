/**
 * The search-box mode: Enter submits instead of inserting a newline (Enter with the
 * completion list open accepts the item, because the completion keymap runs first),
 * and newlines that arrive anyway (a paste, a multi-line fix) become spaces.
 */
import { EditorState, Prec, type Extension, type TransactionSpec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { submitQuery } from './commands.js';

const joinLines = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || tr.newDoc.lines === 1) return tr;
  const text = tr.newDoc.toString();
  const changes: { from: number; to: number; insert: string }[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) changes.push({ from: i, to: i + 1, insert: ' ' });
  return [tr, { changes, sequential: true } satisfies TransactionSpec];
});

export const singleLine: Extension = [
  joinLines,
  // The submit key is handled even without `onSubmit`, so Enter never breaks the line.
  Prec.high(keymap.of([{ key: 'Enter', run: (view) => submitQuery(view) || true }])),
  EditorView.contentAttributes.of({ 'aria-multiline': 'false' }),
  EditorView.theme({ '.cm-content': { whiteSpace: 'pre' }, '.cm-scroller': { overflowX: 'auto', overflowY: 'hidden' } }),
];
