/**
 * SQL written where a query was meant: `First Name = 'Tim'`, `age >= 18`,
 * `Product Name LIKE '%Phone%'`, `SELECT * FROM customers WHERE ...`. The parser reads
 * all of it as search words (`=` and `'Tim'` are words too), so nothing fails; this file
 * finds the comparisons in an AND's operands and says what they would be in mdq.
 */
import type { And, ComparisonOperator, Expr, Term } from '../language/ast.js';
import { escapeTerm, quote, unescape } from '../language/escape.js';
import type { SchemaField, SchemaIndex } from '../schema/schema.js';
import { readValue } from './values.js';

/** SQL's comparison operators, as the real ones. */
const SQL_OPERATORS: Readonly<Record<string, ComparisonOperator>> = {
  '=': 'eq',
  '==': 'eq',
  '!=': 'ne',
  '<>': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
};

/** Words that are SQL's own and so never part of a field name (`WHERE City = 'x'`). */
const SQL_WORDS = /* @__PURE__ */ new Set([
  'select',
  'from',
  'where',
  'and',
  'or',
  'not',
  'like',
  'in',
  'is',
  'between',
  'order',
  'by',
  'group',
  'having',
  'limit',
]);

/** At most this many words before the operator are taken as the field name. */
export const MAX_NAME_WORDS = 5;
/** A single-quoted value is closed within this many further words, or taken as one word. */
const MAX_QUOTED_WORDS = 5;

/** A comparison written as in SQL, found in an AND. */
export interface SqlComparison {
  /** The words before the operator that may name the field, in order (the last is next to the operator). */
  readonly nameWords: readonly Term[];
  /** The operator as written: `=`, `>=`, `like`, ... (lower case). */
  readonly written: string;
  /** What the value is, unquoted: `Tim`, `%Phone%`, `18`. */
  readonly value: string;
  /** True when the value was quoted (single or double quotes): a number then stays a string. */
  readonly quoted: boolean;
  /** Where the operator and the value's last word are. */
  readonly operatorStart: number;
  readonly end: number;
  /** Every operand the comparison covers from the operator on (the operator, the value's words). */
  readonly rest: readonly Expr[];
  /**
   * True when the operator is glued to the name in one word (`age>=18`, `City='Berlin'`):
   * the last of `nameWords` is then that word's name part, not a word of its own.
   */
  readonly glued?: boolean;
}

/**
 * A name, an SQL operator and maybe the value, written as one word: `age>=18`, `name=` (before `"Tim"`).
 * Made on first use: its Unicode classes cost about half a millisecond, which `import 'mdq'` paid.
 */
let gluedComparisonPattern: RegExp | undefined;

/**
 * The comparison written as one word at `ops[i]`, with no space around its operator:
 * `age>=18`, `City='Berlin'`, or `name=` joined to the phrase after it (`name="Tim"`).
 * `name` is the name part as a word of its own, for the fixes' spans.
 */
function gluedAt(
  ops: readonly Expr[],
  i: number,
): { name: Term; written: string; value: string; quoted: boolean; last: number } | undefined {
  const word = ops[i];
  if (word?.kind !== 'Term' || !mayBeGlued(word)) return undefined;
  gluedComparisonPattern ??= /^(\p{L}[\p{L}\p{N}_.]*)(==|!=|<>|>=|<=|=|>|<)(.*)$/su;
  const match = gluedComparisonPattern.exec(word.value);
  if (match === null) return undefined;
  const [, nameText, written, rest] = match as unknown as [string, string, string, string];
  const name: Term = {
    kind: 'Term',
    raw: nameText,
    value: nameText,
    span: { start: word.span.start, end: word.span.start + nameText.length },
  };
  if (isSqlWord(name)) return undefined;
  if (rest === '') {
    const next = ops[i + 1];
    return next?.kind === 'Phrase' && next.span.start === word.span.end
      ? { name, written, value: next.value, quoted: true, last: i + 1 }
      : undefined;
  }
  if (rest[0] !== "'") return { name, written, value: rest, quoted: false, last: i };
  return rest.length >= 2 && closesQuote(rest, 1)
    ? { name, written, value: unquote(rest), quoted: true, last: i }
    : undefined;
}

