/**
 * What the cursor stands at, read from the tokens before it (and the one under it):
 * the start of a clause, a field name being typed, the operator after `[Field]`, a
 * value of some field in some style, a range's `TO` or end, or nowhere useful.
 *
 * Reading backwards from the cursor is what makes this work on broken text mid-typing:
 * whatever follows the cursor, and whatever errors lie far before it, do not matter.
 * Every walk back is bounded by the query's length (one pass per call).
 */
import { closedBy, regexClosed, unescape, unescapeBracketName } from '../language/escape.js';
import { isWordLike, Kind, lastStartingBefore, kindStartsClause, type Lexed } from './lexed.js';
import type { CompletionContextKind, ValueStyle } from './types.js';

/** How a field name is written where the cursor is. */
export type FieldNameForm =
  /** at a clause start: `[First Name] ` for names with spaces, `City:` otherwise */
  | 'clause'
  /** inside an unclosed `[`: `[City] ` */
  | 'bracket'
  /** inside a closed `[...]`: `[City]` */
  | 'bracket-closed'
  /** escaped, nothing added: before a `:` (`Cit|:Berlin`), after `_exists_:` */
  | 'name'
  /** at a clause start, as the user began it with escapes: `Customer\ Since:` */
  | 'escaped-clause';

export interface CursorContext {
  readonly kind: CompletionContextKind;
  /** The span an item replaces. */
  readonly from: number;
  readonly to: number;
  /** What is typed from `from` to the cursor, unescaped. */
  readonly prefix: string;
  /** The span of the whole token under the cursor (for hover), or the cursor itself. */
  readonly tokenFrom: number;
  readonly tokenTo: number;
  /** Field-name contexts: how names are written. */
  readonly form?: FieldNameForm;
  /** The field of operator and value contexts, and of clauses inside `field:( ... )`. */
  readonly field?: string;
  readonly valueStyle?: ValueStyle;
  /** Clause contexts: the clause before the cursor is a bracket comparison (`and` / `or` fit). */
  readonly afterComparison?: boolean;
  /** Clause contexts: how many `(` are open before the cursor. */
  readonly openGroups?: number;
  /** Operator contexts: the operator needs a space before it (`[Age]|`). */
  readonly needsSpace?: boolean;
  /**
   * A word after plain words separated by spaces (`First Na|`): where those words begin
   * and the name they spell with it (`First Na`), which may be a field name written
   * with unescaped spaces.
   */
  readonly spacedFrom?: number;
  readonly spacedPrefix?: string;
}

function make(
  kind: CompletionContextKind,
  from: number,
  to: number,
  prefix: string,
  extra?: Partial<CursorContext>,
): CursorContext {
  return { kind, from, to, prefix, tokenFrom: from, tokenTo: to, ...extra };
}

/** The unescaped name of a field written as the word at `index`. */
function wordValue(lexed: Lexed, index: number): string {
  return unescape(lexed.text.slice(lexed.starts[index]!, lexed.ends[index]!)).value;
}

/** The name inside a bracket field token `[...]` (closed or not). */
function bracketName(lexed: Lexed, index: number): string {
  const raw = lexed.text.slice(lexed.starts[index]!, lexed.ends[index]!);
  return unescapeBracketName(raw.slice(1, closedBy(raw, ']') ? -1 : undefined));
}

function isClosedBracket(lexed: Lexed, index: number): boolean {
  return closedBy(lexed.text.slice(lexed.starts[index]!, lexed.ends[index]!), ']');
}

/** The field named by the word right before the colon at `colon` (`City:`), if any. */
function fieldBeforeColon(lexed: Lexed, colon: number): number {
  const word = colon - 1;
  if (word < 0 || lexed.kinds[colon] !== Kind.Colon) return -1;
  const kind = lexed.kinds[word]! as Kind;
  if (!isWordLike(kind) || kind === Kind.RangeWord || kind === Kind.RangeTo) return -1;
  return lexed.ends[word] === lexed.starts[colon] ? word : -1;
}

function isExists(lexed: Lexed, word: number): boolean {
  return lexed.text.slice(lexed.starts[word]!, lexed.ends[word]!) === '_exists_';
}

