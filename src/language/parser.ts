/**
 * The grammar of mdq in chevrotain's DSL (an EmbeddedActionsParser), with embedded actions
 * that build the AST directly (no CST: half the allocations, and the tree is exactly what
 * callers get). It runs on mdq's recognizer (src/language/recognizer), which implements that
 * DSL with chevrotain's semantics on tables chevrotain computes from this grammar at
 * generation time; chevrotain itself is the tests' reference.
 *
 * The grammar is deliberately permissive where people make mistakes: a missing `)`,
 * value or operand is parsed as absent, reported with a precise message and a fix,
 * and left as an `Error` node in the tree. chevrotain's recovery
 * (`recoveryEnabled`, as the recognizer ports it) backs this up for anything else, so every input yields a tree.
 *
 * Precedence, loosest first: OR, AND (written or implicit), prefix NOT / - / +,
 * postfix ~ and ^. AND and OR are n-ary and built with loops, prefix chains with a
 * loop too: only parentheses recurse, and their depth is capped before parsing.
 */
import type { IRecognitionException, ISerializedGast, IToken, TokenType } from 'chevrotain';
import type {
  ComparisonOperator,
  Comparison,
  ErrorNode,
  Expr,
  FieldName,
  FieldValue,
  Group,
  MatchAll,
  NumberValue,
  Range,
  RangeBound,
  Relation,
  RelationOperator,
  Span,
  StringValue,
} from './ast.js';
import { COMPARISON_OPERATORS, MAX_SLOP } from './ast.js';
import { type ParserRuntime, recognizer } from './recognizer/index.js';
import { endsWithComparison } from './comparison-edges.js';
import type { Fix } from './diagnostic.js';
import { DiagnosticCollector } from './diagnostic-collector.js';
import {
  closedBy,
  DECIMAL,
  hasUnescapedWildcard,
  invalidEscapeDiagnostic,
  isSignedDecimal,
  quote,
  regexClosed,
  unescape,
  type EscapeProblem,
} from './escape.js';
import { scopeBareStars } from './field-scope.js';
import { oddRangeBlanks, rangeBlanksDiagnostic } from './range-blanks.js';
import { signedTerm } from './signed-value.js';
import {
  binaryOperatorBefore,
  bracketWords,
  dashedBounds,
  opensClauseList,
} from './syntax-fixes.js';
import * as T from './tokens.js';
import { detachedPrefixDiagnostic } from './detached-prefix.js';
import {
  fractionalFuzzyDiagnostic,
  fuzzyTarget,
  invalidFuzzySuffixDiagnostic,
  misplacedFuzzyDiagnostic,
} from './fuzzy.js';
import { STRAY_CODES, type StrayKind, strayDiagnostic } from './stray.js';
import {
  danglingPrefixDiagnostic,
  emptyGroupDiagnostic,
  missingBoostValueDiagnostic,
  missingComparisonValueDiagnostic,
  missingLowerBoundDiagnostic,
  missingOperandDiagnostic,
  missingOperatorDiagnostic,
  missingUpperBoundDiagnostic,
  missingValueDiagnostic,
} from './missing-operand.js';
import {
  unclosedBracketDiagnostic,
  unclosedDiagnostic,
  unclosedGroupDiagnostic,
  unclosedRangeDiagnostic,
} from './unclosed.js';

type Operand = Expr;

const PREFIX_TOKENS: readonly TokenType[] = [T.Not, T.Bang, T.Minus, T.Plus, T.LowerNot];

/** Common ways people spell comparison operators, mapped to the real ones. */
const OPERATOR_ALIASES: Readonly<Record<string, ComparisonOperator>> = {
  '=': 'eq',
  '==': 'eq',
  equals: 'eq',
  is: 'eq',
  '<>': 'ne',
  '!=': 'ne',
  '>': 'gt',
  '<': 'lt',
  '>=': 'ge',
  '<=': 'le',
  like: 'contains',
  has: 'contains',
  startwith: 'startswith',
  begins: 'startswith',
  beginswith: 'startswith',
  endwith: 'endswith',
  ends: 'endswith',
};

function span(start: number, end: number): Span {
  return { start, end };
}

/** An empty bound at `at`, where a range lacks one. */
function missingBound(at: number): RangeBound {
  return { kind: 'RangeBound', raw: '', value: '', span: span(at, at) };
}

// The options of chevrotain's DSL, made through three small functions: the build once wrapped
// every arrow function written as a property value (`{ ALT: () => ... }`) in a naming call,
// an Object.defineProperty per closure made for every token these rules read (three quarters
// of the time of a query full of mistakes). It no longer does (tsup.config.ts), but a closure
// passed as an argument is never wrapped.

/** `{ ALT }`: an alternative of `OR`. */
function alt<T>(ALT: () => T): { ALT: () => T } {
  return { ALT };
}

/** `{ GATE, ALT }`: an alternative of `OR` taken only when `GATE` says so. */
function gatedAlt<T>(GATE: () => boolean, ALT: () => T): { GATE: () => boolean; ALT: () => T } {
  return { GATE, ALT };
}

/** `{ GATE, DEF }`: the options of `OPTION`, `MANY` or `AT_LEAST_ONE` with a gate. */
function gated<T>(GATE: () => boolean, DEF: () => T): { GATE: () => boolean; DEF: () => T } {
  return { GATE, DEF };
}

/** AND, OR, `&&`, `||`: an operator that needs a clause on each side. */
function isBinaryOperator(type: TokenType | undefined): boolean {
  return type === T.And || type === T.AndSymbol || type === T.Or || type === T.OrSymbol;
}

/** What kind of stray a token is, for its diagnostic (stray.ts). */
function strayKind(type: TokenType): StrayKind {
  switch (type) {
    case T.RParen:
    case T.RangeRParen:
      return 'paren';
    case T.And:
    case T.AndSymbol:
    case T.Or:
    case T.OrSymbol:
      return 'operator';
    case T.Tilde:
      return 'tilde';
    case T.Caret:
      return 'caret';
    case T.RangeWord:
    case T.RangeTo:
    case T.RangeEnd:
    case T.RangeExclusiveEnd:
      return 'range-part';
    default:
      return 'other';
  }
}

