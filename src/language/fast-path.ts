/**
 * The fast path of `parse`: a hand-written recursive descent over the compact token
 * stream of scanner.ts, for the common case of a well-formed query. It builds exactly
 * the tree the chevrotain parser (parser.ts, the reference) builds, spans and raw text
 * included, and gives up (`FAIL`) at the first thing that would need a diagnostic,
 * leaving every irregular query to the chevrotain lexer and parser and their recovery.
 *
 * Why: chevrotain's generic machinery (token objects, rule stacks, lookahead closures,
 * recovery bookkeeping) costs most of the parse time; this path is several times
 * faster and allocates only the tree. test/language/fast-path.test.ts checks that
 * the two agree on generated and hand-picked inputs, and that the fast path really
 * takes valid ones.
 *
 * When asked (`Recovery`), it also recovers from the usual states of a query being typed,
 * each where the reference parser's recovery is simple enough to repeat exactly: a phrase,
 * group, range or bracketed field name left open at the very end (`name:"Tim Bern`,
 * `(a OR b`, `d:[2020 TO 2021`, `d:[2020 TO`, `[First Name`); an AND or OR with nothing after
 * it at the end (`name:Tim AND `, `[A] eq 1 and`); a field without its value (`city:`,
 * `city: AND x`); a comparison at the end without its operator or value (`[Age]`, `[Age] ge`);
 * AND or OR at the start of the query or of a group (`OR city:Berlin`); in the middle too,
 * the stray tokens the reference parser's clause lists skip (`a) b`, `f:a:b`, `(a)~2`, `]`, `OR OR`,
 * an operator before `)`), a `^` without its number and a `~` that cannot apply (`a^`, `/r/~2`,
 * `a~x`); a regex left open at the end (`a/b`); a bracketed field before what can be no
 * operator (`[Age] AND x`); a range without a bound or left open anywhere (`[TO b]`, `f:[a TO]`,
 * `f:[a TO b c`, its parts after it strays); bad escapes (`a\\u12`); a detached `-`
 * (`- a`); prefix operators without their clause (`a AND NOT`, `-`); an empty group (`()`). The
 * tree is the reference parser's (Error nodes where it puts them), the faults are noted in the
 * order the reference parser reports them, and recovered.ts turns them into the diagnostics
 * of unclosed.ts and missing-operand.ts, which the reference parser uses too; without this
 * such a query loaded chevrotain and ran its recovery (bench/cold.mjs). Anything else, or two
 * of these where the reference's recovery would differ, still goes to the reference parser.
 */
import type {
  ComparisonOperator,
  Expr,
  FieldName,
  FieldValue,
  MatchAll,
  RangeBound,
  Relation,
  RelationOperator,
} from './ast.js';
import { MAX_SLOP } from './ast.js';
import { endsWithComparison } from './comparison-edges.js';
import { scopeBareStars } from './field-scope.js';
import { closedBy, DECIMAL, hasUnescapedWildcard, regexClosed, unescape } from './escape.js';
import { Kind, type TokenStream } from './scanner.js';
import { ScratchStack } from './scratch-stack.js';
import { sharedSlice } from './shared-slices.js';
import { signedTerm } from './signed-value.js';
import { binaryOperatorBefore, opensClauseList } from './syntax-fixes.js';
import { rememberedSpelling, rememberSpelling } from './spellings.js';

/** Returned when the query needs the chevrotain parser (it has, or may have, a diagnostic). */
export const FAIL: unique symbol = Symbol('FAIL');
type Fail = typeof FAIL;

/** Thrown inside the fast path to unwind to `fastParse`; never escapes it. */
const giveUp = /* @__PURE__ */ new Error('fast path: needs the reference parser');

/** `explicit` of an AND of two clauses with an operator written between them, and without (frozen: shared by every tree). */
const WRITTEN: readonly boolean[] = /* @__PURE__ */ Object.freeze([true]);
const ADJACENT: readonly boolean[] = /* @__PURE__ */ Object.freeze([false]);

