/**
 * The parse API: `parse(text)` never throws and always returns a tree plus every
 * diagnostic; `parseOrThrow(text)` throws one `QuerySyntaxError` holding them all.
 * One lexer and one parser instance are shared (the recognizer's parsers are reusable, as chevrotain's:
 * assigning `input` resets them).
 */
import type { ILexingError, IRecognitionException, IToken } from 'chevrotain';
import type { Expr, Query, Span } from './ast.js';
import type { Diagnostic } from './diagnostic.js';
import { DiagnosticCollector, type LevelOf } from './diagnostic-collector.js';
import { MAX_NESTING } from './depth.js';
import { FAIL, fastParse, type Recovery } from './fast-path.js';
import { FixGuard } from './fix-guard.js';
import { tokenize } from './lexer.js';
import { scan, tokenBuffer } from './scanner.js';
import { createQueryParser, type QueryParser } from './parser.js';
import { tokenMatcher } from './recognizer/recognizer.js';
import { formatPosition } from './position.js';
import * as T from './tokens.js';
import { addRecovered } from './recovered.js';

export interface ParseLimits {
  /** Longest query accepted, in UTF-16 code units. Default 1 000 000. */
  readonly maxLength?: number;
  /**
   * Deepest nesting of parentheses and prefix operators. Default 64, far beyond real
   * queries. No value raises it past `MAX_NESTING` (100), what the parser's recursion
   * can safely take (see depth.ts).
   */
  readonly maxDepth?: number;
  /** Most clauses (terms, phrases, comparisons, ranges, ...). Default 100 000. */
  readonly maxClauses?: number;
  /**
   * Most diagnostics collected. Default 100; past it the rest are counted, not kept, and
   * one `too-many-errors` diagnostic says how many were left out (as compilers stop
   * after N errors: clang's `-ferror-limit`, Go's "too many errors").
   */
  readonly maxDiagnostics?: number;
}

export type ParseOptions = ParseLimits;

export interface ParseResult {
  readonly ast: Query;
  readonly diagnostics: readonly Diagnostic[];
}

export const DEFAULT_LIMITS: Required<ParseLimits> = {
  maxLength: 1_000_000,
  maxDepth: 64,
  maxClauses: 100_000,
  maxDiagnostics: 100,
};

/** A limit from the options: a number (not NaN) or the default. */
function limit(given: unknown, fallback: number): number {
  return typeof given === 'number' && !Number.isNaN(given) ? Math.max(0, given) : fallback;
}

let parser: QueryParser | undefined;
/** The fast path's token arrays, reused: a parse finishes with them before the next begins. */
let sharedBuffer: ReturnType<typeof tokenBuffer> | undefined;
/** What the fast path recovered from, reused the same way. */
const recovery: Recovery = { faults: [] };

function getParser(): QueryParser {
  parser ??= createQueryParser();
  return parser;
}

function emptyQuery(text: string): Query {
  return { kind: 'Query', body: null, span: { start: 0, end: text.length } };
}

function error(code: string, message: string, span: Span): Diagnostic {
  return { code, severity: 'error', message, span };
}

/** True when a lexing error is a lone backslash (`invalid-escape`), not an unexpected character. */
function isLoneBackslash(text: string, e: ILexingError): boolean {
  return e.length <= 1 && text.charCodeAt(e.offset) === 0x5c;
}

function lexingDiagnostic(text: string, e: ILexingError): Diagnostic {
  const span = { start: e.offset, end: e.offset + Math.max(e.length, 1) };
  const ch = text.slice(span.start, span.end);
  if (isLoneBackslash(text, e)) {
    return {
      ...error(
        'invalid-escape',
        'a backslash at the end escapes nothing; write \\\\ for a backslash',
        span,
      ),
      fixes: [{ kind: 'syntax', title: 'Escape the backslash', edits: [{ span, text: '\\\\' }] }],
    };
  }
  return {
    ...error(
      'unexpected-character',
      `unexpected character '${ch}' at ${formatPosition(text, span.start)}`,
      span,
    ),
    fixes: [{ kind: 'syntax', title: `Escape '${ch}'`, edits: [{ span, text: `\\${ch}` }] }],
  };
}