/** The SQL operator `node` is (`!=` reads as NOT and `=`), or undefined. */
export function sqlOperator(node: Expr | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'Term') {
    // `\=` too: the printer escapes a bare `=` (`mdq fmt` writes `First Name \= 'Tim'`).
    if (node.value.length > 4) return undefined;
    const word = node.value.toLowerCase();
    return SQL_OPERATORS[word] !== undefined || word === 'like' ? word : undefined;
  }
  // `!=`: a `!` prefix on the word `=`.
  if (
    node.kind === 'Not' &&
    node.operator === 'NOT' &&
    node.operand.kind === 'Term' &&
    node.operand.raw === '=' &&
    node.operand.span.start === node.span.start + 1
  )
    return '!=';
  return undefined;
}

/**
 * The words, lower case, that what NoSqlSyntax looks for in an AND starts from: SQL's comparison
 * operators and LIKE (`sqlOperator`), the idioms' keywords (`sqlIdioms`) and SELECT.
 */
const OPENING_WORDS = /* @__PURE__ */ new Set([
  ...Object.keys(SQL_OPERATORS),
  'like',
  'in',
  'between',
  'is',
  'select',
]);
/** The longest of them (`between`): a longer word is none, and is not lower-cased to find out. */
const LONGEST_OPENING_WORD = /* @__PURE__ */ Math.max(...[...OPENING_WORDS].map((w) => w.length));

/** A word an SQL habit in an AND can start from: an opening word in any case, a glued comparison, a single quote. */
function opensSqlHabit(word: Term): boolean {
  const value = word.value;
  return (
    word.raw.charCodeAt(0) === 39 /* ' */ ||
    mayBeGlued(word) ||
    (value.length <= LONGEST_OPENING_WORD && OPENING_WORDS.has(value.toLowerCase()))
  );
}

/**
 * False when no operand of `and` can start what NoSqlSyntax looks for in an AND: a comparison
 * (`sqlComparisons`), an idiom (`sqlIdioms`), a SELECT, a run of single-quoted words. One pass
 * with the test each of those starts from: most ANDs hold none, and then their scans are skipped.
 * test/checker/rules/no-sql-syntax-prefilter.isolated.test.ts holds it to the scans, and the rule to itself without it.
 */
export function mayHoldSqlHabit(and: And): boolean {
  const ops = and.operands;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    switch (op.kind) {
      case 'Term':
        if (opensSqlHabit(op)) return true;
        break;
      case 'Not':
        // `!=` (a `!` before the word `=`), `NOT IN`.
        if (op.operand.kind === 'Term' && (op.operand.raw === '=' || opensSqlHabit(op.operand)))
          return true;
        break;
      case 'Field':
        // A field's value that opens a run of single-quoted words (`City:'New York'`).
        if (op.value.kind === 'Term' && op.value.raw.charCodeAt(0) === 39) return true;
        break;
      case 'Error':
        // `[Age] between 1 and 5`: the bracketed name before a word no operator reads is an error.
        return true;
      default:
        break;
    }
  }
  return false;
}

/** The real operator for an SQL one (`like` is decided by its pattern, see `likeOperator`). */
export function comparisonOperator(written: string): ComparisonOperator | undefined {
  return SQL_OPERATORS[written];
}

const isSqlWord = (term: Term): boolean =>
  term.value.length <= 7 && SQL_WORDS.has(term.value.toLowerCase());

/** A bare word that may be part of a field name. */
function nameWord(node: Expr | undefined): Term | undefined {
  return node?.kind === 'Term' && !isSqlWord(node) && sqlOperator(node) === undefined
    ? node
    : undefined;
}

/** The value from `ops[i]` on: a phrase, a word, or a single-quoted run of words. */
function valueAt(
  and: And,
  i: number,
  text: string | undefined,
): { value: string; quoted: boolean; last: number } | undefined {
  const ops = and.operands;
  const first = ops[i];
  if (first === undefined) return undefined;
  if (first.kind === 'Phrase') return { value: first.value, quoted: true, last: i };
  if (first.kind !== 'Term' || isSqlWord(first) || sqlOperator(first) !== undefined)
    return undefined;
  const quoted = singleQuoted(and, i, text);
  if (quoted !== undefined) return { value: quoted.value, quoted: true, last: quoted.last };
  return { value: first.value, quoted: false, last: i };
}

