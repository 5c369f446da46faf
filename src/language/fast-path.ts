/**
 * The fast path of `parse`: a hand-written recursive descent over the same tokens,
 * for the common case of a well-formed query. It builds exactly the tree the
 * chevrotain parser (parser.ts, the reference) builds, spans and raw text included,
 * and gives up (`FAIL`) at the first thing that would need a diagnostic, leaving
 * every irregular query to the chevrotain parser and its error recovery.
 *
 * Why: chevrotain's generic machinery (rule stacks, lookahead closures, recovery
 * bookkeeping) costs most of the parse time on short queries; this path is several
 * times faster. test/language/fast-path.test.ts checks that the two agree on
 * generated and hand-picked inputs, and that the fast path really takes valid ones.
 */
import type { IToken, TokenType } from 'chevrotain';
import type { ComparisonOperator, Expr, FieldName, FieldValue, MatchAll, Relation, RelationOperator, Span } from './ast.js';
import { hasUnescapedWildcard, unescape, unescapeBracketName } from './escape.js';
import { endsWithComparison } from './comparison-edges.js';
import * as T from './tokens.js';

/** Returned when the query needs the chevrotain parser (it has, or may have, a diagnostic). */
export const FAIL: unique symbol = Symbol('FAIL');
type Fail = typeof FAIL;

const NUMBER = /^\d+(?:\.\d+)?$/;

/** Thrown inside the fast path to unwind to `fastParse`; never escapes it. */
class GiveUp {}
const giveUp = new GiveUp();

const WORDS: ReadonlySet<TokenType> = new Set([T.Word, T.LowerAnd, T.LowerOr, T.LowerNot, T.ComparisonWord]);
const CLAUSE_STARTS: ReadonlySet<TokenType> = new Set([...WORDS, T.Quoted, T.Regex, T.LParen, T.RangeStart, T.RangeExclusiveStart, T.BracketField]);
const PREFIXES: ReadonlySet<TokenType> = new Set([T.Not, T.Bang, T.Minus, T.Plus]);

function isEscapedAt(text: string, index: number): boolean {
  let count = 0;
  for (let i = index - 1; i >= 0 && text.charCodeAt(i) === 92; i--) count++;
  return count % 2 === 1;
}

function closedBy(raw: string, closer: string): boolean {
  return raw.length >= 2 && raw.endsWith(closer) && !isEscapedAt(raw, raw.length - 1);
}

class FastParser {
  private pos = 0;
  private lastLowerOperator: IToken | undefined;

  constructor(private readonly tokens: readonly IToken[]) {}

  parse(): Expr | null {
    if (this.tokens.length === 0) return null;
    const body = this.or();
    if (this.pos !== this.tokens.length) throw giveUp;
    return body;
  }

  private type(offset = 0): TokenType | undefined {
    return this.tokens[this.pos + offset]?.tokenType;
  }

  private spanOf(token: IToken): Span {
    return { start: token.startOffset, end: token.startOffset + token.image.length };
  }

  private comparisonAhead(from: number): boolean {
    for (let i = this.pos + from; i < this.tokens.length; i++) {
      const type = this.tokens[i]!.tokenType;
      if (type === T.BracketField) return true;
      if (type !== T.LParen && !PREFIXES.has(type) && type !== T.LowerNot) return false;
    }
    return false;
  }

  private lowerAndOrIsOperator(previous: Expr): boolean {
    return endsWithComparison(previous) || this.comparisonAhead(1);
  }

  private or(): Expr {
    const operands = [this.and()];
    for (;;) {
      const type = this.type();
      if (!(type === T.Or || type === T.OrSymbol || (type === T.LowerOr && this.lowerAndOrIsOperator(operands[operands.length - 1]!)))) break;
      if (type === T.LowerOr) this.lastLowerOperator = this.tokens[this.pos];
      this.pos++;
      if (!CLAUSE_STARTS.has(this.type()!) && !PREFIXES.has(this.type()!)) throw giveUp;
      operands.push(this.and());
    }
    if (operands.length === 1) return operands[0]!;
    return { kind: 'Or', operands, span: { start: operands[0]!.span.start, end: operands[operands.length - 1]!.span.end } };
  }