/** Nesting depth of parentheses plus runs of prefix operators, the two things that nest the tree. */
function measure(tokens: readonly IToken[]): { depth: number; depthAt: number; clauses: number } {
  let parens = 0;
  let prefixRun = 0;
  let depth = 0;
  let depthAt = 0;
  let clauses = 0;
  for (const token of tokens) {
    const type = token.tokenType;
    if (type === T.LParen) parens++;
    else if (type === T.RParen || type === T.RangeRParen) parens = Math.max(0, parens - 1);
    if (
      type === T.Not ||
      type === T.Bang ||
      type === T.Minus ||
      type === T.Plus ||
      type === T.LowerNot
    )
      prefixRun++;
    else prefixRun = 0;
    if (parens + prefixRun > depth) {
      depth = parens + prefixRun;
      depthAt = token.startOffset;
    }
    if (
      tokenMatcher(token, T.Word) ||
      type === T.Quoted ||
      type === T.Regex ||
      type === T.BracketField ||
      type === T.RangeStart ||
      type === T.RangeExclusiveStart
    ) {
      clauses++;
    }
  }
  return { depth, depthAt, clauses };
}

function recognitionDiagnostic(text: string, e: IRecognitionException): Diagnostic {
  const token = e.token;
  const start = Number.isNaN(token.startOffset) ? text.length : token.startOffset;
  const end = Number.isNaN(token.startOffset) ? text.length : start + token.image.length;
  const found =
    token.tokenType === undefined || token.image === ''
      ? 'the end of the query'
      : `'${token.image}'`;
  return error('syntax-error', `unexpected ${found} at ${formatPosition(text, start)}`, {
    start,
    end,
  });
}

/**
 * Parses `text` into a typed AST. Never throws: problems come back as diagnostics,
 * and the tree holds what could be read (with `Error` nodes where something is missing).
 */
export function parse(text: string, options: ParseOptions = {}): ParseResult {
  return parseWith(text, options, true);
}

/**
 * `parse` through the lexer (lexer.ts) and the recovering parser (parser.ts) alone, skipping the fast path
 * (scanner.ts and fast-path.ts).
 * For tests that hold the two to the same answers; not part of the public API.
 */
export function parseWithReferenceParser(text: string, options: ParseOptions = {}): ParseResult {
  return parseWith(text, options, false);
}

function parseWith(text: string, options: ParseOptions, fastPath: boolean): ParseResult {
  const { ast, collected } = parseCollecting(text, options, fastPath);
  const overflow = collected.overflow();
  return {
    ast,
    diagnostics: overflow === undefined ? collected.kept : [...collected.kept, overflow],
  };
}

function tooDeep(
  text: string,
  collected: DiagnosticCollector,
  depth: number,
  at: number,
  max: number,
): Query {
  collected.add(
    error('too-deep', `the query nests ${depth} levels deep; the limit is ${max}`, {
      start: at,
      end: at + 1,
    }),
  );
  return emptyQuery(text);
}

function tooManyClauses(
  text: string,
  collected: DiagnosticCollector,
  clauses: number,
  max: number,
): Query {
  collected.add(
    error('too-many-clauses', `the query has ${clauses} clauses; the limit is ${max}`, {
      start: 0,
      end: text.length,
    }),
  );
  return emptyQuery(text);
}

/** The diagnostics of `text` as `parse` gives them, their fixes untried. */
export function syntaxDiagnostics(text: string, options: ParseOptions = {}): readonly Diagnostic[] {
  return withOverflow(parseCollecting(text, options, true, 'untried').collected);
}

/**
 * The diagnostics of `text` as `parse` gives them, bare: codes, severities and spans, with
 * empty messages and no fixes (DiagnosticCollector's `bare`), a `too-many-errors` last when
 * they were cut. For the tries of fix-guard.ts, and for counting errors.
 */