/** A fault the fast path recovered from (recovered.ts gives each its diagnostic). */
export type FaultKind =
  /** A phrase left open at the end: `token` is the phrase. */
  | 'unclosed-phrase'
  /** Bad escapes in the text from offset `token` to offset `end` (a word, a phrase's inside, a name, a bound). */
  | 'invalid-escape'
  /** The same in a wildcard's text (its `*` and `?` escapes kept). */
  | 'invalid-wildcard-escape'
  /**
   * Prefix operators with no clause after them: `token` is the last, `end` where the fix's removal
   * starts; it ends with that operator, or with the AND or OR after it (`-OR x`).
   */
  | 'dangling-prefix'
  | 'dangling-prefix-and-operator'
  /** A `-`, `+` or `!` (`token`) apart from the token after it. */
  | 'detached-prefix'
  /** A regex left open at the end: `token` is the regex. */
  | 'unclosed-regex'
  /** An AND or OR at the end with no clause after it: `token` is the operator. */
  | 'missing-operand'
  /** An AND or OR with no clause before it (at the start of the query or of a group): `token`. */
  | 'stray-operator'
  /** Another token a clause list skips (a `)` with no `(`, a `:`, `~` or `^` after nothing, a `]`): `token`. */
  | 'stray'
  /** A `^` with no number after it: `token` is the caret. */
  | 'missing-boost-value'
  /** A `~` (`token`) after a regex, a wildcard, or another clause it cannot apply to. */
  | 'fuzzy-after-regex'
  | 'fuzzy-after-wildcard'
  | 'fuzzy-after-clause'
  /** A `~` (`token`) whose suffix is no number (`a~x`). */
  | 'invalid-fuzzy'
  /** A term's `~` (`token`) with a fractional distance of 1 or more (`a~1.5`). */
  | 'fractional-fuzzy'
  /** A field without its value: `token` is the field's name (its `:` follows). */
  | 'missing-value'
  /** A group with no clause in it: `token` is its `(`, `end` where the group ends. */
  | 'empty-group'
  /** A group left open at the end: `token` is its `(`, `end` where the group ends. */
  | 'unclosed-group'
  /** A range whose upper bound is missing: `token` is its `TO`. */
  | 'missing-upper-bound'
  /** A range whose lower bound is missing (`[TO b]`): `token` is its opener. */
  | 'missing-lower-bound'
  /** A range left open: `token` is its opener, `end` where the range ends. */
  | 'unclosed-range'
  /** A bracketed field name left open at the end: `token` is the name. */
  | 'unclosed-bracket'
  /** A bracketed field at the end with no operator after it (`[Age]`): `token` is the field. */
  | 'missing-operator'
  /** A comparison at the end with no value after its operator (`[Age] ge`): `token` is the operator. */
  | 'missing-comparison-value';

export interface Fault {
  readonly kind: FaultKind;
  readonly token: number;
  /** Where a group or range left open ends; else -1. */
  readonly end: number;
}

/** What the fast path recovered from, in the order the reference parser reports it. */
export interface Recovery {
  readonly faults: Fault[];
}

/** No token: past the end of the stream. */
const END = 255;

function isWord(kind: number): boolean {
  return (
    kind === Kind.Word ||
    kind === Kind.LowerAnd ||
    kind === Kind.LowerOr ||
    kind === Kind.LowerNot ||
    kind === Kind.ComparisonWord
  );
}

function isPrefix(kind: number): boolean {
  return kind === Kind.Not || kind === Kind.Bang || kind === Kind.Minus || kind === Kind.Plus;
}

/** AND, OR, `&&`, `||` (upper case: a lower-case `and`/`or` may be a word). */
function isBinary(kind: number): boolean {
  return kind === Kind.And || kind === Kind.AndSymbol || kind === Kind.Or || kind === Kind.OrSymbol;
}

/** A bound of a range where its lexer mode reads one. */
function isBound(kind: number): boolean {
  return kind === Kind.RangeWord || kind === Kind.Quoted || kind === Kind.RangeTo;
}

/** A bound that is missing, at `at`. */
function noBound(at: number): RangeBound {
  return { kind: 'RangeBound', raw: '', value: '', span: { start: at, end: at } };
}

/** A token a clause list skips (the reference parser's `stray`; a range left open leaves its parts to it). */
function isStray(kind: number): boolean {
  return (
    kind === Kind.RangeWord ||
    kind === Kind.RangeTo ||
    kind === Kind.RangeEnd ||
    kind === Kind.RangeExclusiveEnd ||
    kind === Kind.RParen ||
    kind === Kind.Colon ||
    kind === Kind.Tilde ||
    kind === Kind.Caret ||
    kind === Kind.StrayCloser ||
    kind === Kind.RelationOperator
  );
}

function startsClause(kind: number): boolean {
  return (
    isWord(kind) ||
    kind === Kind.Quoted ||
    kind === Kind.Regex ||
    kind === Kind.LParen ||
    kind === Kind.RangeStart ||
    kind === Kind.RangeExclusiveStart ||
    kind === Kind.BracketField
  );
}

