/**
 * Semantic tokens for any editor to colour: every token of the query with a class
 * (field, operator, keyword, string, number, date, wildcard, regex, escape, error,
 * punctuation, text), sorted and non-overlapping. The tokens say where words are; the
 * recovering parse says what they are (a lower-case `and` is an operator only next
 * to a bracket comparison, `eq` only after a bracket name, a word before `:` a field).
 *
 * The query is read in segments: its clauses, cut where a clause has clearly ended and
 * another clearly starts (`a AND b`, `a b`, outside quotes and ranges), and the clauses
 * inside a group that is a clause of its own (`f:(a OR b)`, `NOT (a b) c`), at any depth;
 * the parentheses, connectives and field names between segments are glue with classes
 * of their own. Each segment is parsed alone, so an editor can colour the segments it
 * shows and keep the others' tokens while the user types (see `highlightSegments`). On a
 * query that parses without errors this changes nothing (a property holds it to one parse
 * of the whole); on a broken one an error stays within its clause.
 */
import type { Node, Span } from '../language/ast.js';
import { closesLookAlike, opensLookAlike } from '../checker/look-alike-quotes.js';
import { closedBy } from '../language/escape.js';
import { isSpaceCode } from '../language/tokens.js';
import { isPlainDate } from '../schema/dates.js';
import { parse, parseIfClean } from '../language/parse.js';
import { visit } from '../language/visitor.js';
import { isHighSurrogate, isLowSurrogate } from './complete.js';
import { isWordLike, Kind, lex, type Lexed } from './lexed.js';
import type { SemanticToken, SemanticTokenClass } from './types.js';

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** The class of a plain value as written: a date, a number, or text. */
function valueClass(value: string): SemanticTokenClass {
  if (
    isPlainDate(value) ||
    /^\d{4}-\d{2}(?:-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)?$/.test(
      value,
    )
  )
    return 'date';
  return NUMBER.test(value) ? 'number' : 'text';
}

/** A word in quote marks that only look like `"` (`“New`, `York”`, `‘Tim’`): an error, not a string (StraightQuotes). */
function lookAlikeQuoted(value: string): boolean {
  return opensLookAlike(value) || closesLookAlike(value);
}

/** What the tree says about the token starting at each offset (`clean`: the text's tree when it has no diagnostic). */
function rolesOf(
  text: string,
  clean?: Node,
): { roles: Map<number, SemanticTokenClass>; errors: Set<number> } {
  const roles = new Map<number, SemanticTokenClass>();
  const { ast, diagnostics } = clean === undefined ? parse(text) : { ast: clean, diagnostics: [] };
  /** A value's class at its start, and past a sign the lexer reads as a token of its own (`a:<-10`, `eq -5`). */
  const roleOfValue = (span: Span, cls: SemanticTokenClass) => {
    roles.set(span.start, cls);
    const sign = text.charCodeAt(span.start);
    if ((sign === 43 /* + */ || sign === 45) /* - */ && span.end - span.start > 1)
      roles.set(span.start + 1, cls);
  };
  visit(ast, {
    enter(node: Node) {
      switch (node.kind) {
        case 'FieldName':
          roles.set(node.span.start, 'field');
          break;
        case 'Exists':
          roles.set(node.span.start, 'keyword');
          break;
        case 'Term':
          roleOfValue(node.span, lookAlikeQuoted(node.value) ? 'error' : valueClass(node.value));
          break;
        case 'RangeBound':
          roles.set(
            node.span.start,
            node.value === null
              ? 'wildcard'
              : node.raw.startsWith('"')
                ? 'string'
                : valueClass(node.value),
          );
          break;
        case 'Wildcard':
          roles.set(node.span.start, 'wildcard');
          break;
        case 'MatchAll':
          // `*:*` is two stars: both are the match-all.
          roles.set(node.span.start, 'wildcard');
          roles.set(node.span.end - 1, 'wildcard');
          break;
        case 'NumberValue':
          roleOfValue(node.span, 'number');
          break;
        case 'Phrase':
          roles.set(node.span.start, 'string');
          break;
        case 'StringValue':
          // A comparison's value written without quotes is a StringValue too: `eq \u201cBerlin\u201d` is no string.
          roles.set(
            node.span.start,
            text[node.span.start] !== '"' && lookAlikeQuoted(node.value) ? 'error' : 'string',
          );
          break;
        default:
          break;
      }
    },
  });
  const errors = new Set<number>();
  for (const d of diagnostics) {
    if (
      d.code === 'unmatched-paren' ||
      d.code === 'unexpected-token' ||
      d.code === 'unexpected-character' ||
      d.code === 'invalid-escape'
    )
      errors.add(d.span.start);
  }
  return { roles, errors };
}