/** True when the bracket comparison `[F] op value` ends at token `index` (behind any `)`). */
function lexedEndsWithComparison(lexed: Lexed, index: number): boolean {
  let k = index;
  while (k >= 0 && (lexed.kinds[k] === Kind.RParen || lexed.kinds[k] === Kind.RangeRParen)) k--;
  if (k < 2) return false;
  const value = lexed.kinds[k]!;
  return (
    (value === Kind.Quoted || value === Kind.Word) &&
    lexed.kinds[k - 1] === Kind.ComparisonWord &&
    lexed.kinds[k - 2] === Kind.BracketField
  );
}

interface Scope {
  /** The field of the innermost `field:(` around the cursor. */
  readonly field: string | undefined;
  /** How many groups are open. */
  readonly open: number;
}

/** The groups open at token `last` (inclusive), innermost scope first. */
function scopeAt(lexed: Lexed, last: number): Scope {
  let depth = 0;
  let open = 0;
  let field: string | undefined;
  for (let k = last; k >= 0; k--) {
    const kind = lexed.kinds[k]!;
    if (kind === Kind.RParen || kind === Kind.RangeRParen) depth++;
    else if (kind === Kind.LParen) {
      if (depth > 0) depth--;
      else {
        open++;
        if (field === undefined && k >= 1) {
          const word = fieldBeforeColon(lexed, k - 1);
          if (word >= 0 && !isExists(lexed, word)) field = wordValue(lexed, word);
        }
      }
    }
  }
  return { field, open };
}

interface RangePlace {
  /** Index of the `[` or `{` that opened the range. */
  readonly start: number;
  /** Bounds written before the cursor, and whether `TO` was. */
  readonly bounds: number;
  readonly sawTo: boolean;
}

/** The range the token `last` (and the cursor after it) is inside, if any. */
function rangeAt(lexed: Lexed, last: number): RangePlace | undefined {
  let bounds = 0;
  let sawTo = false;
  for (let k = last; k >= 0; k--) {
    const kind = lexed.kinds[k]!;
    if (kind === Kind.RangeStart || kind === Kind.RangeExclusiveStart)
      return { start: k, bounds, sawTo };
    if (kind === Kind.RangeTo) sawTo = true;
    else if (kind === Kind.RangeWord || kind === Kind.Quoted) {
      if (!sawTo || bounds === 0) bounds++;
    } else return undefined;
  }
  return undefined;
}

/** The field a range opened at `start` searches (`created:[`), if one is written. */
function rangeField(lexed: Lexed, start: number): string | undefined {
  const word = start >= 1 ? fieldBeforeColon(lexed, start - 1) : -1;
  return word >= 0 ? wordValue(lexed, word) : undefined;
}

/**
 * The context when the token before the cursor is `before` (-1: none), the cursor
 * being in whitespace after it or on a word from `from` to `to` with `prefix` typed.
 */
function afterToken(
  lexed: Lexed,
  before: number,
  from: number,
  to: number,
  prefix: string,
  tokenFrom: number,
  tokenTo: number,
): CursorContext {
  const at = (kind: CompletionContextKind, extra?: Partial<CursorContext>) => ({
    ...make(kind, from, to, prefix, extra),
    tokenFrom,
    tokenTo,
  });
  if (before < 0) return at('clause', { openGroups: 0 });
  const kind = lexed.kinds[before]! as Kind;

  const range = rangeAt(lexed, before);
  if (range !== undefined) {
    const field = rangeField(lexed, range.start);
    if (kind === Kind.RangeStart || kind === Kind.RangeExclusiveStart)
      return at('value', { field, valueStyle: 'range-lower' });
    if (kind === Kind.RangeTo) return at('value', { field, valueStyle: 'range-upper' });
    return at(range.sawTo ? 'range-end' : 'range-to', { field });
  }

  if (kindStartsClause(kind)) {
    const scope = scopeAt(lexed, before);
    return at('clause', {
      field: scope.field,
      openGroups: scope.open,
      valueStyle: scope.field !== undefined ? 'term' : undefined,
    });
  }
  switch (kind) {
    case Kind.Colon: {
      const word = fieldBeforeColon(lexed, before);
      if (word < 0) break;
      if (isExists(lexed, word)) return at('field-name', { form: 'name' });
      return at('value', { field: wordValue(lexed, word), valueStyle: 'term' });
    }
    case Kind.RelationOperator: {
      const word = fieldBeforeColon(lexed, before - 1);
      return at('value', {
        field: word >= 0 ? wordValue(lexed, word) : undefined,
        valueStyle: 'relation',
      });
    }
    case Kind.BracketField:
      return at('operator', {
        field: bracketName(lexed, before),
        needsSpace: lexed.ends[before] === from && from === to,
      });
    case Kind.ComparisonWord:
      if (before >= 1 && lexed.kinds[before - 1] === Kind.BracketField) {
        return at('value', { field: bracketName(lexed, before - 1), valueStyle: 'comparison' });
      }
      break;
    case Kind.Tilde:
    case Kind.Caret:
      // `a~|`, `a^|`: a number is being written.
      if (lexed.ends[before] === from) return at('none');
      break;
  }
  if (kind === Kind.Colon || kind === Kind.StrayCloser) {
    // A colon with no field before it, a stray `]`: a new clause may follow.
    const scope = scopeAt(lexed, before);
    return at('clause', { openGroups: scope.open });
  }
  const scope = scopeAt(lexed, before);
  return at('after-clause', {
    field: scope.field,
    openGroups: scope.open,
    valueStyle: scope.field !== undefined ? 'term' : undefined,
    afterComparison: lexedEndsWithComparison(lexed, before),
  });
}

