/**
 * Ranked, case-insensitive matching of what the user typed against a name: exact,
 * then prefix, then word starts (`ln` finds Last Name, `cusi` Customer Since), then
 * substring, then typos (`Frist` finds First Name: edit distance, after the first
 * letter, in the last twelve characters typed). Candidates are prepared once (lower
 * case, word starts, character masks), so a match allocates nothing.
 */

export const enum Tier {
  Exact = 0,
  Prefix = 1,
  WordStarts = 2,
  Substring = 3,
  Typo = 4,
  None = 5,
}

/** A name prepared for matching. */
export interface Candidate {
  readonly name: string;
  readonly lower: string;
  /** Which characters occur (see `charMask`): a name lacking a typed character cannot match it by word starts or substring. */
  readonly mask: number;
  /** Offsets where words begin: after a space, `_`, `.`, `-`, `/`, at a lower-to-upper or letter-to-digit change. */
  readonly wordStarts: readonly number[];
}

function isSeparator(c: string): boolean {
  return c === ' ' || c === '_' || c === '.' || c === '-' || c === '/' || c === '\t';
}

function isLetter(c: string): boolean {
  return c.toLowerCase() !== c.toUpperCase();
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

export function candidate(name: string): Candidate {
  const wordStarts: number[] = [];
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    if (isSeparator(c)) continue;
    const before = i === 0 ? '' : name[i - 1]!;
    if (wordStarts.length === MAX_WORDS) break;
    if (
      i === 0 ||
      isSeparator(before) ||
      (isLetter(c) &&
        c !== c.toLowerCase() &&
        isLetter(before) &&
        before === before.toLowerCase()) ||
      (isDigit(c) && !isDigit(before))
    ) {
      wordStarts.push(i);
    }
  }
  const lower = name.toLowerCase();
  return { name, lower, mask: charMask(lower), wordStarts };
}

/** A bit per letter a-z, one for all digits, and a few shared by every other character (by code). */
export function charMask(lower: string): number {
  let mask = 0;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    mask |=
      c >= 97 && c <= 122
        ? 1 << (c - 97)
        : c >= 48 && c <= 57
          ? 1 << 26
          : c === 32
            ? 0
            : 1 << (27 + (c % 5));
  }
  return mask;
}

/** A match: its tier, then a score within the tier (lower is better). */
export interface Match {
  tier: Tier;
  score: number;
}

/** The longest typed text tried for word starts (abbreviations are short; the search costs more per character). */
const MAX_FUZZY_LENGTH = 24;
/** Word starts looked at per name: the search is quadratic in them, and no real name has more. */
const MAX_WORDS = 32;
/** Typos are looked for in the last this many characters typed; what comes before must match exactly. */
const TYPO_WINDOW = 12;

// Scratch tables reused between calls.

/**
 * Whether `typed` (lower case, no spaces) can be read as pieces that each begin a word of
 * `c`, in order: `ln` in "last name", `lana`, `cusi` in "customer since". A search
 * from the first typed character, trying the longest piece first, that remembers the
 * (typed position, word) pairs that failed: most names fail at the first character.
 */
function matchesWordStarts(typed: string, c: Candidate): boolean {
  const size = (typed.length + 1) * (c.wordStarts.length + 1);
  if (failed.length < size) failed = new Uint32Array(size * 2);
  if (++generation === 0xffffffff) {
    failed.fill(0);
    generation = 1;
  }
  return piecesFrom(typed, c, 0, 0);
}

let failed = /* @__PURE__ */ new Uint32Array(256);
let generation = 0;

/** Whether `typed[at..]` can be matched by pieces beginning words `word..` of `c`. */
function piecesFrom(typed: string, c: Candidate, at: number, word: number): boolean {
  const starts = c.wordStarts;
  const stride = starts.length + 1;
  const first = typed.charCodeAt(at);
  for (let w = word; w < starts.length; w++) {
    const start = starts[w]!;
    if (c.lower.charCodeAt(start) !== first || failed[at * stride + w] === generation) continue;
    const end = w + 1 < starts.length ? starts[w + 1]! : c.lower.length;
    let k = 1;
    while (
      at + k < typed.length &&
      start + k < end &&
      c.lower.charCodeAt(start + k) === typed.charCodeAt(at + k)
    )
      k++;
    if (at + k === typed.length) return true;
    for (let piece = k; piece >= 1; piece--)
      if (piecesFrom(typed, c, at + piece, w + 1)) return true;
    failed[at * stride + w] = generation;
  }
  return false;
}