/** The class of the token at `i`, given what the tree says. */
function tokenClass(
  lexed: Lexed,
  i: number,
  roles: Map<number, SemanticTokenClass>,
): SemanticTokenClass {
  const kind = lexed.kinds[i]! as Kind;
  const start = lexed.starts[i]!;
  switch (kind) {
    case Kind.And:
    case Kind.Or:
    case Kind.Not:
    case Kind.AndSymbol:
    case Kind.OrSymbol:
    case Kind.Bang:
    case Kind.Plus:
    case Kind.Minus:
    case Kind.RelationOperator:
    case Kind.Tilde:
    case Kind.Caret:
      return 'operator';
    case Kind.LowerAnd:
    case Kind.LowerOr:
    case Kind.LowerNot:
    case Kind.ComparisonWord:
      // An operator unless the tree holds it as a word or a field name.
      return roles.get(start) ?? 'operator';
    case Kind.Word:
      return roles.get(start) ?? 'text';
    case Kind.RangeWord:
      return roles.get(start) ?? valueClass(lexed.text.slice(start, lexed.ends[i]!));
    case Kind.RangeTo:
      return 'keyword';
    case Kind.Quoted:
      return 'string';
    case Kind.Regex:
      return 'regex';
    case Kind.StrayCloser:
      return 'error';
    case Kind.LParen:
    case Kind.RParen:
    case Kind.RangeRParen:
    case Kind.Colon:
    case Kind.RangeStart:
    case Kind.RangeExclusiveStart:
    case Kind.RangeEnd:
    case Kind.RangeExclusiveEnd:
    case Kind.BracketField:
      return 'punctuation';
  }
}

/** A token the sink may still widen: its own until `tokens` is handed out. */
interface OpenToken {
  start: number;
  end: number;
  class: SemanticTokenClass;
}

/**
 * Tokens in order, a token touching the one before in the same class merged into it. One
 * object per token, widened in place (not replaced): a query of a million characters makes
 * half a million tokens, and the collector's work grows with every object allocated.
 */
class TokenSink {
  readonly tokens: OpenToken[] = [];

  push(start: number, end: number, cls: SemanticTokenClass): void {
    if (end <= start) return;
    const last = this.tokens[this.tokens.length - 1];
    if (last !== undefined && last.end === start && last.class === cls) last.end = end;
    else this.tokens.push({ start, end, class: cls });
  }

  /** `text[start, end)` in class `cls`, with each backslash escape in it as an `escape` token. */
  pushWithEscapes(text: string, start: number, end: number, cls: SemanticTokenClass): void {
    let runStart = start;
    for (let i = start; i < end; i++) {
      if (text.charCodeAt(i) !== 92 /* \ */) continue;
      this.push(runStart, i, cls);
      let width = i + 1 < end ? 2 : 1;
      if (text[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)) && i + 6 <= end)
        width = 6;
      // An escaped character beyond the BMP is two code units: a mark must not split it.
      else if (
        width === 2 &&
        i + 2 < end &&
        isHighSurrogate(text.charCodeAt(i + 1)) &&
        isLowSurrogate(text.charCodeAt(i + 2))
      )
        width = 3;
      this.push(i, i + width, width === 1 ? 'error' : 'escape');
      i += width - 1;
      runStart = i + 1;
    }
    this.push(runStart, end, cls);
  }
}

