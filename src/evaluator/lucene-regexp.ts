/**
 * Lucene's RegExp syntax (not JavaScript's), parsed into a small tree. The whole token
 * must match (there are no anchors); `.` is any character, `*` `+` `?` `{n}` `{n,}`
 * `{n,m}` repeat, `[...]` `[^...]` are classes, `|` is union, `( )` groups, `"..."` is
 * a literal string, `\` escapes any character, and `\d \D \s \S \w \W` are the classes
 * Lucene 9 added. The optional operators, all on in Lucene's query parsers: `&`
 * intersection, `~` complement, `#` the empty language, `@` any string, `<n-m>` a
 * numeric interval. A character that cannot start anything else is a literal (a leading
 * `*` is a star), as in Lucene.
 */
import { RegexUnsupported } from './regex-vm.js';

/** A set of code points: sorted inclusive ranges, possibly negated. */
export interface CharSet {
  readonly ranges: readonly (readonly [number, number])[];
  readonly negated: boolean;
}

export type RegexTree =
  | { readonly t: 'chars'; readonly set: CharSet }
  | { readonly t: 'seq'; readonly items: readonly RegexTree[] }
  | { readonly t: 'alt'; readonly items: readonly RegexTree[] }
  | { readonly t: 'repeat'; readonly item: RegexTree; readonly min: number; readonly max: number }
  | { readonly t: 'and'; readonly items: readonly RegexTree[] }
  | { readonly t: 'not'; readonly item: RegexTree }
  | { readonly t: 'none' }
  /** `<name>`: a named automaton, which only the application that registered it knows. */
  | { readonly t: 'named'; readonly name: string };

export class RegexSyntaxError extends Error {
  override readonly name = 'RegexSyntaxError';
  constructor(
    message: string,
    /** Offset in the pattern, in UTF-16 units. */
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Why `pattern` is refused, in the words every target uses (`invalid-regex`). */
export function invalidRegexMessage(error: RegexSyntaxError, pattern: string): string {
  return `not a valid Lucene regular expression: ${error.message} (at ${error.offset + 1} of /${pattern}/); this clause matches nothing`;
}

const ANY: CharSet = { ranges: [[0, 0x10ffff]], negated: false };
const DIGIT: readonly (readonly [number, number])[] = [[48, 57]];
const SPACE: readonly (readonly [number, number])[] = [
  [9, 10],
  [13, 13],
  [32, 32],
];
const WORD: readonly (readonly [number, number])[] = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
const SHORTHANDS: Readonly<Record<string, CharSet>> = {
  d: { ranges: DIGIT, negated: false },
  D: { ranges: DIGIT, negated: true },
  s: { ranges: SPACE, negated: false },
  S: { ranges: SPACE, negated: true },
  w: { ranges: WORD, negated: false },
  W: { ranges: WORD, negated: true },
};

const EMPTY_STRING: RegexTree = { t: 'seq', items: [] };
/** Counted repetition beyond this is refused (Lucene refuses automata that grow too large, too). */
const MAX_REPEAT = 1000;

function single(cp: number): RegexTree {
  return { t: 'chars', set: { ranges: [[cp, cp]], negated: false } };
}

function literal(text: string): RegexTree {
  return { t: 'seq', items: Array.from(text, (c) => single(c.codePointAt(0)!)) };
}

/**
 * Groups and complements nested deeper than this, or a tree taller than MAX_HEIGHT
 * (`a****…` nests a repetition per star), are refused: parsing, sizing and compiling
 * recurse once per level, and a hostile body must not exhaust the stack.
 */
const MAX_NESTING = 100;
const MAX_HEIGHT = 500;

/** Parses a Lucene regular expression body (the text between the slashes). */
export function parseLuceneRegexp(pattern: string): RegexTree {
  const tree = new Parser(pattern).parse();
  if (heightOf(tree) > MAX_HEIGHT)
    throw new RegexUnsupported(
      `the expression nests more than ${MAX_HEIGHT} levels deep (groups, repetitions, complements)`,
    );
  return tree;
}

/** The height of a tree, without recursion (a tall tree is what it guards against). */
function heightOf(root: RegexTree): number {
  let max = 0;
  const stack: [RegexTree, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [tree, height] = stack.pop()!;
    if (height > max) max = height;
    if (tree.t === 'seq' || tree.t === 'alt' || tree.t === 'and')
      for (const item of tree.items) stack.push([item, height + 1]);
    else if (tree.t === 'repeat' || tree.t === 'not') stack.push([tree.item, height + 1]);
  }
  return max;
}

class Parser {
  private readonly chars: string[];
  private readonly offsets: number[];
  private pos = 0;
  /** Groups and complements open around the current position. */
  private depth = 0;

  constructor(pattern: string) {
    this.chars = Array.from(pattern);
    this.offsets = [];
    let offset = 0;
    for (const c of this.chars) {
      this.offsets.push(offset);
      offset += c.length;
    }
    this.offsets.push(offset);
  }

  parse(): RegexTree {
    const tree = this.union();
    if (this.pos < this.chars.length) this.fail(`unexpected '${this.chars[this.pos]}'`);
    return tree;
  }

  private fail(message: string): never {
    throw new RegexSyntaxError(message, this.offsets[Math.min(this.pos, this.chars.length)]!);
  }

  private peek(): string | undefined {
    return this.chars[this.pos];
  }

  private next(): string {
    const c = this.chars[this.pos];
    if (c === undefined) this.fail('unexpected end of the expression');
    this.pos++;
    return c;
  }

  private union(): RegexTree {
    const items = [this.intersection()];
    while (this.peek() === '|') {
      this.pos++;
      items.push(this.intersection());
    }
    return items.length === 1 ? items[0]! : { t: 'alt', items };
  }

  private intersection(): RegexTree {
    const items = [this.concatenation()];
    while (this.peek() === '&') {
      this.pos++;
      items.push(this.concatenation());
    }
    return items.length === 1 ? items[0]! : { t: 'and', items };
  }

  private concatenation(): RegexTree {
    const items: RegexTree[] = [];
    for (
      let c = this.peek();
      c !== undefined && c !== ')' && c !== '|' && c !== '&';
      c = this.peek()
    )
      items.push(this.repeat());
    return items.length === 1 ? items[0]! : { t: 'seq', items };
  }

  private repeat(): RegexTree {
    let item = this.complement();
    for (;;) {
      const c = this.peek();
      if (c === '*') item = { t: 'repeat', item, min: 0, max: Infinity };
      else if (c === '+') item = { t: 'repeat', item, min: 1, max: Infinity };
      else if (c === '?') item = { t: 'repeat', item, min: 0, max: 1 };
      else if (c === '{') {
        this.pos++;
        const min = this.number();
        let max = min;
        if (this.peek() === ',') {
          this.pos++;
          max = this.peek() === '}' ? Infinity : this.number();
        }
        if (this.peek() !== '}') this.fail("expected '}' to close a repetition");
        if (max < min)
          this.fail(`the repetition {${min},${max}} has its bounds the wrong way round`);
        if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT))
          this.fail(`a repetition of more than ${MAX_REPEAT} is too large to evaluate`);
        item = { t: 'repeat', item, min, max };
      } else return item;
      this.pos++;
    }
  }

