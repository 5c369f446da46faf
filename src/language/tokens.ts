/**
 * Token types of the mdq lexer.
 *
 * Two lexer modes: `main` for everything, and `range` between `[`/`{` and `]`/`}`,
 * where whitespace separates bounds and `TO` is a keyword (as in Lucene's classic
 * QueryParser). A `[` that opens a bracket comparison (`[First Name] eq "Tim"`) is
 * matched as one `BracketField` token instead; see `matchBracketField`.
 *
 * The types are plain objects with the fields chevrotain's `createToken` would set (mdq does
 * not ship chevrotain): the fast path and mdq's recognizer (src/language/recognizer) use them by
 * identity and by their `CATEGORIES`. chevrotain's parser, the tests' reference, completes them
 * when it is built (parser.ts, `completeTokenTypes`); chevrotain's own lexer reads them in the tests only
 * (test/support/reference-lexer.ts), as the reference for mdq's (lexer.ts).
 */
import type { CustomPatternMatcherFunc, TokenType } from 'chevrotain';

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
  for (let bucket = 1; bucket <= 257; bucket++)
    hints.push(String.fromCharCode(Math.max(256, 255 * bucket)));
  return hints;
}

export const COMPARISON_WORD_PATTERN = /^(?:eq|ne|gt|lt|ge|le|contains|startswith|endswith)$/i;
const COMPARISON_AFTER_BRACKET =
  /^[ \t\n\r\u3000]*(?:eq|ne|gt|lt|ge|le|contains|startswith|endswith)(?![^ \t\n\r\u3000!():^[\]"{}~/])/i;
const OPERATOR_INSIDE_BRACKET =
  /[ \t\n\r\u3000]+(?:eq|ne|gt|lt|ge|le|contains|startswith|endswith)(?=[ \t\n\r\u3000")]|$)/gi;

/**
 * The first index at or after `from` where a search hits (the text's length when none),
 * remembered: the lexer asks with growing offsets, so each search runs over a text once
 * however many `[` it holds (that made lexing `[a TO b} ` repeated quadratic).
 * Searches that skip escapes stay valid from any later start, as long as it is not in the
 * middle of an escape: every start here follows a token or an unescaped `[`.
 */
class ForwardSearch {
  private text = '';
  /** No hit in [from, found); found is the first hit after them (or the text's length). */
  private from = 0;
  private found = -1;

  /** `search` returns the first hit in [from, to), or `to`. */
  constructor(private readonly search: (text: string, from: number, to: number) => number) {}

  next(text: string, from: number): number {
    if (text !== this.text || from > this.found) {
      this.from = from;
      this.found = this.search(text, from, text.length);
    } else if (from < this.from) {
      // Behind what is known: search only up to it.
      const hit = this.search(text, from, this.from);
      if (hit < this.from) this.found = hit;
      this.from = from;
    }
    // Keep the caller's string: comparing it with an equal copy would cost its length again.
    this.text = text;
    return this.found;
  }
}

/** A blank between tokens: space, tab, line break, ideographic space. */
export function isSpaceCode(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 0x3000;
}

function closeBracketSearch(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \\ */) i++;
    else if (c === 93 /* ] */) return i;
  }
  return to;
}

/** The first unescaped `]` at or after `from`: where a bracket field name ends. */
const nextCloseBracket = /* @__PURE__ */ new ForwardSearch(closeBracketSearch);
/** The same, for the range-mode scan, which asks further ahead (its own memory, so neither undoes the other's). */
const nextCloseBracketAhead = /* @__PURE__ */ new ForwardSearch(closeBracketSearch);

/** The first `TO` at or after `from`, wherever it stands: without one ahead, no range can begin. */
const nextTo = /* @__PURE__ */ new ForwardSearch((text, from, to) => {
  const at = text.indexOf('TO', from);
  return at < 0 || at >= to ? to : at;
});

/** Where a comparison operator inside an unclosed bracket begins (its leading whitespace). */
const nextOperatorInside = /* @__PURE__ */ new ForwardSearch((text, from, to) => {
  OPERATOR_INSIDE_BRACKET.lastIndex = from;
  const match = OPERATOR_INSIDE_BRACKET.exec(text);
  return match === null || match.index >= to ? to : match.index;
});

/** End of a `"..."` starting at `i` (the closing quote is optional, as in the lexer). */
function quotedEnd(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === 34 /* " */) return i + 1;
  }
  return text.length;
}

