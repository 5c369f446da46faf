/** Commands: format the query, submit it. */
import type { Command } from '@codemirror/view';
import { format } from 'mdq';
import { configOf } from './options.js';

/**
 * Replaces the query with its canonical text (one line in single-line mode,
 * multi-line otherwise). A query with syntax errors is left alone: the command
 * returns false, and the lint marks say what to fix first.
 */
export const formatQuery: Command = (view) => {
  const config = configOf(view.state);
  const text = view.state.doc.toString();
  let formatted: string;
  try {
    formatted = format(text, config.format);
  } catch {
    return false;
  }
  if (formatted === text) return true;
  const head = view.state.selection.main.head;
  view.dispatch({
    changes: { from: 0, to: text.length, insert: formatted },
    selection: {
      anchor: head === text.length ? formatted.length : Math.min(head, formatted.length),
    },
    userEvent: 'format',
    scrollIntoView: true,
  });
  return true;
};

/** Hands the query to `onSubmit`. True (the key is handled) when there is a handler. */
export const submitQuery: Command = (view) => {
  const { onSubmit } = configOf(view.state);
  if (onSubmit === undefined) return false;
  onSubmit(view.state.doc.toString(), view);
  return true;
};
