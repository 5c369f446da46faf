/**
 * Token types of the mdq lexer.
 *
 * Two lexer modes: `main` for everything, and `range` between `[`/`{` and `]`/`}`,
 * where whitespace separates bounds and `TO` is a keyword (as in Lucene's classic
 * QueryParser). A `[` that opens a bracket comparison (`[First Name] eq "Tim"`) is
 * matched as one `BracketField` token instead; see `matchBracketField`.
 */
import { Lexer, createToken, type CustomPatternMatcherFunc, type TokenType } from 'chevrotain';

/** Whitespace as Lucene sees it: space, tab, CR, LF and the ideographic space U+3000. */
const WS = ' \\t\\n\\r\\u3000';
/** Characters that end a word (besides whitespace); `+` and `-` only at its start. */
const WORD_BREAKERS = '!():^\\[\\]"{}~\\\\/';
const WORD_START = `(?:[^${WS}+\\-${WORD_BREAKERS}]|\\\\[\\s\\S])`;
const WORD_PART = `(?:[^${WS}${WORD_BREAKERS}]|\\\\[\\s\\S])`;
/** `&&` and `||` are operators only when no word character follows, as with Lucene's longest match. */
const NOT_WORD_AHEAD = `(?!${WORD_PART})`;
/** `WORD_PART*`, written as runs so the regex engine does not branch on every character. */
const WORD_REST = `(?:[^${WS}${WORD_BREAKERS}]+|\\\\[\\s\\S])*`;

/**
 * Start-character hints for patterns built on a complement set (`[^...]`), which
 * chevrotain cannot analyse: every Latin-1 character not in `excluded`, plus one
 * character per bucket of chevrotain's first-char table above 255 (buckets of 255 codes).
 * Keeps the lexer's first-character optimisation on (asserted by `ensureOptimizations`).
 */
function anyCharExcept(excluded: string): string[] {
  const hints: string[] = [];
  for (let code = 0; code < 256; code++) {
    const ch = String.fromCharCode(code);
    if (!excluded.includes(ch)) hints.push(ch);
  }
  // Above 255, code c falls in bucket 255 + floor(c / 255): one code per bucket.
  for (let bucket = 1; bucket <= 257; bucket++) hints.push(String.fromCharCode(Math.max(256, 255 * bucket)));
  return hints;
}

