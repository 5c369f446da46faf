/**
 * Hover tooltips from the engine: a field's type and values, an operator's meaning,
 * how a value is read. The pointer shows them on hover; the keyboard shows the one
 * for the token at the cursor with `hoverKey` (`Mod-k Mod-i` by default: VS Code's and
 * Monaco's "Show Hover", the convention people know from editors; CodeMirror has none
 * of its own), and Escape, an edit or a cursor move closes it.
 */
import { StateEffect, StateField, type EditorState } from '@codemirror/state';
import {
  EditorView,
  hoverTooltip,
  showTooltip,
  type Command,
  type Tooltip,
} from '@codemirror/view';
import type { Hover } from 'mdq/completion';
import { plainMarkdown, renderMarkdown } from './markdown.js';
import { configOf } from './options.js';

function hoverAt(state: EditorState, pos: number): Hover | null {
  const config = configOf(state);
  let hover: Hover | null;
  try {
    hover = config.services.hover(state.doc.toString(), pos, { schema: config.schema });
  } catch {
    return null; // a schema that cannot be read: the lint marks say so
  }
  return hover === null || hover.contents.trim() === '' ? null : hover;
}

function tooltipOf(hover: Hover, pos: number, length: number): Tooltip {
  const from = Math.max(0, Math.min(hover.from, pos));
  const to = Math.min(length, Math.max(hover.to, pos));
  return {
    pos: from,
    end: to,
    above: true,
    create: (v) => {
      const dom = renderMarkdown(v.dom.ownerDocument, hover.contents);
      dom.classList.add('cm-mdq-hover');
      return { dom };
    },
  };
}

export function queryHover(view: EditorView, pos: number): Tooltip | null {
  const hover = hoverAt(view.state, pos);
  return hover === null ? null : tooltipOf(hover, pos, view.state.doc.length);
}

export const hover = hoverTooltip(queryHover);

const setKeyboardHover = StateEffect.define<Tooltip | null>();

/** The tooltip the keyboard opened, if any: gone on the next edit or cursor move. */
export const keyboardHover = StateField.define<Tooltip | null>({
  create: () => null,
  update(tooltip, tr) {
    for (const effect of tr.effects) if (effect.is(setKeyboardHover)) return effect.value;
    return tr.docChanged || tr.selection !== undefined ? null : tooltip;
  },
  provide: (field) => showTooltip.from(field),
});

/** Markdown as a screen reader should hear it: without the marks, a sentence a line. */
function plain(markdown: string): string {
  return plainMarkdown(markdown)
    .split('\n')
    .map((line) => (/[.:!?]$/.test(line) ? line : `${line}.`))
    .join(' ');
}

/**
 * Shows the hover of the token at the cursor (or just before it: the cursor usually
 * sits after what was typed), and reads it out to screen readers. The key is taken
 * even where there is nothing to show, which is said too.
 */
export const showHover: Command = (view) => {
  const state = view.state;
  const head = state.selection.main.head;
  let hover = hoverAt(state, head);
  let pos = head;
  if (hover === null && head > 0) hover = hoverAt(state, (pos = head - 1));
  view.dispatch({
    effects: [
      setKeyboardHover.of(hover === null ? null : tooltipOf(hover, pos, state.doc.length)),
      EditorView.announce.of(
        hover === null ? 'Nothing to describe at the cursor.' : plain(hover.contents),
      ),
    ],
  });
  return true;
};

/** Escape: closes the tooltip the keyboard opened; otherwise leaves the key to others. */
export const closeHover: Command = (view) => {
  if (view.state.field(keyboardHover, false) == null) return false;
  view.dispatch({ effects: setKeyboardHover.of(null) });
  return true;
};