/** What parse.ts uses of the parser. */
export interface QueryParser {
  /** Tokens to parse; setting them resets the recognizer's state. */
  input: IToken[];
  readonly errors: IRecognitionException[];
  begin(text: string, diagnostics: DiagnosticCollector): void;
  query(): Expr | null;
  end(): void;
  /** The grammar, for its railroad diagrams (grammar/scripts/diagrams.ts): on chevrotain only, which records it. */
  getSerializedGastProductions(): ISerializedGast[];
}

/** The parser class on each runtime it was built on (mdq's recognizer; chevrotain in the tests and scripts). */
const QueryParserClasses = new Map<ParserRuntime, ReturnType<typeof defineQueryParser>>();

/**
 * A parser. Its class is defined on the first call, on `runtime`: mdq's recognizer
 * (src/language/recognizer), which runs on the grammar's analysis made at generation time; or
 * chevrotain, which the recognizer mirrors and which the tests and scripts/recognizer build it
 * on as the reference. `validate` runs chevrotain's grammar validations there (the tests do:
 * test/language/parser.test.ts); the recognizer has nothing to validate at run time.
 */
export function createQueryParser(
  validate = false,
  runtime: ParserRuntime = recognizer,
): QueryParser {
  let QueryParserClass = QueryParserClasses.get(runtime);
  if (QueryParserClass === undefined) {
    QueryParserClass = defineQueryParser(runtime);
    QueryParserClasses.set(runtime, QueryParserClass);
  }
  return new QueryParserClass(validate);
}

/**
 * On chevrotain, completes the token types: numbers them and links their categories (a LowerAnd is a Word),
 * which the lexer's tokens carry (lexer.ts) and the parser matches by (the recognizer reads `CATEGORIES` as written). A chevrotain parser's
 * constructor does it, but only after it has chosen a matcher that ignores categories when no
 * type has them yet (chevrotain's lexer used to complete them first): so an instance with no
 * grammar completes them, and the real parser, built after it, sees the categories.
 */
function completeTokenTypes({ EmbeddedActionsParser }: ParserRuntime): void {
  new (class TokenTypes extends EmbeddedActionsParser {})(T.allTokens, { skipValidations: true });
}

