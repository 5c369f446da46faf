/**
 * Semantic tokens for any editor to colour: every token of the query with a class
 * (field, operator, keyword, string, number, date, wildcard, regex, escape, error,
 * punctuation, text), sorted and non-overlapping. The tokens say where words are; the
 * recovering parse says what they are (a lower-case `and` is an operator only next
 * to a bracket comparison, `eq` only after a bracket name, a word before `:` a field).
 *
 * The query is read in segments: the top-level clauses, cut where a clause has clearly
 * ended and another clearly starts (`a AND b`, `a b`, outside parentheses, quotes and
 * ranges). Each segment is parsed alone, so an editor can colour the segments it shows
 * and keep the others' tokens while the user types (see `highlightSegments`). On a query
 * that parses without errors this changes nothing (a property holds it to one parse of
 * the whole); on a broken one an error stays within its clause.
 */
import type { Node, Span } from '../language/ast.js';
import { closedBy } from '../language/escape.js';
import { isSpaceCode } from '../language/tokens.js';
import { isPlainDate } from '../schema/dates.js';
import { parse } from '../language/parse.js';
import { visit } from '../language/visitor.js';
import { isHighSurrogate, isLowSurrogate } from './complete.js';
import { isWordLike, Kind, lex, type Lexed } from './lexed.js';
import type { SemanticToken, SemanticTokenClass } from './types.js';

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** The class of a plain value as written: a date, a number, or text. */
function valueClass(value: string): SemanticTokenClass {
  if (isPlainDate(value) || /^\d{4}-\d{2}(?:-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)?$/.test(value)) return 'date';
  return NUMBER.test(value) ? 'number' : 'text';
}

/** What the tree says about the token starting at each offset. */
function rolesOf(text: string): { roles: Map<number, SemanticTokenClass>; errors: Set<number> } {
  const roles = new Map<number, SemanticTokenClass>();
  const { ast, diagnostics } = parse(text);
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
          roles.set(node.span.start, valueClass(node.value));
          break;
        case 'RangeBound':
          roles.set(node.span.start, node.value === null ? 'wildcard' : node.raw.startsWith('"') ? 'string' : valueClass(node.value));
          break;
        case 'Wildcard':
        case 'MatchAll':
          roles.set(node.span.start, 'wildcard');
          break;
        case 'NumberValue':
          roles.set(node.span.start, 'number');
          break;
        case 'Phrase':
        case 'StringValue':
          roles.set(node.span.start, 'string');
          break;
        default:
          break;
      }
    },
  });
  const errors = new Set<number>();
  for (const d of diagnostics) {
    if (d.code === 'unmatched-paren' || d.code === 'unexpected-token' || d.code === 'unexpected-character' || d.code === 'invalid-escape') errors.add(d.span.start);
  }
  return { roles, errors };
}

/** The class of the token at `i`, given what the tree says. */
function tokenClass(lexed: Lexed, i: number, roles: Map<number, SemanticTokenClass>): SemanticTokenClass {
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

class TokenSink {
  readonly tokens: SemanticToken[] = [];

  push(start: number, end: number, cls: SemanticTokenClass): void {
    if (end <= start) return;
    const last = this.tokens[this.tokens.length - 1];
    if (last !== undefined && last.end === start && last.class === cls) {
      this.tokens[this.tokens.length - 1] = { start: last.start, end, class: cls };
    } else {
      this.tokens.push({ start, end, class: cls });
    }
  }

  /** `text[span]` in class `cls`, with each backslash escape in it as an `escape` token. */
  pushWithEscapes(text: string, span: Span, cls: SemanticTokenClass): void {
    let runStart = span.start;
    for (let i = span.start; i < span.end; i++) {
      if (text.charCodeAt(i) !== 92 /* \ */) continue;
      this.push(runStart, i, cls);
      let width = i + 1 < span.end ? 2 : 1;
      if (text[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)) && i + 6 <= span.end) width = 6;
      // An escaped character beyond the BMP is two code units: a mark must not split it.
      else if (width === 2 && i + 2 < span.end && isHighSurrogate(text.charCodeAt(i + 1)) && isLowSurrogate(text.charCodeAt(i + 2))) width = 3;
      this.push(i, i + width, width === 1 ? 'error' : 'escape');
      i += width - 1;
      runStart = i + 1;
    }
    this.push(runStart, span.end, cls);
  }
}

