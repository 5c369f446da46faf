/**
 * Highlighting from mdq's own tokens, as view decorations.
 *
 * Why decorations and not a `StreamLanguage`: a stream parser tokenises line by
 * line with a state it must carry across lines, while mdq's tokens depend on the
 * whole query (a lower-case `and` is an operator only next to a bracket comparison;
 * `[First Name]` and phrases may span lines). `highlight(text)` already gives
 * exact spans for the whole text in linear time, and queries are short, so the
 * plugin re-reads the query on each change and marks the spans. Each mark carries
 * the class the editor's highlight style gives the matching `@lezer/highlight` tag
 * (so themes colour mdq like any language) and a stable `cm-mdq-<class>` class.
 */
import { RangeSetBuilder, type EditorState } from '@codemirror/state';
import { Decoration, ViewPlugin, type EditorView, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { highlightingFor } from '@codemirror/language';
import { tags, type Tag } from '@lezer/highlight';
import { configOf } from './options.js';

/** The highlight tag of each token class; `text` (a plain word) stays unstyled by the theme. */
export const TOKEN_TAGS: { readonly [cls: string]: readonly Tag[] } = {
  field: [tags.propertyName],
  operator: [tags.operator],
  keyword: [tags.logicOperator, tags.keyword],
  string: [tags.string],
  number: [tags.number],
  date: [tags.special(tags.string)],
  wildcard: [tags.special(tags.variableName)],
  regex: [tags.regexp],
  escape: [tags.escape],
  error: [tags.invalid],
  punctuation: [tags.punctuation],
  text: [],
};

const marks = new Map<string, Decoration>();

function markFor(state: EditorState, cls: string): Decoration {
  const themed = TOKEN_TAGS[cls] ? highlightingFor(state, TOKEN_TAGS[cls]!) : null;
  const className = themed ? `cm-mdq-${cls} ${themed}` : `cm-mdq-${cls}`;
  let mark = marks.get(className);
  if (mark === undefined) {
    mark = Decoration.mark({ class: className });
    marks.set(className, mark);
  }
  return mark;
}

/** The decorations for the whole query. Tokens out of order or out of bounds are skipped, never thrown on. */
export function highlightDecorations(state: EditorState): DecorationSet {
  const text = state.doc.toString();
  const builder = new RangeSetBuilder<Decoration>();
  let last = 0;
  for (const token of configOf(state).services.highlight(text)) {
    if (token.start < last || token.end <= token.start || token.end > text.length) continue;
    builder.add(token.start, token.end, markFor(state, token.class));
    last = token.end;
  }
  return builder.finish();
}

export const highlighting = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = highlightDecorations(view.state);
    }
    update(update: ViewUpdate): void {
      // A reconfiguration may bring another highlight style or other services.
      if (update.docChanged || update.transactions.some((tr) => tr.reconfigured)) {
        this.decorations = highlightDecorations(update.state);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