/** Kinds that can end a clause: what follows a cut may start a new one. */
function endsClause(kind: Kind): boolean {
  return (
    kind === Kind.Word ||
    kind === Kind.Quoted ||
    kind === Kind.Regex ||
    kind === Kind.RParen ||
    kind === Kind.RangeEnd ||
    kind === Kind.RangeExclusiveEnd
  );
}

/** Kinds that start a clause on their own (never a continuation such as `:`, `~`, `eq` or a lower-case `and`). */
function beginsClause(kind: Kind): boolean {
  return (
    kind === Kind.Word ||
    kind === Kind.Quoted ||
    kind === Kind.Regex ||
    kind === Kind.LParen ||
    kind === Kind.BracketField ||
    kind === Kind.Not ||
    kind === Kind.Bang ||
    kind === Kind.Plus ||
    kind === Kind.Minus
  );
}

function isConnective(kind: Kind): boolean {
  return kind === Kind.And || kind === Kind.Or || kind === Kind.AndSymbol || kind === Kind.OrSymbol;
}

/** Nothing but whitespace, if anything, between `from` and `to`. */
function blankBetween(text: string, from: number, to: number): boolean {
  return from >= to || onlySpaceBetween(text, from, to);
}

/** Only whitespace between `from` and `to` (the lexer leaves characters it rejects uncovered too). */
function onlySpaceBetween(text: string, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let k = from; k < to; k++) if (!isSpaceCode(text.charCodeAt(k))) return false;
  return true;
}

/** Where a group's frame stands, read token by token from the start of a segment: `NOT -f:(` (states of `highlightSegments`). */
const enum Frame {
  /** Prefix operators so far, or nothing: a `(` here opens a group that may be cut inside. */
  Prefix,
  /** A field name, with its `:` next. */
  Name,
  /** `name:`: a `(` here opens a field group that may be cut inside. */
  Colon,
  /** Anything else: the segment is not a frame. */
  None,
}

/** The frame state after token `k` (see `Frame`). */
function nextFrame(lexed: Lexed, k: number, frame: Frame): Frame {
  const kind = lexed.kinds[k]! as Kind;
  if (frame === Frame.Prefix) {
    if (kind === Kind.Not) return Frame.Prefix;
    // `-`, `+` and `!` only when attached: a detached one is an error the parse reports.
    if (
      (kind === Kind.Minus || kind === Kind.Plus || kind === Kind.Bang) &&
      k + 1 < lexed.count &&
      lexed.starts[k + 1] === lexed.ends[k]
    )
      return Frame.Prefix;
    // `_exists_:(` is an error (a name must follow it), not a field group.
    if (
      kind === Kind.Word &&
      k + 1 < lexed.count &&
      lexed.kinds[k + 1] === Kind.Colon &&
      !spellsExists(lexed.text, lexed.starts[k]!, lexed.ends[k]!)
    )
      return Frame.Name;
    return Frame.None;
  }
  return frame === Frame.Name ? Frame.Colon : Frame.None;
}

function spellsExists(text: string, start: number, end: number): boolean {
  return end - start === 8 && text.startsWith('_exists_', start);
}

/**
 * Where `highlight` cuts `text`: the segments (`[start, end)` pairs in `bounds`, in
 * order) that are highlighted alone, and between two of them (and before the first,
 * after the last) glue: a connective (`AND`, `OR`, `&&`, `||`) with whitespace around it,
 * and the frames of groups cut inside (`(`, `)`, prefix operators and a field name
 * before `(`: `NOT f:(`), whose tokens `highlightGlue` gives.
 *
 * A cut lies outside quotes and ranges, after a token that can end a clause and before
 * one that starts a clause, between clauses of the query or of a group that is itself
 * cut inside. A group is cut inside when it is a clause of its own between two cuts
 * (`(a OR b) AND c`, `x f:(a OR b)`), with nothing but prefix operators and a field name
 * before it and nothing after its `)`, and its `)` is its own (balanced, not after an
 * open range). Anything less certain stays inside a segment. Each token is read a bounded
 * number of times: linear however deep the groups nest.
 */