export const COMPARISON_WORD_PATTERN = /^(?:eq|ne|gt|lt|ge|le|contains|startswith|endswith)$/i;
const COMPARISON_AFTER_BRACKET = /^[ \t\n\r\u3000]*(?:eq|ne|gt|lt|ge|le|contains|startswith|endswith)(?![^ \t\n\r\u3000!():^[\]"{}~/])/i;
const OPERATOR_INSIDE_BRACKET = /[ \t\n\r\u3000]+(?:eq|ne|gt|lt|ge|le|contains|startswith|endswith)(?=[ \t\n\r\u3000")]|$)/i;
const TO_WORD = /(?:^|[ \t\n\r\u3000])TO(?:[ \t\n\r\u3000)]|$)/;

/**
 * `[Field Name]` when the bracket opens a comparison rather than a range: either a
 * comparison operator follows the closing `]`, or the brackets hold no `TO` word.
 * A `}` after a `TO` word ends a range (`[a TO b}`) before any later `]` is reached.
 * An unclosed bracket without `TO` runs to the end of the input (the parser reports it).
 */
export const matchBracketField: CustomPatternMatcherFunc = (text, offset) => {
  if (text.charCodeAt(offset) !== 91 /* [ */) return null;
  let i = offset + 1;
  let firstBrace = -1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) i += 2;
    else if (c === 93 /* ] */) break;
    else {
      if (c === 125 /* } */ && firstBrace < 0) firstBrace = i;
      i++;
    }
  }
  if (firstBrace >= 0 && TO_WORD.test(text.slice(offset + 1, firstBrace))) return null;
  const closed = i < text.length;
  let end = closed ? i + 1 : text.length;
  const inner = text.slice(offset + 1, closed ? i : text.length);
  const isComparison = closed && COMPARISON_AFTER_BRACKET.test(text.slice(end, end + 24));
  if (!isComparison && TO_WORD.test(inner)) return null;
  if (!closed) {
    // `[First Name eq "x"`: the name most likely ends before the operator.
    const operator = OPERATOR_INSIDE_BRACKET.exec(inner);
    if (operator) end = offset + 1 + operator.index;
  }
  return [text.slice(offset, end)] as unknown as RegExpExecArray;
};

/** `>`, `>=`, `<`, `<=` directly after `field:` (whitespace allowed); elsewhere they are word characters. */
export const matchRelationOperator: CustomPatternMatcherFunc = (text, offset) => {
  const c = text.charCodeAt(offset);
  if (c !== 60 /* < */ && c !== 62 /* > */) return null;
  let p = offset - 1;
  while (p >= 0 && ' \t\n\r\u3000'.includes(text.charAt(p))) p--;
  if (p < 0 || text.charCodeAt(p) !== 58 /* : */) return null;
  let backslashes = 0;
  for (let q = p - 1; q >= 0 && text.charCodeAt(q) === 92; q--) backslashes++;
  if (backslashes % 2 === 1) return null;
  const image = text.charCodeAt(offset + 1) === 61 /* = */ ? text.slice(offset, offset + 2) : text.charAt(offset);
  return [image] as unknown as RegExpExecArray;
};

export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: new RegExp(`[${WS}]+`),
  start_chars_hint: [' ', '\t', '\n', '\r', '\u3000'],
  group: Lexer.SKIPPED,
  line_breaks: true,
});

/** Every plain word; keywords below are in its category so they can also stand as words. */
export const Word = createToken({
  name: 'Word',
  pattern: new RegExp(`${WORD_START}${WORD_REST}`),
  start_chars_hint: anyCharExcept(' \t\n\r+-!():^[]"{}~/'),
  line_breaks: true,
});

export const And = createToken({ name: 'And', pattern: 'AND', longer_alt: Word });
export const Or = createToken({ name: 'Or', pattern: 'OR', longer_alt: Word });
export const Not = createToken({ name: 'Not', pattern: 'NOT', longer_alt: Word });
export const AndSymbol = createToken({ name: 'AndSymbol', label: "'&&'", pattern: new RegExp(`&&${NOT_WORD_AHEAD}`), start_chars_hint: ['&'] });
export const OrSymbol = createToken({ name: 'OrSymbol', label: "'||'", pattern: new RegExp(`\\|\\|${NOT_WORD_AHEAD}`), start_chars_hint: ['|'] });
export const Bang = createToken({ name: 'Bang', label: "'!'", pattern: '!' });

/** Lower-case `and` / `or` / `not`: operators next to a bracket comparison, plain words elsewhere. */
export const LowerAnd = createToken({ name: 'LowerAnd', label: "'and'", pattern: 'and', longer_alt: Word, categories: [Word] });
export const LowerOr = createToken({ name: 'LowerOr', label: "'or'", pattern: 'or', longer_alt: Word, categories: [Word] });
export const LowerNot = createToken({ name: 'LowerNot', label: "'not'", pattern: 'not', longer_alt: Word, categories: [Word] });

/** `eq ne gt lt ge le contains startswith endswith`, in any case; plain words elsewhere. */
export const ComparisonWord = createToken({
  name: 'ComparisonWord',
  pattern: /eq|ne|gt|lt|ge|le|contains|startswith|endswith/i,
  start_chars_hint: ['e', 'E', 'n', 'N', 'g', 'G', 'l', 'L', 'c', 'C', 's', 'S'],
  longer_alt: Word,
  categories: [Word],
});

