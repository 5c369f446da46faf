/** Hover tooltips from the engine: a field's type and values, an operator's meaning, how a value is read. */
import { hoverTooltip, type EditorView, type Tooltip } from '@codemirror/view';
import { renderMarkdown } from './markdown.js';
import { configOf } from './options.js';

export function queryHover(view: EditorView, pos: number): Tooltip | null {
  const config = configOf(view.state);
  const text = view.state.doc.toString();
  const hover = config.services.hover(text, pos, { schema: config.schema });
  if (hover === null || hover.contents.trim() === '') return null;
  const from = Math.max(0, Math.min(hover.from, pos));
  const to = Math.min(text.length, Math.max(hover.to, pos));
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

export const hover = hoverTooltip(queryHover);