export function highlightSegments(text: string): Uint32Array {
  if (typeof text !== 'string' || text.length === 0) return new Uint32Array(0);
  const lexed = lex(text);
  const { kinds, starts, ends, count } = lexed;
  // The `)` that closes each `(` (by token index), or -1: the parser's own matching, a `)` closes the innermost open group.
  const closer = new Int32Array(count).fill(-1);
  const opened = new Int32Array(count);
  let open = 0;
  for (let i = 0; i < count; i++) {
    if (kinds[i] === Kind.LParen) opened[open++] = i;
    else if ((kinds[i] === Kind.RParen || kinds[i] === Kind.RangeRParen) && open > 0)
      closer[opened[--open]!] = i;
  }
  // The `)` of each group being cut inside, outermost first; the region read now ends at the last (the query at `count`).
  const regions: number[] = [];
  let regionEnd = count;
  const bounds: number[] = [0];
  let inSegment = true;
  let frame = Frame.Prefix;
  let inRange = false;
  /** A cut before token `i` (whitespace: 1, a connective with the next clause at `i + 1`: 2), or 0; `i` is in the region. */
  const cutBefore = (i: number): number => {
    if (!endsClause(kinds[i - 1]! as Kind) || !onlySpaceBetween(text, ends[i - 1]!, starts[i]!))
      return 0;
    const kind = kinds[i]! as Kind;
    if (beginsClause(kind)) return 1;
    if (
      isConnective(kind) &&
      i + 1 < regionEnd &&
      beginsClause(kinds[i + 1]! as Kind) &&
      onlySpaceBetween(text, ends[i]!, starts[i + 1]!)
    )
      return 2;
    return 0;
  };
  for (let i = 0; i < count; i++) {
    const kind = kinds[i]! as Kind;
    if (i === regionEnd) {
      // The `)` of a group cut inside: glue, and the region around it goes on.
      if (inSegment) bounds.push(starts[i]!);
      inSegment = false;
      frame = Frame.None;
      regions.pop();
      regionEnd = regions.length > 0 ? regions[regions.length - 1]! : count;
      continue;
    }
    if (i > 0 && !inRange) {
      const cut = cutBefore(i);
      if (cut !== 0) {
        if (inSegment) bounds.push(starts[i]!);
        bounds.push(cut === 1 ? starts[i]! : ends[i]!);
        inSegment = true;
        frame = Frame.Prefix;
        if (cut === 2) continue; // the connective is glue; the next token starts the clause
      }
    }
    if (kind === Kind.RangeStart || kind === Kind.RangeExclusiveStart) inRange = true;
    else if (kind === Kind.RangeEnd || kind === Kind.RangeExclusiveEnd || kind === Kind.RangeRParen)
      inRange = false;
    if (kind === Kind.LParen) {
      const close = closer[i]!;
      if (close < 0) break; // never closed: the rest of the query is in it
      if (inSegment && (frame === Frame.Prefix || frame === Frame.Colon) && cutInside(i, close)) {
        // The segment so far (the frame) becomes glue; the group's inside starts a segment.
        bounds.pop();
        bounds.push(ends[i]!);
        regions.push(close);
        regionEnd = close;
        frame = Frame.Prefix;
        continue;
      }
      i = close; // read whole, within the segment
      frame = Frame.None;
      continue;
    }
    frame = nextFrame(lexed, i, frame);
  }
  if (inSegment) bounds.push(text.length);
  return Uint32Array.from(bounds);

  /** Whether the group `(` at `open` ... `)` at `close` is cut inside (see above). */
  function cutInside(openAt: number, close: number): boolean {
    if (kinds[close] !== Kind.RParen || close === openAt + 1) return false;
    if (close + 1 === regionEnd)
      return blankBetween(
        text,
        ends[close]!,
        regionEnd === count ? text.length : starts[regionEnd]!,
      );
    return close + 1 < count && cutBefore(close + 1) !== 0;
  }
}

/** Semantic tokens of `text`, sorted and non-overlapping; whitespace is not covered. Read segment by segment (above). */
export function highlight(text: string): readonly SemanticToken[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  // A query without errors gives the same tokens read whole or by segments (a property holds it): one parse then.
  const clean = parseIfClean(text);
  return clean !== undefined ? highlightWhole(text, clean) : highlightBySegments(text);
}