/**
 * The single-quoted string that starts at `ops[i]`, a word starting with an unescaped
 * `'`: `'Tim'`, or `'New` ... `York'` over words joined by adjacency. SQL's `''` inside
 * is one `'`. Undefined when no word closes it (`'tis`), or the quote is escaped.
 */
export function singleQuoted(
  and: And,
  i: number,
  text: string | undefined,
): { value: string; last: number } | undefined {
  const ops = and.operands;
  const first = ops[i];
  if (first?.kind !== 'Term' || first.raw[0] !== "'") return undefined;
  if (closesQuote(first.raw, 1)) return { value: unquote(first.value), last: i };
  const words = [first.value];
  for (
    let j = i + 1;
    j < ops.length && j <= i + MAX_QUOTED_WORDS && and.explicit[j - 1] === false;
    j++
  ) {
    const word = ops[j]!;
    if (word.kind !== 'Term') return undefined;
    words.push(word.value);
    if (closesQuote(word.raw, 0)) {
      // The words as written, spaces included, when the text is known.
      const inner =
        text !== undefined && first.raw === first.value && word.raw === word.value
          ? text.slice(first.span.start, word.span.end)
          : words.join(' ');
      return { value: unquote(inner), last: j };
    }
  }
  return undefined;
}

/** True when `raw` ends with a closing `'` after `from` (not escaped, not the opening one). */
function closesQuote(raw: string, from: number): boolean {
  return raw.length - 1 >= from && raw[raw.length - 1] === "'" && raw[raw.length - 2] !== '\\';
}

/** The inside of `'...'`, with SQL's doubled `''` as one `'`. */
function unquote(quoted: string): string {
  return quoted.slice(1, -1).replace(/''/g, "'");
}

const NONE: readonly SqlComparison[] = [];

/** Up to `max` words right before `ops[i]`, joined to it by adjacency, that may name a field. */
function wordsBefore(and: And, i: number, max: number): Term[] {
  const words: Term[] = [];
  if (i === 0 || and.explicit[i - 1] !== false) return words;
  for (let j = i - 1; j >= 0 && words.length < max; j--) {
    const word = nameWord(and.operands[j]);
    if (word === undefined) break;
    words.unshift(word);
    if (j === 0 || and.explicit[j - 1] !== false) break;
  }
  return words;
}

/**
 * False for a word that cannot be a comparison written as one word (`age>=18`): one with
 * escapes, or with none of `=<>`. Most words: one pass over a short string, no regular expression.
 */
export function mayBeGlued(word: Term): boolean {
  const value = word.value;
  if (word.raw !== value) return false;
  // One pass over the characters: a word is short, and three native scans cost more in calls than in reading.
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 61 || c === 60 || c === 62) return true; // = < >
  }
  return false;
}

/** The comparison written as the one word `term` outside an AND (`age>=18` alone, or in an OR). */
export function gluedComparison(term: Term): SqlComparison | undefined {
  // Tested before the array below is made: this runs for every word outside an AND.
  if (!mayBeGlued(term)) return undefined;
  const glued = gluedAt([term], 0);
  if (glued === undefined) return undefined;
  return {
    nameWords: [glued.name],
    written: glued.written,
    value: glued.value,
    quoted: glued.quoted,
    operatorStart: glued.name.span.end,
    end: term.span.end,
    rest: [term],
    glued: true,
  };
}

/** Every SQL comparison among the operands of `and`, in order; none overlap. `findGlued`: the one-word ones too (`age>=18`). */
export function sqlComparisons(
  and: And,
  text: string | undefined,
  findGlued = true,
): readonly SqlComparison[] {
  const ops = and.operands;
  const explicit = and.explicit;
  let found: SqlComparison[] | undefined;
  for (let i = 0; i < ops.length; i++) {
    const oneWord = findGlued ? gluedAt(ops, i) : undefined;
    if (oneWord !== undefined) {
      const nameWords = wordsBefore(and, i, MAX_NAME_WORDS - 1);
      nameWords.push(oneWord.name);
      (found ??= []).push({
        nameWords,
        written: oneWord.written,
        value: oneWord.value,
        quoted: oneWord.quoted,
        operatorStart: oneWord.name.span.end,
        end: ops[oneWord.last]!.span.end,
        rest: ops.slice(i, oneWord.last + 1),
        glued: true,
      });
      i = oneWord.last;
      continue;
    }
    // Joined by adjacency on both sides: `a AND = b` is no comparison.
    if (i === 0 || i + 1 >= ops.length || explicit[i - 1] !== false || explicit[i] !== false)
      continue;
    const written = sqlOperator(ops[i]);
    if (written === undefined) continue;
    const value = valueAt(and, i + 1, text);
    if (value === undefined) continue;
    const nameWords = wordsBefore(and, i, MAX_NAME_WORDS);
    if (nameWords.length === 0) continue;
    (found ??= []).push({
      nameWords,
      written,
      value: value.value,
      quoted: value.quoted,
      operatorStart: ops[i]!.span.start,
      end: ops[value.last]!.span.end,
      rest: ops.slice(i, value.last + 1),
    });
    i = value.last;
  }
  return found ?? NONE;
}