export function syntaxErrorsOf(text: string, options: ParseOptions = {}): readonly Diagnostic[] {
  return withOverflow(parseCollecting(text, options, true, 'bare').collected);
}

function withOverflow(collected: DiagnosticCollector): readonly Diagnostic[] {
  const overflow = collected.overflow();
  return overflow === undefined ? collected.kept : [...collected.kept, overflow];
}

/**
 * The result of `parseCollecting`: the diagnostics sorted by position.
 */
function finished(
  ast: Query,
  collected: DiagnosticCollector,
  trial?: FixTrial,
): { ast: Query; collected: DiagnosticCollector } {
  collected.kept.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  // A fix must not add an error (fix-guard.ts): tried only where there are fixes, so never on a valid query.
  if (trial !== undefined && collected.kept.some((d) => d.fixes !== undefined)) {
    // Tried against at least the default number of errors: a small maxDiagnostics would hide
    // errors a trial must see, and a fix would then be offered or withheld by the limit.
    const seen = Math.max(collected.max, DEFAULT_LIMITS.maxDiagnostics);
    const options =
      seen === collected.max ? trial.options : { ...trial.options, maxDiagnostics: seen };
    const overflow = collected.overflow();
    // Cut at a smaller limit, the text's own errors are parsed again by the guard at the larger one;
    // so are they when the checker's levels left some out (a trial's errors are counted without levels).
    const before =
      collected.levelOf !== undefined
        ? undefined
        : overflow === undefined
          ? collected.kept
          : seen === collected.max
            ? [...collected.kept, overflow]
            : undefined;
    new FixGuard(trial.text, (t) => syntaxErrorsOf(t, options), before).filter(collected.kept);
  }
  return { ast, collected };
}

/** What `finished` needs to try the fixes of a broken query. */
interface FixTrial {
  readonly text: string;
  readonly options: ParseOptions;
}

/**
 * The tree of `text` when it is a query without a single diagnostic under the default
 * limits, else undefined. Only the fast path is tried: a broken query costs a scan and an
 * early give-up, never the recovering parse (for callers with a cheaper way to read broken
 * text, such as highlighting by segments).
 */
export function parseIfClean(text: string): Query | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > DEFAULT_LIMITS.maxLength)
    return undefined;
  const stream = scan(text, (sharedBuffer ??= tokenBuffer()));
  if (
    stream === undefined ||
    stream.depth > DEFAULT_LIMITS.maxDepth ||
    stream.clauses > DEFAULT_LIMITS.maxClauses
  )
    return undefined;
  const body = fastParse(stream);
  return body === FAIL ? undefined : { kind: 'Query', body, span: { start: 0, end: text.length } };
}

/**
 * `parse`, with the diagnostics in a collector (sorted, without the `too-many-errors`
 * one), so that `check` can go on collecting into the same limit. `fixes`: `guarded`, as
 * `parse` gives them (fix-guard.ts); `untried`, every fix the parser made; `bare`, no fixes
 * and no messages (`syntaxErrorsOf`). `levelOf`: the checker's levels, applied as the
 * diagnostics are collected (DiagnosticCollector).
 */
