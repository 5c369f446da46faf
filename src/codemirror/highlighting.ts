/**
 * Highlighting from mdq's own tokens, as view decorations, for the part of the query
 * the editor shows.
 *
 * Why decorations and not a `StreamLanguage`: a stream parser tokenises line by
 * line with a state it must carry across lines, while mdq's tokens depend on the
 * query around them (a lower-case `and` is an operator only next to a bracket
 * comparison; `[First Name]` and phrases may span lines). What they depend on stops at
 * a top-level clause, though: `highlight` reads the query in segments that parse alone
 * (`highlightSegments`). So on each change the plugin finds the segments (one scan of
 * the tokens), highlights only those in the visible ranges, and keeps each segment's
 * tokens by its text until the next update: typing re-reads the clause being typed, not
 * the query. Each mark carries the class the editor's highlight style gives the
 * matching `@lezer/highlight` tag (so themes colour mdq like any language) and a stable
 * `cm-mdq-<class>` class.
 */
import { RangeSetBuilder, type EditorState, type Text } from '@codemirror/state';
import { highlightSegments, type SemanticToken } from 'mdq';
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

interface Range {
  readonly from: number;
  readonly to: number;
}

/** Index of the first token in `tokens` (sorted) that ends after `offset`. */
function firstEndingAfter(tokens: readonly SemanticToken[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The tokens of a query's segments, kept by segment text from one call to the next:
 * a segment the last call met and this one meets again is not highlighted again.
 */
export class SegmentHighlighter {
  private kept = new Map<string, readonly SemanticToken[]>();
  /** The last document's text and cuts: scrolling (a new viewport, the same text) reads neither again. */
  private doc: Text | undefined;
  private text = '';
  private bounds: ReturnType<typeof highlightSegments> = new Uint32Array(0);

  /**
   * The decorations of the tokens that overlap `ranges` (sorted, as `view.visibleRanges`).
   * Only segments that overlap them are read. Tokens out of order or out of their
   * segment are skipped, never thrown on.
   */
  decorations(state: EditorState, ranges: readonly Range[]): DecorationSet {
    const highlight = configOf(state).services.highlight;
    if (this.doc !== state.doc) {
      this.doc = state.doc;
      this.text = state.doc.toString();
      this.bounds = highlightSegments(this.text);
    }
    const { text, bounds } = this;
    const segments = bounds.length >> 1;
    const met = new Map<string, readonly SemanticToken[]>();
    const builder = new RangeSetBuilder<Decoration>();
    let last = 0;
    const add = (from: number, to: number, cls: string) => {
      if (from < last || to <= from) return;
      builder.add(from, to, markFor(state, cls));
      last = to;
    };
    for (const { from, to } of ranges) {
      // The first segment that ends after `from` (the last one ends at the end of the text).
      let lo = 0;
      let hi = segments - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (bounds[2 * mid + 1]! <= from) lo = mid + 1;
        else hi = mid;
      }
      for (let s = lo; s < segments; s++) {
        const start = bounds[2 * s]!;
        const end = bounds[2 * s + 1]!;
        // The connective before a segment, AND or OR: an operator.
        if (s > 0 && bounds[2 * s - 1]! < start && start > from && bounds[2 * s - 1]! < to) add(bounds[2 * s - 1]!, start, 'operator');
        if (start >= to) break;
        const segment = text.slice(start, end);
        let tokens = met.get(segment) ?? this.kept.get(segment);
        if (tokens === undefined) tokens = highlight(segment);
        met.set(segment, tokens);
        for (let t = firstEndingAfter(tokens, from - start); t < tokens.length; t++) {
          const token = tokens[t]!;
          if (token.start + start >= to) break;
          if (token.end <= end - start) add(token.start + start, token.end + start, token.class);
        }
      }
    }
    this.kept = met;
    return builder.finish();
  }

  /** Drops the kept tokens (other services may be configured now). */
  forget(): void {
    this.kept = new Map();
  }
}

/** The decorations for the whole query (for tests and for editors that show it all). */
export function highlightDecorations(state: EditorState): DecorationSet {
  return new SegmentHighlighter().decorations(state, [{ from: 0, to: state.doc.length }]);
}

/** The plugin: the visible tokens, read again on a change of the text, the viewport or the configuration. */
class VisibleHighlighting {
  decorations: DecorationSet;
  readonly segments = new SegmentHighlighter();

  constructor(view: EditorView) {
    this.decorations = this.segments.decorations(view.state, view.visibleRanges);
  }

  update(update: ViewUpdate): void {
    // A reconfiguration may bring another highlight style or other services.
    const reconfigured = update.transactions.some((tr) => tr.reconfigured);
    if (reconfigured) this.segments.forget();
    if (update.docChanged || update.viewportChanged || reconfigured) {
      this.decorations = this.segments.decorations(update.state, update.view.visibleRanges);
    }
  }
}

export const highlighting = ViewPlugin.fromClass(VisibleHighlighting, { decorations: (plugin) => plugin.decorations });