/** `raw` without its escapes; gives up on a bad escape (where the reference reports it in another order). */
function unescaped(raw: string): string {
  if (!raw.includes('\\')) return raw;
  const known = rememberedSpelling(raw);
  if (known !== undefined) return known;
  const { value, problems } = unescape(raw);
  if (problems.length > 0) throw giveUp;
  return rememberSpelling(raw, value);
}

class FastParser {
  private pos = 0;
  /** Index of the last lower-case `and`/`or` read as an operator, or -1. */
  private lastLowerOperator = -1;
  private readonly text: string;
  private readonly count: number;
  private readonly kinds: Uint8Array;
  private readonly starts: Uint32Array;
  private readonly ends: Uint32Array;
  /** The operands and `explicit` flags of the ANDs and ORs being read: each list is copied out at its exact length (scratch-stack.ts says why). */
  private readonly operands: ScratchStack<Expr>;
  private readonly explicit: ScratchStack<boolean>;
  /** Where to note the faults it recovers from, when the caller takes that; else it gives up there. */
  private readonly recovery: Recovery | undefined;
  /** The last token is a phrase left open (noted in `recovery`). */
  private openPhrase = false;

  constructor(
    stream: TokenStream,
    operands: ScratchStack<Expr>,
    explicit: ScratchStack<boolean>,
    recovery: Recovery | undefined,
  ) {
    this.recovery = recovery;
    this.operands = operands;
    this.explicit = explicit;
    this.text = stream.text;
    this.count = stream.count;
    this.kinds = stream.kinds;
    this.starts = stream.starts;
    this.ends = stream.ends;
  }

  parse(): Expr | null {
    const body = this.sequence(false);
    if (this.pos !== this.count) throw giveUp;
    return body;
  }

  /**
   * The reference parser's `sequence`: clause lists, with the stray tokens between them
   * skipped (each a fault), joined by an AND without operators. In a group it ends at a `)`.
   */
  private sequence(inGroup: boolean): Expr | null {
    let first: Expr | null = null;
    let from = -1;
    for (;;) {
      const kind = this.kind();
      if (kind === END || (inGroup && kind === Kind.RParen)) break;
      if (startsClause(kind) || isPrefix(kind)) {
        const piece = this.or();
        if (first === null) first = piece;
        else {
          if (from < 0) {
            from = this.operands.mark();
            this.operands.push(first);
          }
          this.operands.push(piece);
        }
      } else if (isBinary(kind)) this.fault('stray-operator', this.pos++);
      else if (isStray(kind)) this.fault('stray', this.pos++);
      else throw giveUp;
    }
    if (from < 0) return first;
    const operands = this.operands.take(from);
    return {
      kind: 'And',
      operands,
      explicit: operands.length === 2 ? ADJACENT : operands.slice(1).map(() => false),
      span: { start: operands[0]!.span.start, end: operands[operands.length - 1]!.span.end },
    };
  }

  /**
   * `raw`, the text at `start`, without its escapes; a bad escape is a fault (the reference's
   * `invalid-escape`, one for each of unescape's problems) and the value is unescape's all the same.
   */
  private unescapedAt(raw: string, start: number): string {
    if (!raw.includes('\\')) return raw;
    const known = rememberedSpelling(raw);
    if (known !== undefined) return known;
    const { value, problems } = unescape(raw);
    if (problems.length === 0) return rememberSpelling(raw, value);
    this.fault('invalid-escape', start, start + raw.length);
    return value;
  }

  /** Notes a fault, or gives up when the caller takes none. */
  private fault(kind: FaultKind, token: number, end = -1): void {
    if (this.recovery === undefined) throw giveUp;
    this.recovery.faults.push({ kind, token, end });
  }

  private kind(offset = 0): number {
    const i = this.pos + offset;
    return i < this.count ? this.kinds[i]! : END;
  }

  /** Token `i`'s text; a short one shared with its earlier repeats (shared-slices.ts). */
  private image(i: number): string {
    return sharedSlice(this.text, this.starts[i]!, this.ends[i]!);
  }

  /** Token `i`'s text without its first and last character (a phrase's, a regex's, a bracket name's inside). */
  private inside(i: number): string {
    return sharedSlice(this.text, this.starts[i]! + 1, this.ends[i]! - 1);
  }

  private span(i: number) {
    return { start: this.starts[i]!, end: this.ends[i]! };
  }

  private comparisonAhead(from: number): boolean {
    for (let i = this.pos + from; i < this.count; i++) {
      const kind = this.kinds[i]!;
      if (kind === Kind.BracketField) return true;
      if (kind !== Kind.LParen && !isPrefix(kind) && kind !== Kind.LowerNot) return false;
    }
    return false;
  }

  private lowerAndOrIsOperator(previous: Expr): boolean {
    return endsWithComparison(previous) || this.comparisonAhead(1);
  }