/** The context of the cursor at `offset` in the lexed text. */
export function cursorContext(lexed: Lexed, offset: number): CursorContext {
  const { text } = lexed;
  const last = lastStartingBefore(lexed, offset);
  // The token the cursor is in or at the end of.
  if (last >= 0 && offset <= lexed.ends[last]!) {
    const kind = lexed.kinds[last]! as Kind;
    const start = lexed.starts[last]!;
    const end = lexed.ends[last]!;
    if (isWordLike(kind)) {
      const prefix = unescape(text.slice(start, offset)).value;
      return onWord(lexed, last, start, end, prefix);
    }
    if (kind === Kind.BracketField) {
      // `created:[2020-01-01 |`: before its `TO` is typed, a range after `field:` lexes as a bracket name.
      if (last >= 1 && fieldBeforeColon(lexed, last - 1) >= 0 && lexed.ends[last - 1] === start)
        return rangeBeforeTo(lexed, last, offset);
      const closed = isClosedBracket(lexed, last);
      if (!(closed && offset === end)) {
        const prefix = unescapeBracketName(text.slice(start + 1, offset));
        return {
          ...make('field-name', start, end, prefix, {
            form: closed ? 'bracket-closed' : 'bracket',
          }),
        };
      }
    } else if (kind === Kind.Quoted) {
      const raw = text.slice(start, end);
      if (!(closedBy(raw, '"') && offset === end))
        return inPhrase(lexed, last, start, end, offset, raw);
    } else if (kind === Kind.Regex) {
      const raw = text.slice(start, end);
      if (!(regexClosed(raw) && offset === end))
        return make('none', offset, offset, '', { tokenFrom: start, tokenTo: end });
    } else if (
      kind === Kind.Tilde ||
      kind === Kind.Caret ||
      (kind === Kind.RelationOperator && offset < end)
    ) {
      return make('none', offset, offset, '', { tokenFrom: start, tokenTo: end });
    }
    // Punctuation, or a closed phrase/regex/bracket right before the cursor.
    return afterToken(lexed, last, offset, offset, '', offset, offset);
  }
  // In whitespace, or right before a token: a word starting at the cursor is replaced whole.
  const next = last + 1;
  if (
    next < lexed.count &&
    lexed.starts[next] === offset &&
    isWordLike(lexed.kinds[next]! as Kind)
  ) {
    return onWord(lexed, next, offset, lexed.ends[next]!, '');
  }
  return afterToken(lexed, last, offset, offset, '', offset, offset);
}