  private number(): number {
    const start = this.pos;
    while (/^[0-9]$/.test(this.peek() ?? '')) this.pos++;
    if (this.pos === start) this.fail('expected a number');
    return Number(this.chars.slice(start, this.pos).join(''));
  }

  private complement(): RegexTree {
    if (this.peek() === '~') {
      this.pos++;
      this.enter();
      const item = this.complement();
      this.depth--;
      return { t: 'not', item };
    }
    return this.charClassOrSimple();
  }

  private enter(): void {
    if (++this.depth > MAX_NESTING)
      throw new RegexUnsupported(
        `the expression nests groups and complements more than ${MAX_NESTING} deep`,
      );
  }

  private charClassOrSimple(): RegexTree {
    if (this.peek() !== '[') return this.simple();
    this.pos++;
    const negated = this.peek() === '^';
    if (negated) this.pos++;
    const ranges: [number, number][] = [];
    const negatedParts: CharSet[] = [];
    do {
      if (this.peek() === undefined) this.fail("expected ']' to close a character class");
      const shorthand = this.shorthand();
      if (shorthand !== null) {
        if (shorthand.negated) negatedParts.push(shorthand);
        else ranges.push(...shorthand.ranges.map(([a, b]) => [a, b] as [number, number]));
        continue;
      }
      const low = this.charExp();
      if (
        this.peek() === '-' &&
        this.chars[this.pos + 1] !== ']' &&
        this.chars[this.pos + 1] !== undefined
      ) {
        this.pos++;
        const high = this.charExp();
        if (high < low) this.fail('a character range has its ends the wrong way round');
        ranges.push([low, high]);
      } else {
        ranges.push([low, low]);
      }
    } while (this.peek() !== ']');
    this.pos++;
    let set: CharSet = { ranges: normalise(ranges), negated: false };
    // A negated shorthand inside a class (`[\Da]`): the union of its complement with the rest.
    for (const part of negatedParts)
      set = {
        ranges: normalise([...set.ranges, ...complementRanges(part.ranges)]),
        negated: false,
      };
    return { t: 'chars', set: negated ? { ranges: set.ranges, negated: true } : set };
  }

  private shorthand(): CharSet | null {
    if (this.peek() !== '\\') return null;
    const set = SHORTHANDS[this.chars[this.pos + 1] ?? ''];
    if (set === undefined) return null;
    this.pos += 2;
    return set;
  }

  private charExp(): number {
    const c = this.next();
    return (c === '\\' ? this.next() : c).codePointAt(0)!;
  }