/** The field the last `k` name words name: exactly, or the one field equal but for case and spacing. */
export function fieldNamed(
  schema: SchemaIndex,
  words: readonly Term[],
  k: number,
): SchemaField | undefined {
  const name = words
    .slice(words.length - k)
    .map((w) => w.value)
    .join(' ');
  const exact = schema.field(name);
  if (exact) return exact;
  const loose = schema.looseMatches(name);
  return loose.length === 1 ? loose[0] : undefined;
}

/**
 * LIKE's pattern as a comparison: `%x%` contains, `x%` starts with, `%x` ends with, no
 * wildcard equals. Undefined for other patterns (`a%b`, `_`), which need a wildcard.
 */
export function likeOperator(
  pattern: string,
): { operator: ComparisonOperator; value: string } | undefined {
  const inner = pattern.replace(/^%/, '').replace(/%$/, '');
  if (inner === '' || /[%_]/.test(inner)) return undefined;
  const lead = pattern.startsWith('%');
  const trail = pattern.length > 1 && pattern.endsWith('%');
  const operator: ComparisonOperator =
    lead && trail ? 'contains' : lead ? 'endswith' : trail ? 'startswith' : 'eq';
  return { operator, value: inner };
}

/** LIKE's pattern in Lucene's wildcard syntax: `%` is `*`, `_` is `?`, a literal `*`, `?`, `\` escaped. */
export function likeWildcard(pattern: string): string {
  return pattern
    .replace(/[*?\\]/g, '\\$&')
    .replace(/%/g, '*')
    .replace(/_/g, '?');
}

/** SQL's other idioms, written where a clause was meant: `City IN ('a','b')`, `Age BETWEEN 1 AND 2`, `Phone IS NULL`. */
export interface SqlIdiom {
  readonly idiom: 'in' | 'not in' | 'between' | 'is null' | 'is not null';
  /** The words before the idiom that may name the field, as for a comparison. */
  readonly nameWords: readonly Term[];
  /** IN's items, BETWEEN's two bounds, nothing for IS NULL. */
  readonly values: readonly string[];
  readonly operatorStart: number;
  readonly end: number;
  /** Every operand the idiom covers from its keyword on. */
  readonly rest: readonly Expr[];
}

const isWordTerm = (node: Expr | undefined, word: string): boolean =>
  node?.kind === 'Term' && node.value.length === word.length && node.value.toLowerCase() === word;

/** `NOT x` written with the keyword (not `-x` or `!x`), for `NOT IN` and `IS NOT NULL`. */
const notOf = (node: Expr | undefined, word: string): boolean =>
  node?.kind === 'Not' &&
  node.operator === 'NOT' &&
  isWordTerm(node.operand, word) &&
  node.operand.span.start > node.span.start + 1;

/** A bound of BETWEEN: a word or a phrase. */
const idiomBound = (node: Expr | undefined): string | undefined =>
  node?.kind === 'Phrase'
    ? node.value
    : node?.kind === 'Term' && !isSqlWord(node)
      ? node.raw[0] === "'" && closesQuote(node.raw, 1)
        ? unquote(node.value)
        : node.value
      : undefined;

/**
 * A bound of BETWEEN from `ops[i]` on. A date written with `/`, `'01/01/1960'` or `12/31/1960`,
 * is read as several operands with no space between them (`'01`, the regex `/01/`, `1960'`):
 * such a run is one bound, taken from the text as written.
 */