function defineQueryParser(runtime: ParserRuntime) {
  completeTokenTypes(runtime);
  const { EmbeddedActionsParser, tokenMatcher } = runtime;
  return class QueryParser extends EmbeddedActionsParser {
    /** Source text of the current parse (for messages that quote positions). */
    private text = '';
    /** Where the diagnostics of the current parse go (up to the limit maxDiagnostics). */
    private diagnostics: DiagnosticCollector = new DiagnosticCollector(0);
    private lastLowerOperator: IToken | undefined;
    /** How many unclosed groups end at an offset (for the fix that closes them). */
    private unclosedGroupsAt = new Map<number, number>();
    /** The closer an unclosed range lacks, by the offset where it ends (a group's fix closes it first). */
    private unclosedRangesAt = new Map<number, string>();

    constructor(validate: boolean) {
      super(T.allTokens, { recoveryEnabled: true, maxLookahead: 3, skipValidations: !validate });
      this.performSelfAnalysis();
    }

    /** Starts a parse of `text`: resets our per-parse state (chevrotain resets its own when `input` is set). */
    begin(text: string, diagnostics: DiagnosticCollector): void {
      this.text = text;
      this.diagnostics = diagnostics;
      this.lastLowerOperator = undefined;
      this.unclosedGroupsAt.clear();
      this.unclosedRangesAt.clear();
    }

    /**
     * Ends a parse: lets go of its text, diagnostics, tokens and recognition errors (read
     * `errors` first). The parser outlives the parse: holding a broken query's tokens kept
     * about 90 bytes per character of `)` x 100 000 alive after the call, and during the
     * fix guard's trials.
     */
    end(): void {
      this.input = [];
      this.text = '';
      this.diagnostics = new DiagnosticCollector(0);
      this.unclosedGroupsAt.clear();
      this.unclosedRangesAt.clear();
    }

    // ---------------------------------------------------------------- helpers

    private report(code: string, message: string, at: Span, fixes?: Fix[]): void {
      this.diagnostics.add(
        fixes
          ? { code, severity: 'error', message, span: at, fixes }
          : { code, severity: 'error', message, span: at },
      );
    }

    private tokenSpan(token: IToken): Span {
      if (Number.isNaN(token.startOffset)) {
        const at = this.previousEnd();
        return span(at, at);
      }
      return span(token.startOffset, token.startOffset + token.image.length);
    }

    private previousEnd(): number {
      const previous = this.LA(0);
      return Number.isNaN(previous.startOffset) ? 0 : previous.startOffset + previous.image.length;
    }

    private missing(at: number): ErrorNode {
      return { kind: 'Error', span: span(at, at) };
    }

    private reportEscapes(offset: number, problems: readonly EscapeProblem[]): void {
      for (const p of problems) this.diagnostics.add(invalidEscapeDiagnostic(p, offset));
    }

    /** What a rule returns when chevrotain's recovery had to abandon it. */
    private recovered(): ErrorNode {
      const at = this.previousEnd();
      return this.missing(at);
    }

    /** After LA(k), skipping `(` and prefix operators, is there a bracket comparison? */
    private comparisonAhead(k: number): boolean {
      for (let i = k; ; i++) {
        const type = this.LA(i).tokenType;
        if (type === T.BracketField) return true;
        if (type !== T.LParen && !PREFIX_TOKENS.includes(type)) return false;
      }
    }

    private lowerAndOrIsOperator(previous: Operand | undefined): boolean {
      return (previous !== undefined && endsWithComparison(previous)) || this.comparisonAhead(2);
    }

    private lowerNotIsOperator(): boolean {
      return (
        (this.lastLowerOperator !== undefined && this.LA(0) === this.lastLowerOperator) ||
        this.comparisonAhead(2)
      );
    }

    private joinAnd(operands: Operand[], explicit: boolean[]): Operand {
      if (operands.length === 1) return operands[0]!;
      // Copies of exact length: a list grown by `push` keeps at least 17 slots (scratch-stack.ts).
      return {
        kind: 'And',
        operands: operands.slice(),
        explicit: explicit.slice(),
        span: span(operands[0]!.span.start, operands[operands.length - 1]!.span.end),
      };
    }

    // ---------------------------------------------------------------- rules

    /** query := sequence EOF */
    public query = this.RULE(
      'query',
      (): Operand | null => {
        return this.SUBRULE(this.sequence, { ARGS: [false] });
      },
      { recoveryValueFunc: () => null },
    );

    /**
     * sequence := ( orExpr | stray )*
     * Stray tokens (a `)` with no `(`, a `:` with no field, ...) are reported and skipped,
     * and the clauses around them are joined with an implicit AND.
     */
    private sequence = this.RULE(
      'sequence',
      (inGroup: boolean): Operand | null => {
        const pieces: Operand[] = [];
        this.MANY(
          gated(
            () => !(inGroup && tokenMatcher(this.LA(1), T.RParen)),
            () => {
              this.OR([
                alt(() => {
                  const expr = this.SUBRULE(this.orExpr);
                  this.ACTION(() => pieces.push(expr));
                }),
                alt(() => this.SUBRULE(this.stray)),
              ]);
            },
          ),
        );
        return this.ACTION(() =>
          pieces.length === 0
            ? null
            : this.joinAnd(
                pieces,
                pieces.slice(1).map(() => false),
              ),
        );
      },
      { recoveryValueFunc: () => null },
    );

    /*
     * Alternatives that capture nothing but the parser, made once per parser: a rule that built
     * its list on every call made an array, an object and a closure per alternative for every
     * clause it read, most of what a long broken query's parse allocated. The ones that read
     * a rule's local state (`pieces`, `operands`) are still made per call.
     */
    private readonly orOperators = [
      alt(() => this.CONSUME(T.Or)),
      alt(() => this.CONSUME(T.OrSymbol)),
      alt(() => this.CONSUME(T.LowerOr)),
    ];
    private readonly prefixOperators = [
      alt(() => this.CONSUME(T.Not)),
      alt(() => this.CONSUME(T.Bang)),
      alt(() => this.CONSUME(T.Minus)),
      alt(() => this.CONSUME(T.Plus)),
      alt(() => this.CONSUME(T.LowerNot)),
    ];
    private readonly clauseKinds = [
      alt(() => this.SUBRULE(this.fieldClause)),
      alt(() => this.SUBRULE(this.comparison)),
      alt(() => this.SUBRULE(this.group)),
      alt(() => this.SUBRULE(this.range)),
      alt(() => this.SUBRULE(this.termLike)),
    ];
    private readonly fieldValues = [
      alt<Operand | Relation>(() => this.SUBRULE(this.termLike)),
      alt<Operand | Relation>(() => this.SUBRULE(this.range)),
      alt<Operand | Relation>(() => this.SUBRULE(this.group)),
      alt<Operand | Relation>(() => this.SUBRULE(this.relation)),
      // `f:[a b]`, but not `f: [A] eq 1` (a value missing before a comparison).
      gatedAlt<Operand | Relation>(
        () => !tokenMatcher(this.LA(2), T.ComparisonWord),
        () => this.rangeWithoutTo(this.CONSUME(T.BracketField)),
      ),
    ];
    private readonly relationValues = [
      alt(() => this.CONSUME(T.Word)),
      alt(() => this.CONSUME(T.Quoted)),
    ];
    private readonly relationSigns = [
      alt(() => this.CONSUME(T.Minus)),
      alt(() => this.CONSUME(T.Plus)),
    ];
    private readonly termTokens = [
      alt(() => this.CONSUME(T.Word)),
      alt(() => this.CONSUME(T.Quoted)),
      alt(() => this.CONSUME(T.Regex)),
    ];
    private readonly rangeOpeners = [
      alt(() => this.CONSUME(T.RangeStart)),
      alt(() => this.CONSUME(T.RangeExclusiveStart)),
    ];
    private readonly rangeClosers = [
      alt(() => this.CONSUME(T.RangeEnd)),
      alt(() => this.CONSUME(T.RangeExclusiveEnd)),
    ];
    private readonly rangeBoundTokens = [
      alt(() => this.CONSUME(T.RangeWord)),
      alt(() => this.CONSUME(T.Quoted)),
      alt(() => this.CONSUME(T.RangeTo)),
    ];
    private readonly comparisonSigns = [
      alt(() => this.CONSUME(T.Minus)),
      alt(() => this.CONSUME(T.Plus)),
    ];
    private readonly comparisonValues = [
      alt(() => this.CONSUME(T.Quoted)),
      alt(() => this.CONSUME2(T.Word)),
    ];

    /** What `stray` skips, as alternatives made once: it runs for every token of a query full of them. */
    private readonly strayAlternatives = [
      T.RParen,
      T.Colon,
      T.Tilde,
      T.Caret,
      T.StrayCloser,
      T.RelationOperator,
      T.And,
      T.AndSymbol,
      T.Or,
      T.OrSymbol,
      // Left over when a range is never closed.
      T.RangeWord,
      T.RangeTo,
      T.RangeEnd,
      T.RangeExclusiveEnd,
    ].map((type) => alt(() => this.CONSUME(type)));

    private stray = this.RULE('stray', (): void => {
      const token = this.OR(this.strayAlternatives);
      this.ACTION(() => {
        const at = this.tokenSpan(token);
        // The fix guard's trials keep only codes and spans (a bare collector): a flood of strays spares its messages and fixes.
        if (this.diagnostics.bare) {
          this.report(STRAY_CODES[strayKind(token.tokenType)], '', at);
          return;
        }
        this.diagnostics.add(
          strayDiagnostic(this.text, strayKind(token.tokenType), token.image, at),
        );
      });
    });

    /** orExpr := andExpr ( (OR | '||' | 'or') andExpr? )* */
    private orExpr = this.RULE(
      'orExpr',
      (): Operand => {
        const operands: Operand[] = [];
        const first = this.SUBRULE(this.andExpr);
        this.ACTION(() => operands.push(first));
        this.MANY(
          gated(
            () =>
              this.LA(1).tokenType !== T.LowerOr ||
              this.lowerAndOrIsOperator(operands[operands.length - 1]),
            () => {
              const operator = this.OR(this.orOperators);
              this.ACTION(() => {
                if (operator.tokenType === T.LowerOr) this.lastLowerOperator = operator;
              });
              const operand = this.OPTION(() => this.SUBRULE2(this.andExpr));
              this.ACTION(() => operands.push(operand ?? this.missingOperand(operator)));
            },
          ),
        );
        return this.ACTION(() =>
          operands.length === 1
            ? operands[0]!
            : {
                kind: 'Or',
                operands: operands.slice(),
                span: span(operands[0]!.span.start, operands[operands.length - 1]!.span.end),
              },
        );
      },
      { recoveryValueFunc: () => this.recovered() },
    );

    private missingOperand(operator: IToken): ErrorNode {
      const at = this.tokenSpan(operator);
      this.diagnostics.add(missingOperandDiagnostic(operator.image, at));
      return this.missing(at.end);
    }

    /** andExpr := unary ( (AND | '&&' | 'and') unary? | unary )* */
    private andExpr = this.RULE(
      'andExpr',
      (): Operand => {
        const operands: Operand[] = [];
        const explicit: boolean[] = [];
        const first = this.SUBRULE(this.unary);
        this.ACTION(() => operands.push(first));
        this.MANY(
          gated(
            () =>
              this.LA(1).tokenType !== T.LowerOr ||
              !this.lowerAndOrIsOperator(operands[operands.length - 1]),
            () => {
              this.OR({
                IGNORE_AMBIGUITIES: true,
                DEF: [
                  alt(() => {
                    const operator = this.CONSUME(T.And);
                    const operand = this.OPTION(() => this.SUBRULE2(this.unary));
                    this.ACTION(() => this.afterOperator(operands, explicit, operator, operand));
                  }),
                  alt(() => {
                    const operator = this.CONSUME(T.AndSymbol);
                    const operand = this.OPTION2(() => this.SUBRULE3(this.unary));
                    this.ACTION(() => this.afterOperator(operands, explicit, operator, operand));
                  }),
                  gatedAlt(
                    () => this.lowerAndOrIsOperator(operands[operands.length - 1]),
                    () => {
                      const operator = this.CONSUME(T.LowerAnd);
                      this.ACTION(() => (this.lastLowerOperator = operator));
                      const operand = this.OPTION3(() => this.SUBRULE4(this.unary));
                      this.ACTION(() => this.afterOperator(operands, explicit, operator, operand));
                    },
                  ),
                  alt(() => {
                    const operand = this.SUBRULE5(this.unary);
                    this.ACTION(() => {
                      explicit.push(false);
                      operands.push(operand);
                    });
                  }),
                ],
              });
            },
          ),
        );
        return this.ACTION(() => this.joinAnd(operands, explicit));
      },
      { recoveryValueFunc: () => this.recovered() },
    );

    /** An AND's operand after a written operator (an `Error` node where it is missing). */
    private afterOperator(
      operands: Operand[],
      explicit: boolean[],
      operator: IToken,
      operand: Operand | undefined,
    ): void {
      explicit.push(true);
      operands.push(operand ?? this.missingOperand(operator));
    }

    /** The two forms of `unary`, made once (see `orOperators`). */
    private readonly unaryForms = {
      IGNORE_AMBIGUITIES: true,
      DEF: [
        gatedAlt(
          () => this.LA(1).tokenType !== T.LowerNot || this.lowerNotIsOperator(),
          () => {
            const prefixes: IToken[] = [];
            this.AT_LEAST_ONE(
              gated(
                () => this.LA(1).tokenType !== T.LowerNot || this.lowerNotIsOperator(),
                () => {
                  const token = this.OR2(this.prefixOperators);
                  this.ACTION(() => {
                    prefixes.push(token);
                    this.checkAttached(token);
                  });
                },
              ),
            );
            const operand = this.OPTION(() => this.SUBRULE(this.clause));
            return this.ACTION(() => this.prefixed(prefixes, operand));
          },
        ),
        alt(() => this.SUBRULE2(this.clause)),
      ],
    };

    /** unary := ( NOT | '!' | '-' | '+' | 'not' )+ clause? | clause */
    private unary = this.RULE('unary', (): Operand => this.OR(this.unaryForms), {
      recoveryValueFunc: () => this.recovered(),
    });

    /**
     * `- a`: Lucene reads a `+`, `-` or `!` followed by whitespace as a search for that
     * character, which is rarely what was meant; mdq asks which one was.
     */
    private checkAttached(token: IToken): void {
      if (token.tokenType !== T.Minus && token.tokenType !== T.Plus && token.tokenType !== T.Bang)
        return;
      const at = this.tokenSpan(token);
      const next = this.LA(1);
      if (Number.isNaN(next.startOffset) || next.startOffset === at.end) return;
      this.diagnostics.add(detachedPrefixDiagnostic(token.image, at, next.startOffset));
    }

    /** Wraps `operand` in its prefix operators, innermost last, with a loop (no recursion). */
    private prefixed(prefixes: readonly IToken[], operand: Operand | undefined): Operand {
      let node: Operand | undefined = operand;
      if (node === undefined) {
        const last = prefixes[prefixes.length - 1]!;
        const lower = this.lastLowerOperator;
        const first = this.tokenSpan(prefixes[0]!).start;
        const from = binaryOperatorBefore(this.text, first, lower && this.tokenSpan(lower));
        // `-OR x` at the start of a clause list: without the `-` the OR would lack its left clause, so it goes too.
        const next = this.LA(1);
        const to =
          from === first && opensClauseList(this.text, first) && isBinaryOperator(next.tokenType)
            ? this.tokenSpan(next).end
            : this.tokenSpan(last).end;
        const all = span(from, to);
        this.diagnostics.add(danglingPrefixDiagnostic(last.image, this.tokenSpan(last), all));
        node = this.missing(all.end);
      }
      for (let i = prefixes.length - 1; i >= 0; i--) {
        const token = prefixes[i]!;
        const at = span(this.tokenSpan(token).start, node.span.end);
        if (token.tokenType === T.Plus) node = { kind: 'Required', operand: node, span: at };
        else
          node = {
            kind: 'Not',
            operator: token.tokenType === T.Minus ? '-' : 'NOT',
            operand: node,
            span: at,
          };
      }
      return node;
    }

    /** clause := ( fieldClause | comparison | group | range | termLike ) ('^' number)? */
    private clause = this.RULE(
      'clause',
      (): Operand => {
        const node = this.OR(this.clauseKinds);
        const caret = this.OPTION(() => this.CONSUME(T.Caret));
        // Lucene also accepts the boost before the fuzzy or proximity suffix: `a^2~1`.
        const tilde = this.OPTION2(
          gated(
            () => caret !== undefined,
            () => this.CONSUME(T.Tilde),
          ),
        );
        return this.ACTION(() => {
          let expr = node as Operand;
          if (tilde !== undefined) expr = this.tildeAfterBoost(expr, tilde);
          if (caret === undefined) return expr;
          const at = this.tokenSpan(caret);
          if (caret.image.length === 1) {
            this.diagnostics.add(missingBoostValueDiagnostic(this.text, at));
            return expr;
          }
          return {
            kind: 'Boost',
            operand: expr,
            value: Number(caret.image.slice(1)),
            span: span(expr.span.start, Math.max(at.end, expr.span.end)),
          };
        });
      },
      { recoveryValueFunc: () => this.recovered() },
    );

    /** `a^2~1`: applies the `~` to the term or phrase under the boost (inside a field clause too). */
    private tildeAfterBoost(expr: Operand, tilde: IToken): Operand {
      if (expr.kind === 'Field' && (expr.value.kind === 'Term' || expr.value.kind === 'Phrase')) {
        const value = this.withTilde(expr.value, tilde) as FieldValue;
        return { ...expr, value, span: span(expr.span.start, value.span.end) };
      }
      return this.withTilde(expr, tilde);
    }

    /** fieldClause := Word ':' ( termLike | range | group | relation )? */
    private fieldClause = this.RULE(
      'fieldClause',
      (): Operand => {
        const nameToken = this.CONSUME(T.Word);
        const colon = this.CONSUME(T.Colon);
        const value = this.OPTION(() => this.OR<Operand | Relation>(this.fieldValues));
        return this.ACTION(() =>
          this.buildField(nameToken, colon, value as FieldValue | MatchAll | undefined),
        );
      },
      { recoveryValueFunc: () => this.recovered() },
    );

    /** `field:[a b]`: Lucene reads a range without `TO`; mdq asks for it (a bracket without `TO` names a field). */
    private rangeWithoutTo(token: IToken): ErrorNode {
      return this.ACTION(() => {
        const at = this.tokenSpan(token);
        const words = dashedBounds(bracketWords(token.image.slice(1, -1)));
        const fixes: Fix[] =
          words.length === 2 && closedBy(token.image, ']') && !words.some((w) => w === 'TO')
            ? [
                {
                  kind: 'syntax',
                  title: "Insert 'TO'",
                  edits: [{ span: at, text: `[${words[0]} TO ${words[1]}]` }],
                  safe: true,
                },
              ]
            : [];
        this.report(
          'missing-range-to',
          `a range needs 'TO' between its bounds, as in [a TO b]`,
          at,
          fixes,
        );
        return this.missing(at.end);
      }) as ErrorNode;
    }

    private buildField(
      nameToken: IToken,
      colon: IToken,
      value: FieldValue | MatchAll | undefined,
    ): Operand {
      const nameSpan = this.tokenSpan(nameToken);
      const colonEnd = this.tokenSpan(colon).end;
      const whole = span(nameSpan.start, value ? value.span.end : colonEnd);
      if (value === undefined) {
        this.diagnostics.add(
          missingValueDiagnostic(
            this.text,
            nameToken.image,
            span(nameSpan.start, colonEnd),
            colonEnd,
          ),
        );
        value = this.missing(colonEnd);
      }
      const raw = nameToken.image;
      if (value.kind === 'MatchAll') {
        if (raw === '*') return { kind: 'MatchAll', span: whole };
        // `field:*`: the field holds any value.
        value = { kind: 'Wildcard', raw: '*', pattern: '*', span: value.span };
      }
      if (raw === '_exists_') {
        if (value.kind === 'Term' || value.kind === 'Phrase') {
          const field: FieldName = {
            kind: 'FieldName',
            raw: value.raw,
            value: value.value,
            span: value.span,
          };
          return { kind: 'Exists', field, span: whole };
        }
        if (value.kind !== 'Error')
          this.report('invalid-exists', "expected a field name after '_exists_:'", value.span);
      }
      const unescaped = unescape(raw);
      this.reportEscapes(nameSpan.start, unescaped.problems);
      if (raw !== '*' && hasUnescapedWildcard(raw)) {
        this.report(
          'invalid-field-name',
          `a field name cannot hold wildcards: '${raw}'; escape '*' and '?' with a backslash`,
          nameSpan,
          [
            {
              kind: 'syntax',
              title: 'Escape the wildcards',
              edits: [
                {
                  span: nameSpan,
                  text: raw.replace(/(\\[\s\S])|([*?])/g, (m, esc: string) => (esc ? m : `\\${m}`)),
                },
              ],
            },
          ],
        );
      }
      const field: FieldName = { kind: 'FieldName', raw, value: unescaped.value, span: nameSpan };
      if (value.kind === 'Group') value = scopeBareStars(value);
      return { kind: 'Field', field, value, span: whole };
    }

    /** relation := ('>' | '>=' | '<' | '<=') ( sign? Word | Quoted )? */
    private relation = this.RULE(
      'relation',
      (): Relation | ErrorNode => {
        const operator = this.CONSUME(T.RelationOperator);
        // `a:<-10`: a sign touching the word after it is part of the value, as in Lucene and Elasticsearch.
        const sign = this.OPTION2(
          gated(
            () => this.signTouchesWord(),
            () => this.OR2(this.relationSigns),
          ),
        );
        const value = this.OPTION(() => this.OR(this.relationValues));
        return this.ACTION(() => {
          const at = this.tokenSpan(operator);
          const op = operator.image as RelationOperator;
          if (value === undefined) {
            this.report('missing-value', `expected a value after '${op}'`, at);
            return { kind: 'Error', span: at };
          }
          const unsigned = value.tokenType === T.Quoted ? this.phrase(value) : this.word(value);
          const leaf =
            sign === undefined || unsigned.kind !== 'Term'
              ? unsigned
              : signedTerm(sign.image, this.tokenSpan(sign).start, unsigned);
          if (leaf.kind !== 'Term' && leaf.kind !== 'Phrase') {
            this.report(
              'invalid-relation-value',
              `'${op}' needs a plain value, not a ${leaf.kind === 'Wildcard' ? 'wildcard' : 'match-all'}`,
              leaf.span,
            );
            const raw = (sign?.image ?? '') + value.image;
            const term = {
              kind: 'Term',
              raw,
              value: raw,
              span: span(
                sign === undefined ? leaf.span.start : this.tokenSpan(sign).start,
                leaf.span.end,
              ),
            } as const;
            return {
              kind: 'Relation',
              operator: op,
              value: term,
              span: span(at.start, leaf.span.end),
            };
          }
          return {
            kind: 'Relation',
            operator: op,
            value: leaf,
            span: span(at.start, leaf.span.end),
          };
        });
      },
      { recoveryValueFunc: () => this.recovered() },
    );

    /** `-` or `+` next, touching the word after it: after a relation operator, the sign of the value. */
    private signTouchesWord(): boolean {
      const sign = this.LA(1);
      const next = this.LA(2);
      return (
        (sign.tokenType === T.Minus || sign.tokenType === T.Plus) &&
        tokenMatcher(next, T.Word) &&
        next.startOffset === sign.startOffset + sign.image.length
      );
    }

    /** termLike := ( Word | Quoted | Regex ) ('~' number?)? */
    private termLike = this.RULE(
      'termLike',
      (): Operand => {
        const token = this.OR(this.termTokens);
        const tilde = this.OPTION(() => this.CONSUME(T.Tilde));
        return this.ACTION(() => {
          const leaf =
            token.tokenType === T.Quoted
              ? this.phrase(token)
              : token.tokenType === T.Regex
                ? this.regex(token)
                : this.word(token);
          return tilde === undefined ? leaf : this.withTilde(leaf, tilde);
        });
      },
      { recoveryValueFunc: () => this.recovered() },
    );

    /** Applies `~` to a term (fuzzy) or a phrase (proximity), reporting it anywhere else or with a bad number. */
    private withTilde(leaf: Operand, tilde: IToken): Operand {
      const at = this.tokenSpan(tilde);
      if (leaf.kind !== 'Term' && leaf.kind !== 'Phrase') {
        this.diagnostics.add(misplacedFuzzyDiagnostic(fuzzyTarget(leaf), at));
        return leaf;
      }
      const number = tilde.image.slice(1);
      if (number !== '' && !DECIMAL.test(number)) {
        this.diagnostics.add(invalidFuzzySuffixDiagnostic(number, at));
        return leaf;
      }
      const distance = number === '' ? null : Number(number);
      if (leaf.kind === 'Term' && distance !== null && distance >= 1 && !Number.isInteger(distance))
        this.diagnostics.add(fractionalFuzzyDiagnostic(number, at));
      const whole = span(leaf.span.start, at.end);
      return leaf.kind === 'Term'
        ? { kind: 'Fuzzy', operand: leaf, distance, span: whole }
        : {
            kind: 'Proximity',
            operand: leaf,
            distance: distance === null ? null : Math.min(distance, MAX_SLOP),
            span: whole,
          };
    }

    private word(token: IToken): Operand & { kind: 'Term' | 'Wildcard' | 'MatchAll' } {
      const at = this.tokenSpan(token);
      const raw = token.image;
      if (raw === '*') return { kind: 'MatchAll', span: at };
      if (hasUnescapedWildcard(raw)) {
        const { value, problems } = unescape(raw, true);
        this.reportEscapes(at.start, problems);
        return { kind: 'Wildcard', raw, pattern: value, span: at };
      }
      const { value, problems } = unescape(raw);
      this.reportEscapes(at.start, problems);
      return { kind: 'Term', raw, value, span: at };
    }

    private phrase(token: IToken): Operand & { kind: 'Phrase' } {
      const at = this.tokenSpan(token);
      const raw = token.image;
      const closed = this.checkClosed(raw, at, '"', 'unterminated-phrase', 'phrase', true);
      const inner = raw.slice(1, closed ? -1 : undefined);
      const { value, problems } = unescape(inner);
      this.reportEscapes(at.start + 1, problems);
      return { kind: 'Phrase', raw, value, span: at };
    }

    private regex(token: IToken): Operand & { kind: 'Regex' } {
      const at = this.tokenSpan(token);
      const raw = token.image;
      const closed = this.checkClosed(raw, at, '/', 'unterminated-regex', 'regex', false);
      return { kind: 'Regex', raw, pattern: raw.slice(1, closed ? -1 : undefined), span: at };
    }

    /**
     * True when `raw` (a phrase or regex token) ends with its `closer`; else reports `code` with a fix
     * that adds the closer (escaped where the text ends in a lone backslash). Closing a phrase keeps
     * its meaning; closing a regex may not (`safe`).
     */
    private checkClosed(
      raw: string,
      at: Span,
      closer: '"' | '/',
      code: string,
      what: string,
      safe: boolean,
    ): boolean {
      if (closer === '/' ? regexClosed(raw) : closedBy(raw, closer)) return true;
      this.diagnostics.add(unclosedDiagnostic(this.text, raw, at, closer, code, what, safe));
      return false;
    }

    /** group := '(' sequence ')' */
    private group = this.RULE(
      'group',
      (): Group => {
        const open = this.CONSUME(T.LParen);
        const body = this.SUBRULE(this.sequence, { ARGS: [true] });
        const close = this.OPTION(() => this.CONSUME(T.RParen));
        return this.ACTION(() => {
          const openSpan = this.tokenSpan(open);
          const end = close ? this.tokenSpan(close).end : body ? body.span.end : openSpan.end;
          if (close === undefined) {
            // After an unterminated phrase, regex or bracket a ')' would only land inside it: no obvious fix then.
            // Inner groups left open at the same point are closed first, so this fix closes them too.
            const closers = ')'.repeat((this.unclosedGroupsAt.get(end) ?? 0) + 1);
            this.unclosedGroupsAt.set(end, closers.length);
            // A range left open at the same point is closed first: `([a TO b` + `)` re-lexes `[a TO b)` as a bracketed name.
            const text = (this.unclosedRangesAt.get(end) ?? '') + closers;
            this.diagnostics.add(
              unclosedGroupDiagnostic(
                this.text,
                openSpan,
                end,
                text,
                !endsUnterminated(this.LA(0)),
              ),
            );
          }
          if (body === null)
            this.diagnostics.add(emptyGroupDiagnostic(this.text, openSpan.start, end));
          return {
            kind: 'Group',
            body: body ?? this.missing(openSpan.end),
            span: span(openSpan.start, end),
          };
        });
      },
      { recoveryValueFunc: () => this.recovered() as unknown as Group },
    );

    /** range := ('[' | '{') bound? TO? bound? (']' | '}')? */
    private range = this.RULE(
      'range',
      (): Range => {
        const open = this.OR(this.rangeOpeners);
        // A bare `TO` is a bound where Lucene 8.7 reads one: before the `TO` keyword (`[TO TO x]`) and after it (`[x TO TO]`).
        const lower = this.OPTION(
          gated(
            () => this.LA(1).tokenType !== T.RangeTo || this.LA(2).tokenType === T.RangeTo,
            () => this.SUBRULE(this.rangeBound),
          ),
        );
        const to = this.OPTION2(() => this.CONSUME(T.RangeTo));
        const upper = this.OPTION3(
          gated(
            () => this.LA(1).tokenType !== T.RangeTo || to !== undefined,
            () => this.SUBRULE2(this.rangeBound),
          ),
        );
        const close = this.OPTION4(() => this.OR2(this.rangeClosers));
        return this.ACTION(() => {
          const openSpan = this.tokenSpan(open);
          // Unclosed: the range ends after its last part, which is `TO` when no upper bound follows it (`["18"TO`).
          let end = close
            ? this.tokenSpan(close).end
            : Math.max(
                openSpan.end,
                lower?.span.end ?? 0,
                to ? this.tokenSpan(to).end : 0,
                upper?.span.end ?? 0,
              );
          if (lower === undefined) this.diagnostics.add(missingLowerBoundDiagnostic(openSpan));
          if (to === undefined && lower !== undefined && upper !== undefined) {
            this.report(
              'missing-range-to',
              "expected 'TO' between the bounds of a range",
              span(lower.span.end, upper.span.start),
              [
                {
                  kind: 'syntax',
                  title: "Insert 'TO'",
                  edits: [{ span: span(lower.span.end, upper.span.start), text: ' TO ' }],
                  safe: true,
                },
              ],
            );
          } else if (upper === undefined && lower !== undefined) {
            const after = to ? this.tokenSpan(to) : lower.span;
            this.diagnostics.add(missingUpperBoundDiagnostic(to ? 'TO' : lower.raw, after));
          }
          if (close === undefined) {
            const closer = open.tokenType === T.RangeStart ? ']' : '}';
            this.unclosedRangesAt.set(end, closer);
            this.diagnostics.add(
              unclosedRangeDiagnostic(
                this.text,
                openSpan,
                end,
                closer,
                !endsUnterminated(this.LA(0)),
              ),
            );
          }
          const parts = [openSpan, lower?.span, to && this.tokenSpan(to), upper?.span]
            .concat(close && this.tokenSpan(close))
            .filter((part): part is Span => part !== undefined && part.end > part.start);
          const blanks = oddRangeBlanks(this.text, parts);
          if (blanks.length > 0) this.diagnostics.add(rangeBlanksDiagnostic(this.text, blanks));
          end = Math.max(end, openSpan.end);
          return {
            kind: 'Range',
            lower: lower ?? missingBound(openSpan.end),
            upper: upper ?? missingBound(end),
            lowerInclusive: open.tokenType === T.RangeStart,
            upperInclusive: close
              ? close.tokenType === T.RangeEnd
              : open.tokenType === T.RangeStart,
            span: span(openSpan.start, end),
          };
        });
      },
      { recoveryValueFunc: () => this.recovered() as unknown as Range },
    );

    /** rangeBound := RangeWord | Quoted | TO */
    private rangeBound = this.RULE(
      'rangeBound',
      (): RangeBound => {
        const token = this.OR(this.rangeBoundTokens);
        return this.ACTION(() => {
          const at = this.tokenSpan(token);
          const raw = token.image;
          if (token.tokenType === T.Quoted) {
            const phrase = this.phrase(token);
            return { kind: 'RangeBound', raw, value: phrase.value, span: at };
          }
          if (raw === '*') return { kind: 'RangeBound', raw, value: null, span: at };
          const { value, problems } = unescape(raw);
          this.reportEscapes(at.start, problems);
          return { kind: 'RangeBound', raw, value, span: at };
        });
      },
      {
        recoveryValueFunc: () => ({
          kind: 'RangeBound' as const,
          raw: '',
          value: '',
          span: span(this.previousEnd(), this.previousEnd()),
        }),
      },
    );

    /** comparison := BracketField operator? value? */
    private comparison = this.RULE(
      'comparison',
      (): Operand => {
        const field = this.CONSUME(T.BracketField);
        // A word in operator position: a known operator, a known misspelling, a bare number
        // (`[Age] 5`: operator missing) or any word followed by a value (reported as unknown).
        const operator = this.OPTION(
          gated(
            () => {
              const next = this.LA(1);
              const after = this.LA(2).tokenType;
              return (
                tokenMatcher(next, T.ComparisonWord) ||
                next.image.toLowerCase() in OPERATOR_ALIASES ||
                DECIMAL.test(next.image) ||
                after === T.Quoted ||
                after === T.Minus ||
                after === T.Plus ||
                tokenMatcher(this.LA(2), T.Word)
              );
            },
            () => this.CONSUME(T.Word),
          ),
        );
        const sign = this.OPTION2(
          gated(
            () => tokenMatcher(this.LA(2), T.Word) && DECIMAL.test(this.LA(2).image),
            () => this.OR2(this.comparisonSigns),
          ),
        );
        // Without an operator only a quoted value still belongs to the comparison (`[A] "x"`).
        const value = this.OPTION3(
          gated(
            () => operator !== undefined || this.LA(1).tokenType === T.Quoted,
            () => this.OR3(this.comparisonValues),
          ),
        );
        return this.ACTION(() => this.buildComparison(field, operator, sign, value));
      },
      { recoveryValueFunc: () => this.recovered() },
    );

    private buildComparison(
      fieldToken: IToken,
      operatorToken: IToken | undefined,
      sign: IToken | undefined,
      valueToken: IToken | undefined,
    ): Operand {
      const fieldSpan = this.tokenSpan(fieldToken);
      const raw = fieldToken.image;
      const closed = closedBy(raw, ']');
      if (!closed) this.diagnostics.add(unclosedBracketDiagnostic(this.text, raw, fieldSpan));
      const inner = raw.slice(1, closed ? -1 : undefined);
      const name = unescape(inner);
      this.reportEscapes(fieldSpan.start + 1, name.problems);
      const field: FieldName = {
        kind: 'FieldName',
        raw: inner,
        value: name.value,
        span: fieldSpan,
      };
      if (field.value.trim() === '')
        this.report('empty-field-name', 'the field name between the brackets is empty', fieldSpan);

      let operator: ComparisonOperator | undefined;
      let end = fieldSpan.end;
      if (
        operatorToken !== undefined &&
        valueToken === undefined &&
        sign === undefined &&
        DECIMAL.test(operatorToken.image)
      ) {
        // `[Age] 5`: the operator is missing, not the value.
        const at = this.tokenSpan(operatorToken);
        this.report(
          'missing-operator',
          `expected a comparison operator between '${raw}' and '${operatorToken.image}'`,
          span(fieldSpan.start, at.end),
          [
            {
              kind: 'syntax',
              title: "Insert 'eq'",
              edits: [{ span: span(fieldSpan.end, at.start), text: ' eq ' }],
            },
          ],
        );
        return { kind: 'Error', span: span(fieldSpan.start, at.end) };
      }
      if (operatorToken === undefined) {
        this.diagnostics.add(missingOperatorDiagnostic(raw, fieldSpan));
      } else {
        const at = this.tokenSpan(operatorToken);
        end = at.end;
        const word = operatorToken.image.toLowerCase();
        if ((COMPARISON_OPERATORS as readonly string[]).includes(word)) {
          operator = word as ComparisonOperator;
        } else {
          const alias = OPERATOR_ALIASES[word];
          this.report(
            'unknown-operator',
            `unknown comparison operator '${operatorToken.image}'${alias ? `; did you mean '${alias}'?` : ''} (operators: ${COMPARISON_OPERATORS.join(', ')})`,
            at,
            // `like` is SQL's: its `%` and `_` are wildcards that `contains` would search for literally.
            alias
              ? [
                  {
                    kind: word === 'like' ? 'rewrite' : 'syntax',
                    title: `Replace with '${alias}'`,
                    edits: [{ span: at, text: alias }],
                    safe: word !== 'like',
                  },
                ]
              : undefined,
          );
          operator = alias;
        }
      }

      let value: StringValue | NumberValue | undefined;
      if (valueToken === undefined) {
        const at = sign ? this.tokenSpan(sign) : span(end, end);
        if (operatorToken !== undefined)
          this.diagnostics.add(
            missingComparisonValueDiagnostic(operatorToken.image, this.tokenSpan(operatorToken)),
          );
        end = Math.max(end, at.end);
      } else {
        const at = this.tokenSpan(valueToken);
        const start = sign ? this.tokenSpan(sign).start : at.start;
        end = at.end;
        if (valueToken.tokenType === T.Quoted) {
          const phrase = this.phrase(valueToken);
          value = { kind: 'StringValue', raw: valueToken.image, value: phrase.value, span: at };
          if (sign)
            this.report(
              'unexpected-token',
              `unexpected '${sign.image}' before a quoted value`,
              this.tokenSpan(sign),
            );
        } else {
          const signed = (sign?.image ?? '') + valueToken.image;
          const adjacent = !sign || this.tokenSpan(sign).end === at.start;
          if (DECIMAL.test(valueToken.image) && adjacent) {
            value = {
              kind: 'NumberValue',
              raw: signed,
              value: Number(signed),
              span: span(start, at.end),
            };
          } else {
            const text = unescape(valueToken.image).value;
            const quoted = quote(text);
            const meant = sign ? undefined : singleQuotedValue(text);
            if (meant !== undefined) {
              // `[City] eq 'Berlin'`: SQL's quotes. Quoting the word would search for the quote marks too.
              const numeric = isSignedDecimal(meant);
              const written = numeric ? [meant, quote(meant)] : [quote(meant)];
              this.report(
                'unquoted-value',
                `single quotes do not quote in this language: write ${written[0]}`,
                at,
                // The string is what SQL's quotes meant; a number's type is the schema's to say, so that fix is a guess.
                written.map((w) => ({
                  kind: 'syntax',
                  title: `Write ${w}`,
                  edits: [{ span: at, text: w }],
                  safe: !numeric,
                })),
              );
              // The tree holds the value meant, so that the checker judges it (`[Status] eq 'Active'`: the code is ACT).
              value = numeric
                ? { kind: 'NumberValue', raw: meant, value: Number(meant), span: at }
                : { kind: 'StringValue', raw: written[0]!, value: meant, span: at };
            } else {
              this.report(
                'unquoted-value',
                `a comparison value must be a quoted string or a number: write ${quoted}`,
                span(start, at.end),
                [
                  {
                    kind: 'syntax',
                    title: `Quote it: ${quoted}`,
                    edits: [
                      {
                        span: span(start, at.end),
                        text: sign ? `"${sign.image}${quoted.slice(1)}` : quoted,
                      },
                    ],
                    safe: true,
                  },
                ],
              );
              value = {
                kind: 'StringValue',
                raw: quoted,
                value: (sign?.image ?? '') + text,
                span: span(start, at.end),
              };
            }
          }
        }
      }
      const whole = span(fieldSpan.start, end);
      if (operator === undefined || value === undefined) return { kind: 'Error', span: whole };
      const node: Comparison = { kind: 'Comparison', field, operator, value, span: whole };
      return node;
    }
  };
}

/** The inside of `'Berlin'`, a comparison value in SQL's single quotes (one word), with SQL's `''` as `'`. */
function singleQuotedValue(text: string): string | undefined {
  if (text.length < 3 || text[0] !== "'" || text[text.length - 1] !== "'") return undefined;
  return text.slice(1, -1).replace(/''/g, "'");
}

/** True when `token` is a phrase, regex or bracket field name whose closing character is missing. */
function endsUnterminated(token: IToken): boolean {
  const closer =
    token.tokenType === T.Quoted
      ? '"'
      : token.tokenType === T.Regex
        ? '/'
        : token.tokenType === T.BracketField
          ? ']'
          : undefined;
  if (closer === undefined) return false;
  return closer === '/' ? !regexClosed(token.image) : !closedBy(token.image, closer);
}