  private and(): Expr {
    const operands = [this.unary()];
    const explicit: boolean[] = [];
    for (;;) {
      const type = this.type();
      if (type === undefined) break;
      const last = operands[operands.length - 1]!;
      if (type === T.LowerOr && this.lowerAndOrIsOperator(last)) break;
      if (type === T.And || type === T.AndSymbol || (type === T.LowerAnd && this.lowerAndOrIsOperator(last))) {
        if (type === T.LowerAnd) this.lastLowerOperator = this.tokens[this.pos];
        this.pos++;
        if (!CLAUSE_STARTS.has(this.type()!) && !PREFIXES.has(this.type()!)) throw giveUp;
        explicit.push(true);
      } else if (CLAUSE_STARTS.has(type) || PREFIXES.has(type)) {
        explicit.push(false);
      } else {
        break;
      }
      operands.push(this.unary());
    }
    if (operands.length === 1) return operands[0]!;
    return { kind: 'And', operands, explicit, span: { start: operands[0]!.span.start, end: operands[operands.length - 1]!.span.end } };
  }

  private lowerNotIsOperator(): boolean {
    return (this.lastLowerOperator !== undefined && this.tokens[this.pos - 1] === this.lastLowerOperator) || this.comparisonAhead(1);
  }

  private unary(): Expr {
    const prefixes: IToken[] = [];
    for (;;) {
      const token = this.tokens[this.pos];
      if (token === undefined) break;
      const type = token.tokenType;
      if (!(PREFIXES.has(type) || (type === T.LowerNot && this.lowerNotIsOperator()))) break;
      // A detached `-`, `+` or `!` is reported by the reference parser.
      if (type !== T.Not && type !== T.LowerNot && this.tokens[this.pos + 1]?.startOffset !== token.startOffset + token.image.length) throw giveUp;
      prefixes.push(token);
      this.pos++;
    }
    if (!CLAUSE_STARTS.has(this.type()!)) throw giveUp;
    let node = this.clause();
    for (let i = prefixes.length - 1; i >= 0; i--) {
      const token = prefixes[i]!;
      const span = { start: token.startOffset, end: node.span.end };
      node = token.tokenType === T.Plus ? { kind: 'Required', operand: node, span } : { kind: 'Not', operator: token.tokenType === T.Minus ? '-' : 'NOT', operand: node, span };
    }
    return node;
  }

  private clause(): Expr {
    const type = this.type()!;
    let node: Expr;
    if (WORDS.has(type)) node = this.type(1) === T.Colon ? this.field() : this.termLike();
    else if (type === T.BracketField) node = this.comparison();
    else if (type === T.LParen) node = this.group();
    else if (type === T.RangeStart || type === T.RangeExclusiveStart) node = this.range();
    else node = this.termLike();
    if (this.type() !== T.Caret) return node;
    const caret = this.tokens[this.pos++]!;
    if (caret.image.length === 1) throw giveUp;
    if (this.type() === T.Tilde) {
      const tilde = this.tokens[this.pos++]!;
      if (node.kind === 'Field' && (node.value.kind === 'Term' || node.value.kind === 'Phrase')) {
        const value = this.withTilde(node.value, tilde) as FieldValue;
        node = { ...node, value, span: { start: node.span.start, end: value.span.end } };
      } else {
        node = this.withTilde(node, tilde);
      }
    }
    const end = Math.max(caret.startOffset + caret.image.length, node.span.end);
    return { kind: 'Boost', operand: node, value: Number(caret.image.slice(1)), span: { start: node.span.start, end } };
  }