/**
 * Levenshtein distance from the typo window of `t` (its last `TYPO_WINDOW` characters,
 * at most 31) to the closest prefix of `lower` from the same offset, or `limit + 1` when
 * it is above `limit`. Bit-parallel (Myers, in Hyyrö's formulation): one pass over the
 * name's characters with a few word operations each, using the typed text's
 * character masks prepared once per call.
 */
function prefixDistance(t: Typed, lower: string, from: number, limit: number): number {
  const m = t.lower.length - from;
  const top = 1 << (m - 1);
  const all = top === 0x40000000 ? 0x7fffffff : (top << 1) - 1;
  let pv = all;
  let mv = 0;
  let score = m;
  let best = score;
  const end = Math.min(lower.length, from + m + limit);
  for (let j = from; j < end; j++) {
    const eq = peqOf(t, lower.charCodeAt(j));
    const xv = eq | mv;
    const xh = ((((eq & pv) + pv) & all) ^ pv) | eq;
    let ph = mv | (~(xh | pv) & all);
    let mh = pv & xh;
    if (ph & top) score++;
    else if (mh & top) score--;
    // Row 0 grows by one per character (the distance to a longer prefix of the name).
    ph = ((ph << 1) | 1) & all;
    mh = (mh << 1) & all;
    pv = mh | (~(xv | ph) & all);
    mv = ph & xv;
    if (score < best) best = score;
  }
  return best <= limit ? best : limit + 1;
}

/** The positions of character `code` in the typo window of `t`, as bits. */
function peqOf(t: Typed, code: number): number {
  if (code < 128) return t.peq[code]!;
  let mask = 0;
  for (let i = t.window; i < t.lower.length; i++)
    if (t.lower.charCodeAt(i) === code) mask |= 1 << (i - t.window);
  return mask;
}

/** Whether the first `head` characters of the two texts are equal. */
function sameHead(a: string, b: string, head: number): boolean {
  if (b.length < head) return false;
  for (let i = 0; i < head; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

/** How many typos still count as one for text of this length (none below 3 characters). */
function completionTypoLimit(length: number): number {
  return length < 3 ? 0 : length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/** The typed text prepared once per call: lower case, and without spaces for word starts. */
export interface Typed {
  readonly text: string;
  readonly lower: string;
  readonly mask: number;
  /** Where the typo window starts: typos are looked for in the last `TYPO_WINDOW` characters. */
  readonly window: number;
  /** For each ASCII code, its positions in the typo window as bits. */
  readonly peq: Int32Array;
  readonly compact: string;
}

export function typed(text: string): Typed {
  const lower = text.toLowerCase();
  const window = Math.max(0, lower.length - TYPO_WINDOW);
  const peq = new Int32Array(128);
  for (let i = window; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    if (code < 128) peq[code]! |= 1 << (i - window);
  }
  return {
    text,
    lower,
    mask: charMask(lower),
    window,
    peq,
    compact: lower.includes(' ') ? lower.replace(/\s+/g, '') : lower,
  };
}

/** Matches `t` against `c`, writing the result into `out`; false when it does not match at all. */
export function match(t: Typed, c: Candidate, out: Match): boolean {
  const typedLower = t.lower;
  if (typedLower.length === 0) {
    out.tier = Tier.Prefix;
    out.score = 0;
    return true;
  }
  const lower = c.lower;
  if (lower.startsWith(typedLower)) {
    out.tier = lower.length === typedLower.length ? Tier.Exact : Tier.Prefix;
    // Shorter names first; of two names alike but for case, the one typed in its case.
    out.score = lower.length * 2 + (c.name.startsWith(t.text) ? 0 : 1);
    return true;
  }
  // Word starts and substrings need every typed character in the name.
  if ((t.mask & ~c.mask) === 0) {
    if (
      t.compact.length <= MAX_FUZZY_LENGTH &&
      t.compact.length > 0 &&
      matchesWordStarts(t.compact, c)
    ) {
      out.tier = Tier.WordStarts;
      out.score = lower.length;
      return true;
    }
    const at = lower.indexOf(typedLower);
    if (at > 0) {
      out.tier = Tier.Substring;
      out.score = at;
      return true;
    }
  }
  const limit = completionTypoLimit(typedLower.length);
  // Typos after the first letter (or the first two swapped): people rarely miss the first, and it keeps this cheap.
  const first = typedLower.charCodeAt(0);
  const sameStart =
    first === lower.charCodeAt(0) ||
    (first === lower.charCodeAt(1) && typedLower.charCodeAt(1) === lower.charCodeAt(0));
  if (limit > 0 && sameStart && sameHead(typedLower, lower, t.window)) {
    const distance = prefixDistance(t, lower, t.window, limit);
    if (distance <= limit) {
      out.tier = Tier.Typo;
      out.score = distance;
      return true;
    }
  }
  out.tier = Tier.None;
  return false;
}