  private or(): Expr {
    const first = this.and();
    // Most clauses stand alone: allocate the operand list only for a real OR.
    if (!this.orFollows(first)) return first;
    const from = this.operands.mark();
    this.operands.push(first);
    for (;;) {
      const kind = this.kind();
      if (
        !(
          kind === Kind.Or ||
          kind === Kind.OrSymbol ||
          (kind === Kind.LowerOr && this.lowerAndOrIsOperator(this.operands.top()))
        )
      )
        break;
      if (kind === Kind.LowerOr) this.lastLowerOperator = this.pos;
      this.pos++;
      if (!startsClause(this.kind()) && !isPrefix(this.kind())) {
        this.operands.push(this.missingOperand());
        continue;
      }
      this.operands.push(this.and());
    }
    const operands = this.operands.take(from);
    if (operands.length === 1) return operands[0]!;
    return {
      kind: 'Or',
      operands,
      span: { start: operands[0]!.span.start, end: operands[operands.length - 1]!.span.end },
    };
  }

  /**
   * The operand of the operator just read when no clause follows it (the end, another
   * operator, a `)` or a stray token): the reference parser's Error node at the operator's end,
   * noted as a fault.
   */
  private missingOperand(): Expr {
    const operator = this.pos - 1;
    this.fault('missing-operand', operator);
    const end = this.ends[operator]!;
    return { kind: 'Error', span: { start: end, end } };
  }

  private orFollows(previous: Expr): boolean {
    const kind = this.kind();
    return (
      kind === Kind.Or ||
      kind === Kind.OrSymbol ||
      (kind === Kind.LowerOr && this.lowerAndOrIsOperator(previous))
    );
  }

  private and(): Expr {
    const first = this.unary();
    // Most clauses stand alone: allocate the operand lists only for a real AND.
    const next = this.kind();
    if (
      next === END ||
      !(
        next === Kind.And ||
        next === Kind.AndSymbol ||
        next === Kind.LowerAnd ||
        startsClause(next) ||
        isPrefix(next)
      )
    )
      return first;
    const from = this.operands.mark();
    const explicitFrom = this.explicit.mark();
    this.operands.push(first);
    for (;;) {
      const kind = this.kind();
      if (kind === END) break;
      const last = this.operands.top();
      if (kind === Kind.LowerOr && this.lowerAndOrIsOperator(last)) break;
      if (
        kind === Kind.And ||
        kind === Kind.AndSymbol ||
        (kind === Kind.LowerAnd && this.lowerAndOrIsOperator(last))
      ) {
        if (kind === Kind.LowerAnd) this.lastLowerOperator = this.pos;
        this.pos++;
        this.explicit.push(true);
        if (!startsClause(this.kind()) && !isPrefix(this.kind())) {
          this.operands.push(this.missingOperand());
          continue;
        }
      } else if (startsClause(kind) || isPrefix(kind)) {
        this.explicit.push(false);
      } else {
        break;
      }
      this.operands.push(this.unary());
    }
    const operands = this.operands.take(from);
    // The flags of an AND of two, the most common list, are one of two arrays shared by every tree (the AST is read-only).
    const explicit =
      this.explicit.mark() - explicitFrom === 1
        ? this.explicit.pop()
          ? WRITTEN
          : ADJACENT
        : this.explicit.take(explicitFrom);
    if (operands.length === 1) return operands[0]!;
    return {
      kind: 'And',
      operands,
      explicit,
      span: { start: operands[0]!.span.start, end: operands[operands.length - 1]!.span.end },
    };
  }

  private lowerNotIsOperator(): boolean {
    return (
      (this.lastLowerOperator >= 0 && this.pos - 1 === this.lastLowerOperator) ||
      this.comparisonAhead(1)
    );
  }

  private unary(): Expr {
    const first = this.pos;
    for (;;) {
      const kind = this.kind();
      if (!(isPrefix(kind) || (kind === Kind.LowerNot && this.lowerNotIsOperator()))) break;
      // A `-`, `+` or `!` apart from what follows it (`- a`): detached-prefix; at the end, the reference's.
      if (kind !== Kind.Not && kind !== Kind.LowerNot) {
        if (this.pos + 1 >= this.count) throw giveUp;
        if (this.starts[this.pos + 1] !== this.ends[this.pos])
          this.fault('detached-prefix', this.pos);
      }
      this.pos++;
    }
    const last = this.pos;
    let node: Expr;
    if (startsClause(this.kind())) node = this.clause();
    else if (last > first) node = this.danglingPrefixes(first, last - 1);
    else throw giveUp;
    for (let i = last - 1; i >= first; i--) {
      const kind = this.kinds[i]!;
      const span = { start: this.starts[i]!, end: node.span.end };
      node =
        kind === Kind.Plus
          ? { kind: 'Required', operand: node, span }
          : { kind: 'Not', operator: kind === Kind.Minus ? '-' : 'NOT', operand: node, span };
    }
    return node;
  }