  private withTilde(leaf: Expr, tilde: IToken): Expr {
    if (leaf.kind !== 'Term' && leaf.kind !== 'Phrase') throw giveUp;
    const number = tilde.image.slice(1);
    if (number !== '' && !NUMBER.test(number)) throw giveUp;
    const distance = number === '' ? null : Number(number);
    if (leaf.kind === 'Term' && distance !== null && distance >= 1 && !Number.isInteger(distance)) throw giveUp;
    const span = { start: leaf.span.start, end: tilde.startOffset + tilde.image.length };
    return leaf.kind === 'Term' ? { kind: 'Fuzzy', operand: leaf, distance, span } : { kind: 'Proximity', operand: leaf, distance, span };
  }

  private termLike(): Expr {
    const token = this.tokens[this.pos++]!;
    const type = token.tokenType;
    const leaf = type === T.Quoted ? this.phrase(token) : type === T.Regex ? this.regex(token) : WORDS.has(type) ? this.word(token) : undefined;
    if (leaf === undefined) throw giveUp;
    if (this.type() !== T.Tilde) return leaf;
    return this.withTilde(leaf, this.tokens[this.pos++]!);
  }

  private word(token: IToken): Expr {
    const raw = token.image;
    const span = this.spanOf(token);
    if (raw === '*') return { kind: 'MatchAll', span };
    if (hasUnescapedWildcard(raw)) {
      const { value, problems } = unescape(raw, true);
      if (problems.length > 0) throw giveUp;
      return { kind: 'Wildcard', raw, pattern: value, span };
    }
    const { value, problems } = unescape(raw);
    if (problems.length > 0) throw giveUp;
    return { kind: 'Term', raw, value, span };
  }

  private phrase(token: IToken): Expr & { kind: 'Phrase' } {
    const raw = token.image;
    if (!closedBy(raw, '"')) throw giveUp;
    const { value, problems } = unescape(raw.slice(1, -1));
    if (problems.length > 0) throw giveUp;
    return { kind: 'Phrase', raw, value, span: this.spanOf(token) };
  }

  private regex(token: IToken): Expr {
    const raw = token.image;
    if (!closedBy(raw, '/')) throw giveUp;
    return { kind: 'Regex', raw, pattern: raw.slice(1, -1), span: this.spanOf(token) };
  }

  private field(): Expr {
    const nameToken = this.tokens[this.pos]!;
    this.pos += 2;
    const type = this.type();
    let value: FieldValue | MatchAll;
    if (type === undefined) throw giveUp;
    if (WORDS.has(type) || type === T.Quoted || type === T.Regex) value = this.termLike() as FieldValue | MatchAll;
    else if (type === T.RangeStart || type === T.RangeExclusiveStart) value = this.range();
    else if (type === T.LParen) value = this.group() as FieldValue;
    else if (type === T.RelationOperator) value = this.relation();
    else throw giveUp;
    const raw = nameToken.image;
    const nameSpan = this.spanOf(nameToken);
    const span = { start: nameSpan.start, end: value.span.end };
    if (value.kind === 'MatchAll') {
      if (raw === '*') return { kind: 'MatchAll', span };
      value = { kind: 'Wildcard', raw: '*', pattern: '*', span: value.span };
    }
    if (raw === '_exists_') {
      if (value.kind !== 'Term' && value.kind !== 'Phrase') throw giveUp;
      return { kind: 'Exists', field: { kind: 'FieldName', raw: value.raw, value: value.value, span: value.span }, span };
    }
    const { value: name, problems } = unescape(raw);
    if (problems.length > 0 || (raw !== '*' && hasUnescapedWildcard(raw))) throw giveUp;
    const field: FieldName = { kind: 'FieldName', raw, value: name, span: nameSpan };
    return { kind: 'Field', field, value, span };
  }

  private relation(): Relation {
    const operator = this.tokens[this.pos++]!;
    const token = this.tokens[this.pos++];
    if (token === undefined || !(WORDS.has(token.tokenType) || token.tokenType === T.Quoted)) throw giveUp;
    const leaf = token.tokenType === T.Quoted ? this.phrase(token) : this.word(token);
    if (leaf.kind !== 'Term' && leaf.kind !== 'Phrase') throw giveUp;
    return { kind: 'Relation', operator: operator.image as RelationOperator, value: leaf, span: { start: operator.startOffset, end: leaf.span.end } };
  }