export const Plus = createToken({ name: 'Plus', label: "'+'", pattern: '+' });
export const Minus = createToken({ name: 'Minus', label: "'-'", pattern: '-' });
export const LParen = createToken({ name: 'LParen', label: "'('", pattern: '(' });
export const RParen = createToken({ name: 'RParen', label: "')'", pattern: ')' });
export const Colon = createToken({ name: 'Colon', label: "':'", pattern: ':' });
export const RelationOperator = createToken({
  name: 'RelationOperator',
  pattern: matchRelationOperator,
  start_chars_hint: ['<', '>'],
  line_breaks: false,
});

/** A quoted phrase; the closing quote is optional so an unterminated phrase is reported, not lexed away. */
export const Quoted = createToken({ name: 'Quoted', pattern: /"(?:[^"\\]|\\[\s\S])*"?/, start_chars_hint: ['"'], line_breaks: true });
export const Regex = createToken({ name: 'Regex', pattern: /\/(?:[^/\\]|\\[\s\S])*\/?/, start_chars_hint: ['/'], line_breaks: true });
/**
 * `~`, `~2`, `~0.5`: fuzzy distance or phrase slop. Like Lucene's FUZZY_SLOP it takes
 * any word characters that follow (`a~b`), so the parser can report them.
 */
export const Tilde = createToken({ name: 'Tilde', pattern: new RegExp(`~${WORD_PART}*`), start_chars_hint: ['~'] });
/** `^2`, `^0.5`: boost (the number is checked by the parser so `^` alone is reported). */
export const Caret = createToken({ name: 'Caret', pattern: /\^(?:\d+(?:\.\d+)?)?/, start_chars_hint: ['^'] });

export const BracketField = createToken({
  name: 'BracketField',
  pattern: matchBracketField,
  start_chars_hint: ['['],
  line_breaks: true,
});
export const RangeStart = createToken({ name: 'RangeStart', label: "'['", pattern: /\[/, start_chars_hint: ['['], push_mode: 'range' });
export const RangeExclusiveStart = createToken({ name: 'RangeExclusiveStart', label: "'{'", pattern: '{', push_mode: 'range' });
/** `]` or `}` outside a range: lexed so the parser can report it with a fix. */
export const StrayCloser = createToken({ name: 'StrayCloser', pattern: /[\]}]/, start_chars_hint: [']', '}'] });

// Range mode.
export const RangeWord = createToken({
  name: 'RangeWord',
  pattern: new RegExp(`(?:[^${WS}\\]}\\\\")]|\\\\[\\s\\S])+`),
  start_chars_hint: anyCharExcept(' \t\n\r]}")'),
  line_breaks: true,
});
export const RangeTo = createToken({ name: 'RangeTo', label: "'TO'", pattern: 'TO', longer_alt: RangeWord });
export const RangeEnd = createToken({ name: 'RangeEnd', label: "']'", pattern: ']', pop_mode: true });
export const RangeExclusiveEnd = createToken({ name: 'RangeExclusiveEnd', label: "'}'", pattern: '}', pop_mode: true });
/** A `)` inside an unclosed range ends the range, so `(f:[a TO b) c` recovers well. */
export const RangeRParen = createToken({ name: 'RangeRParen', label: "')'", pattern: ')', pop_mode: true, categories: [RParen] });

export const mainModeTokens: TokenType[] = [
  WhiteSpace,
  BracketField,
  RangeStart,
  RangeExclusiveStart,
  LParen,
  RParen,
  AndSymbol,
  OrSymbol,
  And,
  Or,
  Not,
  LowerAnd,
  LowerOr,
  LowerNot,
  ComparisonWord,
  Bang,
  Plus,
  Minus,
  Colon,
  RelationOperator,
  Quoted,
  Regex,
  Tilde,
  Caret,
  StrayCloser,
  Word,
];

export const rangeModeTokens: TokenType[] = [WhiteSpace, RangeTo, RangeEnd, RangeExclusiveEnd, RangeRParen, Quoted, RangeWord];

export const allTokens: TokenType[] = [...mainModeTokens, ...rangeModeTokens.filter((t) => !mainModeTokens.includes(t))];