  /**
   * Prefix operators `first`..`last` with no clause after them (`a AND NOT`, `-`): the reference's
   * Error node where its fix's removal ends, noted as a fault.
   */
  private danglingPrefixes(first: number, last: number): Expr {
    const start = this.starts[first]!;
    const lower = this.lastLowerOperator >= 0 ? this.span(this.lastLowerOperator) : undefined;
    const from = binaryOperatorBefore(this.text, start, lower);
    // `-OR x` at the start of a clause list: without the `-` the OR would lack its left clause, so it goes too.
    const withNext = from === start && opensClauseList(this.text, start) && isBinary(this.kind());
    this.fault(withNext ? 'dangling-prefix-and-operator' : 'dangling-prefix', last, from);
    const end = withNext ? this.ends[this.pos]! : this.ends[last]!;
    return { kind: 'Error', span: { start: end, end } };
  }

  private clause(): Expr {
    const kind = this.kind();
    let node: Expr;
    if (isWord(kind)) node = this.kind(1) === Kind.Colon ? this.field() : this.termLike();
    else if (kind === Kind.BracketField) node = this.comparison();
    else if (kind === Kind.LParen) node = this.group();
    else if (kind === Kind.RangeStart || kind === Kind.RangeExclusiveStart) node = this.range();
    else node = this.termLike();
    if (this.kind() !== Kind.Caret) return node;
    const caret = this.pos++;
    const noValue = this.ends[caret]! - this.starts[caret]! === 1;
    if (this.kind() === Kind.Tilde) {
      const tilde = this.pos++;
      if (node.kind === 'Field' && (node.value.kind === 'Term' || node.value.kind === 'Phrase')) {
        const value = this.withTilde(node.value, tilde) as FieldValue;
        node = { ...node, value, span: { start: node.span.start, end: value.span.end } };
      } else {
        node = this.withTilde(node, tilde);
      }
    }
    if (noValue) {
      // `a^`: the clause without a boost (after the `~` that followed the caret, as the reference reports them).
      this.fault('missing-boost-value', caret);
      return node;
    }
    const end = Math.max(this.ends[caret]!, node.span.end);
    return {
      kind: 'Boost',
      operand: node,
      value: Number(this.text.slice(this.starts[caret]! + 1, this.ends[caret])),
      span: { start: node.span.start, end },
    };
  }

  /** `leaf` with the `~` at `tilde`; where it cannot apply, `leaf` itself and a fault (the reference's diagnostics, fuzzy.ts). */
  private withTilde(leaf: Expr, tilde: number): Expr {
    if (leaf.kind !== 'Term' && leaf.kind !== 'Phrase') {
      this.fault(
        leaf.kind === 'Regex'
          ? 'fuzzy-after-regex'
          : leaf.kind === 'Wildcard'
            ? 'fuzzy-after-wildcard'
            : 'fuzzy-after-clause',
        tilde,
      );
      return leaf;
    }
    const number = this.text.slice(this.starts[tilde]! + 1, this.ends[tilde]);
    if (number !== '' && !DECIMAL.test(number)) {
      this.fault('invalid-fuzzy', tilde);
      return leaf;
    }
    const distance = number === '' ? null : Number(number);
    if (leaf.kind === 'Term' && distance !== null && distance >= 1 && !Number.isInteger(distance))
      this.fault('fractional-fuzzy', tilde);
    const span = { start: leaf.span.start, end: this.ends[tilde]! };
    return leaf.kind === 'Term'
      ? { kind: 'Fuzzy', operand: leaf, distance, span }
      : {
          kind: 'Proximity',
          operand: leaf,
          distance: distance === null ? null : Math.min(distance, MAX_SLOP),
          span,
        };
  }

  private termLike(): Expr {
    const i = this.pos++;
    const kind = this.kinds[i]!;
    const leaf =
      kind === Kind.Quoted
        ? this.phrase(i, true)
        : kind === Kind.Regex
          ? this.regex(i)
          : isWord(kind)
            ? this.word(i)
            : undefined;
    if (leaf === undefined) throw giveUp;
    if (this.kind() !== Kind.Tilde) return leaf;
    return this.withTilde(leaf, this.pos++);
  }

