/**
 * Short slices of query text, one string per spelling that repeats. V8 copies a slice
 * shorter than 13 characters into a string of its own (24 to 32 bytes), so a query of
 * repeated tokens (`"" "" …`, `[Age] gt 50 AND [Age] lt 10 …`, the same field name in
 * every clause) kept one copy per token alive in its tree: a sixth of the tree of `"" "" …`.
 *
 * A spelling is shared from its second sighting on: the first only leaves its hash, so a
 * query of unique tokens costs a hash per token and holds nothing. The table keeps copies
 * of its own (in other engines a short slice may point into the whole query), at most
 * SLOTS strings of at most LONGEST characters. Strings are values: sharing one changes
 * nothing a caller can see, only what the collector has to copy.
 */

const SLOTS = 1024;
const LONGEST = 12;
const strings: (string | undefined)[] = /* @__PURE__ */ new Array<string | undefined>(SLOTS).fill(
  undefined,
);
/** The hash of the spelling last seen once at each slot (0: none). */
const seen = /* @__PURE__ */ new Int32Array(SLOTS);

/** `text.slice(start, end)`, the same string as for the same spelling before when it is short and repeats. */
export function sharedSlice(text: string, start: number, end: number): string {
  const length = end - start;
  // One character: V8 shares those already; 13 and more: a slice points into the text, no copy.
  if (length < 2 || length > LONGEST) return text.slice(start, end);
  let hash = length;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  hash |= 1;
  const slot = (hash >>> 16) & (SLOTS - 1);
  const known = strings[slot];
  if (known !== undefined && known.length === length && holdsAt(known, text, start)) return known;
  if (seen[slot] !== hash) {
    seen[slot] = hash;
    return text.slice(start, end);
  }
  seen[slot] = 0;
  const copy = copyOfText(text, start, end);
  strings[slot] = copy;
  return copy;
}

function holdsAt(known: string, text: string, start: number): boolean {
  for (let k = 0; k < known.length; k++)
    if (known.charCodeAt(k) !== text.charCodeAt(start + k)) return false;
  return true;
}

/** A string of its own with the text of `text[start, end)`, made from its code units (no slice of the query). */
function copyOfText(text: string, start: number, end: number): string {
  let copy = '';
  for (let k = start; k < end; k++) copy += String.fromCharCode(text.charCodeAt(k));
  return copy;
}