  private simple(): RegexTree {
    const c = this.peek();
    switch (c) {
      case '.':
        this.pos++;
        return { t: 'chars', set: ANY };
      case '#':
        this.pos++;
        return { t: 'none' };
      case '@':
        this.pos++;
        return { t: 'repeat', item: { t: 'chars', set: ANY }, min: 0, max: Infinity };
      case '"': {
        this.pos++;
        const start = this.pos;
        while (this.peek() !== undefined && this.peek() !== '"') this.pos++;
        if (this.peek() === undefined) this.fail("expected '\"' to close a string");
        const text = this.chars.slice(start, this.pos).join('');
        this.pos++;
        return literal(text);
      }
      case '(': {
        this.pos++;
        if (this.peek() === ')') {
          this.pos++;
          return EMPTY_STRING;
        }
        this.enter();
        const inner = this.union();
        if (this.peek() !== ')') this.fail("expected ')'");
        this.pos++;
        this.depth--;
        return inner;
      }
      case '<': {
        this.pos++;
        const start = this.pos;
        while (this.peek() !== undefined && this.peek() !== '>') this.pos++;
        if (this.peek() === undefined) this.fail("expected '>'");
        const body = this.chars.slice(start, this.pos).join('');
        this.pos++;
        const interval = /^(\d+)-(\d+)$/.exec(body);
        if (interval === null) return { t: 'named', name: body };
        return numericInterval(interval[1]!, interval[2]!);
      }
      default: {
        const shorthand = this.shorthand();
        if (shorthand !== null) return { t: 'chars', set: shorthand };
        return single(this.charExp());
      }
    }
  }
}

/** Sorted, merged ranges. */
function normalise(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function complementRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [a, b] of normalise(ranges)) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

const MAX_INTERVAL_DIGITS = 12;

/**
 * `<n-m>`: the decimal numbers from n to m. When both ends are written with as many
 * digits, numbers have that width (leading zeros); otherwise any number of leading zeros
 * is allowed (Lucene's Automata.makeDecimalInterval).
 */
function numericInterval(minText: string, maxText: string): RegexTree {
  if (minText.length > MAX_INTERVAL_DIGITS || maxText.length > MAX_INTERVAL_DIGITS)
    throw new RegexSyntaxError(
      'a numeric interval with more than 12 digits is too large to evaluate',
      0,
    );
  let min = Number(minText);
  let max = Number(maxText);
  if (min > max) [min, max] = [max, min];
  const width = minText.length === maxText.length ? minText.length : 0;
  const hi = String(max);
  const alternatives: RegexTree[] = [];
  for (let digits = String(min).length; digits <= hi.length; digits++) {
    const lower = digits === String(min).length ? String(min) : `1${'0'.repeat(digits - 1)}`;
    const upper = digits === hi.length ? hi : '9'.repeat(digits);
    for (const seq of sameLength(lower, upper)) alternatives.push(seq);
  }
  const numbers: RegexTree =
    alternatives.length === 1 ? alternatives[0]! : { t: 'alt', items: alternatives };
  const zero = single(48);
  if (width === 0)
    return { t: 'seq', items: [{ t: 'repeat', item: zero, min: 0, max: Infinity }, numbers] };
  // Fixed width: numbers with fewer digits are padded with zeros.
  const padded = alternatives.map((alt) => {
    const digits = countDigits(alt);
    return digits < width
      ? {
          t: 'seq' as const,
          items: [
            { t: 'repeat' as const, item: zero, min: width - digits, max: width - digits },
            alt,
          ],
        }
      : alt;
  });
  return padded.length === 1 ? padded[0]! : { t: 'alt', items: padded };
}

function countDigits(tree: RegexTree): number {
  return tree.t === 'seq' ? tree.items.length : 1;
}

function digitClass(low: number, high: number): RegexTree {
  return { t: 'chars', set: { ranges: [[48 + low, 48 + high]], negated: false } };
}

/** Sequences of digit classes matching exactly the numbers from `lower` to `upper` (same length). */
function sameLength(lower: string, upper: string): RegexTree[] {
  if (lower.length === 0) return [EMPTY_STRING];
  // Every number of this many digits: one class per digit (keeps the expansion small).
  if (/^0+$/.test(lower) && /^9+$/.test(upper))
    return [{ t: 'seq', items: Array.from(lower, () => digitClass(0, 9)) }];
  const a = Number(lower[0]);
  const b = Number(upper[0]);
  const restLow = lower.slice(1);
  const restHigh = upper.slice(1);
  const prefixed = (d: RegexTree, rests: RegexTree[]): RegexTree[] =>
    rests.map((r) => ({ t: 'seq', items: [d, ...(r.t === 'seq' ? r.items : [r])] }));
  if (a === b) return prefixed(digitClass(a, a), sameLength(restLow, restHigh));
  const nines = '9'.repeat(restLow.length);
  const zeros = '0'.repeat(restLow.length);
  const out = prefixed(digitClass(a, a), sameLength(restLow, nines));
  if (b - a > 1) out.push(...prefixed(digitClass(a + 1, b - 1), sameLength(zeros, nines)));
  out.push(...prefixed(digitClass(b, b), sameLength(zeros, restHigh)));
  return out;
}
