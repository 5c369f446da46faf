/**
 * mdq's recognizer: the part of chevrotain's `EmbeddedActionsParser` that the grammar
 * (parser.ts) uses, with chevrotain's semantics (its recognizer_engine.js, recoverable.js,
 * lexer_adapter.js and error_handler.js, ported plainly), run on the grammar's analysis
 * computed once at generation time by chevrotain itself (tables.ts) instead of by
 * `performSelfAnalysis` in every process: LL(k) choice in OR, OPTION, MANY and AT_LEAST_ONE
 * with gates; recognition exceptions; and chevrotain's recovery: single-token insertion and
 * deletion in CONSUME, re-sync in rule invocation by follow sets, and in-repetition recovery.
 *
 * Why its own: chevrotain's runtime was most of the browser bundle of `parse` and its
 * self-analysis most of the first broken query's time. The tests hold the two to the same
 * trees, diagnostics and recognition errors (test/language/recognizer.test.ts).
 */
import type { IToken, TokenType } from 'chevrotain';
import {
  earlyExit,
  mismatchedToken,
  noViableAlt,
  notAllInputParsed,
  RecognitionException,
} from './exceptions.js';
import { TABLES } from './tables.js';
import {
  LETTER_BASE,
  METHOD_LETTERS,
  NULLABLE,
  RULE_LETTER_BASE,
  type Tables,
} from './tables-type.js';

/** The end of the input, as chevrotain's END_OF_FILE token. */
export const EOF: TokenType = { name: 'EOF' };
const END_OF_INPUT: IToken = Object.freeze(emptyToken(EOF, Number.NaN));

function emptyToken(tokenType: TokenType, startOffset: number): IToken {
  return {
    image: '',
    startOffset,
    endOffset: Number.NaN,
    startLine: Number.NaN,
    endLine: Number.NaN,
    startColumn: Number.NaN,
    endColumn: Number.NaN,
    tokenTypeIdx: tokenType.tokenTypeIdx as number,
    tokenType,
  };
}

/** True when `type` is `parent` or in its category, directly or through another (a LowerAnd is a Word). */
function inCategory(type: TokenType, parent: TokenType): boolean {
  for (const category of (type.CATEGORIES as TokenType[] | undefined) ?? [])
    if (category === parent || inCategory(category, parent)) return true;
  return false;
}

/** chevrotain's `tokenMatcher`: `token` is of `type` or of a type in its category. */
export function tokenMatcher(token: IToken, type: TokenType): boolean {
  return token.tokenType === type || inCategory(token.tokenType, type);
}

type Paths = readonly (readonly TokenType[])[];

type Action<R> = () => R;
interface Gated<R> {
  GATE?: () => boolean;
  DEF: Action<R>;
}
interface Alternative<R> {
  GATE?: () => boolean;
  ALT: Action<R>;
}
type Alternatives<R> = readonly Alternative<R>[] | { DEF: readonly Alternative<R>[] };

interface RuleConfig<R> {
  recoveryValueFunc?: (e: RecognitionException) => R;
  resyncEnabled?: boolean;
}
type Rule = ((...args: unknown[]) => unknown) & { core: (...args: unknown[]) => unknown };

export class EmbeddedActionsParser {
  private tokens: IToken[] = [];
  private length = 0;
  private at = -1;
  private readonly recoveryEnabled: boolean;
  private recognitionErrors: RecognitionException[] = [];
  /** The rules being run, outermost first, and the occurrence index each was called with. */
  private readonly ruleStack: string[] = [];
  /** The same rules by their letters in the tables. */
  private readonly letterStack: string[] = [];
  private readonly occurrenceStack: number[] = [];
  private depth = -1;
  private subruleIdx = 0;
  /** The grammar's analysis (tables.ts: the grammar of parser.ts; the tests give others). */
  private readonly tables: Tables;
  /** The token types by their letter in the tables (tables-type.ts), and their letters. */
  private readonly letters: TokenType[];
  private readonly letterOf = new Map<TokenType, string>();
  private readonly resolved = new Map<string, readonly Paths[]>();