/**
 * What `rangeModeScan` found, as one number (it runs for every `[`: no object per bracket):
 * no `TO`; a `TO` and no closer; or a `TO` and the code of the closer (`]`, `}`, `)`).
 */
const NO_TO = -2;
const TO_UNCLOSED = -1;

/**
 * Whether the `[` at `offset` holds a `TO` as the range mode lexes it (quoted bounds and
 * escapes skipped, so `"18"TO` holds one, as in `{"18"TO 20]`), before whatever would end
 * the range (`]`, `}`, `)`); and which of those ends it: `NO_TO`, `TO_UNCLOSED` (the end of
 * the text ends it), or the closer's code. Stops early once the answer cannot change.
 */
function rangeModeScan(text: string, offset: number): number {
  const n = text.length;
  let holdsTo = false;
  let i = offset + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpaceCode(c)) {
      i++;
      continue;
    }
    if (c === 93 /* ] */ || c === 125 /* } */ || c === 41 /* ) */) return holdsTo ? c : NO_TO;
    // No `TO` ahead: none can be found. A `TO` and no `]` ahead: only `}`, `)` or the end can close it.
    if (!holdsTo && nextTo.next(text, i) >= n) return NO_TO;
    if (holdsTo && nextCloseBracketAhead.next(text, i) >= n) return TO_UNCLOSED;
    if (c === 34 /* " */) {
      i = quotedEnd(text, i);
      continue;
    }
    const start = i;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d === 92 /* \ */) {
        if (i + 1 >= n) break;
        i += 2;
      } else if (isSpaceCode(d) || d === 93 || d === 125 || d === 34 || d === 41) {
        break;
      } else {
        i++;
      }
    }
    if (i === start)
      i++; // a lone backslash at the end: a lexing error, whatever the mode
    else if (
      i - start === 2 &&
      text.charCodeAt(start) === 84 /* T */ &&
      text.charCodeAt(start + 1) === 79 /* O */
    )
      holdsTo = true;
  }
  return holdsTo ? TO_UNCLOSED : NO_TO;
}

/**
 * `[Field Name]` when the bracket opens a comparison rather than a range. It is a range
 * when, lexed as a range would be, it holds a `TO` before what ends it, unless a
 * comparison operator follows the first `]` (`[Date TO Come] eq "x"`) and no `}` ended it. The name runs to the
 * first unescaped `]`; an unclosed one runs to the end of the input (the parser reports
 * it), or, in `[First Name eq "x"`, to the operator.
 * Linear over a whole text: each search ahead is remembered (`ForwardSearch`).
 */
export const matchBracketField: CustomPatternMatcherFunc = (text, offset) => {
  const end = bracketFieldEnd(text, offset);
  return end < 0 ? null : ([text.slice(offset, end)] as unknown as RegExpExecArray);
};

/** Where the `BracketField` token at `offset` ends, or -1 when none starts there (`matchBracketField`, for the fast path's scanner: no match array). */
export function bracketFieldEnd(text: string, offset: number): number {
  if (text.charCodeAt(offset) !== 91 /* [ */) return -1;
  const close = nextCloseBracket.next(text, offset + 1);
  const closed = close < text.length;
  let end = closed ? close + 1 : text.length;
  const range = rangeModeScan(text, offset);
  if (
    range !== NO_TO &&
    (range === 125 /* } */ || !(closed && COMPARISON_AFTER_BRACKET.test(text.slice(end, end + 24))))
  )
    return -1;
  if (!closed) {
    // `[First Name eq "x"`: the name most likely ends before the operator.
    const operator = nextOperatorInside.next(text, offset + 1);
    if (operator < text.length) end = operator;
  }
  return end;
}

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
  const image =
    text.charCodeAt(offset + 1) === 61 /* = */
      ? text.slice(offset, offset + 2)
      : text.charAt(offset);
  return [image] as unknown as RegExpExecArray;
};