  private word(i: number): Expr {
    const raw = this.image(i);
    const span = this.span(i);
    if (raw === '*') return { kind: 'MatchAll', span };
    if (hasUnescapedWildcard(raw)) {
      const { value, problems } = unescape(raw, true);
      if (problems.length > 0) this.fault('invalid-wildcard-escape', span.start, span.end);
      return { kind: 'Wildcard', raw, pattern: value, span };
    }
    return { kind: 'Term', raw, value: this.unescapedAt(raw, span.start), span };
  }

  /** `mayBeOpen`: a clause's phrase (not a bound's or a comparison's), which may be left open at the end. */
  private phrase(i: number, mayBeOpen = false): Expr & { kind: 'Phrase' } {
    const raw = this.image(i);
    if (closedBy(raw, '"'))
      return {
        kind: 'Phrase',
        raw,
        value: this.unescapedAt(this.inside(i), this.starts[i]! + 1),
        span: this.span(i),
      };
    // The scanner ends a phrase before a lone backslash at the end, so `raw` is `"` and then whole escapes.
    if (!mayBeOpen || i !== this.count - 1) throw giveUp;
    this.fault('unclosed-phrase', i);
    this.openPhrase = true;
    const inside = sharedSlice(this.text, this.starts[i]! + 1, this.ends[i]!);
    return {
      kind: 'Phrase',
      raw,
      value: this.unescapedAt(inside, this.starts[i]! + 1),
      span: this.span(i),
    };
  }

  private regex(i: number): Expr {
    const raw = this.image(i);
    if (regexClosed(raw))
      return { kind: 'Regex', raw, pattern: this.inside(i), span: this.span(i) };
    // Left open: it runs to the end of the text, so it is the last token.
    if (i !== this.count - 1) throw giveUp;
    this.fault('unclosed-regex', i);
    const pattern = sharedSlice(this.text, this.starts[i]! + 1, this.ends[i]!);
    return { kind: 'Regex', raw, pattern, span: this.span(i) };
  }

  private field(): Expr {
    const nameIndex = this.pos;
    this.pos += 2;
    const kind = this.kind();
    let value: FieldValue | MatchAll;
    if (isWord(kind) || kind === Kind.Quoted || kind === Kind.Regex)
      value = this.termLike() as FieldValue | MatchAll;
    else if (kind === Kind.RangeStart || kind === Kind.RangeExclusiveStart) value = this.range();
    else if (kind === Kind.LParen) value = this.group() as FieldValue;
    else if (kind === Kind.RelationOperator) value = this.relation();
    else if (kind === END || isBinary(kind) || isPrefix(kind) || kind === Kind.RParen)
      return this.withoutValue(nameIndex);
    else throw giveUp;
    const raw = this.image(nameIndex);
    const nameSpan = this.span(nameIndex);
    const span = { start: nameSpan.start, end: value.span.end };
    if (value.kind === 'MatchAll') {
      if (raw === '*') return { kind: 'MatchAll', span };
      value = { kind: 'Wildcard', raw: '*', pattern: '*', span: value.span };
    }
    if (raw === '_exists_') {
      if (value.kind !== 'Term' && value.kind !== 'Phrase') throw giveUp;
      if (this.openPhrase) throw giveUp;
      return {
        kind: 'Exists',
        field: { kind: 'FieldName', raw: value.raw, value: value.value, span: value.span },
        span,
      };
    }
    if (raw !== '*' && hasUnescapedWildcard(raw)) throw giveUp;
    const field: FieldName = {
      kind: 'FieldName',
      raw,
      value: this.unescapedAt(raw, nameSpan.start),
      span: nameSpan,
    };
    if (value.kind === 'Group') value = scopeBareStars(value);
    return { kind: 'Field', field, value, span };
  }

  /** `city:` with no value (the end, an operator or a `)` follows): the field with an Error node after the colon. */
  private withoutValue(nameIndex: number): Expr {
    this.fault('missing-value', nameIndex);
    const raw = this.image(nameIndex);
    if (raw !== '*' && hasUnescapedWildcard(raw)) throw giveUp;
    const nameSpan = this.span(nameIndex);
    const colonEnd = this.ends[nameIndex + 1]!;
    const field: FieldName = {
      kind: 'FieldName',
      raw,
      value: this.unescapedAt(raw, nameSpan.start),
      span: nameSpan,
    };
    const value: FieldValue = { kind: 'Error', span: { start: colonEnd, end: colonEnd } };
    return { kind: 'Field', field, value, span: { start: nameSpan.start, end: colonEnd } };
  }