  constructor(
    vocabulary: readonly TokenType[],
    config: { recoveryEnabled?: boolean; tables?: Tables } = {},
  ) {
    this.recoveryEnabled = config.recoveryEnabled === true;
    this.tables = config.tables ?? TABLES;
    this.letters = [EOF, ...vocabulary];
    this.letters.forEach((type, i) =>
      this.letterOf.set(type, String.fromCharCode(LETTER_BASE + i)),
    );
  }

  /** The token types a string of letters names (a NULLABLE mark left out). */
  private decode(letters: string): TokenType[] {
    const types: TokenType[] = [];
    for (let i = 0; i < letters.length; i++) {
      const type = this.letters[letters.charCodeAt(i) - LETTER_BASE];
      if (type !== undefined) types.push(type);
    }
    return types;
  }

  /** The lookahead paths of the production at `key` (`rule/OR0`), per alternative. */
  private lookahead(key: string): readonly Paths[] {
    let paths = this.resolved.get(key);
    if (paths === undefined) {
      // An empty string is one empty path (an empty alternative), which always matches.
      paths = (this.tables.lookahead[key] ?? []).map((alt) =>
        alt.split(' ').map((path) => this.decode(path)),
      );
      this.resolved.set(key, paths);
    }
    return paths;
  }

  /** The analysis was done at generation time (tables.ts). */
  performSelfAnalysis(): void {}

  set input(tokens: IToken[]) {
    this.at = -1;
    this.subruleIdx = 0;
    this.recognitionErrors = [];
    this.depth = -1;
    this.tokens = tokens;
    this.length = tokens.length;
  }

  get input(): IToken[] {
    return this.tokens;
  }

  get errors(): RecognitionException[] {
    return this.recognitionErrors.slice();
  }

  LA(k: number): IToken {
    const i = this.at + k;
    return i < 0 || i >= this.length ? END_OF_INPUT : this.tokens[i]!;
  }

  /** chevrotain pads the input with END_OF_FILE tokens for the lookahead; this reads past the end the same way. */
  private next(k: number): IToken {
    return this.tokens[this.at + k] ?? END_OF_INPUT;
  }

  private skip(): IToken {
    if (this.at <= this.length - 2) {
      this.at++;
      return this.next(1);
    }
    return END_OF_INPUT;
  }

  private save(error: RecognitionException): RecognitionException {
    error.context = {
      ruleStack: this.ruleStack.slice(0, this.depth + 1),
      ruleOccurrenceStack: this.occurrenceStack.slice(0, this.depth + 1),
    };
    this.recognitionErrors.push(error);
    return error;
  }

  /** The key of a production (a method's letter, or a token's) of the current rule. */
  private key(letter: string | undefined, occurrence: number): string {
    return `${this.letterStack[this.depth]}${letter}${occurrence}`;
  }

  /** The key of the call of the rule at `depth` (> 0) in its caller. */
  private callKey(depth: number): string {
    return `${this.letterStack[depth]}${this.occurrenceStack[depth]}${this.letterStack[depth - 1]}`;
  }

  private matchesPath(paths: Paths): boolean {
    for (const path of paths) {
      let i = 0;
      while (i < path.length && tokenMatcher(this.next(i + 1), path[i]!)) i++;
      if (i === path.length) return true;
    }
    return false;
  }

  // ------------------------------------------------------------------ rules