/** Whitespace, which the lexer skips (the reference lexer puts it in chevrotain's `Lexer.SKIPPED` group). */
export const WhiteSpace: TokenType = {
  name: 'WhiteSpace',
  PATTERN: new RegExp(`[${WS}]+`),
  START_CHARS_HINT: [' ', '\t', '\n', '\r', '\u3000'],
  LINE_BREAKS: true,
};

/** Every plain word; keywords below are in its category so they can also stand as words. */
export const Word: TokenType = {
  name: 'Word',
  PATTERN: new RegExp(`${WORD_START}${WORD_REST}`),
  // Only the reference lexer (the tests' chevrotain) reads the hints: built when read, not at every import.
  get START_CHARS_HINT() {
    return anyCharExcept(' \t\n\r+-!():^[]"{}~/');
  },
  LINE_BREAKS: true,
};

export const And: TokenType = { name: 'And', PATTERN: 'AND', LONGER_ALT: Word };
export const Or: TokenType = { name: 'Or', PATTERN: 'OR', LONGER_ALT: Word };
export const Not: TokenType = { name: 'Not', PATTERN: 'NOT', LONGER_ALT: Word };
export const AndSymbol: TokenType = {
  name: 'AndSymbol',
  LABEL: "'&&'",
  PATTERN: new RegExp(`&&${NOT_WORD_AHEAD}`),
  START_CHARS_HINT: ['&'],
};
export const OrSymbol: TokenType = {
  name: 'OrSymbol',
  LABEL: "'||'",
  PATTERN: new RegExp(`\\|\\|${NOT_WORD_AHEAD}`),
  START_CHARS_HINT: ['|'],
};
export const Bang: TokenType = { name: 'Bang', LABEL: "'!'", PATTERN: '!' };

/** Lower-case `and` / `or` / `not`: operators next to a bracket comparison, plain words elsewhere. */
export const LowerAnd: TokenType = {
  name: 'LowerAnd',
  LABEL: "'and'",
  PATTERN: 'and',
  LONGER_ALT: Word,
  CATEGORIES: [Word],
};
export const LowerOr: TokenType = {
  name: 'LowerOr',
  LABEL: "'or'",
  PATTERN: 'or',
  LONGER_ALT: Word,
  CATEGORIES: [Word],
};
export const LowerNot: TokenType = {
  name: 'LowerNot',
  LABEL: "'not'",
  PATTERN: 'not',
  LONGER_ALT: Word,
  CATEGORIES: [Word],
};

/** `eq ne gt lt ge le contains startswith endswith`, in any case; plain words elsewhere. */
export const ComparisonWord: TokenType = {
  name: 'ComparisonWord',
  PATTERN: /eq|ne|gt|lt|ge|le|contains|startswith|endswith/i,
  START_CHARS_HINT: ['e', 'E', 'n', 'N', 'g', 'G', 'l', 'L', 'c', 'C', 's', 'S'],
  LONGER_ALT: Word,
  CATEGORIES: [Word],
};

export const Plus: TokenType = { name: 'Plus', LABEL: "'+'", PATTERN: '+' };
export const Minus: TokenType = { name: 'Minus', LABEL: "'-'", PATTERN: '-' };
export const LParen: TokenType = { name: 'LParen', LABEL: "'('", PATTERN: '(' };
export const RParen: TokenType = { name: 'RParen', LABEL: "')'", PATTERN: ')' };
export const Colon: TokenType = { name: 'Colon', LABEL: "':'", PATTERN: ':' };
export const RelationOperator: TokenType = {
  name: 'RelationOperator',
  PATTERN: matchRelationOperator,
  START_CHARS_HINT: ['<', '>'],
  LINE_BREAKS: false,
};

/** A quoted phrase; the closing quote is optional so an unterminated phrase is reported, not lexed away. */
export const Quoted: TokenType = {
  name: 'Quoted',
  PATTERN: /"(?:[^"\\]|\\[\s\S])*"?/,
  START_CHARS_HINT: ['"'],
  LINE_BREAKS: true,
};
/**
 * Where the `/regex/` starting at `start` ends, as Lucene's REGEXPTERM (`"/" (~["/"] | "\\/")* "/"`)
 * reads it by longest match: a backslash matters only before a `/`, so `/a\\/b/` is one regex
 * (a backslash, then an escaped slash). It ends after the first `/` with no backslash before it;
 * with none, after the last `/` (`/a\\/` is the regex `a\\`); with no `/` at all, at the end of
 * the text (unterminated). One pass: linear whatever the text holds.
 */