  private group(): Expr {
    const open = this.tokens[this.pos++]!;
    if (this.type() === T.RParen) throw giveUp;
    const body = this.or();
    const close = this.tokens[this.pos++];
    if (close?.tokenType !== T.RParen) throw giveUp;
    return { kind: 'Group', body, span: { start: open.startOffset, end: close.startOffset + 1 } };
  }

  private bound() {
    const token = this.tokens[this.pos++];
    if (token === undefined) throw giveUp;
    const raw = token.image;
    const span = this.spanOf(token);
    if (token.tokenType === T.Quoted) return { kind: 'RangeBound' as const, raw, value: this.phrase(token).value, span };
    if (token.tokenType !== T.RangeWord) throw giveUp;
    if (raw === '*') return { kind: 'RangeBound' as const, raw, value: null, span };
    const { value, problems } = unescape(raw);
    if (problems.length > 0) throw giveUp;
    return { kind: 'RangeBound' as const, raw, value, span };
  }

  private range(): Expr & { kind: 'Range' } {
    const open = this.tokens[this.pos++]!;
    const lower = this.bound();
    if (this.tokens[this.pos++]?.tokenType !== T.RangeTo) throw giveUp;
    const upper = this.bound();
    const close = this.tokens[this.pos++];
    if (close === undefined || (close.tokenType !== T.RangeEnd && close.tokenType !== T.RangeExclusiveEnd)) throw giveUp;
    return {
      kind: 'Range',
      lower,
      upper,
      lowerInclusive: open.tokenType === T.RangeStart,
      upperInclusive: close.tokenType === T.RangeEnd,
      span: { start: open.startOffset, end: close.startOffset + 1 },
    };
  }

  private comparison(): Expr {
    const fieldToken = this.tokens[this.pos++]!;
    const raw = fieldToken.image;
    if (!closedBy(raw, ']')) throw giveUp;
    const inner = raw.slice(1, -1);
    const fieldSpan = this.spanOf(fieldToken);
    const field: FieldName = { kind: 'FieldName', raw: inner, value: unescapeBracketName(inner), span: fieldSpan };
    if (field.value.trim() === '') throw giveUp;
    const operatorToken = this.tokens[this.pos++];
    if (operatorToken?.tokenType !== T.ComparisonWord) throw giveUp;
    const operator = operatorToken.image.toLowerCase() as ComparisonOperator;
    let sign: IToken | undefined;
    const next = this.type();
    if ((next === T.Minus || next === T.Plus) && WORDS.has(this.type(1)!) && NUMBER.test(this.tokens[this.pos + 1]!.image)) sign = this.tokens[this.pos++];
    const valueToken = this.tokens[this.pos++];
    if (valueToken === undefined) throw giveUp;
    const valueSpan = this.spanOf(valueToken);
    if (valueToken.tokenType === T.Quoted) {
      if (sign) throw giveUp;
      const value = { kind: 'StringValue' as const, raw: valueToken.image, value: this.phrase(valueToken).value, span: valueSpan };
      return { kind: 'Comparison', field, operator, value, span: { start: fieldSpan.start, end: valueSpan.end } };
    }
    if (!WORDS.has(valueToken.tokenType) || !NUMBER.test(valueToken.image)) throw giveUp;
    if (sign && sign.startOffset + 1 !== valueToken.startOffset) throw giveUp;
    const signed = (sign?.image ?? '') + valueToken.image;
    const start = sign ? sign.startOffset : valueSpan.start;
    const value = { kind: 'NumberValue' as const, raw: signed, value: Number(signed), span: { start, end: valueSpan.end } };
    return { kind: 'Comparison', field, operator, value, span: { start: fieldSpan.start, end: valueSpan.end } };
  }
}

/** The tree of a well-formed query from its tokens, or `FAIL` when the reference parser must take it. */
export function fastParse(tokens: readonly IToken[]): Expr | null | Fail {
  try {
    return new FastParser(tokens).parse();
  } catch (e) {
    if (e === giveUp) return FAIL;
    throw e;
  }
}