  RULE<R, A extends unknown[]>(
    name: string,
    impl: (...args: A) => R,
    config: RuleConfig<R> = {},
  ): (...args: A) => R {
    const recoveryValue = config.recoveryValueFunc ?? (() => undefined as R);
    const resyncEnabled = config.resyncEnabled !== false;
    const letter = String.fromCharCode(RULE_LETTER_BASE + this.tables.rules.indexOf(name));
    const core = function (this: EmbeddedActionsParser, ...args: A): R {
      try {
        this.occurrenceStack[++this.depth] = this.subruleIdx;
        this.ruleStack[this.depth] = name;
        this.letterStack[this.depth] = letter;
        return impl.apply(this, args);
      } catch (e) {
        return this.recover(e, resyncEnabled, recoveryValue);
      } finally {
        this.depth--;
      }
    };
    const root = function (this: EmbeddedActionsParser, ...args: A): R {
      try {
        return core.apply(this, args);
      } finally {
        // chevrotain's onAfterParse: what is left is an error.
        if (!tokenMatcher(this.LA(1), EOF)) this.save(notAllInputParsed(this.LA(1)));
      }
    };
    return Object.assign(root, { core });
  }

  /** chevrotain's invokeRuleCatch: re-sync to a token that may follow this rule, or pass the error up. */
  private recover<R>(
    e: unknown,
    resyncEnabled: boolean,
    recoveryValue: (e: RecognitionException) => R,
  ): R {
    if (!(e instanceof RecognitionException)) throw e;
    if (resyncEnabled && this.recoveryEnabled) {
      const type = this.findResyncType();
      if (!this.followOf(this.depth).includes(type)) throw e;
      e.resyncedTokens = this.resyncTo(type);
      return recoveryValue(e);
    }
    if (this.depth === 0) {
      this.at = this.length - 1;
      return recoveryValue(e);
    }
    throw e;
  }

  /** The re-sync set of the rule at `depth`: what may follow its call in its caller (EOF for the first rule). */
  private followOf(depth: number): readonly TokenType[] {
    if (depth === 0) return [EOF];
    return this.decode(this.tables.resync[this.callKey(depth)] ?? '');
  }

  /** The first token ahead that may follow any rule on the stack, and which type it matched first. */
  private findResyncType(): TokenType {
    const all: TokenType[] = [];
    for (let d = 0; d <= this.depth; d++) all.push(...this.followOf(d));
    for (let k = 1; ; k++) {
      const ahead = k === 1 ? this.next(1) : this.LA(k);
      const found = all.find((type) => tokenMatcher(ahead, type));
      if (found !== undefined) return found;
    }
  }

  private resyncTo(type: TokenType): IToken[] {
    const skipped: IToken[] = [];
    let ahead = this.next(1);
    while (!tokenMatcher(ahead, type)) {
      ahead = this.skip();
      if (!tokenMatcher(ahead, EOF)) skipped.push(ahead);
    }
    // chevrotain drops the last one: the token re-synced to.
    return skipped.slice(0, -1);
  }

  private subrule<R>(
    rule: (...args: never[]) => R,
    idx: number,
    options?: { ARGS?: unknown[] },
  ): R {
    this.subruleIdx = idx;
    return (rule as unknown as Rule).core.apply(this, options?.ARGS ?? []) as R;
  }

  SUBRULE<R>(rule: (...args: never[]) => R, options?: { ARGS?: unknown[] }): R {
    return this.subrule(rule, 0, options);
  }
  SUBRULE2<R>(rule: (...args: never[]) => R, options?: { ARGS?: unknown[] }): R {
    return this.subrule(rule, 2, options);
  }
  SUBRULE3<R>(rule: (...args: never[]) => R, options?: { ARGS?: unknown[] }): R {
    return this.subrule(rule, 3, options);
  }
  SUBRULE4<R>(rule: (...args: never[]) => R, options?: { ARGS?: unknown[] }): R {
    return this.subrule(rule, 4, options);
  }
  SUBRULE5<R>(rule: (...args: never[]) => R, options?: { ARGS?: unknown[] }): R {
    return this.subrule(rule, 5, options);
  }

  ACTION<R>(action: () => R): R {
    return action();
  }

  // ------------------------------------------------------------------ tokens