export function parseCollecting(
  text: string,
  options: ParseOptions = {},
  fastPath = true,
  fixes: 'guarded' | 'untried' | 'bare' = 'guarded',
  levelOf?: LevelOf,
): { ast: Query; collected: DiagnosticCollector } {
  const given: ParseOptions = typeof options === 'object' && options !== null ? options : {};
  const limits = {
    maxLength: limit(given.maxLength, DEFAULT_LIMITS.maxLength),
    maxDepth: Math.min(limit(given.maxDepth, DEFAULT_LIMITS.maxDepth), MAX_NESTING),
    maxClauses: limit(given.maxClauses, DEFAULT_LIMITS.maxClauses),
  };
  const collected = new DiagnosticCollector(
    limit(given.maxDiagnostics, DEFAULT_LIMITS.maxDiagnostics),
    fixes === 'bare',
    levelOf,
  );
  const trial: FixTrial | undefined = fixes === 'guarded' ? { text, options } : undefined;
  if (typeof text !== 'string') {
    collected.add(
      error(
        'invalid-input',
        `expected the query as a string, got ${text === null ? 'null' : typeof text}`,
        { start: 0, end: 0 },
      ),
    );
    return finished(emptyQuery(''), collected, trial);
  }
  if (text.length > limits.maxLength) {
    collected.add(
      error(
        'too-long',
        `the query is ${text.length} characters long; the limit is ${limits.maxLength}`,
        { start: limits.maxLength, end: text.length },
      ),
    );
    return finished(emptyQuery(text), collected, trial);
  }
  if (fastPath) {
    const stream = scan(text, (sharedBuffer ??= tokenBuffer()));
    if (stream !== undefined) {
      // Too deep or too many clauses: said at once, without the chevrotain lexer's token per character
      // (a million of them made `(` repeated cost more than linear time in the garbage collector).
      if (stream.depth > limits.maxDepth)
        return finished(
          tooDeep(text, collected, stream.depth, stream.depthAt, limits.maxDepth),
          collected,
          trial,
        );
      if (stream.clauses > limits.maxClauses)
        return finished(
          tooManyClauses(text, collected, stream.clauses, limits.maxClauses),
          collected,
          trial,
        );
      // The depth is checked before the fast path's recursion starts, so it never goes deeper than MAX_NESTING.
      const body = fastParse(stream, recovery);
      if (body !== FAIL) {
        // The faults it recovered from, if any: the reference parser's diagnostics (fast-path.ts).
        if (recovery.faults.length > 0)
          addRecovered(stream, recovery.faults, (d) => collected.add(d));
        return finished(
          { kind: 'Query', body, span: { start: 0, end: text.length } },
          collected,
          trial,
        );
      }
    }
  }
  // The parser before the tokens: building it completes the token types they carry (parser.ts).
  const p = getParser();
  const lexed = tokenize(text);
  for (let i = 0; i < lexed.errors.length; i++) {
    if (collected.firstDropped !== undefined) {
      // Full, and the first one left out is known: the rest are only counted, by code as lexingDiagnostic names them.
      let escapes = 0;
      for (let j = i; j < lexed.errors.length; j++)
        if (isLoneBackslash(text, lexed.errors[j]!)) escapes++;
      collected.addUnbuilt(escapes, 'error', 'invalid-escape');
      collected.addUnbuilt(lexed.errors.length - i - escapes, 'error', 'unexpected-character');
      break;
    }
    collected.add(lexingDiagnostic(text, lexed.errors[i]!));
  }
  const shape = measure(lexed.tokens);
  if (shape.depth > limits.maxDepth)
    return finished(
      tooDeep(text, collected, shape.depth, shape.depthAt, limits.maxDepth),
      collected,
      trial,
    );
  if (shape.clauses > limits.maxClauses)
    return finished(
      tooManyClauses(text, collected, shape.clauses, limits.maxClauses),
      collected,
      trial,
    );
  p.begin(text, collected);
  p.input = lexed.tokens;
  let body: Expr | null;
  // Read before `end`, which lets go of them with the tokens.
  let recognitionErrors: readonly IRecognitionException[] = [];
  try {
    body = p.query();
    recognitionErrors = p.errors;
  } catch (e) {
    // Chevrotain's recovery covers the grammar, and MAX_NESTING the stack; this guards against the unforeseen.
    const message =
      e instanceof RangeError
        ? `the query nests too deeply for this JavaScript engine (the limit maxDepth is ${limits.maxDepth}; lower it)`
        : `the parser failed: ${e instanceof Error ? e.message : String(e)}`;
    collected.add(error('internal-error', message, { start: 0, end: text.length }));
    return finished(emptyQuery(text), collected, trial);
  } finally {
    p.end();
  }
  for (const e of recognitionErrors) collected.add(recognitionDiagnostic(text, e));
  return finished(
    { kind: 'Query', body: body ?? null, span: { start: 0, end: text.length } },
    collected,
    trial,
  );
}