function boundAt(
  and: And,
  i: number,
  text: string | undefined,
): { value: string; last: number } | undefined {
  const ops = and.operands;
  const last = text === undefined ? i : gluedRunEnd(and, i);
  if (last === i) {
    const value = idiomBound(ops[i]);
    return value === undefined ? undefined : { value, last };
  }
  if (ops[i]!.kind !== 'Term' && ops[i]!.kind !== 'Regex') return undefined;
  return { value: writtenBound(text!.slice(ops[i]!.span.start, ops[last]!.span.end)), last };
}

/**
 * The last operand of the run from `ops[i]` on written with no space between its parts: a
 * date with `/` (`'01/01/1960'`) is read as `'01`, the regex `/01/` and `1960'`.
 */
function gluedRunEnd(and: And, i: number): number {
  const ops = and.operands;
  let last = i;
  while (
    and.explicit[last] === false &&
    ops[last]!.kind !== 'Phrase' &&
    (ops[last + 1]?.kind === 'Term' || ops[last + 1]?.kind === 'Regex') &&
    ops[last + 1]!.span.start === ops[last]!.span.end
  )
    last++;
  return last;
}

/** A bound as written, without its quotes: `'1960'` as SQL quotes it, `"1960"` as mdq does. */
function writtenBound(written: string): string {
  const q = written[0];
  if (written.length < 2 || (q !== "'" && q !== '"') || written[written.length - 1] !== q)
    return written;
  return q === "'" ? unquote(written) : unescape(written.slice(1, -1)).value;
}

/**
 * The items of a list as SQL and people write it, `'Berlin','Paris'` or `Berlin, Paris`: split
 * at commas outside quotes, each trimmed and unquoted (`'...'` or `"..."`). Undefined when
 * there is no comma, an item is empty, or a quote is left open.
 */