  private consume(type: TokenType, idx: number): IToken {
    const ahead = this.next(1);
    if (tokenMatcher(ahead, type)) {
      this.at++;
      return ahead;
    }
    const error = this.save(mismatchedToken(type, ahead, this.LA(0)));
    if (!this.recoveryEnabled) throw error;
    // Single-token insertion: the token after is one that may follow the missing one.
    if (this.canInsert(type, idx)) {
      const inserted = emptyToken(type, Number.NaN) as IToken & { isInsertedInRecovery: boolean };
      inserted.isInsertedInRecovery = true;
      return inserted;
    }
    // Single-token deletion: the token after the unexpected one is the expected one.
    if (tokenMatcher(this.LA(2), type)) {
      const skipped = this.skip();
      this.at++;
      return skipped;
    }
    throw error;
  }

  /** chevrotain's canRecoverWithSingleTokenInsertion, on the follows of `type`'s occurrence `idx` in the current rule. */
  private canInsert(type: TokenType, idx: number): boolean {
    const follows = this.followsOfToken(type, idx);
    const ahead = this.next(1);
    return follows.some((t) => tokenMatcher(ahead, t));
  }

  /**
   * What may follow the token: its rest in the rule, then the rest after each call up the
   * stack while all before may be empty (chevrotain's NextAfterTokenWalker on the rule stack).
   */
  private followsOfToken(type: TokenType, idx: number): TokenType[] {
    let rest = this.tables.afterToken[this.key(this.letterOf.get(type), idx)] ?? '';
    const follows = this.decode(rest);
    for (let d = this.depth; rest.endsWith(NULLABLE) && d > 0; d--) {
      rest = this.tables.afterCall[this.callKey(d)] ?? '';
      follows.push(...this.decode(rest));
    }
    return follows;
  }

  CONSUME(type: TokenType): IToken {
    return this.consume(type, 0);
  }
  CONSUME2(type: TokenType): IToken {
    return this.consume(type, 2);
  }

  // ------------------------------------------------------------------ choices

  private or<R>(idx: number, alternatives: Alternatives<R>): R {
    const alts = 'DEF' in alternatives ? alternatives.DEF : alternatives;
    const paths = this.lookahead(this.key(METHOD_LETTERS.OR, idx));
    for (let t = 0; t < alts.length; t++) {
      const gate = alts[t]!.GATE;
      if (gate !== undefined && gate.call(this) === false) continue;
      if (this.matchesPath(paths[t] ?? [])) return alts[t]!.ALT.call(this);
    }
    throw this.save(noViableAlt(paths.flat(), this.LA(1), this.LA(0)));
  }

  OR<R>(alternatives: Alternatives<R>): R {
    return this.or(0, alternatives);
  }
  OR2<R>(alternatives: Alternatives<R>): R {
    return this.or(2, alternatives);
  }
  OR3<R>(alternatives: Alternatives<R>): R {
    return this.or(3, alternatives);
  }

  /** An OPTION's, MANY's or AT_LEAST_ONE's test: its gate, then its lookahead paths. */
  private test(method: string, idx: number, gate: (() => boolean) | undefined): () => boolean {
    const paths = this.lookahead(this.key(method, idx))[0] ?? [];
    return () => (gate === undefined || gate.call(this)) && this.matchesPath(paths);
  }

  private option<R>(idx: number, def: Action<R> | Gated<R>): R | undefined {
    const { DEF, GATE } = typeof def === 'function' ? { DEF: def, GATE: undefined } : def;
    return this.test(METHOD_LETTERS.OPTION, idx, GATE)() === true ? DEF.call(this) : undefined;
  }

  OPTION<R>(def: Action<R> | Gated<R>): R | undefined {
    return this.option(0, def);
  }
  OPTION2<R>(def: Action<R> | Gated<R>): R | undefined {
    return this.option(2, def);
  }
  OPTION3<R>(def: Action<R> | Gated<R>): R | undefined {
    return this.option(3, def);
  }
  OPTION4<R>(def: Action<R> | Gated<R>): R | undefined {
    return this.option(4, def);
  }

