/**
 * Text for the parser's quick fixes where the obvious edit would read differently:
 * an escape right after `~` would join the fuzzy suffix, a bracket's words are split
 * on unescaped spaces only, and a `:` inside a field's value is quoted with the value.
 */
import { isEscapedAt } from './escape.js';

const SPACE = /[ \t\n\r\u3000]/;

/** The words of a bracket's inside, split at unescaped whitespace (`a\ b` is one word). */
export function bracketWords(inner: string): string[] {
  const words: string[] = [];
  let word = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === '\\' && i + 1 < inner.length) {
      word += c + inner[i + 1];
      i++;
    } else if (SPACE.test(c)) {
      if (word !== '') words.push(word);
      word = '';
    } else {
      word += c;
    }
  }
  if (word !== '') words.push(word);
  return words;
}

const BOUND = /^(?:[+-]?\d+(?:\.\d+)?|\d{4}-\d{2}-\d{2})$/;
const DASHED = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/;

/**
 * A range's words written with a dash between the bounds, `[18 - 65]` or `[18-65]`, as
 * the two bounds meant (numbers and ISO dates only: `[a-b]` stays one word); other words as they are.
 */
export function dashedBounds(words: string[]): string[] {
  if (words.length === 3 && words[1] === '-' && BOUND.test(words[0]!) && BOUND.test(words[2]!))
    return [words[0]!, words[2]!];
  const dashed = words.length === 1 ? DASHED.exec(words[0]!) : null;
  return dashed === null ? words : [dashed[1]!, dashed[2]!];
}

/** `image` escaped where it stands: after a `~`, a space first, or the escape would become the fuzzy suffix (`a~\~`). */
export function escapedInPlace(text: string, start: number, image: string): string {
  const escaped = backslashed(image);
  return start > 0 && text[start - 1] === '~' && !isEscapedAt(text, start - 1)
    ? ` ${escaped}`
    : escaped;
}

/**
 * A backslash before each UTF-16 unit of `image` but line breaks, as `image.replace(/./g, '\\$&')`.
 * Every stray token of a broken query gets an "Escape" fix: most are one character, and the
 * regular expression cost more than the rest of the fix (a profile of `fixQuery` on `[a TO b) ` floods).
 */
function backslashed(image: string): string {
  if (image.length === 1 && !isLineBreak(image.charCodeAt(0))) return `\\${image}`;
  return image.replace(/./g, '\\$&');
}

/** The characters `.` does not match in a regular expression without the `s` flag. */
function isLineBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/** True for the characters that end a run of a field's name and value: unescaped whitespace and parentheses. */
function endsRun(text: string, i: number): boolean {
  const c = text[i]!;
  return (SPACE.test(c) || c === '(' || c === ')') && !isEscapedAt(text, i);
}

/**
 * For an unexpected `:` at `colon` inside `field:value:more` (`Website:https://example.com`):
 * where the value starts and ends, to quote it whole. Undefined when the run holds no
 * field before it, or quotes, escapes or brackets that make quoting it a guess.
 */
export function valueAroundColon(
  text: string,
  colon: number,
): { start: number; end: number } | undefined {
  let run = lastRun;
  // Every colon of one run has the same run, and the same answer past its first colon: measured
  // once, or `:<:<:<…` (a stray colon every two characters, one run) costs quadratic time.
  if (run === undefined || run.text !== text || colon < run.start || colon >= run.end) {
    let runStart = colon;
    while (runStart > 0 && !endsRun(text, runStart - 1)) runStart--;
    let end = colon + 1;
    while (end < text.length && !endsRun(text, end)) end++;
    let first = -1;
    for (let i = runStart; i < end; i++) {
      if (text[i] === ':' && !isEscapedAt(text, i)) {
        first = i;
        break;
      }
    }
    run = lastRun = {
      text,
      start: runStart,
      end,
      first,
      value: first <= runStart ? undefined : quotableValue(text, first + 1, end),
    };
  }
  // Keep the caller's string: an equal copy (the same query parsed again) would be compared in full at every colon.
  run.text = text;
  // The run's first colon ends its field name; a colon before it (or it itself) has no field before it.
  if (run.first >= colon || run.value === undefined) return undefined;
  return { start: run.value.start, end: run.value.end };
}

/** The last run `valueAroundColon` measured: its text, bounds, first unescaped colon, and the value after that colon. */
let lastRun:
  | {
      text: string;
      start: number;
      end: number;
      first: number;
      value: { start: number; end: number } | undefined;
    }
  | undefined;

/** text[start, end) as a value to quote whole, or undefined when quoting it would be a guess. */
function quotableValue(
  text: string,
  start: number,
  end: number,
): { start: number; end: number } | undefined {
  const value = text.slice(start, end);
  if (value === '' || /["\\[\]{}]/.test(value) || /^[/(*?~^+-]/.test(value)) return undefined;
  return { start, end };
}

/**
 * Where a dangling prefix at `start` should be removed from: before the AND/OR that
 * precedes it, if any (`x OR NOT` loses `OR NOT`, or `OR` would dangle in turn). A
 * lower-case `and`/`or` counts only when the parser read it as an operator (`lower`).
 */
export function binaryOperatorBefore(
  text: string,
  start: number,
  lower: { start: number; end: number } | undefined,
): number {
  let end = start;
  while (end > 0 && SPACE.test(text[end - 1]!)) end--;
  if (end === start && start > 0 && !/[\s()]/.test(text[start - 1]!)) return start;
  const before = text.slice(Math.max(0, end - 3), end);
  const symbol = /(?:&&|\|\|)$/.exec(before);
  const word =
    /(?:^|[\s()"\]])(AND|OR|and|or)$/.exec(text.slice(Math.max(0, end - 4), end)) ??
    (/^(AND|OR|and|or)$/.exec(text.slice(0, end))
      ? [text.slice(0, end), text.slice(0, end)]
      : null);
  const operator = symbol?.[0] ?? word?.[1];
  if (operator === undefined) return start;
  const from = end - operator.length;
  if (operator === 'and' || operator === 'or')
    return lower !== undefined && lower.start === from && lower.end === end ? from : start;
  if (from > 0 && /[\w\\]/.test(text[from - 1]!) && symbol === null) return start;
  return from;
}

/** Nothing but spaces and `(` before `offset` since the start or the last `(`: the first clause of a list stands there. */
export function opensClauseList(text: string, offset: number): boolean {
  let i = offset;
  while (i > 0 && /\s/.test(text[i - 1]!)) i--;
  return i === 0 || text[i - 1] === '(';
}

/**
 * The empty group `()` at `start..end` with the groups that hold nothing else: `(())` is
 * removed whole (removing the inner pair left `()`, the same error).
 */
export function enclosingParens(
  text: string,
  start: number,
  end: number,
): { start: number; end: number } {
  let from = start;
  let to = end;
  for (;;) {
    let before = from;
    while (before > 0 && /\s/.test(text[before - 1]!)) before--;
    let after = to;
    while (after < text.length && /\s/.test(text[after]!)) after++;
    if (before === 0 || text[before - 1] !== '(' || text[after] !== ')')
      return { start: from, end: to };
    // An escaped `(` is a character of a word, not a group.
    if (before >= 2 && text[before - 2] === '\\') return { start: from, end: to };
    from = before - 1;
    to = after + 1;
  }
}
