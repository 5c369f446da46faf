/**
 * Ranked, case-insensitive matching of what the user typed against a name: exact,
 * then prefix, then word starts (`ln` finds Last Name, `cusi` Customer Since), then
 * substring, then typos (`Frist` finds First Name). Candidates are prepared once
 * (lower case, word starts), so a match allocates nothing.
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
    if (
      i === 0 ||
      isSeparator(before) ||
      (isLetter(c) && c !== c.toLowerCase() && isLetter(before) && before === before.toLowerCase()) ||
      (isDigit(c) && !isDigit(before))
    ) {
      wordStarts.push(i);
    }
  }
  return { name, lower: name.toLowerCase(), wordStarts };
}

/** A match: its tier, then a score within the tier (lower is better). */
export interface Match {
  tier: Tier;
  score: number;
}

/** The longest typed text tried beyond prefix and substring (word starts and typos cost more per character). */
const MAX_FUZZY_LENGTH = 48;

// Scratch tables reused between calls.
let reach = new Uint8Array(256);
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Whether `typed` (lower case, no spaces) can be read as pieces that each begin a word of
 * `c`, in order: `ln` in "last name", `lana`, `cusi` in "customer since".
 */
function matchesWordStarts(typed: string, c: Candidate): boolean {
  const words = c.wordStarts.length;
  const p = typed.length;
  const size = (p + 1) * (words + 1);
  if (reach.length < size) reach = new Uint8Array(size * 2);
  // reach[pi * (words + 1) + w]: typed[pi..] can be matched by words w.. (1), or not (0).
  const stride = words + 1;
  for (let w = 0; w <= words; w++) reach[p * stride + w] = 1;
  for (let pi = 0; pi < p; pi++) reach[pi * stride + words] = 0;
  for (let w = words - 1; w >= 0; w--) {
    const wordStart = c.wordStarts[w]!;
    const wordEnd = w + 1 < words ? c.wordStarts[w + 1]! : c.lower.length;
    for (let pi = p - 1; pi >= 0; pi--) {
      let ok = reach[pi * stride + w + 1] === 1;
      for (let k = 0; !ok && pi + k < p && wordStart + k < wordEnd && c.lower.charCodeAt(wordStart + k) === typed.charCodeAt(pi + k); k++) {
        if (reach[(pi + k + 1) * stride + w + 1] === 1) ok = true;
      }
      reach[pi * stride + w] = ok ? 1 : 0;
    }
  }
  return reach[0] === 1;
}

/**
 * Edit distance (with adjacent transpositions) from `typed` to the closest prefix of
 * `lower`, or `limit + 1` when it is above `limit`: a typo in what is typed so far.
 */
function prefixDistance(typed: string, lower: string, limit: number): number {
  const cols = Math.min(lower.length, typed.length + limit) + 1;
  if (rows[0]!.length < cols) rows = [new Int32Array(cols * 2), new Int32Array(cols * 2), new Int32Array(cols * 2)];
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j < cols; j++) previous[j] = j;
  for (let i = 1; i <= typed.length; i++) {
    current[0] = i;
    let best = i;
    const a = typed.charCodeAt(i - 1);
    for (let j = 1; j < cols; j++) {
      const b = lower.charCodeAt(j - 1);
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a === b ? 0 : 1));
      if (i > 1 && j > 1 && a === lower.charCodeAt(j - 2) && typed.charCodeAt(i - 2) === b) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    const t = before;
    before = previous;
    previous = current;
    current = t;
  }
  let best = limit + 1;
  for (let j = 0; j < cols; j++) if (previous[j]! < best) best = previous[j]!;
  return best;
}

/** How many typos still count as one for text of this length (none below 3 characters). */
function typoLimit(length: number): number {
  return length < 3 ? 0 : length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/** The typed text prepared once per call: lower case, and without spaces for word starts. */
export interface Typed {
  readonly text: string;
  readonly lower: string;
  readonly compact: string;
}

export function typed(text: string): Typed {
  const lower = text.toLowerCase();
  return { text, lower, compact: lower.includes(' ') ? lower.replace(/\s+/g, '') : lower };
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
  if (t.compact.length <= MAX_FUZZY_LENGTH && t.compact.length > 0 && matchesWordStarts(t.compact, c)) {
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
  const limit = typoLimit(typedLower.length);
  if (limit > 0 && typedLower.length <= MAX_FUZZY_LENGTH) {
    const distance = prefixDistance(typedLower, lower, limit);
    if (distance <= limit) {
      out.tier = Tier.Typo;
      out.score = distance;
      return true;
    }
  }
  out.tier = Tier.None;
  return false;
}