  /** One iteration; false when it consumed nothing (chevrotain stops the loop then). */
  private repeatOnce(action: Action<unknown>): boolean {
    const before = this.at;
    action.call(this);
    return this.at > before;
  }

  private many(idx: number, def: Action<unknown> | Gated<unknown>): void {
    const { DEF, GATE } = typeof def === 'function' ? { DEF: def, GATE: undefined } : def;
    const test = this.test(METHOD_LETTERS.MANY, idx, GATE);
    let notStuck = true;
    while (test() === true && notStuck) notStuck = this.repeatOnce(DEF);
    this.repetitionRecovery(() => this.many(idx, def), test, METHOD_LETTERS.MANY, idx, notStuck);
  }

  MANY(def: Action<unknown> | Gated<unknown>): void {
    this.many(0, def);
  }

  private atLeastOne(idx: number, def: Action<unknown> | Gated<unknown>): void {
    const { DEF, GATE } = typeof def === 'function' ? { DEF: def, GATE: undefined } : def;
    const test = this.test(METHOD_LETTERS.AT_LEAST_ONE, idx, GATE);
    if (test() !== true) {
      const paths = this.lookahead(this.key(METHOD_LETTERS.AT_LEAST_ONE, idx))[0] ?? [];
      throw this.save(earlyExit(paths, this.LA(1), this.LA(0)));
    }
    let notStuck = this.repeatOnce(DEF);
    while (test() === true && notStuck) notStuck = this.repeatOnce(DEF);
    // chevrotain passes no `notStuck` here: a stuck AT_LEAST_ONE still tries recovery.
    this.repetitionRecovery(
      () => this.atLeastOne(idx, def),
      test,
      METHOD_LETTERS.AT_LEAST_ONE,
      idx,
      undefined,
    );
  }

  AT_LEAST_ONE(def: Action<unknown> | Gated<unknown>): void {
    this.atLeastOne(0, def);
  }

  // ------------------------------------------------------------------ in-repetition recovery

  /**
   * chevrotain's attemptInRepetitionRecovery: after a repetition, when the next token is
   * neither the one expected after it nor one in-rule recovery could handle, skip ahead to
   * where the repetition (or the expected token) can go on, if that comes before a re-sync point.
   */
  private repetitionRecovery(
    again: () => void,
    test: () => boolean,
    method: string,
    idx: number,
    notStuck: boolean | undefined,
  ): void {
    if (!this.recoveryEnabled) return;
    const [letter, occurrence, isEndOfRule] = this.tables.afterRepetition[
      this.key(method, idx)
    ] ?? ['', -1, false];
    let expected: TokenType | undefined = this.decode(letter)[0];
    let nextIdx = occurrence;
    if (this.depth === 0 && isEndOfRule && expected === undefined) {
      expected = EOF;
      nextIdx = 1;
    }
    if (expected === undefined || nextIdx < 0) return;
    if (
      notStuck === false ||
      tokenMatcher(this.next(1), expected) ||
      this.canInsert(expected, nextIdx) ||
      tokenMatcher(this.LA(2), expected)
    )
      return;
    const resyncType = this.findResyncType();
    const saved = this.at;
    const skipped: IToken[] = [];
    const unexpected = this.next(1);
    let ahead = unexpected;
    const reportMismatch = () => {
      const error = mismatchedToken(expected, unexpected, this.LA(0));
      error.resyncedTokens = skipped.slice(0, -1);
      this.save(error);
    };
    for (;;) {
      if (tokenMatcher(ahead, expected)) {
        reportMismatch();
        return;
      }
      if (test()) {
        reportMismatch();
        again();
        return;
      }
      if (tokenMatcher(ahead, resyncType)) break;
      ahead = this.skip();
      if (!tokenMatcher(ahead, EOF)) skipped.push(ahead);
    }
    this.at = saved;
  }
}