/**
 * The tokens of `text` from its segments, each parsed alone, and the glue between them:
 * what an editor that keeps each segment's tokens shows (src/codemirror/highlighting.ts).
 */
export function highlightBySegments(text: string): readonly SemanticToken[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const bounds = highlightSegments(text);
  if (bounds.length === 2 && bounds[0] === 0 && bounds[1] === text.length)
    return highlightWhole(text);
  // One sink for all: where glue touches a segment (`((` `[A] eq 1` ... `])`), one parse of the whole gives one token.
  const sink = new TokenSink();
  const pushAll = (tokens: readonly SemanticToken[], offset: number) => {
    for (const token of tokens) sink.push(token.start + offset, token.end + offset, token.class);
  };
  let at = 0;
  for (let s = 0; s < bounds.length; s += 2) {
    const start = bounds[s]!;
    if (at < start) pushAll(highlightGlue(text.slice(at, start)), at);
    pushAll(highlightWhole(text.slice(start, bounds[s + 1]!)), start);
    at = bounds[s + 1]!;
  }
  if (at < text.length) pushAll(highlightGlue(text.slice(at)), at);
  return sink.tokens;
}

const NO_ROLES = /* @__PURE__ */ new Map<number, SemanticTokenClass>();

/**
 * The tokens of glue between segments (`highlightSegments`): a connective or a prefix
 * operator is an operator, a parenthesis or `:` punctuation, a word (before `:(`) a field.
 */
export function highlightGlue(text: string): readonly SemanticToken[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const lexed = lex(text);
  const sink = new TokenSink();
  let covered = 0;
  for (let i = 0; i < lexed.count; i++) {
    const start = lexed.starts[i]!;
    for (let k = covered; k < start; k++)
      if (!isSpaceCode(text.charCodeAt(k))) sink.push(k, k + 1, 'error');
    covered = lexed.ends[i]!;
    if (lexed.kinds[i] === Kind.Word) sink.pushWithEscapes(text, start, covered, 'field');
    else sink.push(start, covered, tokenClass(lexed, i, NO_ROLES));
  }
  for (let k = covered; k < text.length; k++)
    if (!isSpaceCode(text.charCodeAt(k))) sink.push(k, k + 1, 'error');
  return sink.tokens;
}

/** The tokens of `text` read as one: one parse of the whole text (`clean`: its tree, when it has no diagnostic). */
export function highlightWhole(text: string, clean?: Node): readonly SemanticToken[] {
  if (text.length === 0) return [];
  const { roles, errors } = rolesOf(text, clean);
  const lexed = lex(text);
  const sink = new TokenSink();
  let covered = 0;
  for (let i = 0; i < lexed.count; i++) {
    const start = lexed.starts[i]!;
    const end = lexed.ends[i]!;
    // Characters the lexer skipped as errors.
    for (let k = covered; k < start; k++)
      if (!isSpaceCode(text.charCodeAt(k))) sink.push(k, k + 1, 'error');
    covered = end;
    const kind = lexed.kinds[i]! as Kind;
    if (
      errors.has(start) &&
      !isWordLike(kind) &&
      kind !== Kind.Quoted &&
      kind !== Kind.BracketField
    ) {
      sink.push(start, end, 'error');
      continue;
    }
    if (kind === Kind.BracketField) {
      const raw = text.slice(start, end);
      const closed = closedBy(raw, ']');
      sink.push(start, start + 1, 'punctuation');
      sink.pushWithEscapes(text, start + 1, closed ? end - 1 : end, 'field');
      if (closed) sink.push(end - 1, end, 'punctuation');
      continue;
    }
    const cls = tokenClass(lexed, i, roles);
    if (cls === 'regex' || cls === 'punctuation' || cls === 'operator') sink.push(start, end, cls);
    else sink.pushWithEscapes(text, start, end, cls);
  }
  for (let k = covered; k < text.length; k++)
    if (!isSpaceCode(text.charCodeAt(k))) sink.push(k, k + 1, 'error');
  return sink.tokens;
}