/** The cursor on the word at `index` (from `start` to `end`), `prefix` typed before the cursor. */
function onWord(
  lexed: Lexed,
  index: number,
  start: number,
  end: number,
  prefix: string,
): CursorContext {
  const kind = lexed.kinds[index]! as Kind;
  const next = index + 1;
  // `Cit|:Berlin`: a field name before its colon.
  if (
    kind !== Kind.RangeWord &&
    kind !== Kind.RangeTo &&
    next < lexed.count &&
    lexed.kinds[next] === Kind.Colon &&
    lexed.starts[next] === end
  ) {
    return make('field-name', start, end, prefix, { form: 'name' });
  }
  const context = afterToken(lexed, index - 1, start, end, prefix, start, end);
  if (context.kind === 'clause' || context.kind === 'after-clause') {
    // The user began the name with escapes (`Customer\ S`): keep writing it that way.
    if (lexed.text.slice(start, end).includes('\\')) return { ...context, form: 'escaped-clause' };
    if (context.kind === 'after-clause' && context.field === undefined && kind === Kind.Word)
      return withSpacedName(lexed, index, start, prefix, context);
  }
  return context;
}

/** The most words a name with unescaped spaces is looked for over. */
const MAX_SPACED_WORDS = 4;

/** Adds the plain words before the word at `index` that may begin a spaced field name (`First Na|`). */
function withSpacedName(
  lexed: Lexed,
  index: number,
  start: number,
  prefix: string,
  context: CursorContext,
): CursorContext {
  const { text } = lexed;
  let first = index;
  while (
    first > 0 &&
    index - first < MAX_SPACED_WORDS - 1 &&
    lexed.kinds[first - 1] === Kind.Word &&
    onlySpacesBetween(text, lexed.ends[first - 1]!, lexed.starts[first]!)
  )
    first--;
  if (first === index) return context;
  // The first word must stand where a clause starts.
  if (first > 0 && !kindStartsClause(lexed.kinds[first - 1]! as Kind)) return context;
  const from = lexed.starts[first]!;
  if (text.slice(from, start).includes('\\')) return context;
  return { ...context, spacedFrom: from, spacedPrefix: text.slice(from, start) + prefix };
}

function onlySpacesBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32) return false;
  return to > from;
}

/** The cursor inside the phrase at `index`. */
function inPhrase(
  lexed: Lexed,
  index: number,
  start: number,
  end: number,
  offset: number,
  raw: string,
): CursorContext {
  const prefix = unescape(lexed.text.slice(start + 1, offset)).value;
  const context = afterToken(lexed, index - 1, start, end, prefix, start, end);
  if (context.kind === 'value')
    return {
      ...context,
      valueStyle:
        context.valueStyle === 'range-lower' || context.valueStyle === 'range-upper'
          ? context.valueStyle
          : 'quoted',
    };
  if (
    (context.kind === 'clause' || context.kind === 'after-clause') &&
    context.field !== undefined
  ) {
    return { ...context, kind: 'value', valueStyle: 'quoted' };
  }
  if (!closedBy(raw, '"'))
    return make('phrase', offset, offset, '', { tokenFrom: start, tokenTo: end });
  return make('none', offset, offset, '', { tokenFrom: start, tokenTo: end });
}

/**
 * The cursor inside `field:[...` with no `TO` yet, which the lexer reads as one
 * bracket token: the lower bound, or the place of `TO` once a bound is written.
 */
function rangeBeforeTo(lexed: Lexed, index: number, offset: number): CursorContext {
  const { text } = lexed;
  const start = lexed.starts[index]!;
  const end = lexed.ends[index]!;
  const word = start >= 1 ? fieldBeforeColon(lexed, index - 1) : -1;
  const field = word >= 0 ? wordValue(lexed, word) : undefined;
  // The word under the cursor, and how many words come before it inside the bracket.
  let from = offset;
  while (from > start + 1 && !isRangeSpace(text.charCodeAt(from - 1))) from--;
  let to = offset;
  while (
    to < end &&
    !isRangeSpace(text.charCodeAt(to)) &&
    text.charCodeAt(to) !== 93 /* ] */ &&
    text.charCodeAt(to) !== 125 /* } */
  )
    to++;
  const before = text.slice(start + 1, from).trim();
  const prefix = unescape(text.slice(from, offset)).value;
  const extra = { tokenFrom: from, tokenTo: to, field };
  if (before === '')
    return make('value', from, to, prefix, { ...extra, valueStyle: 'range-lower' });
  return make('range-to', from, to, prefix, extra);
}

function isRangeSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 0x3000;
}