export function regexEnd(text: string, start: number): number {
  let last = -1;
  for (let i = text.indexOf('/', start + 1); i >= 0; i = text.indexOf('/', i + 1)) {
    if (text.charCodeAt(i - 1) !== 92 /* \ */) return i + 1;
    last = i;
  }
  return last < 0 ? text.length : last + 1;
}

export const Regex: TokenType = {
  name: 'Regex',
  PATTERN: (text: string, offset: number) =>
    text.charCodeAt(offset) === 47 /* / */
      ? ([text.slice(offset, regexEnd(text, offset))] as unknown as RegExpExecArray)
      : null,
  START_CHARS_HINT: ['/'],
  LINE_BREAKS: true,
};
/**
 * `~`, `~2`, `~0.5`: fuzzy distance or phrase slop. Like Lucene's FUZZY_SLOP it takes
 * any word characters that follow (`a~b`), so the parser can report them.
 */
export const Tilde: TokenType = {
  name: 'Tilde',
  PATTERN: new RegExp(`~${WORD_PART}*`),
  START_CHARS_HINT: ['~'],
};
/** `^2`, `^0.5`: boost (the number is checked by the parser so `^` alone is reported). */
export const Caret: TokenType = {
  name: 'Caret',
  PATTERN: /\^(?:\d+(?:\.\d+)?)?/,
  START_CHARS_HINT: ['^'],
};

export const BracketField: TokenType = {
  name: 'BracketField',
  PATTERN: matchBracketField,
  START_CHARS_HINT: ['['],
  LINE_BREAKS: true,
};
export const RangeStart: TokenType = {
  name: 'RangeStart',
  LABEL: "'['",
  PATTERN: /\[/,
  START_CHARS_HINT: ['['],
  PUSH_MODE: 'range',
};
export const RangeExclusiveStart: TokenType = {
  name: 'RangeExclusiveStart',
  LABEL: "'{'",
  PATTERN: '{',
  PUSH_MODE: 'range',
};
/** `]` or `}` outside a range: lexed so the parser can report it with a fix. */
export const StrayCloser: TokenType = {
  name: 'StrayCloser',
  PATTERN: /[\]}]/,
  START_CHARS_HINT: [']', '}'],
};

// Range mode.
export const RangeWord: TokenType = {
  name: 'RangeWord',
  PATTERN: new RegExp(`(?:[^${WS}\\]}\\\\")]|\\\\[\\s\\S])+`),
  get START_CHARS_HINT() {
    return anyCharExcept(' \t\n\r]}")');
  },
  LINE_BREAKS: true,
};
export const RangeTo: TokenType = {
  name: 'RangeTo',
  LABEL: "'TO'",
  PATTERN: 'TO',
  LONGER_ALT: RangeWord,
};
export const RangeEnd: TokenType = { name: 'RangeEnd', LABEL: "']'", PATTERN: ']', POP_MODE: true };
export const RangeExclusiveEnd: TokenType = {
  name: 'RangeExclusiveEnd',
  LABEL: "'}'",
  PATTERN: '}',
  POP_MODE: true,
};
/** A `)` inside an unclosed range ends the range, so `(f:[a TO b) c` recovers well. */
export const RangeRParen: TokenType = {
  name: 'RangeRParen',
  LABEL: "')'",
  PATTERN: ')',
  POP_MODE: true,
  CATEGORIES: [RParen],
};

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

export const rangeModeTokens: TokenType[] = [
  WhiteSpace,
  RangeTo,
  RangeEnd,
  RangeExclusiveEnd,
  RangeRParen,
  Quoted,
  RangeWord,
];

export const allTokens: TokenType[] = [
  ...mainModeTokens,
  ...rangeModeTokens.filter((t) => !mainModeTokens.includes(t)),
];