export function listItems(inner: string): string[] | undefined {
  const items: string[] = [];
  let from = 0;
  // The quote an item opened and has not closed yet: a comma inside it is text.
  let open: string | undefined;
  for (let i = 0; i <= inner.length; i++) {
    const c = inner[i];
    if (open !== undefined) {
      if (c === undefined) return undefined;
      if (c === open) open = undefined;
      continue;
    }
    if ((c === "'" || c === '"') && inner.slice(from, i).trim() === '') {
      open = c;
      continue;
    }
    if (c !== undefined && c !== ',') continue;
    const t = inner.slice(from, i).trim();
    from = i + 1;
    if (t === '') return undefined;
    const q = t[0] === "'" || t[0] === '"' ? t[0] : undefined;
    if (q !== undefined) {
      if (t.length < 2 || t[t.length - 1] !== q) return undefined;
      items.push(q === "'" ? t.slice(1, -1).replace(/''/g, "'") : t.slice(1, -1));
    } else if (/["'()]/.test(t)) return undefined;
    else items.push(t);
  }
  return items.length > 1 ? items : undefined;
}

/** `[Age] BETWEEN 18`: the parser's error for a bracketed name before the word BETWEEN and a bound. */
const BRACKETED_BETWEEN = /^\[((?:[^\]\\]|\\.)+)\](\s*)between\s+(\S+)$/is;

/**
 * `[Age] BETWEEN 18 AND 65`: the parser reads `[Age] BETWEEN 18` as one comparison with an
 * unknown operator (an Error), then `AND 65`. The bracketed name and the low bound are in
 * that error's text, with any operands glued to its end (a date with `/`: `01/01/1960`).
 */
function bracketedBetween(
  and: And,
  i: number,
  text: string,
): { name: Term; operatorStart: number; low: string; last: number } | undefined {
  const ops = and.operands;
  const error = ops[i]!;
  const m = BRACKETED_BETWEEN.exec(text.slice(error.span.start, error.span.end));
  if (m === null) return undefined;
  const [, inner, space, lowStart] = m as unknown as [string, string, string, string];
  const last = gluedRunEnd(and, i);
  const low = writtenBound(text.slice(error.span.end - lowStart.length, ops[last]!.span.end));
  const nameEnd = error.span.start + inner.length + 2;
  const name: Term = {
    kind: 'Term',
    raw: inner,
    value: unescape(inner).value,
    span: { start: error.span.start, end: nameEnd },
  };
  return { name, operatorStart: nameEnd + space.length, low, last };
}

/** BETWEEN's upper bound after the low one ends at `ops[after]`: `AND 2` (the language's AND) or `and 2` (the word). */
function highBound(
  and: And,
  after: number,
  text: string | undefined,
): { value: string; last: number } | undefined {
  const explicit = and.explicit;
  return explicit[after] === true
    ? boundAt(and, after + 1, text)
    : explicit[after] === false &&
        isWordTerm(and.operands[after + 1], 'and') &&
        explicit[after + 1] === false
      ? boundAt(and, after + 2, text)
      : undefined;
}

/** Every SQL idiom (IN, BETWEEN, IS NULL) among the operands of `and`, in order. */
export function sqlIdioms(and: And, text: string | undefined): readonly SqlIdiom[] {
  const ops = and.operands;
  const explicit = and.explicit;
  let found: SqlIdiom[] | undefined;
  const adjacent = (i: number) => explicit[i] === false;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (op!.kind === 'Error' && text !== undefined) {
      const between = bracketedBetween(and, i, text);
      const high = between === undefined ? undefined : highBound(and, between.last, text);
      if (between !== undefined && high !== undefined) {
        (found ??= []).push({
          idiom: 'between',
          nameWords: [between.name],
          values: [between.low, high.value],
          operatorStart: between.operatorStart,
          end: ops[high.last]!.span.end,
          rest: ops.slice(i, high.last + 1),
        });
        i = high.last;
      }
      continue;
    }
    if (i === 0 || !adjacent(i - 1)) continue;
    let idiom: SqlIdiom['idiom'] | undefined;
    let values: string[] = [];
    let last = i;
    if ((isWordTerm(op, 'in') || notOf(op, 'in')) && adjacent(i) && ops[i + 1]?.kind === 'Group') {
      const group = ops[i + 1]!;
      const items =
        text === undefined
          ? undefined
          : listItems(text.slice(group.span.start + 1, group.span.end - 1));
      const one =
        text === undefined
          ? undefined
          : text.slice(group.span.start + 1, group.span.end - 1).trim();
      // `IN ('a')`: one item, no comma.
      const single =
        items ??
        (one !== undefined && one !== '' && !/[\s(),]/.test(one)
          ? [one.replace(/^'(.*)'$/, '$1')]
          : undefined);
      if (single === undefined) continue;
      idiom = op!.kind === 'Not' ? 'not in' : 'in';
      values = single;
      last = i + 1;
    } else if (isWordTerm(op, 'between') && adjacent(i)) {
      const low = boundAt(and, i + 1, text);
      if (low === undefined) continue;
      const high = highBound(and, low.last, text);
      if (high === undefined) continue;
      idiom = 'between';
      values = [low.value, high.value];
      last = high.last;
    } else if (isWordTerm(op, 'is') && adjacent(i)) {
      if (isWordTerm(ops[i + 1], 'null')) {
        idiom = 'is null';
        last = i + 1;
      } else if (notOf(ops[i + 1], 'null')) {
        idiom = 'is not null';
        last = i + 1;
      } else if (
        isWordTerm(ops[i + 1], 'not') &&
        adjacent(i + 1) &&
        isWordTerm(ops[i + 2], 'null')
      ) {
        idiom = 'is not null';
        last = i + 2;
      } else continue;
    } else continue;
    const nameWords = wordsBefore(and, i, MAX_NAME_WORDS);
    if (nameWords.length === 0) continue;
    (found ??= []).push({
      idiom,
      nameWords,
      values,
      operatorStart: op!.span.start,
      end: ops[last]!.span.end,
      rest: ops.slice(i, last + 1),
    });
    i = last;
  }
  return found ?? NONE_IDIOMS;
}

const NONE_IDIOMS: readonly SqlIdiom[] = [];

/** A list item or bound as the field reads it (a date in its query form), bare when it is a plain word; undefined when the field cannot hold it. */
export function writeListItem(value: string, field: SchemaField | undefined): string | undefined {
  let v = value;
  if (field !== undefined) {
    const reading = readValue(v, field);
    if (!reading.ok) {
      if (reading.suggestion === undefined) return undefined;
      v = reading.suggestion;
    }
  }
  return /^[\p{L}\p{N}_.@-]+$/u.test(v) && escapeTerm(v) === v ? v : quote(v);
}