  private relation(): Relation {
    const operator = this.pos++;
    // `a:<-10`: a sign touching the word after it is part of the value (signed-value.ts).
    const sign =
      (this.kind() === Kind.Minus || this.kind() === Kind.Plus) &&
      isWord(this.kind(1)) &&
      this.starts[this.pos + 1] === this.ends[this.pos]
        ? this.pos++
        : -1;
    const i = this.pos++;
    const kind = i < this.count ? this.kinds[i]! : END;
    if (!(isWord(kind) || kind === Kind.Quoted)) throw giveUp;
    let leaf = kind === Kind.Quoted ? this.phrase(i) : this.word(i);
    if (leaf.kind !== 'Term' && leaf.kind !== 'Phrase') throw giveUp;
    if (sign >= 0 && leaf.kind === 'Term')
      leaf = signedTerm(this.image(sign), this.starts[sign]!, leaf);
    return {
      kind: 'Relation',
      operator: this.image(operator) as RelationOperator,
      value: leaf,
      span: { start: this.starts[operator]!, end: leaf.span.end },
    };
  }

  private group(): Expr {
    const open = this.pos++;
    const start = this.starts[open]!;
    const openEnd = this.ends[open]!;
    const body = this.sequence(true);
    if (this.kind() === Kind.RParen) {
      const end = this.ends[this.pos++]!;
      if (body === null) this.fault('empty-group', open, end);
      return { kind: 'Group', body: body ?? this.emptyBody(openEnd), span: { start, end } };
    }
    // Left open at the end: the group ends with its body.
    const end = body === null ? openEnd : body.span.end;
    this.fault('unclosed-group', open, end);
    if (body === null) this.fault('empty-group', open, end);
    return { kind: 'Group', body: body ?? this.emptyBody(openEnd), span: { start, end } };
  }

  /** The body of `()`: an Error node after its `(`. */
  private emptyBody(at: number): Expr {
    return { kind: 'Error', span: { start: at, end: at } };
  }

  private bound(): RangeBound {
    const i = this.pos++;
    const kind = i < this.count ? this.kinds[i]! : END;
    const raw = kind === END ? '' : this.image(i);
    if (kind === Kind.Quoted)
      return { kind: 'RangeBound', raw, value: this.phrase(i).value, span: this.span(i) };
    if (kind === Kind.RangeTo) return { kind: 'RangeBound', raw, value: raw, span: this.span(i) };
    if (kind !== Kind.RangeWord) throw giveUp;
    if (raw === '*') return { kind: 'RangeBound', raw, value: null, span: this.span(i) };
    return {
      kind: 'RangeBound',
      raw,
      value: this.unescapedAt(raw, this.starts[i]!),
      span: this.span(i),
    };
  }

  private range(): Expr & { kind: 'Range' } {
    const open = this.pos++;
    const inclusive = this.kinds[open] === Kind.RangeStart;
    const openEnd = this.ends[open]!;
    // The reference's `range`, every part optional: a bare `TO` is the lower bound only when the `TO` keyword follows it (`[TO TO x]`).
    const first = this.kind();
    const lower =
      isBound(first) && (first !== Kind.RangeTo || this.kind(1) === Kind.RangeTo)
        ? this.bound()
        : undefined;
    const to = this.kind() === Kind.RangeTo ? this.pos++ : -1;
    const second = this.kind();
    const upper =
      isBound(second) && (second !== Kind.RangeTo || to >= 0) ? this.bound() : undefined;
    const closeKind = this.kind();
    const close =
      closeKind === Kind.RangeEnd || closeKind === Kind.RangeExclusiveEnd ? this.pos++ : -1;
    let end =
      close >= 0
        ? this.ends[close]!
        : Math.max(
            openEnd,
            lower?.span.end ?? 0,
            to >= 0 ? this.ends[to]! : 0,
            upper?.span.end ?? 0,
          );
    if (lower === undefined) this.fault('missing-lower-bound', open);
    // `[a b]` without `TO` (missing-range-to), or a lower bound alone, is the reference's.
    if (to < 0) throw giveUp;
    if (upper === undefined && lower !== undefined) this.fault('missing-upper-bound', to);
    if (close < 0) this.fault('unclosed-range', open, end);
    this.giveUpOnOddBlanks(open, this.pos - 1);
    end = Math.max(end, openEnd);
    return {
      kind: 'Range',
      lower: lower ?? noBound(openEnd),
      upper: upper ?? noBound(end),
      lowerInclusive: inclusive,
      upperInclusive: close >= 0 ? closeKind === Kind.RangeEnd : inclusive,
      span: { start: this.starts[open]!, end },
    };
  }