/** Kinds that can end a clause: what follows a cut may start a new one. */
function endsClause(kind: Kind): boolean {
  return kind === Kind.Word || kind === Kind.Quoted || kind === Kind.Regex || kind === Kind.RParen || kind === Kind.RangeEnd || kind === Kind.RangeExclusiveEnd;
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

/** Only whitespace between `from` and `to` (the lexer leaves characters it rejects uncovered too). */
function onlySpaceBetween(text: string, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let k = from; k < to; k++) if (!isSpaceCode(text.charCodeAt(k))) return false;
  return true;
}

/**
 * Where `highlight` cuts `text`: the segments (`[start, end)` pairs in `bounds`, in
 * order) that are highlighted alone, and between two of them either whitespace or one
 * connective (`AND`, `OR`, `&&`, `||`) with whitespace around it, which is an operator.
 * A cut lies outside parentheses, quotes and ranges, after a token that can end a clause
 * and before one that starts a clause; anything less certain stays inside a segment.
 * One pass over the tokens.
 */
export function highlightSegments(text: string): Uint32Array {
  if (typeof text !== 'string' || text.length === 0) return new Uint32Array(0);
  const lexed = lex(text);
  const bounds: number[] = [0];
  let depth = 0;
  for (let i = 1; i < lexed.count; i++) {
    const kind = lexed.kinds[i]! as Kind;
    const previous = lexed.kinds[i - 1]! as Kind;
    // The scanner's own measure of nesting: a range closed by `)` closes a parenthesis too.
    if (previous === Kind.LParen) depth++;
    else if ((previous === Kind.RParen || previous === Kind.RangeRParen) && depth > 0) depth--;
    if (depth > 0 || !endsClause(previous) || !onlySpaceBetween(text, lexed.ends[i - 1]!, lexed.starts[i]!)) continue;
    if (beginsClause(kind)) {
      bounds.push(lexed.starts[i]!, lexed.starts[i]!);
    } else if (isConnective(kind) && i + 1 < lexed.count && beginsClause(lexed.kinds[i + 1]! as Kind) && onlySpaceBetween(text, lexed.ends[i]!, lexed.starts[i + 1]!)) {
      bounds.push(lexed.starts[i]!, lexed.ends[i]!);
      i++; // the token after the connective starts the next segment; it cannot be a cut itself
    }
  }
  bounds.push(text.length);
  return Uint32Array.from(bounds);
}

/** Semantic tokens of `text`, sorted and non-overlapping; whitespace is not covered. Read segment by segment (above). */
export function highlight(text: string): readonly SemanticToken[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const bounds = highlightSegments(text);
  if (bounds.length === 2) return highlightWhole(text);
  const tokens: SemanticToken[] = [];
  for (let s = 0; s < bounds.length; s += 2) {
    const start = bounds[s]!;
    if (s > 0 && bounds[s - 1]! < start) tokens.push({ start: bounds[s - 1]!, end: start, class: 'operator' });
    for (const token of highlightWhole(text.slice(start, bounds[s + 1]!))) tokens.push({ start: token.start + start, end: token.end + start, class: token.class });
  }
  return tokens;
}

/** The tokens of `text` read as one: one parse of the whole text. */
export function highlightWhole(text: string): readonly SemanticToken[] {
  if (text.length === 0) return [];
  const { roles, errors } = rolesOf(text);
  const lexed = lex(text);
  const sink = new TokenSink();
  let covered = 0;
  for (let i = 0; i < lexed.count; i++) {
    const start = lexed.starts[i]!;
    const end = lexed.ends[i]!;
    // Characters the lexer skipped as errors.
    for (let k = covered; k < start; k++) if (!isSpaceCode(text.charCodeAt(k))) sink.push(k, k + 1, 'error');
    covered = end;
    const kind = lexed.kinds[i]! as Kind;
    if (errors.has(start) && !isWordLike(kind) && kind !== Kind.Quoted && kind !== Kind.BracketField) {
      sink.push(start, end, 'error');
      continue;
    }
    if (kind === Kind.BracketField) {
      const raw = text.slice(start, end);
      const closed = closedBy(raw, ']');
      sink.push(start, start + 1, 'punctuation');
      sink.pushWithEscapes(text, { start: start + 1, end: closed ? end - 1 : end }, 'field');
      if (closed) sink.push(end - 1, end, 'punctuation');
      continue;
    }
    const cls = tokenClass(lexed, i, roles);
    if (cls === 'regex' || cls === 'punctuation' || cls === 'operator') sink.push(start, end, cls);
    else sink.pushWithEscapes(text, { start, end }, cls);
  }
  for (let k = covered; k < text.length; k++) if (!isSpaceCode(text.charCodeAt(k))) sink.push(k, k + 1, 'error');
  return sink.tokens;
}
