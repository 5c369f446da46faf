/**
 * Highlighting from mdq's own tokens, as view decorations, for the part of the query
 * the editor shows.
 *
 * Why decorations and not a `StreamLanguage`: a stream parser tokenises line by
 * line with a state it must carry across lines, while mdq's tokens depend on the
 * query around them (a lower-case `and` is an operator only next to a bracket
 * comparison; `[First Name]` and phrases may span lines). What they depend on stops at
 * a clause, though, of the query or of a group that stands as a clause of its own (an id
 * list `_dataObjectId:(C1 OR C2 OR ...)`): `highlight` reads the query in segments that
 * parse alone, with glue between them (connectives, and the parentheses and field name
 * of such groups; `highlightSegments`, `highlightGlue`). So on each change the plugin
 * finds the segments (one scan of the tokens), highlights only those in the visible
 * ranges, and keeps each segment's tokens by its text until the next update: typing
 * re-reads the clause being typed, not the query nor the group. Each mark carries the class the editor's highlight style gives the
 * matching `@lezer/highlight` tag (so themes colour mdq like any language) and a stable
 * `cm-mdq-<class>` class.
 */
import { RangeSetBuilder, type EditorState, type Text } from '@codemirror/state';
import { highlightGlue, highlightSegments, type SemanticToken } from 'mdq/completion';
import {
  Decoration,
  ViewPlugin,
  type EditorView,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';
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
 * Tokens in document order, merged as one parse of the whole merges them: where glue
 * touches a segment (`((`, `])`), two tokens of one class that touch are one. A token is
 * kept when it overlaps `[from, to)`.
 */
class MergedTokens {
  private start = -1;
  private end = -1;
  private cls = '';
  from = 0;
  to = 0;

  constructor(private readonly add: (from: number, to: number, cls: string) => void) {}

  /** Whether a token starting at `at` still matters: it is in range, or may extend the last one kept. */
  wants(at: number): boolean {
    return at < this.to || (this.start >= 0 && this.start < this.to && this.end === at);
  }

  push(start: number, end: number, cls: string): void {
    if (end <= start || start < this.end) return;
    if (start === this.end && cls === this.cls) {
      this.end = end;
      return;
    }
    this.flush();
    this.start = start;
    this.end = end;
    this.cls = cls;
  }

  flush(): void {
    if (this.start >= 0 && this.end > this.from && this.start < this.to)
      this.add(this.start, this.end, this.cls);
    this.start = this.end = -1;
  }
}

/**
 * The tokens of a query's segments, kept by segment text from one call to the next:
 * a segment the last call met and this one meets again is not highlighted again. The
 * glue between segments (connectives, the parentheses and field name of a group cut
 * inside) is mdq's own (`highlightGlue`), a few characters each, read where it shows.
 */
export class SegmentHighlighter {
  private kept = new Map<string, readonly SemanticToken[]>();
  private met = new Map<string, readonly SemanticToken[]>();
  /** The last document's text and cuts: scrolling (a new viewport, the same text) reads neither again. */
  private doc: Text | undefined;
  private text = '';
  private bounds: ReturnType<typeof highlightSegments> = new Uint32Array(0);

  /**
   * The decorations of the tokens that overlap `ranges` (sorted, as `view.visibleRanges`).
   * Only segments that overlap them are read (and a neighbour whose last token may touch
   * glue in view). Tokens out of order or out of their segment are skipped, never thrown on.
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
    this.met = new Map();
    const builder = new RangeSetBuilder<Decoration>();
    let last = 0;
    const merged = new MergedTokens((from, to, cls) => {
      if (from < last) return;
      builder.add(from, to, markFor(state, cls));
      last = to;
    });
    const tokensOf = (s: number) => {
      const segment = text.slice(bounds[2 * s], bounds[2 * s + 1]);
      let tokens = this.met.get(segment) ?? this.kept.get(segment);
      if (tokens === undefined) tokens = highlight(segment);
      this.met.set(segment, tokens);
      return tokens;
    };
    /** Segment `s`'s tokens from the first that ends after `from` (one earlier, which may touch it). */
    const pushSegment = (s: number, from: number) => {
      const start = bounds[2 * s]!;
      const end = bounds[2 * s + 1]!;
      const tokens = tokensOf(s);
      for (
        let t = Math.max(0, firstEndingAfter(tokens, from - start) - 1);
        t < tokens.length;
        t++
      ) {
        const token = tokens[t]!;
        if (!merged.wants(token.start + start)) break;
        if (token.start >= 0 && token.end <= end - start)
          merged.push(token.start + start, token.end + start, token.class);
      }
    };
    const pushGlue = (from: number, to: number) => {
      for (const token of highlightGlue(text.slice(from, to)))
        merged.push(token.start + from, token.end + from, token.class);
    };
    for (const { from, to } of ranges) {
      merged.from = from;
      merged.to = to;
      // The first segment that ends after `from` (or none: only glue after the last).
      let lo = 0;
      let hi = segments;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (bounds[2 * mid + 1]! <= from) lo = mid + 1;
        else hi = mid;
      }
      // Glue that starts where the segment before ends may merge with its last token.
      if (
        lo > 0 &&
        bounds[2 * lo - 1]! < (lo < segments ? bounds[2 * lo]! : text.length) &&
        touches(text, bounds[2 * lo - 1]!)
      ) {
        pushSegment(lo - 1, bounds[2 * lo - 1]! - 1);
      }
      for (let s = lo; s <= segments; s++) {
        const glueFrom = s === 0 ? 0 : bounds[2 * s - 1]!;
        const glueTo = s === segments ? text.length : bounds[2 * s]!;
        if (!merged.wants(glueFrom)) break;
        if (glueFrom < glueTo) pushGlue(glueFrom, glueTo);
        if (s === segments || !merged.wants(glueTo)) break;
        pushSegment(s, from);
      }
      merged.flush();
    }
    this.kept = this.met;
    return builder.finish();
  }

  /** Drops the kept tokens (other services may be configured now). */
  forget(): void {
    this.kept = new Map();
  }
}

/** Whether the character before `at` may end a token that touches one at `at`. */
function touches(text: string, at: number): boolean {
  return at > 0 && !/\s/.test(text[at - 1]!);
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

export const highlighting = ViewPlugin.fromClass(VisibleHighlighting, {
  decorations: (plugin) => plugin.decorations,
});