  /** A tab or line break between a range's tokens `first`..`last` is the reference parser's to report (range-blanks.ts). */
  private giveUpOnOddBlanks(first: number, last: number): void {
    for (let k = first; k < last; k++)
      for (let i = this.ends[k]!; i < this.starts[k + 1]!; i++)
        if (this.text.charCodeAt(i) !== 32) throw giveUp;
  }

  /** `[First Name` at the end: an Error node over it (its operator and value are missing too). */
  private openBracket(i: number): Expr {
    if (i !== this.count - 1) throw giveUp;
    const inner = sharedSlice(this.text, this.starts[i]! + 1, this.ends[i]!);
    if (unescaped(inner).trim() === '') throw giveUp;
    this.fault('unclosed-bracket', i);
    return { kind: 'Error', span: this.span(i) };
  }

  private comparison(): Expr {
    const fieldIndex = this.pos++;
    const raw = this.image(fieldIndex);
    if (!closedBy(raw, ']')) return this.openBracket(fieldIndex);
    const inner = this.inside(fieldIndex);
    const fieldSpan = this.span(fieldIndex);
    const field: FieldName = {
      kind: 'FieldName',
      raw: inner,
      value: this.unescapedAt(inner, fieldSpan.start + 1),
      span: fieldSpan,
    };
    if (field.value.trim() === '') throw giveUp;
    const next = this.kind();
    if (next !== Kind.ComparisonWord) {
      // `[Age]` at the end or before what can be no operator, sign or value (`[Age] AND x`,
      // `[Age])`): an Error node over the field. A word there may be the reference's operator.
      if (isWord(next) || next === Kind.Quoted || next === Kind.Minus || next === Kind.Plus)
        throw giveUp;
      this.fault('missing-operator', fieldIndex);
      return { kind: 'Error', span: fieldSpan };
    }
    const operatorIndex = this.pos;
    const operator = this.image(this.pos++).toLowerCase() as ComparisonOperator;
    if (this.pos === this.count) {
      // `[Age] ge` at the end: an Error node over the field and the operator.
      this.fault('missing-comparison-value', operatorIndex);
      return { kind: 'Error', span: { start: fieldSpan.start, end: this.ends[operatorIndex]! } };
    }
    let sign = -1;
    const afterOperator = this.kind();
    if (
      (afterOperator === Kind.Minus || afterOperator === Kind.Plus) &&
      isWord(this.kind(1)) &&
      DECIMAL.test(this.image(this.pos + 1))
    )
      sign = this.pos++;
    const i = this.pos++;
    const kind = i < this.count ? this.kinds[i]! : END;
    if (kind === Kind.Quoted) {
      if (sign >= 0) throw giveUp;
      const value = {
        kind: 'StringValue' as const,
        raw: this.image(i),
        value: this.phrase(i).value,
        span: this.span(i),
      };
      return {
        kind: 'Comparison',
        field,
        operator,
        value,
        span: { start: fieldSpan.start, end: value.span.end },
      };
    }
    if (!isWord(kind) || !DECIMAL.test(this.image(i))) throw giveUp;
    if (sign >= 0 && this.ends[sign] !== this.starts[i]) throw giveUp;
    const signed = (sign >= 0 ? this.image(sign) : '') + this.image(i);
    const start = sign >= 0 ? this.starts[sign]! : this.starts[i]!;
    const value = {
      kind: 'NumberValue' as const,
      raw: signed,
      value: Number(signed),
      span: { start, end: this.ends[i]! },
    };
    return {
      kind: 'Comparison',
      field,
      operator,
      value,
      span: { start: fieldSpan.start, end: value.span.end },
    };
  }
}

/** The operand stacks of every fast parse (a parse finishes with them before the next begins; nothing in one calls back out). */
const sharedOperands = /* @__PURE__ */ new ScratchStack<Expr>();
const sharedExplicit = /* @__PURE__ */ new ScratchStack<boolean>();

/**
 * The tree of a well-formed query from its token stream, or `FAIL` when the reference parser
 * must take it. With `recovery`, also the tree of a query whose only faults are those this
 * path recovers from (see the top of this file), noted in `recovery` (emptied here).
 */
export function fastParse(stream: TokenStream, recovery?: Recovery): Expr | null | Fail {
  if (recovery !== undefined) recovery.faults.length = 0;
  try {
    return new FastParser(stream, sharedOperands, sharedExplicit, recovery).parse();
  } catch (e) {
    if (e === giveUp) {
      if (recovery !== undefined) recovery.faults.length = 0;
      return FAIL;
    }
    throw e;
  } finally {
    // Empty after a finished parse; after one that gave up, holding its half-built lists.
    sharedOperands.clear();
    sharedExplicit.clear();
  }
}
